// The composite kernel: per target row, the span the source rectangle can touch is worked out
// from its four edges; pixels near an edge get their area coverage computed, the inner span (fully
// covered) is resampled and composited by the fastest code this processor has. Every pixel's value
// depends only on the operation and the pixel (never on where a band or span starts), so frames are
// byte-identical however rows are split among threads and whichever code runs the inner span.
#include "coverage.h"

/// `f` rounded half away from zero (llround's rounding, without a library call), held to ±10¹².
static inline int64_t nearest(double f) {
    if (!(f > -1e12)) f = -1e12;
    if (f > 1e12) f = 1e12;
    return (int64_t)(f + (f >= 0 ? 0.5 : -0.5));
}

/// A source coordinate in 16.16, held where it cannot overflow (far outside the source it only
/// picks an edge pixel).
static inline int64_t fixed(double value) {
    return nearest(value * 65536.0);
}

/// The source coordinates (16.16, sample offsets applied) of target pixel (x, y) under perspective.
static inline void pixel_uv_projective(const strata_prepared *p, int32_t x, int32_t y, int64_t *u, int64_t *v) {
    const strata_composite_op *op = &p->op;
    double cx = x + 0.5, cy = y + 0.5;
    double w = op->wx * cx + op->wy * cy + op->w0;
    if (!(w > 1e-12)) w = 1e-12;
    *u = fixed((op->ux * cx + op->uy * cy + op->u0) / w - p->half);
    *v = fixed((op->vx * cx + op->vy * cy + op->v0) / w - p->half);
}

/// The source coordinates (16.16, sample offsets applied) of target pixel (x, y).
static inline void pixel_uv(const strata_prepared *p, int32_t x, int32_t y, int64_t *u, int64_t *v) {
    if (p->projective) {
        pixel_uv_projective(p, x, y, u, v);
        return;
    }
    // From the box's left edge, so a pixel's coordinates do not depend on where its span starts.
    double cx = p->op.x0 + 0.5, cy = y + 0.5;
    int64_t u0 = nearest((p->op.ux * cx + p->op.uy * cy + p->op.u0 - p->half) * 65536.0);
    int64_t v0 = nearest((p->op.vx * cx + p->op.vy * cy + p->op.v0 - p->half) * 65536.0);
    *u = u0 + (int64_t)(x - p->op.x0) * p->du;
    *v = v0 + (int64_t)(x - p->op.x0) * p->dv;
}

static void copy_span(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, int32_t simd, uint32_t cover);

/// A fully covered span under perspective: coordinates worked out in batches, then sampled.
static void projective_span(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int32_t y, int32_t simd) {
    enum { batch = 64 };
    int64_t us[batch], vs[batch];
    for (int32_t start = xa; start < xb; start += batch) {
        int32_t n = xb - start < batch ? xb - start : batch;
        for (int32_t i = 0; i < n; i++) pixel_uv_projective(p, start + i, y, &us[i], &vs[i]);
        uint32_t *o = out + (start - xa);
#if STRATA_X86
        if (simd) {
            int32_t done = simd >= 2 ? strata_span_avx2_at(p, o, n, us, vs) : 0;
            strata_span_ssse3_at(p, o + done, n - done, us + done, vs + done);
            continue;
        }
#else
        (void)simd;
#endif
        for (int32_t i = 0; i < n; i++) strata_put(&o[i], strata_sample(p, us[i], vs[i]), 255, (uint32_t)p->op.alpha);
    }
}

/// Row `y`'s slice of the next operation's bytes: rows of the box share them out, so bands on
/// different threads fetch different parts (each into its own core's cache).
static inline void prefetch_next(const strata_prepared *p, int32_t y) {
    if (!p->op.next || p->op.nextBytes <= 0) return;
    int64_t rows = p->op.y1 - p->op.y0, r = y - p->op.y0;
    int64_t from = p->op.nextBytes * r / rows, to = p->op.nextBytes * (r + 1) / rows;
    const char *bytes = (const char *)p->op.next;
    for (int64_t i = from & ~(int64_t)127; i < to; i += 128) __builtin_prefetch(bytes + i, 0, 2);
}

