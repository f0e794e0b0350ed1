// The inner span (fully covered pixels, bilinear) with SSSE3: the two source pixels of each row
// in one load, the vertical blend on 16-bit lanes, the horizontal one by multiply-add on
// interleaved lanes. The integers are those of `strata_sample` and `strata_put`.
#include "kernel.h"

#if STRATA_X86
#include <immintrin.h>
#include <stdatomic.h>

/// `*known`, worked out by `probe` the first time. Atomic: threads drawing at once may be the
/// first to ask together (they work out the same answer).
static int32_t cached_answer(_Atomic int *known, int (*probe)(void)) {
    int answer = atomic_load_explicit(known, memory_order_relaxed);
    if (answer < 0) {
        answer = probe() ? 1 : 0;
        atomic_store_explicit(known, answer, memory_order_relaxed);
    }
    return answer;
}

static int probe_ssse3(void) { return __builtin_cpu_supports("ssse3"); }
static int probe_avx2(void) { return __builtin_cpu_supports("avx2"); }

int32_t strata_raster_has_simd(void) {
    static _Atomic int known = -1;
    return cached_answer(&known, probe_ssse3);
}

__attribute__((target("ssse3")))
static inline __m128i div255_epu16(__m128i t) {
    // (t + 128 + ((t + 128) >> 8)) >> 8 for t ≤ 255 × 255.
    t = _mm_add_epi16(t, _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

/// The constants of a span.
typedef struct {
    const uint32_t *src;
    int64_t stride;
    int32_t wlast, hlast, fade;
    /// The span's coverage (255 but along an edge parallel to the row).
    int32_t cover;
    __m128i alpha;
} span_consts;

/// The bilinear sample at (u, v): four 16-bit channels in the low half.
__attribute__((target("ssse3"))) static inline __m128i sample16(const span_consts *k, int64_t u, int64_t v) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i pairs = _mm_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    int64_t sx = u >> 16, sy = v >> 16;
    int32_t fx = (int32_t)((u & 0xFFFF) >> 9), fy = (int32_t)((v & 0xFFFF) >> 9);
    // Pad extend with two-pixel loads: before the first pixel all weight on it, past the last
    // all weight on the last (the same integers as clamping each tap).
    if (sx < 0) { sx = 0; fx = 0; } else if (sx >= k->wlast) { sx = k->wlast - 1; fx = 128; }
    if (sy < 0) { sy = 0; fy = 0; } else if (sy >= k->hlast) { sy = k->hlast - 1; fy = 128; }
    const uint32_t *r0 = k->src + sy * k->stride + sx;
    __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)r0), zero);
    __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(r0 + k->stride)), zero);
    __m128i vertical = _mm_add_epi16(
        _mm_mullo_epi16(top, _mm_set1_epi16((short)(128 - fy))), _mm_mullo_epi16(bottom, _mm_set1_epi16((short)fy)));
    __m128i sum = _mm_madd_epi16(_mm_shuffle_epi8(vertical, pairs), _mm_set1_epi32((fx << 16) | (128 - fx)));
    __m128i s = _mm_srli_epi32(_mm_add_epi32(sum, _mm_set1_epi32(8192)), 14);
    return _mm_packs_epi32(s, zero);
}

/// A pixel `cover`/255 covered: bilinear sample at (u, v), coverage, opacity, source-over onto *out.
__attribute__((target("ssse3"))) static inline void put_covered(const span_consts *k, uint32_t *out, int64_t u, int64_t v, int32_t cover) {
    const __m128i zero = _mm_setzero_si128();
    __m128i s = sample16(k, u, v);
    if (cover < 255) s = div255_epu16(_mm_mullo_epi16(s, _mm_set1_epi16((short)cover)));
    if (k->fade) s = div255_epu16(_mm_mullo_epi16(s, k->alpha));
    int32_t a = _mm_extract_epi16(s, 3);
    if (a == 0 && _mm_movemask_epi8(_mm_cmpeq_epi16(s, zero)) == 0xFFFF) return;
    if (a != 255) {
        __m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)*out), zero);
        d = div255_epu16(_mm_mullo_epi16(d, _mm_sub_epi16(_mm_set1_epi16(255), _mm_set1_epi16((short)a))));
        *out = (uint32_t)_mm_cvtsi128_si32(_mm_adds_epu8(_mm_packus_epi16(s, zero), _mm_packus_epi16(d, zero)));
    } else {
        *out = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(s, zero));
    }
}

