// The compositor's own kernel for putting a layer raster on a target through an affine map:
// bilinear (or nearest) resampling with edge coverage, layer opacity and source-over, in one
// pass, rows split across threads. pixman's general bilinear-affine path is the reference the
// tests compare it with; this one is written for the compositor's case (premultiplied ARGB32,
// pad extend, OVER) and exists because that path is the bottleneck of frames in which layers move.
#ifndef STRATA_RASTER_H
#define STRATA_RASTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One raster composited onto a target surface through an affine map.
typedef struct {
    /// Premultiplied ARGB32 source pixels (native endian), `srcStride` pixels a row.
    const uint32_t *src;
    int32_t srcWidth, srcHeight, srcStride;
    /// The inverse map: a target point (X, Y), in target pixels, comes from the source point
    /// (u/w, v/w), u = ux·X + uy·Y + u0, v = vx·X + vy·Y + v0, w = wx·X + wy·Y + w0 (source pixels;
    /// pixel i spans [i, i + 1]). Affine maps have w = 1; perspective ones must have w > 0 at the
    /// source's corners (the whole layer in front of the eye).
    double ux, uy, u0, vx, vy, v0, wx, wy, w0;
    /// 0: nearest, 1: bilinear (pad extend: samples beyond the edge repeat the edge pixels).
    int32_t filter;
    /// Non-zero: the edges of the source rectangle [0, W] × [0, H] are antialiased by the area
    /// they cover of each target pixel; zero: a pixel is drawn when its centre is inside.
    int32_t antialias;
    /// The opacity the raster is put on with, 0...255.
    int32_t alpha;
    /// The pixels the operation may touch: [x0, x1) × [y0, y1) (it is cut to the target too).
    int32_t x0, y0, x1, y1;
    /// The operation's coordinates are the target's less this whole-pixel offset (so that a
    /// layer's copy made for one place and the layer drawn straight at another place whole pixels
    /// away compute every pixel from the same numbers).
    int32_t frameX, frameY;
    /// Bytes the next operation will read (the next layer's raster), asked for a slice a row while
    /// this one draws, so they come from cache when it starts; null when unknown.
    const void *next;
    int64_t nextBytes;
    /// Source pixels known opaque (alpha 255): [opaqueX0, opaqueX1) × [opaqueY0, opaqueY1), empty
    /// when opaqueX0 ≥ opaqueX1. In a batch, the pixels this operation is sure to overwrite with
    /// opaque ones (affine, alpha 255, wholly inside) are not drawn by the operations before it.
    int32_t opaqueX0, opaqueY0, opaqueX1, opaqueY1;
} strata_composite_op;

/// Premultiplied ARGB32 pixels (native endian) and where they are in the operation's coordinates.
typedef struct {
    uint32_t *pixels;
    int32_t width, height, stride;
    /// The coordinates of pixel (0, 0): an operation's coordinates are the same whichever buffer
    /// it draws into (a layer's copy or the frame), so the same pixels come out.
    int32_t originX, originY;
} strata_target;

/// Composites `op` onto `target`, its rows split among at most `threads` threads (the caller's
/// and a shared worker's). `simd` 0 keeps to the portable code, 1 allows SSSE3, 2 AVX2 as well
/// (what the processor has of them is used; the results are byte-identical either way: the tests
/// check it).
void strata_composite(const strata_composite_op *op, const strata_target *target, int32_t threads, int32_t simd);

/// Composites `count` operations onto `target` in order, with the pixels `strata_composite` one
/// after the other would make: runs of operations that read their rasters row by row (copies,
/// slides) in bands the caller and the worker take in turn, others split in halves. With `cull`,
/// pixels that a later operation of the batch overwrites with opaque ones are skipped (the
/// result is the same). Returns how many pixels were skipped.
int64_t strata_composite_batch(const strata_composite_op *ops, int32_t count, const strata_target *target, int32_t threads, int32_t simd, int32_t cull);

/// The largest rectangle of opaque (alpha 255) pixels of premultiplied ARGB32 `pixels`, as
/// [r[0], r[2]) × [r[1], r[3]); all zero when no pixel is opaque.
void strata_opaque_rect(const uint32_t *pixels, int32_t width, int32_t height, int32_t stride, int32_t *r);

/// Sets the target's pixels in device rectangle [x0, x1) × [y0, y1) (clipped to the target) to
/// `pixel`: an opaque fill or a clear. With two threads, large rectangles are split between the
/// caller and the worker; returns when all rows are written.
void strata_fill(const strata_target *target, int32_t x0, int32_t y0, int32_t x1, int32_t y1, uint32_t pixel, int32_t threads);

