// Strata's scan converter for solid fills of small antialiased polygons (the strokes and fills of
// shape layers drawn straight into a frame). Each edge adds, to the cells of the rows it crosses,
// the exact signed area it puts to the right of itself; a row's running sum is then the
// coverage of each pixel. cairo's own scan converter and stroker are the reference in the tests
// (they were measured as two thirds of a frame of 50 animated rings).
#include "kernel.h"

#include <math.h>
#include <string.h>
#if STRATA_X86
#include <emmintrin.h>
#endif

/// floor and ceil of a coordinate inside a box (|v| far below 2^31): without SSE4.1 the libm
/// calls cost more than the rest of an edge's row.
static inline int32_t floor_i(double v) {
    int32_t t = (int32_t)v;
    return (double)t > v ? t - 1 : t;
}

static inline int32_t ceil_i(double v) {
    int32_t t = (int32_t)v;
    return (double)t < v ? t + 1 : t;
}

/// Marks cells i0 ... i1 of a row touched (`bits`: the row's words, a bit a cell).
static inline void mark(uint64_t *bits, int32_t i0, int32_t i1) {
    int32_t w0 = i0 >> 6, w1 = i1 >> 6;
    for (int32_t w = w0; w <= w1; w++) {
        int32_t lo = w == w0 ? (i0 & 63) : 0, hi = w == w1 ? (i1 & 63) : 63;
        uint64_t upto = hi == 63 ? ~0ULL : ((1ULL << (hi + 1)) - 1);
        bits[w] |= upto & (~0ULL << lo);
    }
}

/// Marks cells i and i + 1 touched (an edge within one pixel column: most rows of most edges).
static inline void mark2(uint64_t *bits, int32_t i) {
    int32_t w = i >> 6, b = i & 63;
    bits[w] |= 3ULL << b;
    if (b == 63) bits[w + 1] |= 1;
}

/// The first touched cell at or after `i` of a row (`limit` when none is before it).
static inline int32_t next_touched(const uint64_t *bits, int32_t words, int32_t i, int32_t limit) {
    int32_t w = i >> 6;
    if (w >= words) return limit;
    uint64_t m = bits[w] & (~0ULL << (i & 63));
    while (!m) {
        if (++w >= words) return limit;
        m = bits[w];
    }
    int32_t p = (w << 6) + __builtin_ctzll(m);
    return p < limit ? p : limit;
}

/// Adds edge (x0, y0) → (x1, y1) (box coordinates, 0 ≤ x ≤ width, 0 ≤ y ≤ height) to `cells`,
/// marking the cells it touches in `bits` (`words` a row).
static void add_edge(float *cells, uint64_t *bits, int32_t stride, int32_t words, double x0, double y0, double x1, double y1) {
    if (y0 == y1) return;
    // Downwards edges add, upwards ones subtract: the sum across a row is the winding's area.
    double dir = 1;
    if (y0 > y1) {
        double t = x0; x0 = x1; x1 = t;
        t = y0; y0 = y1; y1 = t;
        dir = -1;
    }
    double slope = (x1 - x0) / (y1 - y0);
    double maxX = stride - 2;
    if (!(x0 >= 0)) x0 = 0;
    if (!(x0 <= maxX)) x0 = maxX;
    int32_t rowStart = floor_i(y0), rowEnd = ceil_i(y1);
    if (slope == 0) {
        // Vertical (the sides of rectangles and rounded boxes): one column split for every row,
        // the same sums as the general loop below.
        int32_t i0 = floor_i(x0);
        double mid = x0 - i0;
        for (int32_t row = rowStart; row < rowEnd; row++) {
            double top = row > y0 ? row : y0;
            double bottom = row + 1 < y1 ? row + 1 : y1;
            double d = (bottom - top) * dir;
            float *cell = cells + (int64_t)row * stride;
            cell[i0] += (float)(d - d * mid);
            cell[i0 + 1] += (float)(d * mid);
            mark2(bits + (int64_t)row * words, i0);
        }
        return;
    }
    double x = x0;
    for (int32_t row = rowStart; row < rowEnd; row++) {
        double top = row > y0 ? row : y0;
        double bottom = row + 1 < y1 ? row + 1 : y1;
        double dy = bottom - top;
        double xNext = x + slope * dy;
        // Rounding (or a slope too steep to be finite) must not step outside the row's cells.
        if (!(xNext >= 0)) xNext = 0;
        if (!(xNext <= maxX)) xNext = maxX;
        double d = dy * dir;
        float *cell = cells + (int64_t)row * stride;
        uint64_t *rowBits = bits + (int64_t)row * words;
        double left = x < xNext ? x : xNext, right = x < xNext ? xNext : x;
        int32_t i0 = floor_i(left), i1 = ceil_i(right);
        double leftFloor = i0;
        if (i1 <= i0 + 1) {
            // Within one pixel column: the part left of the edge's mid point stays in this pixel.
            double mid = 0.5 * (x + xNext) - leftFloor;
            cell[i0] += (float)(d - d * mid);
            cell[i0 + 1] += (float)(d * mid);
            mark2(rowBits, i0);
        } else {
            // Across several columns: a triangle in the first, trapezoids after, evenly spread.
            double s = 1.0 / (right - left);
            double f0 = left - leftFloor;
            double a0 = 0.5 * s * (1 - f0) * (1 - f0);
            double f1 = right - i1 + 1;
            double aEnd = 0.5 * s * f1 * f1;
            cell[i0] += (float)(d * a0);
            if (i1 == i0 + 2) {
                cell[i0 + 1] += (float)(d * (1 - a0 - aEnd));
            } else {
                double a1 = s * (1.5 - f0);
                cell[i0 + 1] += (float)(d * (a1 - a0));
                for (int32_t i = i0 + 2; i < i1 - 1; i++) cell[i] += (float)(d * s);
                double a2 = a1 + (i1 - i0 - 3) * s;
                cell[i1 - 1] += (float)(d * (1 - a2 - aEnd));
            }
            cell[i1] += (float)(d * aEnd);
            mark(rowBits, i0, i1);
        }
        x = xNext;
    }
}

