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

/// Blurs `pixels` (8-bit, `stride` bytes a row) in place; or, when `values` is given, that
/// width × height buffer of 16-bit values (8-bit levels × 256) in place, keeping the 8 bits
/// below the level a reduced blur needs (its enlargement would show 8-bit steps k pixels wide).
static int32_t blur_direct(uint8_t *pixels, int32_t width, int32_t height, int32_t stride, double sigma, uint16_t *values) {
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
        if (values) {
            memcpy(row, values + (size_t)y * width, sizeof(uint16_t) * (size_t)width);
            continue;
        }
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
        if (values) {
            memcpy(values + (size_t)y * width, row, sizeof(uint16_t) * (size_t)width);
            continue;
        }
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

/// The reduction a wide blur is computed at: 1 (none) below σ 16 px, else ⌊σ / 8⌋ up to 16, so
/// the reduced deviation stays at 8 px or more (three boxes of that width are a close Gaussian).
static int32_t reduction(double sigma) {
    if (sigma < 16) return 1;
    double k = floor(sigma / 8);
    return k > 16 ? 16 : (int32_t)k;
}

int32_t strata_box_blur_a8(uint8_t *pixels, int32_t width, int32_t height, int32_t stride, double sigma) {
    if (!pixels || width <= 0 || height <= 0 || stride < width || !(sigma > 0) || sigma > 1e6) return 0;
    int32_t k = reduction(sigma);
    if (k <= 1) return blur_direct(pixels, width, height, stride, sigma, NULL);
    // A wide blur at 1/k of the size (k² fewer pixels; two hundred 1000×600 shadows of σ 60
    // took 32 s a frame): k×k averages, blurred by the deviation left once the averaging and
    // the bilinear enlargement are counted ((k² − 1)/12 and k²/6 px²), then enlarged back.
    int32_t w2 = (width + k - 1) / k, h2 = (height + k - 1) / k;
    double left = sigma * sigma - (3.0 * k * k - 1.0) / 12.0;
    double sigma2 = sqrt(left > 1 ? left : 1) / k;
    uint16_t *small = malloc(sizeof(uint16_t) * (size_t)w2 * (size_t)h2);
    if (!small) return 0;
    for (int32_t by = 0; by < h2; by++) {
        for (int32_t bx = 0; bx < w2; bx++) {
            uint32_t sum = 0;
            // Pixels past the surface's edge count as transparent, as everywhere in the blur.
            for (int32_t y = by * k; y < by * k + k && y < height; y++) {
                const uint8_t *row = pixels + (size_t)y * stride;
                for (int32_t x = bx * k; x < bx * k + k && x < width; x++) sum += row[x];
            }
            small[(size_t)by * w2 + bx] = (uint16_t)(((sum << 8) + (uint32_t)(k * k) / 2) / (uint32_t)(k * k));
        }
    }
    if (!blur_direct(NULL, w2, h2, w2, sigma2, small)) {
        free(small);
        return 0;
    }
    // Bilinear: reduced pixel i is centred on full-size x = (i + ½)·k − ½. Each column's two
    // neighbours and weight (in 1/256) are worked out once.
    int32_t *left_of = malloc(sizeof(int32_t) * 3 * (size_t)width);
    if (!left_of) {
        free(small);
        return 0;
    }
    int32_t *right_of = left_of + width, *weight_of = right_of + width;
    for (int32_t x = 0; x < width; x++) {
        double u = (x + 0.5) / k - 0.5;
        int32_t x0 = (int32_t)floor(u);
        weight_of[x] = (int32_t)((u - x0) * 256 + 0.5);
        left_of[x] = x0 < 0 ? 0 : (x0 >= w2 ? w2 - 1 : x0);
        right_of[x] = x0 + 1 >= w2 ? w2 - 1 : (x0 + 1 < 0 ? 0 : x0 + 1);
    }
    for (int32_t y = 0; y < height; y++) {
        double v = (y + 0.5) / k - 0.5;
        int32_t y0 = (int32_t)floor(v);
        int32_t fy = (int32_t)((v - y0) * 256 + 0.5);
        int32_t ya = y0 < 0 ? 0 : (y0 >= h2 ? h2 - 1 : y0), yb = y0 + 1 >= h2 ? h2 - 1 : (y0 + 1 < 0 ? 0 : y0 + 1);
        const uint16_t *ra = small + (size_t)ya * w2, *rb = small + (size_t)yb * w2;
        uint8_t *out = pixels + (size_t)y * stride;
        for (int32_t x = 0; x < width; x++) {
            int32_t a = left_of[x], b = right_of[x], fx = weight_of[x];
            // Levels × 256 weighted in 1/256 twice: 8 + 8 + 8 fractional bits (at most 2³²).
            int64_t top = (int64_t)ra[a] * 256 + ((int64_t)ra[b] - ra[a]) * fx;
            int64_t bottom = (int64_t)rb[a] * 256 + ((int64_t)rb[b] - rb[a]) * fx;
            int64_t value = (top * 256 + (bottom - top) * fy + ((int64_t)1 << 23)) >> 24;
            out[x] = (uint8_t)(value > 255 ? 255 : (value < 0 ? 0 : value));
        }
    }
    free(left_of);
    free(small);
    return 1;
}