/// The coverage of pixels [xa, xa + n) of row y (n ≤ 32), by the code `fast` allows.
static inline void edge_covers(const strata_prepared *p, int32_t xa, int32_t n, int32_t y, int32_t fast, uint8_t *covers) {
    int32_t known = 0;
#if STRATA_X86
    if (fast >= 2 && p->op.antialias) known = strata_covers_avx2(p, xa, n, y, covers);
#else
    (void)fast;
#endif
    for (int32_t i = known; i < n; i++) covers[i] = (uint8_t)pixel_cover(p, xa + i, y);
}

/// Draws pixels [xa, xa + n) of a row (n ≤ 32) whose coverage and coordinates are known.
static inline void edge_draw(const strata_prepared *p, uint32_t *line, int32_t originX, int32_t xa, int32_t n,
    const int64_t *us, const int64_t *vs, const uint8_t *covers, int32_t fast) {
    uint32_t *out = line + (xa - originX);
#if STRATA_X86
    if (fast) { strata_edges_ssse3(p, out, n, us, vs, covers); return; }
#else
    (void)fast;
#endif
    for (int32_t i = 0; i < n; i++) {
        if (covers[i]) strata_put(&out[i], strata_sample(p, us[i], vs[i]), covers[i], (uint32_t)p->op.alpha);
    }
}

/// Pixels [xa, xb) of row y near an edge: their coverage worked out, then drawn (pixel x of the
/// row is line[x − originX]).
static void edge_pixels(const strata_prepared *p, uint32_t *line, int32_t originX, int32_t xa, int32_t xb, int32_t y, int32_t fast) {
    enum { batch = 32 };
    int64_t us[batch], vs[batch];
    uint8_t covers[batch];
    // An affine map's coordinates along the row from its base (what `pixel_uv` computes).
    int64_t ub = 0, vb = 0;
    if (!p->projective && xa < xb) pixel_uv(p, p->op.x0, y, &ub, &vb);
    for (int32_t start = xa; start < xb; start += batch) {
        int32_t n = xb - start < batch ? xb - start : batch;
        edge_covers(p, start, n, y, fast, covers);
        for (int32_t i = 0; i < n; i++) {
            if (!covers[i]) continue;
            if (p->projective) {
                pixel_uv(p, start + i, y, &us[i], &vs[i]);
            } else {
                us[i] = ub + (int64_t)(start + i - p->op.x0) * p->du;
                vs[i] = vb + (int64_t)(start + i - p->op.x0) * p->dv;
            }
        }
        edge_draw(p, line, originX, start, n, us, vs, covers, fast);
    }
}

/// What every inner row of an axis-aligned operation (no turn, no perspective: its edges run
/// along the rows and the columns) shares. On a row both horizontal edges leave wholly covered,
/// the vertical edges alone decide the spans and the edge pixels' coverage, and the u coordinate
/// does not depend on the row: they are worked out once, by the same code, on the first such row
/// and reused (the same numbers as working them out on each row: the pixels are the same).
typedef struct {
    int usable, spansKept, edgesKept;
    int32_t xs, xe, is, ie;
    uint32_t cover;
    /// The edge pixels [xs, is) and [ie, xe): coverage and u (16.16), when each side has ≤ 32.
    int32_t nl, nr;
    uint8_t coversL[32], coversR[32];
    int64_t usL[32], usR[32];
} axis_rows;

static inline int axis_usable(const strata_prepared *p) {
    return !p->projective && p->op.uy == 0 && p->op.vx == 0;
}

/// Whether both horizontal edges (2 and 3: a = 0) leave row y wholly covered.
static inline int inner_row(const strata_prepared *p, int32_t y) {
    double cy = y + 0.5;
    return fully_inside(p, 2, p->op.x0 + 0.5, cy) && fully_inside(p, 3, p->op.x0 + 0.5, cy);
}