/// Adds edge (x0, y0) → (x1, y1) (box coordinates) cut to rows [0, height): parts left of the
/// box become vertical edges on its left side (they cover the whole row to their right), parts
/// right of it are dropped (they cover nothing inside).
static void add_clipped(float *cells, uint64_t *bits, int32_t width, int32_t height, double x0, double y0, double x1, double y1) {
    // Inside the box (most edges of a shape drawn whole): no cut, no division. NaN and
    // infinities fail these tests and go the long way, which drops them.
    if (x0 >= 0 && x1 >= 0 && x0 <= width && x1 <= width && y0 >= 0 && y1 >= 0 && y0 <= height && y1 <= height) {
        add_edge(cells, bits, width + 2, (width + 2 + 63) >> 6, x0, y0, x1, y1);
        return;
    }
    if (y0 == y1 || !(isfinite(x0) && isfinite(y0) && isfinite(x1) && isfinite(y1))) return;
    // Cut to [0, height] in y.
    if ((y0 <= 0 && y1 <= 0) || (y0 >= height && y1 >= height)) return;
    double dxdy = (x1 - x0) / (y1 - y0);
    if (y0 < 0) { x0 += (0 - y0) * dxdy; y0 = 0; }
    if (y1 < 0) { x1 += (0 - y1) * dxdy; y1 = 0; }
    if (y0 > height) { x0 += (height - y0) * dxdy; y0 = height; }
    if (y1 > height) { x1 += (height - y1) * dxdy; y1 = height; }
    if (y0 == y1) return;
    // Split where the edge crosses x = 0 and x = width (at most two cuts, in order along the
    // edge), then clamp each piece's x into the box.
    double ts[2], xs[2];
    int n = 0;
    if (x1 != x0) {
        double cuts[2] = {0, (double)width};
        for (int k = 0; k < 2; k++) {
            double t = (cuts[k] - x0) / (x1 - x0);
            if (t > 0 && t < 1) {
                ts[n] = t;
                xs[n] = cuts[k];
                n++;
            }
        }
        if (n == 2 && ts[0] > ts[1]) {
            double t = ts[0]; ts[0] = ts[1]; ts[1] = t;
            t = xs[0]; xs[0] = xs[1]; xs[1] = t;
        }
    }
    double px = x0, py = y0;
    for (int k = 0; k <= n; k++) {
        double qx = k < n ? xs[k] : x1;
        double qy = k < n ? y0 + ts[k] * (y1 - y0) : y1;
        if (0.5 * (px + qx) < (double)width) {
            double ax = px < 0 ? 0 : (px > width ? width : px);
            double bx = qx < 0 ? 0 : (qx > width ? width : qx);
            add_edge(cells, bits, width + 2, (width + 2 + 63) >> 6, ax, py, bx, qy);
        }
        px = qx;
        py = qy;
    }
}

