// Preparing an operation: its four edges as lines on the target (distance functions), its
// per-pixel steps in 16.16, and whether it is a plain 1:1 copy.
#include "kernel.h"

#include <math.h>

/// d(X, Y) = a·X + b·Y + c: the signed distance (target pixels, positive inside) from the line
/// gx·X + gy·Y + g0 = 0, the inside where it is positive. (Lines stay lines under perspective, so
/// the source's edges are such lines in numerator form: u ≥ 0, W·w − u ≥ 0, …)
static void make_edge(strata_edge *e, double gx, double gy, double g0) {
    double n = hypot(gx, gy);
    if (!(n > 0) || !isfinite(n)) n = 1;
    e->a = gx / n;
    e->b = gy / n;
    e->c = g0 / n;
    double ax = fabs(e->a), ay = fabs(e->b);
    e->hi = ax > ay ? ax : ay;
    e->lo = ax > ay ? ay : ax;
    e->invHi = 1 / e->hi;
    e->invTwoHiLo = e->lo > 0 ? 1 / (2 * e->hi * e->lo) : 0;
}

int strata_prepare(const strata_composite_op *op, const strata_target *target, strata_prepared *p) {
    if (!op->src || op->srcWidth <= 0 || op->srcHeight <= 0 || op->srcStride < op->srcWidth) return 0;
    if (!target->pixels || target->width <= 0 || target->height <= 0 || target->stride < target->width) return 0;
    double values[9] = { op->ux, op->uy, op->u0, op->vx, op->vy, op->v0, op->wx, op->wy, op->w0 };
    for (int i = 0; i < 9; i++) if (!isfinite(values[i])) return 0;
    p->op = *op;
    p->hiders = 0;
    p->hiderCount = 0;
    if (p->op.alpha > 255) p->op.alpha = 255;
    if (p->op.x0 < target->originX) p->op.x0 = target->originX;
    if (p->op.y0 < target->originY) p->op.y0 = target->originY;
    if (p->op.x1 > target->originX + target->width) p->op.x1 = target->originX + target->width;
    if (p->op.y1 > target->originY + target->height) p->op.y1 = target->originY + target->height;
    if (p->op.x0 >= p->op.x1 || p->op.y0 >= p->op.y1 || p->op.alpha <= 0) return 0;
    double w = op->srcWidth, h = op->srcHeight;
    p->projective = !(op->wx == 0 && op->wy == 0 && op->w0 == 1);
    make_edge(&p->edges[0], op->ux, op->uy, op->u0);
    make_edge(&p->edges[1], w * op->wx - op->ux, w * op->wy - op->uy, w * op->w0 - op->u0);
    make_edge(&p->edges[2], op->vx, op->vy, op->v0);
    make_edge(&p->edges[3], h * op->wx - op->vx, h * op->wy - op->vy, h * op->w0 - op->v0);
    p->du = llround(op->ux * 65536.0);
    p->dv = llround(op->vx * 65536.0);
    p->half = op->filter == 0 ? 0.0 : 0.5;
    p->exact = !p->projective && op->filter == 0 && !op->antialias && op->ux == 1 && op->uy == 0 && op->vx == 0 && op->vy == 1
        && op->u0 == floor(op->u0) && op->v0 == floor(op->v0) && fabs(op->u0) < 1e9 && fabs(op->v0) < 1e9;
    if (p->exact) {
        // Only the pixels over the source: the rest of the box is not covered.
        double x0 = -op->u0, y0 = -op->v0, x1 = x0 + op->srcWidth, y1 = y0 + op->srcHeight;
        if (p->op.x0 < x0) p->op.x0 = (int32_t)x0;
        if (p->op.y0 < y0) p->op.y0 = (int32_t)y0;
        if (p->op.x1 > x1) p->op.x1 = (int32_t)x1;
        if (p->op.y1 > y1) p->op.y1 = (int32_t)y1;
        if (p->op.x0 >= p->op.x1 || p->op.y0 >= p->op.y1) return 0;
        p->shiftX = (int32_t)op->u0;
        p->shiftY = (int32_t)op->v0;
    }
    return 1;
}