/// Row y's spans (see `row_spans`), kept from the first inner row for the others.
static inline void spans_of(const strata_prepared *p, axis_rows *a, int32_t y, int32_t *xs, int32_t *xe, int32_t *is, int32_t *ie, uint32_t *cover) {
    if (!a->usable || !inner_row(p, y)) {
        row_spans(p, y, xs, xe, is, ie, cover);
        return;
    }
    if (!a->spansKept) {
        row_spans(p, y, &a->xs, &a->xe, &a->is, &a->ie, &a->cover);
        a->spansKept = 1;
    }
    *xs = a->xs;
    *xe = a->xe;
    *is = a->is;
    *ie = a->ie;
    *cover = a->cover;
}

/// Draws inner row y's edge pixels [xs, is) and [ie, xe) from the kept coverage and coordinates
/// (worked out on the first inner row); 0 when they cannot be kept (more than 32 a side).
static int kept_edges(const strata_prepared *p, axis_rows *a, uint32_t *line, int32_t originX, int32_t xs, int32_t is, int32_t ie, int32_t xe, int32_t y, int32_t fast) {
    if (!a->usable || is - xs > 32 || xe - ie > 32 || !inner_row(p, y)) return 0;
    int64_t ub, vb;
    pixel_uv(p, p->op.x0, y, &ub, &vb);
    if (!a->edgesKept) {
        a->nl = is - xs;
        a->nr = xe - ie;
        edge_covers(p, xs, a->nl, y, fast, a->coversL);
        edge_covers(p, ie, a->nr, y, fast, a->coversR);
        for (int32_t i = 0; i < a->nl; i++) a->usL[i] = ub + (int64_t)(xs + i - p->op.x0) * p->du;
        for (int32_t i = 0; i < a->nr; i++) a->usR[i] = ub + (int64_t)(ie + i - p->op.x0) * p->du;
        a->edgesKept = 1;
    }
    // v does not change along a row (dv = 0).
    int64_t vs[32];
    int32_t most = a->nl > a->nr ? a->nl : a->nr;
    for (int32_t i = 0; i < most; i++) vs[i] = vb;
    if (a->nl > 0) edge_draw(p, line, originX, xs, a->nl, a->usL, vs, a->coversL, fast);
    return 1;
}

/// The right side's kept edge pixels (after the inner span: pixels are drawn left to right).
static void kept_edges_right(const strata_prepared *p, const axis_rows *a, uint32_t *line, int32_t originX, int32_t ie, int32_t y, int32_t fast) {
    if (a->nr <= 0) return;
    int64_t ub, vb, vs[32];
    pixel_uv(p, p->op.x0, y, &ub, &vb);
    for (int32_t i = 0; i < a->nr; i++) vs[i] = vb;
    edge_draw(p, line, originX, ie, a->nr, a->usR, vs, a->coversR, fast);
}

/// The most runs of hidden pixels a row keeps (more are drawn: hiding is only a saving).
enum { most_hidden = 32 };

/// Row y's pixels hidden by later operations (the operation's coordinates), as sorted,
/// disjoint runs [l[i], r[i]); their count.
static int hidden_runs(const strata_prepared *p, int32_t y, int32_t *l, int32_t *r) {
    int n = 0;
    double yd = (double)y + p->op.frameY;
    for (int32_t h = 0; h < p->hiderCount && n < most_hidden; h++) {
        const strata_occluder *o = p->hiders[h];
        if (yd < o->y0 || yd >= o->y1) continue;
        double lo = o->x0, hi = o->x1;
        for (int k = 0; k < 4 && lo < hi; k++) {
            double rest = o->b[k] * yd + o->c[k];
            if (o->inv[k] == 0) {
                if (rest < 0) hi = lo;
                continue;
            }
            // a·x + rest ≥ 0: x ≥ −rest/a (a > 0) or x ≤ −rest/a (a < 0).
            double x = within(-rest * o->inv[k], o->x0, o->x1);
            if (o->a[k] > 0) {
                double first = up(x);
                if (first > lo) lo = first;
            } else {
                double end = down(x) + 1;
                if (end < hi) hi = end;
            }
        }
        if (!(lo < hi)) continue;
        int32_t a = (int32_t)lo - p->op.frameX, b = (int32_t)hi - p->op.frameX;
        int i = n++;
        for (; i > 0 && l[i - 1] > a; i--) {
            l[i] = l[i - 1];
            r[i] = r[i - 1];
        }
        l[i] = a;
        r[i] = b;
    }
    // Merged: overlapping or touching runs become one.
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m > 0 && l[i] <= r[m - 1]) {
            if (r[i] > r[m - 1]) r[m - 1] = r[i];
            continue;
        }
        l[m] = l[i];
        r[m] = r[i];
        m++;
    }
    return m;
}

