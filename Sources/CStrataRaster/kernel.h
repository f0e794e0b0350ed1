// Internal to the kernel: the prepared operation and the per-pixel arithmetic every code path
// shares (the SIMD spans compute exactly these integers).
#ifndef STRATA_KERNEL_H
#define STRATA_KERNEL_H

#include "strata_raster.h"

#if defined(__x86_64__)
#define STRATA_X86 1
#else
#define STRATA_X86 0
#endif

/// An edge of the source rectangle on the target: d = a·X + b·Y + c pixels inside; (hi, lo) are
/// the larger and smaller of |a| and |b| (the shape of a pixel's coverage across it).
typedef struct {
    double a, b, c, hi, lo;
    /// 1 / hi and 1 / (2·hi·lo) (0 when lo is): the coverage without divisions.
    double invHi, invTwoHiLo;
} strata_edge;

/// Where a later operation of a batch puts opaque pixels: device pixel (x, y) (its square
/// [x, x + 1] × [y, y + 1]) is overwritten with an opaque pixel when it is in the box and
/// a[k]·x + b[k]·y + c[k] ≥ 0 for all four k (the conditions at the square's corners folded in).
typedef struct {
    double a[4], b[4], c[4];
    /// 1 / a[k] (0 when a[k] is too small to divide by: then the condition holds for a whole row or none of it).
    double inv[4];
    int32_t x0, y0, x1, y1;
} strata_occluder;

typedef struct {
    strata_composite_op op;
    /// Later operations that may hide some of this one's pixels (count 0: none).
    const strata_occluder *const *hiders;
    int32_t hiderCount;
    /// u ≥ 0, u ≤ W, v ≥ 0, v ≤ H.
    strata_edge edges[4];
    /// Steps of u and v (16.16) from one target pixel to the next in a row.
    int64_t du, dv;
    /// The sample offset: 0.5 for bilinear (pixel centres), 0 for nearest.
    double half;
    /// Non-zero for a perspective map: coordinates are divided by w pixel by pixel.
    int projective;
    /// A copy at 1:1 on whole pixels (nearest, no edge antialiasing): pixel (X, Y) is source
    /// pixel (X + shiftX, Y + shiftY).
    int exact;
    int32_t shiftX, shiftY;
} strata_prepared;

/// Prepares `op` for drawing on `target` (its box cut to the target); 0 when nothing is drawn.
int strata_prepare(const strata_composite_op *op, const strata_target *target, strata_prepared *p);
/// The pixels `p` is sure to overwrite with opaque ones, in device coordinates; 0 when none.
int strata_occluder_of(const strata_prepared *p, strata_occluder *o);
/// Draws rows [y0, y1) of `p` (the operation's coordinates); returns the pixels skipped as hidden.
int64_t strata_rows(const strata_prepared *p, const strata_target *t, int32_t y0, int32_t y1, int32_t simd);
/// Spans write `out[0 ..< xb − xa]`, the pixels of x in [xa, xb); (u, v) are pixel xa's; every
/// pixel `cover`/255 covered (255 but along an edge parallel to the row).
void strata_span_portable(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, uint32_t cover);
#if STRATA_X86
void strata_span_ssse3(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, uint32_t cover);
/// AVX2 spans: eight pixels at a time; they return how many pixels they drew (a multiple of eight
/// from the start; the rest, or all when coordinates would overflow 32-bit lanes, is the caller's).
int32_t strata_span_avx2(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, uint32_t cover);
int32_t strata_span_slide_avx2(const strata_prepared *p, uint32_t *out, int32_t n, int64_t u, int64_t v, int32_t *first, uint32_t cover);
int32_t strata_covers_avx2(const strata_prepared *p, int32_t xa, int32_t n, int32_t y, uint8_t *covers);
int32_t strata_span_avx2_at(const strata_prepared *p, uint32_t *out, int32_t n, const int64_t *us, const int64_t *vs);
/// `n` neighbouring pixels near an edge, `covers[i]`/255 covered (bilinear; W, H ≥ 2).
void strata_edges_ssse3(const strata_prepared *p, uint32_t *out, int32_t n, const int64_t *us, const int64_t *vs, const uint8_t *covers);
/// The same for a span that only slides (du = 1 source pixel, dv = 0).
void strata_span_slide_ssse3(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, uint32_t cover);
/// The same for `n` pixels whose coordinates are given (perspective spans).
void strata_span_ssse3_at(const strata_prepared *p, uint32_t *out, int32_t n, const int64_t *us, const int64_t *vs);
void strata_over_row_ssse3(uint32_t *out, const uint32_t *src, int32_t n, uint32_t alpha);
void strata_over_row_avx2(uint32_t *out, const uint32_t *src, int32_t n, uint32_t alpha);
int32_t strata_raster_has_avx2(void);
#endif
void strata_prefetch_row(const strata_prepared *p, int32_t y, int32_t xs, int32_t xe);

