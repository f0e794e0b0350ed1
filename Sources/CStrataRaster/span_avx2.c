// The inner span (fully covered pixels, bilinear, any affine or perspective map) with AVX2, eight
// pixels at a time: coordinates, pad extend and weights in 32-bit lanes; each pixel's two source
// pixel pairs loaded (no gathers); the blends two pixels to a register; opacity and source-over on
// eight pixels. The integers are those of `strata_sample` and `strata_put`.
#include "kernel.h"

#if STRATA_X86
#include <immintrin.h>

typedef struct {
    const uint32_t *src;
    int32_t stride, wlast, hlast, alpha;
    /// The span's coverage (255 but along an edge parallel to the row).
    int32_t cover;
} consts8;

__attribute__((target("avx2"))) static inline __m256i div255_8(__m256i t) {
    t = _mm256_add_epi16(t, _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

/// Whether all eight packed pixels are opaque: source-over then leaves the source.
__attribute__((target("avx2"))) static inline int opaque8(__m256i packed) {
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    return _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(packed, alpha), alpha)) == -1;
}

/// Pixels (2j, 2j + 1)'s bilinear samples: lane 0 the first's four channels, lane 1 the second's (32-bit).
__attribute__((target("avx2"))) static inline __m256i pair(
    const consts8 *k, const int32_t *off, int j, __m256i wy0, __m256i wy1, __m256i wx
) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i pairs = _mm256_setr_epi8(
        0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    const uint32_t *a = k->src + off[2 * j], *b = k->src + off[2 * j + 1];
    __m256i top = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)a)), _mm_loadl_epi64((const __m128i *)b), 1);
    __m256i bottom = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(a + k->stride))),
        _mm_loadl_epi64((const __m128i *)(b + k->stride)), 1);
    const __m256i pick = _mm256_setr_epi32(2 * j, 2 * j, 2 * j, 2 * j, 2 * j + 1, 2 * j + 1, 2 * j + 1, 2 * j + 1);
    __m256i vertical = _mm256_add_epi16(
        _mm256_mullo_epi16(_mm256_unpacklo_epi8(top, zero), _mm256_permutevar8x32_epi32(wy0, pick)),
        _mm256_mullo_epi16(_mm256_unpacklo_epi8(bottom, zero), _mm256_permutevar8x32_epi32(wy1, pick)));
    __m256i sum = _mm256_madd_epi16(_mm256_shuffle_epi8(vertical, pairs), _mm256_permutevar8x32_epi32(wx, pick));
    return _mm256_srli_epi32(_mm256_add_epi32(sum, _mm256_set1_epi32(8192)), 14);
}

