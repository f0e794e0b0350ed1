// The opaque part of a raster: the largest rectangle whose pixels all have alpha 255. A batch
// skips the pixels an operation hides with such a part (a layer's background inside its rounded
// corners and border, an opaque image), so it is worked out once a raster, when first asked for.
#include "kernel.h"

#include <stdlib.h>

void strata_opaque_rect(const uint32_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t *r) {
    r[0] = r[1] = r[2] = r[3] = 0;
    if (!pixels || width <= 0 || height <= 0 || stride < width) return;
    // heights[x]: opaque pixels in column x ending at the current row; the stack holds columns of
    // increasing height (the classic largest rectangle under a histogram, a row at a time).
    int32_t *heights = calloc((size_t)width + 1, sizeof(int32_t));
    int32_t *stack = malloc(((size_t)width + 1) * sizeof(int32_t));
    if (!heights || !stack) {
        free(heights);
        free(stack);
        return;
    }
    int64_t best = 0;
    for (int32_t y = 0; y < height; y++) {
        const uint32_t *row = pixels + (int64_t)y * stride;
        int32_t tallest = 0;
        for (int32_t x = 0; x < width; x++) {
            int32_t h = (row[x] >> 24) == 255 ? heights[x] + 1 : 0;
            heights[x] = h;
            tallest = h > tallest ? h : tallest;
        }
        // No rectangle ending on this row can be larger than the tallest column across the whole
        // width: rows of a mostly clear raster (a shape's) cost one pass, not the stack's.
        if ((int64_t)tallest * width <= best) continue;
        int32_t top = 0;
        // Column `width` has height 0 (calloc'd, never set): it empties the stack.
        for (int32_t x = 0; x <= width; x++) {
            while (top > 0 && heights[stack[top - 1]] >= heights[x]) {
                int32_t h = heights[stack[--top]];
                int32_t left = top > 0 ? stack[top - 1] + 1 : 0;
                int64_t area = (int64_t)h * (x - left);
                if (area > best) {
                    best = area;
                    r[0] = left;
                    r[1] = y + 1 - h;
                    r[2] = x;
                    r[3] = y + 1;
                }
            }
            stack[top++] = x;
        }
    }
    free(heights);
    free(stack);
}