/// One pixel of a span: bilinear sample at (u, v), the span's coverage, opacity, source-over onto *out.
__attribute__((target("ssse3"))) static inline void put_pixel(const span_consts *k, uint32_t *out, int64_t u, int64_t v) {
    put_covered(k, out, u, v, k->cover);
}

__attribute__((target("ssse3"))) static inline void put_four(const span_consts *k, uint32_t *out, __m128i s01, __m128i s23);

__attribute__((target("ssse3"))) static span_consts consts(const strata_prepared *p, uint32_t cover);

__attribute__((target("ssse3")))
void strata_edges_ssse3(const strata_prepared *p, uint32_t *out, int32_t n, const int64_t *us, const int64_t *vs, const uint8_t *covers) {
    span_consts k = consts(p, 255);
    for (int32_t i = 0; i < n; i++) {
        if (covers[i]) put_covered(&k, &out[i], us[i], vs[i], covers[i]);
    }
}

__attribute__((target("ssse3"))) static span_consts consts(const strata_prepared *p, uint32_t cover) {
    span_consts k;
    k.cover = (int32_t)cover;
    k.src = p->op.src;
    k.stride = p->op.srcStride;
    k.wlast = p->op.srcWidth - 1;
    k.hlast = p->op.srcHeight - 1;
    k.fade = p->op.alpha < 255;
    k.alpha = _mm_set1_epi16((short)p->op.alpha);
    return k;
}

__attribute__((target("ssse3")))
void strata_span_ssse3(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, uint32_t cover) {
    span_consts k = consts(p, cover);
    const int64_t du = p->du, dv = p->dv;
    int32_t n = xb - xa, i = 0;
    // Four samples, then their opacity and source-over together.
    for (; i + 4 <= n; i += 4, u += 4 * du, v += 4 * dv) {
        __m128i s0 = sample16(&k, u, v), s1 = sample16(&k, u + du, v + dv);
        __m128i s2 = sample16(&k, u + 2 * du, v + 2 * dv), s3 = sample16(&k, u + 3 * du, v + 3 * dv);
        put_four(&k, out + i, _mm_unpacklo_epi64(s0, s1), _mm_unpacklo_epi64(s2, s3));
    }
    for (; i < n; i++, u += du, v += dv) put_pixel(&k, &out[i], u, v);
}

/// Source-over of four 16-bit-channel source pixels (two registers) at the span's opacity onto out[0..3].
__attribute__((target("ssse3"))) static inline void put_four(const span_consts *k, uint32_t *out, __m128i s01, __m128i s23) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i spread = _mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    if (k->cover < 255) {
        const __m128i cover = _mm_set1_epi16((short)k->cover);
        s01 = div255_epu16(_mm_mullo_epi16(s01, cover));
        s23 = div255_epu16(_mm_mullo_epi16(s23, cover));
    }
    if (k->fade) {
        s01 = div255_epu16(_mm_mullo_epi16(s01, k->alpha));
        s23 = div255_epu16(_mm_mullo_epi16(s23, k->alpha));
    }
    __m128i d = _mm_loadu_si128((const __m128i *)out);
    __m128i dlo = _mm_unpacklo_epi8(d, zero), dhi = _mm_unpackhi_epi8(d, zero);
    const __m128i ones = _mm_set1_epi16(255);
    dlo = div255_epu16(_mm_mullo_epi16(dlo, _mm_sub_epi16(ones, _mm_shuffle_epi8(s01, spread))));
    dhi = div255_epu16(_mm_mullo_epi16(dhi, _mm_sub_epi16(ones, _mm_shuffle_epi8(s23, spread))));
    _mm_storeu_si128((__m128i *)out, _mm_adds_epu8(_mm_packus_epi16(s01, s23), _mm_packus_epi16(dlo, dhi)));
}