/// Eight fully covered pixels at source coordinates U, V (16.16, sample offset applied).
__attribute__((target("avx2"))) static inline void put_eight(const consts8 *k, uint32_t *out, __m256i U, __m256i V) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i seven = _mm256_set1_epi32(127), full = _mm256_set1_epi32(128);
    __m256i sx = _mm256_srai_epi32(U, 16), sy = _mm256_srai_epi32(V, 16);
    __m256i fx = _mm256_and_si256(_mm256_srli_epi32(U, 9), seven), fy = _mm256_and_si256(_mm256_srli_epi32(V, 9), seven);
    // Pad extend: before the first pixel all weight on it, at or past the last all weight on it.
    const __m256i xlast = _mm256_set1_epi32(k->wlast - 1), ylast = _mm256_set1_epi32(k->hlast - 1);
    __m256i before = _mm256_cmpgt_epi32(zero, sx), past = _mm256_cmpgt_epi32(sx, xlast);
    sx = _mm256_blendv_epi8(_mm256_blendv_epi8(sx, zero, before), xlast, past);
    fx = _mm256_blendv_epi8(_mm256_blendv_epi8(fx, zero, before), full, past);
    before = _mm256_cmpgt_epi32(zero, sy);
    past = _mm256_cmpgt_epi32(sy, ylast);
    sy = _mm256_blendv_epi8(_mm256_blendv_epi8(sy, zero, before), ylast, past);
    fy = _mm256_blendv_epi8(_mm256_blendv_epi8(fy, zero, before), full, past);
    int32_t off[8];
    _mm256_storeu_si256((__m256i *)off, _mm256_add_epi32(_mm256_mullo_epi32(sy, _mm256_set1_epi32(k->stride)), sx));
    // Weights as 16-bit pairs in each 32-bit lane: (128 − fy, 128 − fy), (fy, fy), (128 − fx, fx).
    __m256i wy1 = _mm256_or_si256(fy, _mm256_slli_epi32(fy, 16));
    __m256i wy0 = _mm256_sub_epi16(_mm256_set1_epi16(128), wy1);
    __m256i wx = _mm256_or_si256(_mm256_slli_epi32(fx, 16), _mm256_sub_epi32(full, fx));
    // Packed, the pixels come in the order 0 2 | 1 3 (x) and 4 6 | 5 7 (y).
    __m256i x = _mm256_packs_epi32(pair(k, off, 0, wy0, wy1, wx), pair(k, off, 1, wy0, wy1, wx));
    __m256i y = _mm256_packs_epi32(pair(k, off, 2, wy0, wy1, wx), pair(k, off, 3, wy0, wy1, wx));
    if (k->cover < 255) {
        const __m256i cover = _mm256_set1_epi16((short)k->cover);
        x = div255_8(_mm256_mullo_epi16(x, cover));
        y = div255_8(_mm256_mullo_epi16(y, cover));
    }
    if (k->alpha < 255) {
        const __m256i alpha = _mm256_set1_epi16((short)k->alpha);
        x = div255_8(_mm256_mullo_epi16(x, alpha));
        y = div255_8(_mm256_mullo_epi16(y, alpha));
    }
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    __m256i source = _mm256_packus_epi16(x, y);
    if (opaque8(source)) {
        _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(source, order));
        return;
    }
    // The target in the same order, then source-over.
    __m256i d = _mm256_permutevar8x32_epi32(
        _mm256_loadu_si256((const __m256i *)out), _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    const __m256i spread = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m256i ones = _mm256_set1_epi16(255);
    __m256i dx = div255_8(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), _mm256_sub_epi16(ones, _mm256_shuffle_epi8(x, spread))));
    __m256i dy = div255_8(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), _mm256_sub_epi16(ones, _mm256_shuffle_epi8(y, spread))));
    __m256i result = _mm256_adds_epu8(source, _mm256_packus_epi16(dx, dy));
    _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32(result, order));
}

static consts8 consts(const strata_prepared *p, uint32_t cover) {
    consts8 k = { p->op.src, p->op.srcStride, p->op.srcWidth - 1, p->op.srcHeight - 1, p->op.alpha, (int32_t)cover };
    return k;
}

/// Whether 16.16 coordinates stay where 32-bit lanes hold them.
static inline int fits(int64_t value) { return value > -(1LL << 30) && value < (1LL << 30); }

__attribute__((target("avx2")))
int32_t strata_span_avx2(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, uint32_t cover) {
    int32_t n = xb - xa;
    int64_t du = p->du, dv = p->dv;
    if (n < 8 || !fits(u) || !fits(v) || !fits(u + n * du) || !fits(v + n * dv) || !fits(8 * du) || !fits(8 * dv)
        || (int64_t)p->op.srcStride * p->op.srcHeight >= (1LL << 31))
        return 0;
    consts8 k = consts(p, cover);
    const __m256i steps = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i U = _mm256_add_epi32(_mm256_set1_epi32((int32_t)u), _mm256_mullo_epi32(steps, _mm256_set1_epi32((int32_t)du)));
    __m256i V = _mm256_add_epi32(_mm256_set1_epi32((int32_t)v), _mm256_mullo_epi32(steps, _mm256_set1_epi32((int32_t)dv)));
    const __m256i stepU = _mm256_set1_epi32((int32_t)(8 * du)), stepV = _mm256_set1_epi32((int32_t)(8 * dv));
    int32_t i = 0;
    for (; i + 8 <= n; i += 8) {
        put_eight(&k, out + i, U, V);
        U = _mm256_add_epi32(U, stepU);
        V = _mm256_add_epi32(V, stepV);
    }
    return i;
}