/// How far inside the opaque source pixels a sample must stay (source pixels): more than the
/// 16.16 coordinates drift along the widest box an occluder may have (8192 × 2⁻¹⁷ = 0.0625).
#define STRATA_OPAQUE_MARGIN 0.125

/// Condition k of `o`: the square of device pixel (x, y) is wholly on the side where
/// a·X + b·Y + c ≥ 0 when its worst corner is.
static void set_condition(strata_occluder *o, int k, double a, double b, double c) {
    c += (a < 0 ? a : 0) + (b < 0 ? b : 0);
    o->b[k] = b;
    if (fabs(a) > 1e-9) {
        o->a[k] = a;
        o->inv[k] = 1 / a;
        o->c[k] = c;
        return;
    }
    // Too flat to divide by: held to the box's worst column instead.
    double far = fabs((double)o->x0) > fabs((double)o->x1) ? fabs((double)o->x0) : fabs((double)o->x1);
    o->a[k] = 0;
    o->inv[k] = 0;
    o->c[k] = c - fabs(a) * (far + 1);
}

int strata_occluder_of(const strata_prepared *p, strata_occluder *o) {
    const strata_composite_op *op = &p->op;
    if (p->projective || op->alpha < 255) return 0;
    if (op->opaqueX0 < 0 || op->opaqueY0 < 0 || op->opaqueX1 > op->srcWidth || op->opaqueY1 > op->srcHeight) return 0;
    if (op->x1 - op->x0 > 8192) return 0;
    // A bilinear sample reads the pixel under it and the next one: its point stays half a pixel in.
    double inset = (op->filter ? 0.5 : 0) + STRATA_OPAQUE_MARGIN;
    double uLo = op->opaqueX0 + inset, uHi = op->opaqueX1 - inset;
    double vLo = op->opaqueY0 + inset, vHi = op->opaqueY1 - inset;
    if (!(uLo < uHi && vLo < vHi)) return 0;
    // The map in device coordinates (the operation's are device less the frame offset).
    double uc = op->u0 - op->ux * op->frameX - op->uy * op->frameY;
    double vc = op->v0 - op->vx * op->frameX - op->vy * op->frameY;
    // The box: the operation's, cut to the opaque part's corners on the target (fewer rows and
    // operations to look at).
    double det = op->ux * op->vy - op->uy * op->vx;
    if (!(fabs(det) > 1e-12) || !isfinite(det)) return 0;
    double minX = INFINITY, minY = INFINITY, maxX = -INFINITY, maxY = -INFINITY;
    double us[4] = { uLo, uHi, uHi, uLo }, vs[4] = { vLo, vLo, vHi, vHi };
    for (int k = 0; k < 4; k++) {
        double du = us[k] - uc, dv = vs[k] - vc;
        double x = (op->vy * du - op->uy * dv) / det, y = (op->ux * dv - op->vx * du) / det;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
    }
    if (!(minX > -1e9 && maxX < 1e9 && minY > -1e9 && maxY < 1e9)) return 0;
    o->x0 = op->x0 + op->frameX;
    o->x1 = op->x1 + op->frameX;
    o->y0 = op->y0 + op->frameY;
    o->y1 = op->y1 + op->frameY;
    if (floor(minX) > o->x0) o->x0 = (int32_t)floor(minX);
    if (ceil(maxX) < o->x1) o->x1 = (int32_t)ceil(maxX);
    if (floor(minY) > o->y0) o->y0 = (int32_t)floor(minY);
    if (ceil(maxY) < o->y1) o->y1 = (int32_t)ceil(maxY);
    if (o->x0 >= o->x1 || o->y0 >= o->y1) return 0;
    set_condition(o, 0, op->ux, op->uy, uc - uLo);
    set_condition(o, 1, -op->ux, -op->uy, uHi - uc);
    set_condition(o, 2, op->vx, op->vy, vc - vLo);
    set_condition(o, 3, -op->vx, -op->vy, vHi - vc);
    for (int k = 0; k < 4; k++) {
        if (!isfinite(o->a[k]) || !isfinite(o->b[k]) || !isfinite(o->c[k])) return 0;
    }
    return 1;
}
