// Gradient fills: a linear or concentric radial gradient, looked up in a colour table, put
// source-over onto premultiplied ARGB32 pixels through an optional A8 coverage mask. pixman's
// gradient fetch (a stop search and float interpolation a pixel, ≈ 15 ns) was measured as the
// cost of Lottie frames whose gradient-filled outlines change every frame; cairo's fill with a
// gradient pattern is the reference the tests compare this with.
#include "kernel.h"

#include <math.h>

// pixman's rounding division by 255 of a product of two bytes.
static inline uint32_t mul_un8(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 0x80;
    return ((t >> 8) + t) >> 8;
}

// Premultiplied `src` scaled by coverage `m`, then over `dst` (pixman's combine with a mask).
static inline uint32_t over_masked(uint32_t src, uint32_t m, uint32_t dst) {
    if (m != 255) {
        src = (mul_un8(src >> 24, m) << 24) | (mul_un8((src >> 16) & 0xff, m) << 16)
            | (mul_un8((src >> 8) & 0xff, m) << 8) | mul_un8(src & 0xff, m);
    }
    uint32_t sa = src >> 24;
    if (sa == 255) return src;
    if (src == 0) return dst;
    uint32_t ia = 255 - sa;
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t v = ((src >> shift) & 0xff) + mul_un8((dst >> shift) & 0xff, ia);
        out |= (v > 255 ? 255 : v) << shift;
    }
    return out;
}

static inline int32_t lut_index(double t, int32_t last) {
    if (!(t > 0)) return 0;  // NaN too
    if (t >= 1) return last;
    return (int32_t)(t * last + 0.5);
}

void strata_gradient_fill(const strata_gradient *g, const uint32_t *lut, int32_t lutSize, uint32_t *dst,
    int32_t dstStride, const uint8_t *mask, int32_t maskStride, int32_t x0, int32_t y0, int32_t width,
    int32_t height) {
    if (!g || !lut || lutSize < 2 || !dst || width <= 0 || height <= 0) return;
    const int32_t last = lutSize - 1;
    for (int32_t y = 0; y < height; y++) {
        uint32_t *row = dst + (int64_t)y * dstStride;
        const uint8_t *cover = mask ? mask + (int64_t)y * maskStride : 0;
        // Pixel centres, in the target's device space.
        const double py = y0 + y + 0.5, px = x0 + 0.5;
        if (g->kind == 0) {
            double t = g->a * px + g->b * py + g->c;
            for (int32_t x = 0; x < width; x++, t += g->a) {
                uint32_t m = cover ? cover[x] : 255;
                if (m == 0) continue;
                row[x] = over_masked(lut[lut_index(t, last)], m, row[x]);
            }
        } else {
            double qx = g->m[0] * px + g->m[1] * py + g->m[2];
            double qy = g->m[3] * px + g->m[4] * py + g->m[5];
            for (int32_t x = 0; x < width; x++, qx += g->m[0], qy += g->m[3]) {
                uint32_t m = cover ? cover[x] : 255;
                if (m == 0) continue;
                double t = (sqrt(qx * qx + qy * qy) - g->r0) * g->inverseSpan;
                row[x] = over_masked(lut[lut_index(t, last)], m, row[x]);
            }
        }
    }
}