__attribute__((target("avx2")))
int32_t strata_span_avx2_at(const strata_prepared *p, uint32_t *out, int32_t n, const int64_t *us, const int64_t *vs) {
    if ((int64_t)p->op.srcStride * p->op.srcHeight >= (1LL << 31)) return 0;
    consts8 k = consts(p, 255);
    int32_t i = 0;
    for (; i + 8 <= n; i += 8) {
        int32_t u32[8], v32[8];
        for (int j = 0; j < 8; j++) {
            if (!fits(us[i + j]) || !fits(vs[i + j])) return i;
            u32[j] = (int32_t)us[i + j];
            v32[j] = (int32_t)vs[i + j];
        }
        put_eight(&k, out + i, _mm256_loadu_si256((const __m256i *)u32), _mm256_loadu_si256((const __m256i *)v32));
    }
    return i;
}

/// The coverage of pixels xa, xa + 1, … of row y, four at a time (antialiased operations): the
/// arithmetic of `pixel_cover`, operation for operation (no fused multiply-adds), so the same bytes.
/// Returns how many it wrote (a multiple of four).
__attribute__((target("avx2")))
int32_t strata_covers_avx2(const strata_prepared *p, int32_t xa, int32_t n, int32_t y, uint8_t *covers) {
    const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1), half = _mm256_set1_pd(0.5);
    const __m256d cy = _mm256_set1_pd(y + 0.5);
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        double x0 = xa + i;
        __m256d cx = _mm256_add_pd(_mm256_setr_pd(x0, x0 + 1, x0 + 2, x0 + 3), half);
        __m256d c = one;
        for (int k = 0; k < 4; k++) {
            const strata_edge *e = &p->edges[k];
            __m256d d = _mm256_add_pd(
                _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(e->a), cx), _mm256_mul_pd(_mm256_set1_pd(e->b), cy)),
                _mm256_set1_pd(e->c));
            __m256d hi = _mm256_set1_pd(e->hi), lo = _mm256_set1_pd(e->lo), sum = _mm256_set1_pd(e->hi + e->lo);
            __m256d inv2 = _mm256_set1_pd(e->invTwoHiLo);
            __m256d s = _mm256_add_pd(d, _mm256_mul_pd(half, sum));
            __m256d t = _mm256_sub_pd(sum, s);
            __m256d r = _mm256_sub_pd(one, _mm256_mul_pd(_mm256_mul_pd(t, t), inv2));
            r = _mm256_blendv_pd(r, _mm256_mul_pd(_mm256_sub_pd(s, _mm256_mul_pd(half, lo)), _mm256_set1_pd(e->invHi)),
                _mm256_cmp_pd(s, hi, _CMP_LE_OQ));
            r = _mm256_blendv_pd(r, _mm256_mul_pd(_mm256_mul_pd(s, s), inv2), _mm256_cmp_pd(s, lo, _CMP_LT_OQ));
            r = _mm256_blendv_pd(r, one, _mm256_cmp_pd(s, sum, _CMP_GE_OQ));
            r = _mm256_blendv_pd(r, zero, _mm256_cmp_pd(s, zero, _CMP_LE_OQ));
            c = _mm256_mul_pd(c, r);
        }
        __m128i v = _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(c, _mm256_set1_pd(255)), half));
        covers[i] = (uint8_t)_mm_extract_epi32(v, 0);
        covers[i + 1] = (uint8_t)_mm_extract_epi32(v, 1);
        covers[i + 2] = (uint8_t)_mm_extract_epi32(v, 2);
        covers[i + 3] = (uint8_t)_mm_extract_epi32(v, 3);
    }
    return i;
}