/// `pixel` (premultiplied) at 8-bit coverage `m` (pixman's MUL_UN8x4).
static inline uint32_t scaled(uint32_t pixel, uint32_t m) {
    if (m == 255) return pixel;
    uint32_t rb = (pixel & 0x00FF00FF) * m + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t ag = ((pixel >> 8) & 0x00FF00FF) * m + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00;
    return rb | ag;
}

/// Premultiplied `s` source-over onto `d` (pixman's arithmetic).
static inline uint32_t over_scaled(uint32_t s, uint32_t d) {
    uint32_t ia = 255 - (s >> 24);
    if (ia == 0) return s;
    uint32_t rb = (d & 0x00FF00FF) * ia + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t ag = ((d >> 8) & 0x00FF00FF) * ia + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00;
    // Per-channel saturating add (pixman's UN8x4_ADD_UN8x4).
    uint32_t lo = (s & 0x00FF00FF) + rb;
    lo |= 0x01000100 - ((lo >> 8) & 0x00FF00FF);
    uint32_t hi = ((s >> 8) & 0x00FF00FF) + (ag >> 8);
    hi |= 0x01000100 - ((hi >> 8) & 0x00FF00FF);
    return (lo & 0x00FF00FF) | ((hi & 0x00FF00FF) << 8);
}

/// `pixel` (premultiplied) at 8-bit coverage `m`, source-over onto `d`.
static inline uint32_t over(uint32_t pixel, uint32_t m, uint32_t d) {
    return over_scaled(scaled(pixel, m), d);
}

#if STRATA_X86
/// Per 16-bit lane, t / 255 rounded as `scaled` and `over_scaled` do it: (t + 128 + ((t + 128) >> 8)) >> 8.
static inline __m128i div255_16(__m128i t) {
    t = _mm_add_epi16(t, _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

/// Pixels out[0...3], each `pixel` at its coverage (lane k of `m`, 0...255), source-over: `over`
/// four at a time (SSE2, in every x86-64), the same integers.
static inline void over4v(uint32_t *out, uint32_t pixel, __m128i m) {
    const __m128i zero = _mm_setzero_si128();
    __m128i p = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)pixel), zero);
    p = _mm_unpacklo_epi64(p, p);
    // Each coverage (0...255) across the four 16-bit lanes of its pixel's channels.
    __m128i m16 = _mm_packs_epi32(m, m);
    m16 = _mm_unpacklo_epi16(m16, m16);
    __m128i m01 = _mm_unpacklo_epi32(m16, m16), m23 = _mm_unpackhi_epi32(m16, m16);
    __m128i s01 = div255_16(_mm_mullo_epi16(p, m01)), s23 = div255_16(_mm_mullo_epi16(p, m23));
    // 255 − each scaled pixel's alpha (lane 3 of its four), across its channels.
    const __m128i full = _mm_set1_epi16(255);
    __m128i ia01 = _mm_sub_epi16(full, _mm_shufflehi_epi16(_mm_shufflelo_epi16(s01, 0xFF), 0xFF));
    __m128i ia23 = _mm_sub_epi16(full, _mm_shufflehi_epi16(_mm_shufflelo_epi16(s23, 0xFF), 0xFF));
    __m128i d = _mm_loadu_si128((const __m128i *)out);
    __m128i d01 = div255_16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), ia01));
    __m128i d23 = div255_16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), ia23));
    __m128i sum = _mm_adds_epu8(_mm_packus_epi16(s01, s23), _mm_packus_epi16(d01, d23));
    _mm_storeu_si128((__m128i *)out, sum);
}

/// `over4v` with the coverages in an array.
static inline void over4(uint32_t *out, uint32_t pixel, const uint32_t *m) {
    over4v(out, pixel, _mm_loadu_si128((const __m128i *)m));
}

/// Pixels out[0...3] under `s8` (one premultiplied pixel four times; `ia16` 255 − its alpha in
/// every lane) source-over: `over_scaled` four at a time.
static inline void over_scaled4(uint32_t *out, __m128i s8, __m128i ia16) {
    const __m128i zero = _mm_setzero_si128();
    __m128i d = _mm_loadu_si128((const __m128i *)out);
    __m128i d01 = div255_16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), ia16));
    __m128i d23 = div255_16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), ia16));
    _mm_storeu_si128((__m128i *)out, _mm_adds_epu8(s8, _mm_packus_epi16(d01, d23)));
}
#endif