/// A fully covered span [is, ie) of row y, drawn by the fastest code allowed.
static void inner_span(const strata_prepared *p, uint32_t *line, int32_t originX, int32_t is, int32_t ie, int32_t y,
    int fast, int vector, int copy, uint32_t cover) {
    int64_t u, v;
    pixel_uv(p, is, y, &u, &v);
    uint32_t *out = line + (is - originX);
    if (p->projective) projective_span(p, out, is, ie, y, fast);
    else if (copy) copy_span(p, out, is, ie, u, v, vector, cover);
    else
#if STRATA_X86
    if (fast && p->du == 65536 && p->dv == 0) {
        int32_t first = 0, done = 0;
        if (fast >= 2) done = strata_span_slide_avx2(p, out, ie - is, u, v, &first, cover);
        if (done == 0) {
            strata_span_slide_ssse3(p, out, is, ie, u, v, cover);
        } else {
            strata_span_slide_ssse3(p, out, is, is + first, u, v, cover);
            int32_t rest = first + done;
            strata_span_slide_ssse3(p, out + rest, is + rest, ie, u + (int64_t)rest * 65536, v, cover);
        }
    }
    else if (fast) {
        int32_t done = fast >= 2 ? strata_span_avx2(p, out, is, ie, u, v, cover) : 0;
        strata_span_ssse3(p, out + done, is + done, ie, u + done * p->du, v + done * p->dv, cover);
    }
    else
#endif
        strata_span_portable(p, out, is, ie, u, v, cover);
}

/// Pixels [xa, xb) of row y of a 1:1 copy on whole pixels.
static void exact_span(const strata_prepared *p, uint32_t *line, int32_t originX, int32_t xa, int32_t xb, int32_t y, int vector) {
    uint32_t *out = line + (xa - originX);
    const uint32_t *src = p->op.src + (int64_t)(y + p->shiftY) * p->op.srcStride + (xa + p->shiftX);
    int32_t n = xb - xa;
#if STRATA_X86
    if (vector) {
        if (vector >= 2) strata_over_row_avx2(out, src, n, (uint32_t)p->op.alpha);
        else strata_over_row_ssse3(out, src, n, (uint32_t)p->op.alpha);
        return;
    }
#else
    (void)vector;
#endif
    for (int32_t i = 0; i < n; i++) strata_put(&out[i], src[i], 255, (uint32_t)p->op.alpha);
}

/// How a part of a row is drawn.
typedef enum { part_edges, part_inner, part_exact } row_part;

typedef struct {
    const strata_prepared *p;
    uint32_t *line;
    int32_t originX, y;
    int fast, vector, copy;
    uint32_t cover;
} row_context;

static inline void draw_part(const row_context *c, row_part part, int32_t xa, int32_t xb) {
    switch (part) {
    case part_edges: edge_pixels(c->p, c->line, c->originX, xa, xb, c->y, c->fast); break;
    case part_inner: inner_span(c->p, c->line, c->originX, xa, xb, c->y, c->fast, c->vector, c->copy, c->cover); break;
    case part_exact: exact_span(c->p, c->line, c->originX, xa, xb, c->y, c->vector); break;
    }
}