/// A span that only slides (one source pixel a target pixel, no turn): the weights are the same
/// for every pixel, so four neighbouring pixels are blended at once from two unaligned loads a
/// row; pixels whose samples reach past the source's edge go one at a time. Same integers.
__attribute__((target("ssse3")))
void strata_span_slide_ssse3(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, uint32_t cover) {
    span_consts k = consts(p, cover);
    int32_t n = xb - xa, i = 0;
    int64_t sx = u >> 16, sy = v >> 16;
    int32_t fx = (int32_t)((u & 0xFFFF) >> 9), fy = (int32_t)((v & 0xFFFF) >> 9);
    if (sy >= 0 && sy < k.hlast) {
        const __m128i zero = _mm_setzero_si128();
        const __m128i wy0 = _mm_set1_epi16((short)(128 - fy)), wy1 = _mm_set1_epi16((short)fy);
        const __m128i wx = _mm_set1_epi32((fx << 16) | (128 - fx));
        const __m128i round = _mm_set1_epi32(8192);
        const uint32_t *top = k.src + sy * k.stride, *bottom = top + k.stride;
        // Pixels before the source's first column (pad) one at a time.
        for (; i < n && sx + i < 0; i++) put_pixel(&k, &out[i], u + (int64_t)i * 65536, v);
        for (; i + 4 <= n && sx + i + 4 <= k.wlast; i += 4) {
            int64_t c = sx + i;
            __m128i l0 = _mm_loadu_si128((const __m128i *)(top + c)), r0 = _mm_loadu_si128((const __m128i *)(top + c + 1));
            __m128i l1 = _mm_loadu_si128((const __m128i *)(bottom + c)), r1 = _mm_loadu_si128((const __m128i *)(bottom + c + 1));
            // Vertical blends of the left and right neighbours, pixels 0–1 and 2–3.
            __m128i left01 = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(l0, zero), wy0), _mm_mullo_epi16(_mm_unpacklo_epi8(l1, zero), wy1));
            __m128i left23 = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(l0, zero), wy0), _mm_mullo_epi16(_mm_unpackhi_epi8(l1, zero), wy1));
            __m128i right01 = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(r0, zero), wy0), _mm_mullo_epi16(_mm_unpacklo_epi8(r1, zero), wy1));
            __m128i right23 = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(r0, zero), wy0), _mm_mullo_epi16(_mm_unpackhi_epi8(r1, zero), wy1));
            // Horizontal: (left, right) pairs per channel, multiply-added with the weights.
            __m128i p0 = _mm_madd_epi16(_mm_unpacklo_epi16(left01, right01), wx);
            __m128i p1 = _mm_madd_epi16(_mm_unpackhi_epi16(left01, right01), wx);
            __m128i p2 = _mm_madd_epi16(_mm_unpacklo_epi16(left23, right23), wx);
            __m128i p3 = _mm_madd_epi16(_mm_unpackhi_epi16(left23, right23), wx);
            p0 = _mm_srli_epi32(_mm_add_epi32(p0, round), 14);
            p1 = _mm_srli_epi32(_mm_add_epi32(p1, round), 14);
            p2 = _mm_srli_epi32(_mm_add_epi32(p2, round), 14);
            p3 = _mm_srli_epi32(_mm_add_epi32(p3, round), 14);
            put_four(&k, out + i, _mm_packs_epi32(p0, p1), _mm_packs_epi32(p2, p3));
        }
    }
    for (; i < n; i++) put_pixel(&k, &out[i], u + (int64_t)i * 65536, v);
}

__attribute__((target("ssse3")))
void strata_span_ssse3_at(const strata_prepared *p, uint32_t *out, int32_t n, const int64_t *us, const int64_t *vs) {
    span_consts k = consts(p, 255);
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i s0 = sample16(&k, us[i], vs[i]), s1 = sample16(&k, us[i + 1], vs[i + 1]);
        __m128i s2 = sample16(&k, us[i + 2], vs[i + 2]), s3 = sample16(&k, us[i + 3], vs[i + 3]);
        put_four(&k, out + i, _mm_unpacklo_epi64(s0, s1), _mm_unpacklo_epi64(s2, s3));
    }
    for (; i < n; i++) put_pixel(&k, &out[i], us[i], vs[i]);
}

