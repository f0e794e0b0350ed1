// Gradient fills: a linear or concentric radial gradient, looked up in a colour table, put
// source-over onto premultiplied ARGB32 pixels through an optional A8 coverage mask. pixman's
// gradient fetch (a stop search and float interpolation a pixel, ≈ 15 ns) was measured as the
// cost of Lottie frames whose gradient-filled outlines change every frame; cairo's fill with a
// gradient pattern is the reference the tests compare this with.
#include "kernel.h"

#include <math.h>

// The same doubles on every code path: no fused multiply-adds.
#pragma clang fp contract(off)

// Two channels at a time (red and blue, or alpha and green, in 0x00ff00ff lanes): each times
// `m`, divided by 255 with pixman's rounding.
static inline __attribute__((always_inline)) uint32_t mul_lanes(uint32_t lanes, uint32_t m) {
    uint32_t t = lanes * m + 0x00800080u;
    return ((t + ((t >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
}

// Lane-wise sum held to 255 a lane.
static inline __attribute__((always_inline)) uint32_t add_lanes(uint32_t a, uint32_t b) {
    uint32_t t = a + b;
    t |= 0x01000100u - ((t >> 8) & 0x00ff00ffu);
    return t & 0x00ff00ffu;
}

// Premultiplied `src` scaled by coverage `m`, then over `dst` (pixman's combine with a mask, the
// same roundings).
static inline __attribute__((always_inline)) uint32_t over_masked(uint32_t src, uint32_t m, uint32_t dst) {
    uint32_t rb = src & 0x00ff00ffu, ag = (src >> 8) & 0x00ff00ffu;
    if (m != 255) {
        rb = mul_lanes(rb, m);
        ag = mul_lanes(ag, m);
    }
    uint32_t sa = ag >> 16;
    if (sa == 255) return rb | (ag << 8);
    if ((rb | ag) == 0) return dst;
    uint32_t ia = 255 - sa;
    rb = add_lanes(rb, mul_lanes(dst & 0x00ff00ffu, ia));
    ag = add_lanes(ag, mul_lanes((dst >> 8) & 0x00ff00ffu, ia));
    return rb | (ag << 8);
}

static inline int32_t lut_index(double t, int32_t last) {
    if (!(t > 0)) return 0;  // NaN too
    if (t >= 1) return last;
    return (int32_t)(t * last + 0.5);
}

// t at the centre of pixel (px − 0.5, py − 0.5); every code path computes exactly these doubles.
static inline double gradient_t(const strata_gradient *g, double px, double py) {
    if (g->kind == 0) return (g->a * px + g->b * py) + g->c;
    double qx = (g->m[0] * px + g->m[1] * py) + g->m[2];
    double qy = (g->m[3] * px + g->m[4] * py) + g->m[5];
    return (sqrt(qx * qx + qy * qy) - g->r0) * g->inverseSpan;
}

static void row_portable(const strata_gradient *g, const uint32_t *lut, int32_t last, uint32_t *row,
    const uint8_t *cover, int32_t x0, double py, int32_t from, int32_t to) {
    for (int32_t x = from; x < to; x++) {
        uint32_t m = cover ? cover[x] : 255;
        if (m == 0) continue;
        row[x] = over_masked(lut[lut_index(gradient_t(g, x0 + x + 0.5, py), last)], m, row[x]);
    }
}

#if STRATA_X86
#include <immintrin.h>

__attribute__((target("avx2"))) static inline __m256i div255_16(__m256i t) {
    t = _mm256_add_epi16(t, _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

// Four pixels' table indices from their t (the scalar lut_index: NaN and t ≤ 0 give 0).
__attribute__((target("avx2"))) static inline __m128i indices4(__m256d t, __m256d last) {
    t = _mm256_min_pd(_mm256_max_pd(t, _mm256_setzero_pd()), _mm256_set1_pd(1.0));
    return _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(t, last), _mm256_set1_pd(0.5)));
}

__attribute__((target("avx2"))) static inline __m256d t4(const strata_gradient *g, __m256d px, double py) {
    if (g->kind == 0) {
        return _mm256_add_pd(
            _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(g->a), px), _mm256_set1_pd(g->b * py)), _mm256_set1_pd(g->c));
    }
    __m256d qx = _mm256_add_pd(
        _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(g->m[0]), px), _mm256_set1_pd(g->m[1] * py)), _mm256_set1_pd(g->m[2]));
    __m256d qy = _mm256_add_pd(
        _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(g->m[3]), px), _mm256_set1_pd(g->m[4] * py)), _mm256_set1_pd(g->m[5]));
    __m256d d = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy)));
    return _mm256_mul_pd(_mm256_sub_pd(d, _mm256_set1_pd(g->r0)), _mm256_set1_pd(g->inverseSpan));
}