/// Draws the pixels of [xa, xb) outside the hidden runs; returns how many were hidden.
static int64_t draw_visible(const row_context *c, row_part part, int32_t xa, int32_t xb, const int32_t *l, const int32_t *r, int n) {
    int64_t hidden = 0;
    int32_t x = xa;
    for (int i = 0; i < n && x < xb; i++) {
        if (r[i] <= x) continue;
        if (l[i] >= xb) break;
        if (l[i] > x) draw_part(c, part, x, l[i]);
        int32_t from = l[i] > x ? l[i] : x, to = r[i] < xb ? r[i] : xb;
        hidden += to - from;
        x = to;
    }
    if (x < xb) draw_part(c, part, x, xb);
    return hidden;
}

int64_t strata_rows(const strata_prepared *p, const strata_target *t, int32_t y0, int32_t y1, int32_t simd) {
    if (y0 < p->op.y0) y0 = p->op.y0;
    if (y1 > p->op.y1) y1 = p->op.y1;
    // The code this processor and the caller allow: 0 portable, 1 SSSE3, 2 AVX2 as well.
    int level = simd && strata_raster_has_simd() ? (simd >= 2 && strata_raster_has_avx2() ? 2 : 1) : 0;
    int64_t hidden = 0;
    int32_t hl[most_hidden], hr[most_hidden];
    if (p->exact) {
        for (int32_t y = y0; y < y1; y++) {
            prefetch_next(p, y);
            uint32_t *line = t->pixels + (int64_t)(y - t->originY) * t->stride;
            int nh = p->hiderCount ? hidden_runs(p, y, hl, hr) : 0;
            if (nh == 0) {
                exact_span(p, line, t->originX, p->op.x0, p->op.x1, y, level);
                continue;
            }
            row_context c = { p, line, t->originX, y, 0, level, 0, 255 };
            hidden += draw_visible(&c, part_exact, p->op.x0, p->op.x1, hl, hr, nh);
        }
        return hidden;
    }
    int vector = level;
    int fast = p->op.filter != 0 && p->op.srcWidth >= 2 && p->op.srcHeight >= 2 ? level : 0;
    int copy = p->op.filter == 0 && p->du == 65536 && p->dv == 0;
    // Rows' spans are worked out `ahead` rows early and their source asked for then, so the
    // samples are in cache when the row is drawn.
    // (When the next operation's bytes are known they are fetched instead: by then this one's
    // were, while the one before drew.)
    enum { ahead = 4 };
    int32_t spans[ahead][4];
    uint32_t covers[ahead];
    int rowAhead = p->op.next == 0;
    axis_rows axis;
    axis.usable = axis_usable(p);
    axis.spansKept = axis.edgesKept = 0;
    for (int32_t k = 0; k < ahead && y0 + k < y1; k++) {
        spans_of(p, &axis, y0 + k, &spans[k][0], &spans[k][1], &spans[k][2], &spans[k][3], &covers[k]);
        if (rowAhead) strata_prefetch_row(p, y0 + k, spans[k][0], spans[k][1]);
    }
    for (int32_t y = y0; y < y1; y++) {
        int32_t *span = spans[(y - y0) % ahead];
        int32_t xs = span[0], xe = span[1], is = span[2], ie = span[3];
        uint32_t cover = covers[(y - y0) % ahead];
        if (y + ahead < y1) {
            spans_of(p, &axis, y + ahead, &span[0], &span[1], &span[2], &span[3], &covers[(y - y0) % ahead]);
            if (rowAhead) strata_prefetch_row(p, y + ahead, span[0], span[1]);
        }
        prefetch_next(p, y);
        if (xs >= xe) continue;
        // Pixel x of this row is line[x − originX].
        uint32_t *line = t->pixels + (int64_t)(y - t->originY) * t->stride;
        int nh = p->hiderCount ? hidden_runs(p, y, hl, hr) : 0;
        if (nh > 0) {
            row_context c = { p, line, t->originX, y, fast, vector, copy, cover };
            hidden += draw_visible(&c, part_edges, xs, is, hl, hr, nh);
            if (is < ie) hidden += draw_visible(&c, part_inner, is, ie, hl, hr, nh);
            hidden += draw_visible(&c, part_edges, ie, xe, hl, hr, nh);
            continue;
        }
        int kept = kept_edges(p, &axis, line, t->originX, xs, is, ie, xe, y, fast);
        if (!kept) edge_pixels(p, line, t->originX, xs, is, y, fast);
        if (is < ie) inner_span(p, line, t->originX, is, ie, y, fast, vector, copy, cover);
        if (kept) kept_edges_right(p, &axis, line, t->originX, ie, y, fast);
        else edge_pixels(p, line, t->originX, ie, xe, y, fast);
    }
    return hidden;
}