/// A gradient over a target's device space, evaluated at pixel centres. Linear (kind 0): the
/// colour table's position is t = a·x + b·y + c. Radial (kind 1, concentric circles): the point
/// q = (m[0]·x + m[1]·y + m[2], m[3]·x + m[4]·y + m[5]) relative to the centre, and
/// t = (|q| − r0) · inverseSpan. t is held to [0, 1] (pad extend).
typedef struct {
    int32_t kind;
    double a, b, c;
    double m[6];
    double r0, inverseSpan;
} strata_gradient;

/// Puts gradient `g` source-over onto `dst` (premultiplied ARGB32, `dstStride` pixels a row; its
/// first pixel is device pixel (x0, y0)), `width` × `height` pixels, each through its byte of
/// coverage in `mask` (A8, `maskStride` bytes a row; null: fully covered). `lut` holds `lutSize`
/// premultiplied colours for t = 0, 1/(lutSize − 1), …, 1 (the nearest is taken). `simd` as for
/// `strata_composite` (2 allows AVX2; the pixels are the same whatever it is).
void strata_gradient_fill(const strata_gradient *g, const uint32_t *lut, int32_t lutSize, uint32_t *dst,
    int32_t dstStride, const uint8_t *mask, int32_t maskStride, int32_t x0, int32_t y0, int32_t width,
    int32_t height, int32_t simd);

/// Fills polygons with a solid colour, antialiased by the exact area each pixel has inside:
/// `count` edges (x0, y0, x1, y1 in device pixels, four doubles each, closed contours in any
/// order) within the device box [x0, x1) × [y0, y1) (cut to the target), non-zero winding or
/// even-odd, premultiplied `pixel` put source-over through each pixel's coverage (pixman's
/// arithmetic). `cells` is scratch of at least (x1 − x0 + 2) × (y1 − y0) floats and `touched`
/// of ((x1 − x0 + 2 + 63) / 64) × (y1 − y0) words (a bit a cell: runs of untouched cells are
/// filled or skipped whole), all zero; both are left all zero.
void strata_scan_fill(const double *edges, int32_t count, const strata_target *target, int32_t x0, int32_t y0,
    int32_t x1, int32_t y1, int32_t evenOdd, uint32_t pixel, float *cells, uint64_t *touched);

/// For tests: of `trials` random sources, coverages and destinations, how many pixels the
/// four-at-a-time blends of the scan converter (x86-64) put differently from its one-at-a-time
/// arithmetic (pixman's); 0 elsewhere.
int64_t strata_scan_blend_mismatches(uint64_t seed, int32_t trials);

/// For tests: over `trials` random runs of four cells after a random running sum, the largest
/// difference (levels of 255) between the coverages the scan converter works out four at a time
/// (a prefix sum, x86-64) and those of adding the cells one at a time; −1 elsewhere.
int32_t strata_scan_running_difference(uint64_t seed, int32_t trials);

/// `strata_scan_fill` with gradient `g` (its colour table `lut` of `lutSize` entries, as for
/// `strata_gradient_fill`) in place of a solid colour: the same coverage, each covered pixel
/// taking the gradient's colour at its centre. `cover` is scratch of at least x1 − x0 bytes.
void strata_scan_gradient(const double *edges, int32_t count, const strata_target *target, int32_t x0, int32_t y0,
    int32_t x1, int32_t y1, int32_t evenOdd, const strata_gradient *g, const uint32_t *lut, int32_t lutSize,
    float *cells, uint64_t *touched, uint8_t *cover, int32_t simd);

/// `strata_scan_fill` of one upright box [left, right) × [top, bottom) (device pixels), the
/// commonest shape there is (rectangles, layer backgrounds): each pixel's coverage is its overlap
/// with the box, full rows and columns filled as runs, within the device box [x0, x1) × [y0, y1)
/// (cut to the target). The same coverage as the polygon path (within float rounding: one level).
void strata_fill_box(const strata_target *target, double left, double top, double right, double bottom, int32_t x0,
    int32_t y0, int32_t x1, int32_t y1, uint32_t pixel);

/// Non-zero when this processor runs the SIMD spans (x86-64 with SSSE3).
int32_t strata_raster_has_simd(void);

/// Blurs 8-bit alpha `pixels` (`stride` bytes a row) in place by a Gaussian of standard
/// deviation `sigma` pixels, approximated by three box blurs across and three down (as the W3C
/// filter-effects specification does, box widths matching σ²; pixels outside count as 0). 1 when done, 0 when refused (bad
/// sizes, sigma not positive or absurd) or out of memory: the pixels are then unchanged.
int32_t strata_box_blur_a8(uint8_t *pixels, int32_t width, int32_t height, int32_t stride, double sigma);

/// The CPUs the calling process's affinity mask allows; 0 when it cannot be read.
int32_t strata_affinity_cpus(void);

/// Pins the calling thread to CPU `cpu` (as `taskset -c` pins a process); 0 on success, -1 if not.
int32_t strata_pin_calling_thread(int32_t cpu);

#ifdef __cplusplus
}
#endif

#endif