static inline int32_t strata_clamp(int64_t x, int32_t lo, int32_t hi) {
    return x < lo ? lo : (x > hi ? hi : (int32_t)x);
}

/// The source at (u, v) (16.16, sample offset applied): bilinear with 7-bit weights, one
/// rounding at the end; pad extend.
static inline uint32_t strata_sample(const strata_prepared *p, int64_t u, int64_t v) {
    const strata_composite_op *op = &p->op;
    int32_t wmax = op->srcWidth - 1, hmax = op->srcHeight - 1;
    int64_t sx = u >> 16, sy = v >> 16;
    if (op->filter == 0) {
        return op->src[(int64_t)strata_clamp(sy, 0, hmax) * op->srcStride + strata_clamp(sx, 0, wmax)];
    }
    uint32_t fx = (uint32_t)(u & 0xFFFF) >> 9, fy = (uint32_t)(v & 0xFFFF) >> 9;
    int32_t xa = strata_clamp(sx, 0, wmax), xb = strata_clamp(sx + 1, 0, wmax);
    const uint32_t *r0 = op->src + (int64_t)strata_clamp(sy, 0, hmax) * op->srcStride;
    const uint32_t *r1 = op->src + (int64_t)strata_clamp(sy + 1, 0, hmax) * op->srcStride;
    uint32_t tl = r0[xa], tr = r0[xb], bl = r1[xa], br = r1[xb];
    uint32_t wy0 = 128 - fy, wx0 = 128 - fx, out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t l = ((tl >> shift) & 255) * wy0 + ((bl >> shift) & 255) * fy;
        uint32_t r = ((tr >> shift) & 255) * wy0 + ((br >> shift) & 255) * fy;
        out |= ((l * wx0 + r * fx + 8192) >> 14) << shift;
    }
    return out;
}

/// Each channel × m / 255, rounded.
static inline uint32_t strata_mul(uint32_t px, uint32_t m) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t t = ((px >> shift) & 255) * m + 128;
        out |= ((t + (t >> 8)) >> 8) << shift;
    }
    return out;
}

/// Puts source pixel `s` on `*d`: covered `cover`/255 of the pixel (edge antialiasing), at
/// `alpha`, source-over (channels saturate, as pixman's do).
static inline void strata_put(uint32_t *d, uint32_t s, uint32_t cover, uint32_t alpha) {
    if (cover < 255) s = strata_mul(s, cover);
    if (alpha < 255) s = strata_mul(s, alpha);
    uint32_t a = s >> 24;
    if (a == 255) { *d = s; return; }
    if (s == 0) return;
    uint32_t back = strata_mul(*d, 255 - a), out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t c = ((s >> shift) & 255) + ((back >> shift) & 255);
        out |= (c > 255 ? 255 : c) << shift;
    }
    *d = out;
}

/// Gradient `g` through coverage `cover` onto pixels [from, to) of `row` (`row[x]` is device
/// pixel x0 + x of the row whose centre is at `py`); `last` is the table's last index.
void strata_gradient_span(const strata_gradient *g, const uint32_t *lut, int32_t last, uint32_t *row,
    const uint8_t *cover, int32_t x0, double py, int32_t from, int32_t to, int32_t avx2);
/// Whether gradient spans may use AVX2 at code level `simd`.
int32_t strata_gradient_uses_avx2(int32_t simd);

#endif
