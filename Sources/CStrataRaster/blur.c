// A Gaussian blur of 8-bit alpha approximated by three successive box blurs in each direction
// (as the W3C filter-effects specification approximates feGaussianBlur, here with box widths
// whose variances add up to σ²): each pass costs the same per pixel whatever the radius, where a
// true convolution costs 6σ taps a pixel (pixman's separable filter: 10 ms for a 200² shadow at
// σ = 20).
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "strata_raster.h"

// Intermediate passes keep 8 bits below the 8-bit level (values × 256 in 16 bits): rounded to 8
// bits between passes, a wide blur lost most of a thin line (σ 64: a quarter of its mass).

/// One box pass along rows: dst[x] = mean of src[x − r … x + r] (outside: 0).
static void box_rows(const uint16_t *src, uint16_t *dst, int32_t w, int32_t h, int32_t r) {
    const uint64_t inv = ((uint64_t)1 << 32) / (uint64_t)(2 * r + 1);
    for (int32_t y = 0; y < h; y++) {
        const uint16_t *s = src + (size_t)y * w;
        uint16_t *o = dst + (size_t)y * w;
        uint32_t sum = 0;
        for (int32_t x = 0; x <= r && x < w; x++) sum += s[x];
        for (int32_t x = 0; x < w; x++) {
            o[x] = (uint16_t)(((uint64_t)sum * inv + ((uint64_t)1 << 31)) >> 32);
            int32_t in = x + r + 1, out = x - r;
            if (in < w) sum += s[in];
            if (out >= 0) sum -= s[out];
        }
    }
}

/// One box pass down columns, row by row with a running sum a column (`sums`: w entries).
static void box_columns(const uint16_t *src, uint16_t *dst, int32_t w, int32_t h, int32_t r, uint32_t *sums) {
    const uint64_t inv = ((uint64_t)1 << 32) / (uint64_t)(2 * r + 1);
    memset(sums, 0, sizeof(uint32_t) * (size_t)w);
    for (int32_t y = 0; y <= r && y < h; y++) {
        const uint16_t *s = src + (size_t)y * w;
        for (int32_t x = 0; x < w; x++) sums[x] += s[x];
    }
    for (int32_t y = 0; y < h; y++) {
        uint16_t *o = dst + (size_t)y * w;
        for (int32_t x = 0; x < w; x++) o[x] = (uint16_t)(((uint64_t)sums[x] * inv + ((uint64_t)1 << 31)) >> 32);
        int32_t in = y + r + 1, out = y - r;
        if (in < h) {
            const uint16_t *s = src + (size_t)in * w;
            for (int32_t x = 0; x < w; x++) sums[x] += s[x];
        }
        if (out >= 0) {
            const uint16_t *s = src + (size_t)out * w;
            for (int32_t x = 0; x < w; x++) sums[x] -= s[x];
        }
    }
}

/// The reach each side of three centred boxes of odd widths whose variances, (w² − 1)/12 each,
/// add up to σ² as closely as odd widths allow: m boxes of width wl, the rest of wl + 2.
static void boxes(double sigma, int32_t reach[3]) {
    double ideal = sqrt(12.0 * sigma * sigma / 3.0 + 1.0);
    int32_t wl = (int32_t)floor(ideal);
    if (wl % 2 == 0) wl--;
    if (wl < 1) wl = 1;
    int32_t wu = wl + 2;
    double m_ideal = (12.0 * sigma * sigma - 3.0 * wl * wl - 12.0 * wl - 9.0) / (-4.0 * wl - 4.0);
    int32_t m = (int32_t)lround(m_ideal);
    if (m < 0) m = 0;
    if (m > 3) m = 3;
    for (int i = 0; i < 3; i++) reach[i] = ((i < m ? wl : wu) - 1) / 2;
}

int32_t strata_box_blur_a8(uint8_t *pixels, int32_t width, int32_t height, int32_t stride, double sigma) {
    if (!pixels || width <= 0 || height <= 0 || stride < width || !(sigma > 0) || sigma > 1e6) return 0;
    int32_t reach[3];
    boxes(sigma, reach);
    // The passes work on the surface with room all round for the three boxes' reach: a later
    // pass brings back what an earlier one spread past the edge (a Gaussian's single pass does
    // not lose it either), so nothing outside is cut until the end.
    int64_t pad = (int64_t)reach[0] + reach[1] + reach[2];
    int64_t W64 = width + 2 * pad, H64 = height + 2 * pad;
    if (W64 > (1 << 20) || H64 > (1 << 20) || W64 * H64 > ((int64_t)1 << 28)) return 0;
    int32_t W = (int32_t)W64, H = (int32_t)H64, P = (int32_t)pad;
    size_t count = (size_t)W * (size_t)H;
    uint16_t *a = calloc(count, sizeof(uint16_t));
    uint16_t *b = malloc(sizeof(uint16_t) * count);
    uint32_t *sums = malloc(sizeof(uint32_t) * (size_t)W);
    if (!a || !b || !sums) {
        free(a);
        free(b);
        free(sums);
        return 0;
    }
    for (int32_t y = 0; y < height; y++) {
        uint16_t *row = a + (size_t)(y + P) * W + P;
        for (int32_t x = 0; x < width; x++) row[x] = (uint16_t)(pixels[(size_t)y * stride + x] << 8);
    }
    // Rows above and below the surface are empty until the column passes: the row passes skip
    // them (b's are cleared for the column passes to read).
    size_t band = (size_t)P * W;
    memset(b, 0, sizeof(uint16_t) * band);
    memset(b + band + (size_t)height * W, 0, sizeof(uint16_t) * band);
    box_rows(a + band, b + band, W, height, reach[0]);
    box_rows(b + band, a + band, W, height, reach[1]);
    box_rows(a + band, b + band, W, height, reach[2]);
    box_columns(b, a, W, H, reach[0], sums);
    box_columns(a, b, W, H, reach[1], sums);
    box_columns(b, a, W, H, reach[2], sums);
    for (int32_t y = 0; y < height; y++) {
        const uint16_t *row = a + (size_t)(y + P) * W + P;
        for (int32_t x = 0; x < width; x++) {
            uint32_t v = ((uint32_t)row[x] + 128) >> 8;
            pixels[(size_t)y * stride + x] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
    free(a);
    free(b);
    free(sums);
    return 1;
}