// Eight pixels at a time; returns how many it drew (a multiple of eight from `from`).
__attribute__((target("avx2"))) static int32_t row_avx2(const strata_gradient *g, const uint32_t *lut, int32_t last,
    uint32_t *row, const uint8_t *cover, int32_t x0, double py, int32_t from, int32_t to) {
    const __m256d lastd = _mm256_set1_pd((double)last);
    const __m256d steps = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i ones = _mm256_set1_epi32(0x01010101);
    int32_t x = from;
    for (; x + 8 <= to; x += 8) {
        __m256i m;
        if (cover) {
            m = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(cover + x)));
            if (_mm256_testz_si256(m, m)) continue;
        } else {
            m = _mm256_set1_epi32(255);
        }
        __m256d base = _mm256_set1_pd((double)(x0 + x));
        __m256d p0 = _mm256_add_pd(base, steps), p1 = _mm256_add_pd(p0, _mm256_set1_pd(4.0));
        __m256i idx = _mm256_set_m128i(indices4(t4(g, p1, py), lastd), indices4(t4(g, p0, py), lastd));
        __m256i src = _mm256_i32gather_epi32((const int *)lut, idx, 4);
        __m256i dst = _mm256_loadu_si256((const __m256i *)(row + x));
        __m256i full = _mm256_cmpeq_epi32(m, _mm256_set1_epi32(255));
        int allFull = _mm256_movemask_epi8(full) == -1;
        // Coverage repeated in each channel's byte, then widened like the pixels.
        __m256i mb = _mm256_mullo_epi32(m, ones);
        __m256i sl = _mm256_unpacklo_epi8(src, zero), sh = _mm256_unpackhi_epi8(src, zero);
        if (!allFull) {
            sl = div255_16(_mm256_mullo_epi16(sl, _mm256_unpacklo_epi8(mb, zero)));
            sh = div255_16(_mm256_mullo_epi16(sh, _mm256_unpackhi_epi8(mb, zero)));
        }
        __m256i al = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sl, 0xFF), 0xFF);
        __m256i ah = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sh, 0xFF), 0xFF);
        const __m256i c255 = _mm256_set1_epi16(255);
        __m256i dl = div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(dst, zero), _mm256_sub_epi16(c255, al)));
        __m256i dh = div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(dst, zero), _mm256_sub_epi16(c255, ah)));
        __m256i out = _mm256_packus_epi16(_mm256_add_epi16(sl, dl), _mm256_add_epi16(sh, dh));
        // Pixels without coverage keep what was there.
        __m256i none = _mm256_cmpeq_epi32(m, zero);
        out = _mm256_blendv_epi8(out, dst, none);
        _mm256_storeu_si256((__m256i *)(row + x), out);
    }
    return x - from;
}
#endif

void strata_gradient_span(const strata_gradient *g, const uint32_t *lut, int32_t last, uint32_t *row,
    const uint8_t *cover, int32_t x0, double py, int32_t from, int32_t to, int32_t avx2) {
    int32_t done = from;
#if STRATA_X86
    if (avx2) done += row_avx2(g, lut, last, row, cover, x0, py, from, to);
#else
    (void)avx2;
#endif
    row_portable(g, lut, last, row, cover, x0, py, done, to);
}

int32_t strata_gradient_uses_avx2(int32_t simd) {
#if STRATA_X86
    return simd >= 2 && strata_raster_has_simd() && strata_raster_has_avx2();
#else
    (void)simd;
    return 0;
#endif
}

void strata_gradient_fill(const strata_gradient *g, const uint32_t *lut, int32_t lutSize, uint32_t *dst,
    int32_t dstStride, const uint8_t *mask, int32_t maskStride, int32_t x0, int32_t y0, int32_t width,
    int32_t height, int32_t simd) {
    if (!g || !lut || lutSize < 2 || !dst || width <= 0 || height <= 0) return;
    const int32_t last = lutSize - 1;
#if STRATA_X86
    const int avx2 = simd >= 2 && strata_raster_has_simd() && strata_raster_has_avx2();
#else
    (void)simd;
#endif
    for (int32_t y = 0; y < height; y++) {
        uint32_t *row = dst + (int64_t)y * dstStride;
        const uint8_t *cover = mask ? mask + (int64_t)y * maskStride : 0;
        const double py = y0 + y + 0.5;
        int32_t done = 0;
#if STRATA_X86
        if (avx2) done = row_avx2(g, lut, last, row, cover, x0, py, 0, width);
#endif
        row_portable(g, lut, last, row, cover, x0, py, done, width);
    }
}