/// `count` pixels under one coverage `m`: the source is scaled once for the run, not per pixel.
static inline void blend_run(uint32_t *out, int32_t count, uint32_t pixel, uint32_t m) {
    if (!m) return;
    uint32_t s = scaled(pixel, m);
    if ((s >> 24) == 255) {
        for (int32_t k = 0; k < count; k++) out[k] = s;
    } else {
        int32_t k = 0;
#if STRATA_X86
        const __m128i ia16 = _mm_set1_epi16((short)(255 - (s >> 24)));
        const __m128i s8 = _mm_set1_epi32((int)s);
        for (; k + 4 <= count; k += 4) over_scaled4(out + k, s8, ia16);
#endif
        for (; k < count; k++) out[k] = over_scaled(s, out[k]);
    }
}

/// The 8-bit coverage of a running winding area `sum`.
static inline uint32_t coverage(float sum, int32_t evenOdd) {
    float a = fabsf(sum);
    if (evenOdd) {
        a = fmodf(a, 2.0f);
        if (a > 1) a = 2 - a;
    } else if (a > 1) {
        a = 1;
    }
    return (uint32_t)(a * 255.0f + 0.5f);
}

#if STRATA_X86
/// Lane k: `sum` plus cells c[0] ... c[k] (a prefix sum in two steps, not four dependent adds:
/// the same up to float rounding, far below a level of coverage).
static inline __m128 running4(__m128 c, float sum) {
    c = _mm_add_ps(c, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(c), 4)));
    c = _mm_add_ps(c, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(c), 8)));
    return _mm_add_ps(c, _mm_set1_ps(sum));
}

/// `coverage` of four nonzero-winding sums.
static inline __m128i coverage4(__m128 sums) {
    __m128 a = _mm_and_ps(sums, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
    a = _mm_min_ps(a, _mm_set1_ps(1.0f));
    return _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(a, _mm_set1_ps(255.0f)), _mm_set1_ps(0.5f)));
}
#endif

void strata_scan_fill(const double *points, int32_t count, const strata_target *target, int32_t x0, int32_t y0,
    int32_t x1, int32_t y1, int32_t evenOdd, uint32_t pixel, float *cells, uint64_t *touched) {
    if (!points || count <= 0 || !target || !target->pixels || !cells || !touched) return;
    if (x0 < target->originX) x0 = target->originX;
    if (y0 < target->originY) y0 = target->originY;
    if (x1 > target->originX + target->width) x1 = target->originX + target->width;
    if (y1 > target->originY + target->height) y1 = target->originY + target->height;
    if (x0 >= x1 || y0 >= y1 || (pixel >> 24) == 0) return;
    int32_t width = x1 - x0, height = y1 - y0, stride = width + 2, words = (width + 2 + 63) >> 6;
    for (int32_t k = 0; k < count; k++) {
        const double *e = points + 4 * (int64_t)k;
        add_clipped(cells, touched, width, height, e[0] - x0, e[1] - y0, e[2] - x0, e[3] - y0);
    }
    for (int32_t row = 0; row < height; row++) {
        float *cell = cells + (int64_t)row * stride;
        uint32_t *out = target->pixels + (int64_t)(y0 + row - target->originY) * target->stride + (x0 - target->originX);
        uint64_t *rowBits = touched + (int64_t)row * words;
        // The next row's first pixels, asked for while this row draws (a frame's rows are far apart).
        if (row + 1 < height) __builtin_prefetch(out + target->stride + next_touched(rowBits + words, words, 0, width), 1);
        float sum = 0;
        int32_t i = 0;
        while (i < width) {
            // Untouched cells up to the next touched one: the coverage holds (outside, inside, a hole).
            int32_t j = next_touched(rowBits, words, i, width);
            if (j > i) {
                blend_run(out + i, j - i, pixel, coverage(sum, evenOdd));
                i = j;
                if (i >= width) break;
            }
#if STRATA_X86
            // Four cells at a time from a touched one (an edge's cells come in runs; untouched
            // cells among them are 0 and keep the coverage, as a run would).
            if (i + 4 <= width && !evenOdd) {
                __m128 sums = running4(_mm_loadu_ps(cell + i), sum);
                _mm_storeu_ps(cell + i, _mm_setzero_ps());
                sum = _mm_cvtss_f32(_mm_shuffle_ps(sums, sums, 0xFF));
                __m128i m = coverage4(sums);
                if (_mm_movemask_epi8(_mm_cmpeq_epi32(m, _mm_setzero_si128())) != 0xFFFF) over4v(out + i, pixel, m);
                i += 4;
                continue;
            }
            if (i + 4 <= width) {
                uint32_t m[4];
                for (int32_t k = 0; k < 4; k++) {
                    sum += cell[i + k];
                    cell[i + k] = 0;
                    m[k] = coverage(sum, evenOdd);
                }
                if (m[0] | m[1] | m[2] | m[3]) over4(out + i, pixel, m);
                i += 4;
                continue;
            }
#endif
            sum += cell[i];
            cell[i] = 0;
            uint32_t m = coverage(sum, evenOdd);
            if (m) out[i] = over(pixel, m, out[i]);
            i++;
        }
        memset(rowBits, 0, (size_t)words * sizeof(uint64_t));
        cell[width] = 0;
        cell[width + 1] = 0;
    }
}

