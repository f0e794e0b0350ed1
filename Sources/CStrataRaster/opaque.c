// The opaque part of a raster: the largest rectangle whose pixels all have alpha 255. A batch
// skips the pixels an operation hides with such a part (a layer's background inside its rounded
// corners and border, an opaque image), so it is worked out once a raster, when first asked for.
#include "kernel.h"

#include <stdlib.h>

/// The largest rectangle ending on row `y` under `heights` (the histogram of that row, column
/// `width` 0), if larger than `*best` (then in `r`).
static void largest_under(const int32_t *heights, int32_t *stack, int32_t width, int32_t y, int64_t *best, int32_t *r) {
    int32_t top = 0;
    for (int32_t x = 0; x <= width; x++) {
        while (top > 0 && heights[stack[top - 1]] >= heights[x]) {
            int32_t h = heights[stack[--top]];
            int32_t left = top > 0 ? stack[top - 1] + 1 : 0;
            int64_t area = (int64_t)h * (x - left);
            if (area > *best) {
                *best = area;
                r[0] = left;
                r[1] = y + 1 - h;
                r[2] = x;
                r[3] = y + 1;
            }
        }
        stack[top++] = x;
    }
}

void strata_opaque_rect(const uint32_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t *r) {
    r[0] = r[1] = r[2] = r[3] = 0;
    if (!pixels || width <= 0 || height <= 0 || stride < width) return;
    // Heights: opaque pixels in each column ending at a row (the classic largest rectangle under a
    // histogram, a row at a time), for the row before (`last`) and this one (`next`).
    int32_t *last = calloc((size_t)width + 1, sizeof(int32_t));
    int32_t *next = calloc((size_t)width + 1, sizeof(int32_t));
    int32_t *stack = malloc(((size_t)width + 1) * sizeof(int32_t));
    if (!last || !next || !stack) {
        free(last);
        free(next);
        free(stack);
        return;
    }
    int64_t best = 0;
    int32_t lastTallest = 0;
    // Row `height` is a clear row past the end: it ends every rectangle.
    for (int32_t y = 0; y <= height; y++) {
        int32_t tallest = 0, ends = 0;
        if (y < height) {
            const uint32_t *row = pixels + (int64_t)y * stride;
            for (int32_t x = 0; x < width; x++) {
                int32_t above = last[x];
                int32_t h = (row[x] >> 24) == 255 ? above + 1 : 0;
                next[x] = h;
                tallest = h > tallest ? h : tallest;
                ends |= (above != 0) & (h == 0);
            }
        } else {
            ends = 1;
        }
        // A rectangle ending on row y − 1 is the largest only if this row ends one of its columns
        // (otherwise it grows by this row): rows of a shape's solid middle cost one pass each.
        // Nor can one beat the best when its tallest column across the whole width cannot.
        if (y > 0 && ends && (int64_t)lastTallest * width > best) largest_under(last, stack, width, y - 1, &best, r);
        int32_t *t = last;
        last = next;
        next = t;
        lastTallest = tallest;
    }
    free(last);
    free(next);
    free(stack);
}
