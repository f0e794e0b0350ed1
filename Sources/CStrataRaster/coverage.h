// Coverage: how much of each target pixel the source rectangle covers, and the spans of a row
// that are covered at all and wholly. Included by rows.c only (the hot parts are inlined there).
#ifndef STRATA_COVERAGE_H
#define STRATA_COVERAGE_H

#include "kernel.h"

#include <math.h>

/// The area of a target pixel on the inside of edge `e`, its centre `d` pixels inside: the
/// pixel's square projected on the edge normal is a trapezoid of half-width (hi + lo) / 2.
static inline double edge_cover(double d, const strata_edge *e) {
    double s = d + 0.5 * (e->hi + e->lo);
    if (s <= 0) return 0;
    if (s >= e->hi + e->lo) return 1;
    if (s < e->lo) return s * s * e->invTwoHiLo;
    if (s <= e->hi) return (s - 0.5 * e->lo) * e->invHi;
    double t = e->hi + e->lo - s;
    return 1 - t * t * e->invTwoHiLo;
}

/// Without antialiasing: whether a pixel centre `d` pixels inside edge `k` is drawn. Centres on
/// the near edges (u = 0, v = 0) are, on the far ones are not; "on" within 10⁻⁷ pixel, so a centre
/// exactly on an edge (whole or half-pixel geometry, the common case) is not decided by rounding.
static inline int centre_inside(int k, double d) {
    return (k & 1) ? d > 1e-7 : d >= -1e-7;
}

/// The coverage of target pixel (X, Y), 0...255.
static inline uint32_t pixel_cover(const strata_prepared *p, int32_t x, int32_t y) {
    double cx = x + 0.5, cy = y + 0.5;
    if (!p->op.antialias) {
        for (int k = 0; k < 4; k++) {
            double d = p->edges[k].a * cx + p->edges[k].b * cy + p->edges[k].c;
            if (!centre_inside(k, d)) return 0;
        }
        return 255;
    }
    double c = 1;
    for (int k = 0; k < 4 && c > 0; k++) {
        c *= edge_cover(p->edges[k].a * cx + p->edges[k].b * cy + p->edges[k].c, &p->edges[k]);
    }
    return (uint32_t)(c * 255 + 0.5);
}

/// Whether edge `k` leaves pixel centre (cx, cy) wholly covered: the same arithmetic as
/// `pixel_cover`, so a pixel in an inner span is exactly one it would give 255.
static inline int fully_inside(const strata_prepared *p, int k, double cx, double cy) {
    const strata_edge *e = &p->edges[k];
    double d = e->a * cx + e->b * cy + e->c;
    if (!p->op.antialias) return centre_inside(k, d);
    return d + 0.5 * (e->hi + e->lo) >= e->hi + e->lo;
}

/// floor and ceil without library calls (x86-64's baseline has no rounding instruction), for
/// values well within ±2⁶³.
static inline double down(double x) {
    double t = (double)(int64_t)x;
    return t > x ? t - 1 : t;
}
static inline double up(double x) {
    double t = (double)(int64_t)x;
    return t < x ? t + 1 : t;
}

/// Holds `v` within the box's columns, widened by two (so a span bound is an int32).
static inline double within(double v, double lo, double hi) {
    if (!(v > lo - 2)) return lo - 2;
    if (v > hi + 2) return hi + 2;
    return v;
}