/// A span of a raster put on 1:1 on whole pixels (a placed copy): a row of source-over, where
/// the samples fall inside the source.
static void copy_span(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, int32_t simd, uint32_t cover) {
    const strata_composite_op *op = &p->op;
    if (cover < 255) {
        for (int32_t i = 0; i < xb - xa; i++, u += p->du) strata_put(&out[i], strata_sample(p, u, v), cover, (uint32_t)op->alpha);
        return;
    }
    int64_t sy = v >> 16, sx = u >> 16;
    int32_t n = xb - xa, alpha = op->alpha;
    int32_t lead = sx < 0 ? (int32_t)(-sx < n ? -sx : n) : 0;
    int64_t rest = op->srcWidth - (sx + lead);
    int32_t body = rest <= 0 ? 0 : (rest < n - lead ? (int32_t)rest : n - lead);
    int64_t su = u;
    for (int32_t i = 0; i < lead; i++, su += p->du) strata_put(&out[i], strata_sample(p, su, v), 255, (uint32_t)alpha);
    if (sy >= 0 && sy < op->srcHeight && body > 0) {
        const uint32_t *src = op->src + sy * op->srcStride + sx + lead;
#if STRATA_X86
        if (simd) strata_over_row_ssse3(out + lead, src, body, (uint32_t)alpha);
        else
#endif
            for (int32_t i = 0; i < body; i++) strata_put(&out[lead + i], src[i], 255, (uint32_t)alpha);
    } else {
        body = 0;
    }
    su = u + (int64_t)(lead + body) * p->du;
    for (int32_t i = lead + body; i < n; i++, su += p->du) strata_put(&out[i], strata_sample(p, su, v), 255, (uint32_t)alpha);
}

void strata_span_portable(const strata_prepared *p, uint32_t *out, int32_t xa, int32_t xb, int64_t u, int64_t v, uint32_t cover) {
    uint32_t alpha = (uint32_t)p->op.alpha;
    for (int32_t i = 0; i < xb - xa; i++, u += p->du, v += p->dv) {
        strata_put(&out[i], strata_sample(p, u, v), cover, alpha);
    }
}

/// Asks for the source pixels row `y`'s span [xs, xe) will sample: along the segment the span
/// maps to, a cache line at a time, both rows a bilinear sample reads. A turned layer's walk
/// across its raster defeats the hardware's prefetcher, and a frame's rasters do not stay in cache.
void strata_prefetch_row(const strata_prepared *p, int32_t y, int32_t xs, int32_t xe) {
    if (xs >= xe) return;
    int64_t u0, v0, u1, v1;
    pixel_uv(p, xs, y, &u0, &v0);
    pixel_uv(p, xe - 1, y, &u1, &v1);
    double a = u0 / 65536.0, b = v0 / 65536.0, c = u1 / 65536.0, d = v1 / 65536.0;
    double du = fabs(c - a), dv = fabs(d - b);
    int32_t steps = (int32_t)((du / 16 > dv ? du / 16 : dv) + 1);
    if (steps > 512) steps = 512;
    int32_t wmax = p->op.srcWidth - 1, hmax = p->op.srcHeight - 1;
    for (int32_t i = 0; i <= steps; i++) {
        double t = (double)i / steps;
        int64_t sx = (int64_t)down(a + (c - a) * t), sy = (int64_t)down(b + (d - b) * t);
        int32_t x = strata_clamp(sx, 0, wmax);
        const uint32_t *row = p->op.src + (int64_t)strata_clamp(sy, 0, hmax) * p->op.srcStride;
        __builtin_prefetch(row + x, 0, 3);
        __builtin_prefetch(row + (sy + 1 <= hmax ? p->op.srcStride : 0) + x, 0, 3);
    }
}