/// A sliding span's pixels (no turn, one source pixel a target pixel: the same weights for all),
/// eight at a time where their samples stay inside the source: from `*first`, the count drawn.
__attribute__((target("avx2")))
int32_t strata_span_slide_avx2(const strata_prepared *p, uint32_t *out, int32_t n, int64_t u, int64_t v, int32_t *first, uint32_t cover) {
    consts8 k = consts(p, cover);
    int64_t sx = u >> 16, sy = v >> 16;
    *first = 0;
    if (sy < 0 || sy >= k.hlast) return 0;
    int32_t start = sx < 0 ? (int32_t)(-sx < n ? -sx : n) : 0;
    *first = start;
    int32_t fx = (int32_t)((u & 0xFFFF) >> 9), fy = (int32_t)((v & 0xFFFF) >> 9);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i wy0 = _mm256_set1_epi16((short)(128 - fy)), wy1 = _mm256_set1_epi16((short)fy);
    const __m256i wx = _mm256_set1_epi32((fx << 16) | (128 - fx));
    const __m256i round = _mm256_set1_epi32(8192);
    const __m256i spread = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const __m256i ones = _mm256_set1_epi16(255), alpha = _mm256_set1_epi16((short)k.alpha);
    const uint32_t *top = k.src + sy * (int64_t)k.stride, *bottom = top + k.stride;
    int32_t i = start;
    for (; i + 8 <= n && sx + i + 8 <= k.wlast; i += 8) {
        int64_t c = sx + i;
        __m256i l0 = _mm256_loadu_si256((const __m256i *)(top + c)), r0 = _mm256_loadu_si256((const __m256i *)(top + c + 1));
        __m256i l1 = _mm256_loadu_si256((const __m256i *)(bottom + c)), r1 = _mm256_loadu_si256((const __m256i *)(bottom + c + 1));
        // Lane-wise unpacks: "lo" holds pixels 0 1 | 4 5, "hi" 2 3 | 6 7.
        __m256i leftLo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(l0, zero), wy0), _mm256_mullo_epi16(_mm256_unpacklo_epi8(l1, zero), wy1));
        __m256i leftHi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(l0, zero), wy0), _mm256_mullo_epi16(_mm256_unpackhi_epi8(l1, zero), wy1));
        __m256i rightLo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(r0, zero), wy0), _mm256_mullo_epi16(_mm256_unpacklo_epi8(r1, zero), wy1));
        __m256i rightHi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(r0, zero), wy0), _mm256_mullo_epi16(_mm256_unpackhi_epi8(r1, zero), wy1));
        __m256i p04 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(leftLo, rightLo), wx), round), 14);
        __m256i p15 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(leftLo, rightLo), wx), round), 14);
        __m256i p26 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(leftHi, rightHi), wx), round), 14);
        __m256i p37 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(leftHi, rightHi), wx), round), 14);
        __m256i x = _mm256_packs_epi32(p04, p15), y = _mm256_packs_epi32(p26, p37);  // 0 1 | 4 5 and 2 3 | 6 7
        if (k.cover < 255) {
            const __m256i cover = _mm256_set1_epi16((short)k.cover);
            x = div255_8(_mm256_mullo_epi16(x, cover));
            y = div255_8(_mm256_mullo_epi16(y, cover));
        }
        if (k.alpha < 255) {
            x = div255_8(_mm256_mullo_epi16(x, alpha));
            y = div255_8(_mm256_mullo_epi16(y, alpha));
        }
        __m256i source = _mm256_packus_epi16(x, y);
        if (opaque8(source)) {
            _mm256_storeu_si256((__m256i *)(out + i), source);
            continue;
        }
        __m256i d = _mm256_loadu_si256((const __m256i *)(out + i));
        __m256i dx = div255_8(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, zero), _mm256_sub_epi16(ones, _mm256_shuffle_epi8(x, spread))));
        __m256i dy = div255_8(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, zero), _mm256_sub_epi16(ones, _mm256_shuffle_epi8(y, spread))));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_adds_epu8(source, _mm256_packus_epi16(dx, dy)));
    }
    return i - start;
}

#endif