void strata_scan_gradient(const double *points, int32_t count, const strata_target *target, int32_t x0, int32_t y0,
    int32_t x1, int32_t y1, int32_t evenOdd, const strata_gradient *g, const uint32_t *lut, int32_t lutSize,
    float *cells, uint64_t *touched, uint8_t *cover, int32_t simd) {
    if (!points || count <= 0 || !target || !target->pixels || !cells || !touched || !cover || !g || !lut || lutSize < 2)
        return;
    if (x0 < target->originX) x0 = target->originX;
    if (y0 < target->originY) y0 = target->originY;
    if (x1 > target->originX + target->width) x1 = target->originX + target->width;
    if (y1 > target->originY + target->height) y1 = target->originY + target->height;
    if (x0 >= x1 || y0 >= y1) return;
    int32_t width = x1 - x0, height = y1 - y0, stride = width + 2, words = (width + 2 + 63) >> 6;
    for (int32_t k = 0; k < count; k++) {
        const double *e = points + 4 * (int64_t)k;
        add_clipped(cells, touched, width, height, e[0] - x0, e[1] - y0, e[2] - x0, e[3] - y0);
    }
    const int32_t avx2 = strata_gradient_uses_avx2(simd);
    for (int32_t row = 0; row < height; row++) {
        float *cell = cells + (int64_t)row * stride;
        uint32_t *out = target->pixels + (int64_t)(y0 + row - target->originY) * target->stride + (x0 - target->originX);
        uint64_t *rowBits = touched + (int64_t)row * words;
        // The row's coverage, then the gradient through it over the pixels that have some (a run
        // of untouched cells holds the coverage of the touched cell before it: `first` is set there).
        int32_t first = width, end = 0;
        float sum = 0;
        int32_t i = next_touched(rowBits, words, 0, width);
        while (i < width) {
            int32_t j = next_touched(rowBits, words, i, width);
            if (j > i) {
                uint32_t m = coverage(sum, evenOdd);
                memset(cover + i, (int)m, (size_t)(j - i));
                if (m) end = j;
                i = j;
                if (i >= width) break;
            }
            sum += cell[i];
            cell[i] = 0;
            uint32_t m = coverage(sum, evenOdd);
            cover[i] = (uint8_t)m;
            if (m) {
                if (first == width) first = i;
                end = i + 1;
            }
            i++;
        }
        if (first < end) strata_gradient_span(g, lut, lutSize - 1, out, cover, x0, y0 + row + 0.5, first, end, avx2);
        memset(rowBits, 0, (size_t)words * sizeof(uint64_t));
        cell[width] = 0;
        cell[width + 1] = 0;
    }
}

/// The length of [a0, a1) inside the pixel column (or row) [p, p + 1).
static inline double overlap(double a0, double a1, int32_t p) {
    double lo = a0 > p ? a0 : p, hi = a1 < p + 1 ? a1 : p + 1;
    return hi > lo ? hi - lo : 0;
}

/// `pixel` through coverage `m` onto `count` pixels from `out` (stored when opaque and whole).
static inline void run(uint32_t *out, int32_t count, uint32_t pixel, uint32_t m) {
    blend_run(out, count, pixel, m);
}

