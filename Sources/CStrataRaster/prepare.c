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