/// Row `y`'s outer span [*xs, *xe) (every pixel that may be covered) and inner span [*is, *ie)
/// (pixels covered *cover/255 each, 255 but for a row along an edge parallel to it), within the
/// operation's box. Each edge's distance is linear along the
/// row, so each bound is worked out, then moved to the exact pixel the coverage test agrees with.
/// Without antialiasing every pixel is in or out, so the two spans are the same.
static void row_spans(
    const strata_prepared *p, int32_t y, int32_t *xs, int32_t *xe, int32_t *is, int32_t *ie, uint32_t *cover
) {
    double lo = p->op.x0, hi = p->op.x1;
    double outerLo = lo, outerHi = hi, innerLo = lo, innerHi = hi;
    double cy = y + 0.5;
    int alongEdge = 0;
    *cover = 255;
    for (int k = 0; k < 4; k++) {
        const strata_edge *e = &p->edges[k];
        double tOut = p->op.antialias ? -0.5 * (e->hi + e->lo) : 0;
        double tIn = p->op.antialias ? 0.5 * (e->hi + e->lo) : 0;
        double rest = e->b * cy + e->c;
        if (e->a == 0 && p->op.antialias && !p->projective) {
            // An edge parallel to the row: the same distance for every pixel of it.
            if (rest < tOut - 1e-6) { outerLo = hi; outerHi = lo; }
            if (!fully_inside(p, k, lo + 0.5, cy)) alongEdge = 1;
            continue;
        }
        if (fabs(e->a) < 1e-9) {
            if (rest < tOut - 1e-6) { outerLo = hi; outerHi = lo; }
            if (!fully_inside(p, k, lo + 0.5, cy) || !fully_inside(p, k, hi - 0.5, cy)) { innerLo = hi; innerHi = lo; }
            continue;
        }
        // d(X + 0.5) >= t  ⇔  X >= (t − rest)/a − 0.5 (a > 0), or X <= … (a < 0).
        double xOut = within((tOut - rest) / e->a - 0.5, lo, hi), xIn = within((tIn - rest) / e->a - 0.5, lo, hi);
        // When the bound falls clearly between two pixel centres (its distance from them, along
        // the edge's normal, above the 10⁻⁷ tie margin and far above rounding), the pixel it gives is the one
        // the coverage test agrees with: the search is needed only near a centre.
        double frac = xIn - down(xIn);
        int clear = fabs(e->a) * (frac < 1 - frac ? frac : 1 - frac) > 1e-6 && xIn > lo - 2 && xIn < hi + 2;
        if (e->a > 0) {
            double first = up(xIn);
            if (!clear) {
                for (int n = 0; n < 4 && !fully_inside(p, k, first + 0.5, cy); n++) first += 1;
                for (int n = 0; n < 4 && fully_inside(p, k, first - 0.5, cy); n++) first -= 1;
                if (!fully_inside(p, k, first + 0.5, cy)) first += 1;  // not found: a pixel of margin
            }
            if (first > innerLo) innerLo = first;
            if (down(xOut) > outerLo) outerLo = down(xOut);
        } else {
            double end = down(xIn) + 1;  // exclusive
            if (!clear) {
                for (int n = 0; n < 4 && !fully_inside(p, k, end - 0.5, cy); n++) end -= 1;
                for (int n = 0; n < 4 && fully_inside(p, k, end + 0.5, cy); n++) end += 1;
                if (!fully_inside(p, k, end - 0.5, cy)) end -= 1;
            }
            if (end < innerHi) innerHi = end;
            if (up(xOut) + 1 < outerHi) outerHi = up(xOut) + 1;
        }
    }
    if (!(outerLo < outerHi)) { *xs = *xe = *is = *ie = p->op.x0; return; }
    if (!p->op.antialias) {
        // Without antialiasing the outer span is the inner one: outside it nothing is covered.
        if (!(innerLo < innerHi)) { *xs = *xe = *is = *ie = p->op.x0; return; }
        outerLo = innerLo;
        outerHi = innerHi;
    }
    if (!(innerLo < innerHi)) innerLo = innerHi = outerLo;
    if (innerLo < outerLo) innerLo = outerLo;
    if (innerHi > outerHi) innerHi = outerHi;
    *xs = (int32_t)outerLo;
    *xe = (int32_t)outerHi;
    *is = (int32_t)innerLo;
    *ie = innerHi > innerLo ? (int32_t)innerHi : (int32_t)innerLo;
    // Along an edge parallel to the row, the inner span's pixels share one coverage: the other
    // edges give them 1, so it is what `pixel_cover` gives its first pixel.
    if (alongEdge && *is < *ie) {
        *cover = pixel_cover(p, *is, y);
        if (*cover == 0) *is = *ie = *xs;
    }
}

#endif