void strata_fill_box(const strata_target *target, double left, double top, double right, double bottom, int32_t x0,
    int32_t y0, int32_t x1, int32_t y1, uint32_t pixel) {
    if (!target || !target->pixels || (pixel >> 24) == 0) return;
    if (!(left < right) || !(top < bottom)) return;
    if (!(left > -1e8) || !(right < 1e8) || !(top > -1e8) || !(bottom < 1e8)) return;
    if (x0 < target->originX) x0 = target->originX;
    if (y0 < target->originY) y0 = target->originY;
    if (x1 > target->originX + target->width) x1 = target->originX + target->width;
    if (y1 > target->originY + target->height) y1 = target->originY + target->height;
    // Pixels outside the box have no coverage: only its pixels are visited.
    int32_t bx0 = floor_i(left), by0 = floor_i(top), bx1 = ceil_i(right), by1 = ceil_i(bottom);
    if (x0 < bx0) x0 = bx0;
    if (y0 < by0) y0 = by0;
    if (x1 > bx1) x1 = bx1;
    if (y1 > by1) y1 = by1;
    if (x0 >= x1 || y0 >= y1) return;
    // Whole columns [inL, inR) cover their pixels across; the others are the box's partial sides.
    int32_t inL = ceil_i(left), inR = floor_i(right);
    if (inL < x0) inL = x0;
    if (inR > x1) inR = x1;
    int32_t rightStart = inR > inL ? inR : inL;
    if (rightStart < x0) rightStart = x0;
    for (int32_t row = y0; row < y1; row++) {
        double cy = overlap(top, bottom, row);
        if (cy <= 0) continue;
        uint32_t *out = target->pixels + (int64_t)(row - target->originY) * target->stride - target->originX;
        for (int32_t i = x0; i < inL && i < x1; i++) {
            uint32_t m = coverage((float)(overlap(left, right, i) * cy), 0);
            if (m) out[i] = over(pixel, m, out[i]);
        }
        if (inR > inL) run(out + inL, inR - inL, pixel, coverage((float)cy, 0));
        for (int32_t i = rightStart; i < x1; i++) {
            uint32_t m = coverage((float)(overlap(left, right, i) * cy), 0);
            if (m) out[i] = over(pixel, m, out[i]);
        }
    }
}

#if STRATA_X86
/// The next state of the tests' xorshift generator (13, 7, 17).
static inline uint64_t next_random(uint64_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}
#endif

int64_t strata_scan_blend_mismatches(uint64_t seed, int32_t trials) {
    int64_t mismatches = 0;
#if STRATA_X86
    uint64_t state = seed | 1;
    for (int32_t t = 0; t < trials; t++) {
        uint32_t r[10];
        for (int k = 0; k < 10; k++) r[k] = (uint32_t)(next_random(&state) >> 16);
        // A premultiplied source (any pixel's channels at most its alpha), any destination bytes.
        uint32_t a = r[0] >> 24, pixel = a << 24;
        for (int c = 0; c < 3; c++) pixel |= (((r[0] >> (8 * c)) & 255) * a / 255) << (8 * c);
        uint32_t m[4], out[4], want[4], runOut[4], runWant[4];
        for (int k = 0; k < 4; k++) {
            m[k] = r[1 + k] & 255;
            if (r[1 + k] & 0x10000) m[k] = (r[1 + k] & 0x20000) ? 255 : 0;
            out[k] = runOut[k] = r[5 + k];
            want[k] = m[k] ? over(pixel, m[k], out[k]) : out[k];
            runWant[k] = over_scaled(pixel, r[5 + k]);
        }
        over4(out, pixel, m);
        over_scaled4(runOut, _mm_set1_epi32((int)pixel), _mm_set1_epi16((short)(255 - a)));
        for (int k = 0; k < 4; k++) mismatches += (out[k] != want[k]) + (runOut[k] != runWant[k]);
    }
#else
    (void)seed;
    (void)trials;
#endif
    return mismatches;
}

int32_t strata_scan_running_difference(uint64_t seed, int32_t trials) {
#if STRATA_X86
    uint64_t state = seed | 1;
    int32_t largest = 0;
    for (int32_t t = 0; t < trials; t++) {
        float c[5];
        for (int k = 0; k < 5; k++) {
            next_random(&state);
            // Cells as edges leave them: signed areas within ±1, some exactly 0 (untouched).
            c[k] = (state & 0x700) == 0 ? 0.0f : (float)((int64_t)(state >> 24) % 2000001 - 1000000) / 1000000.0f;
        }
        float sum = 2 * c[4], one = sum;
        uint32_t m[4];
        _mm_storeu_si128((__m128i *)m, coverage4(running4(_mm_loadu_ps(c), sum)));
        for (int k = 0; k < 4; k++) {
            one += c[k];
            int32_t d = (int32_t)m[k] - (int32_t)coverage(one, 0);
            if (d < 0) d = -d;
            if (d > largest) largest = d;
        }
    }
    return largest;
#else
    (void)seed;
    (void)trials;
    return -1;
#endif
}