/// Source-over of `n` pixels at `alpha`, four at a time.
__attribute__((target("ssse3")))
void strata_over_row_ssse3(uint32_t *out, const uint32_t *src, int32_t n, uint32_t alpha) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
    const __m128i ones = _mm_set1_epi16(255);
    const __m128i fade = _mm_set1_epi16((short)alpha);
    // Each pixel's alpha (16-bit lane 3) spread over its four lanes.
    const __m128i spread = _mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(src + i));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(s, zero)) == 0xFFFF) continue;
        if (alpha == 255 && _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, opaque), opaque)) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(out + i), s);
            continue;
        }
        __m128i slo = _mm_unpacklo_epi8(s, zero), shi = _mm_unpackhi_epi8(s, zero);
        if (alpha < 255) {
            slo = div255_epu16(_mm_mullo_epi16(slo, fade));
            shi = div255_epu16(_mm_mullo_epi16(shi, fade));
        }
        __m128i d = _mm_loadu_si128((const __m128i *)(out + i));
        __m128i dlo = _mm_unpacklo_epi8(d, zero), dhi = _mm_unpackhi_epi8(d, zero);
        dlo = div255_epu16(_mm_mullo_epi16(dlo, _mm_sub_epi16(ones, _mm_shuffle_epi8(slo, spread))));
        dhi = div255_epu16(_mm_mullo_epi16(dhi, _mm_sub_epi16(ones, _mm_shuffle_epi8(shi, spread))));
        _mm_storeu_si128((__m128i *)(out + i),
            _mm_adds_epu8(_mm_packus_epi16(slo, shi), _mm_packus_epi16(dlo, dhi)));
    }
    for (; i < n; i++) strata_put(&out[i], src[i], 255, alpha);
}

__attribute__((target("avx2")))
static inline __m256i div255_avx2(__m256i t) {
    t = _mm256_add_epi16(t, _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

/// The same source-over as `strata_over_row_ssse3`, eight pixels at a time.
__attribute__((target("avx2")))
void strata_over_row_avx2(uint32_t *out, const uint32_t *src, int32_t n, uint32_t alpha) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
    const __m256i ones = _mm256_set1_epi16(255);
    const __m256i fade = _mm256_set1_epi16((short)alpha);
    const __m256i spread = _mm256_setr_epi8(
        6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    int32_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        if (_mm256_testz_si256(s, s)) continue;
        if (alpha == 255 && _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(s, opaque), opaque)) == -1) {
            _mm256_storeu_si256((__m256i *)(out + i), s);
            continue;
        }
        __m256i slo = _mm256_unpacklo_epi8(s, zero), shi = _mm256_unpackhi_epi8(s, zero);
        if (alpha < 255) {
            slo = div255_avx2(_mm256_mullo_epi16(slo, fade));
            shi = div255_avx2(_mm256_mullo_epi16(shi, fade));
        }
        __m256i d = _mm256_loadu_si256((const __m256i *)(out + i));
        __m256i dlo = _mm256_unpacklo_epi8(d, zero), dhi = _mm256_unpackhi_epi8(d, zero);
        dlo = div255_avx2(_mm256_mullo_epi16(dlo, _mm256_sub_epi16(ones, _mm256_shuffle_epi8(slo, spread))));
        dhi = div255_avx2(_mm256_mullo_epi16(dhi, _mm256_sub_epi16(ones, _mm256_shuffle_epi8(shi, spread))));
        _mm256_storeu_si256((__m256i *)(out + i),
            _mm256_adds_epu8(_mm256_packus_epi16(slo, shi), _mm256_packus_epi16(dlo, dhi)));
    }
    strata_over_row_ssse3(out + i, src + i, n - i, alpha);
}

int32_t strata_raster_has_avx2(void) {
    static _Atomic int known = -1;
    return cached_answer(&known, probe_avx2);
}

#else

int32_t strata_raster_has_simd(void) { return 0; }

#endif
