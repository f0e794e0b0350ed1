#ifndef STRATA_CLIPPER_H
#define STRATA_CLIPPER_H

// A C interface to Clipper 6 (Debian's libpolyclipping), the polygon clipping library behind
// Strata's CGPath boolean operations. Paths are flat x,y arrays with a count per path.

#ifdef __cplusplus
extern "C" {
#endif

enum strata_clip_operation {
    STRATA_CLIP_INTERSECTION = 0,
    STRATA_CLIP_UNION = 1,
    STRATA_CLIP_DIFFERENCE = 2,
    STRATA_CLIP_XOR = 3,
};

enum strata_clip_fill {
    STRATA_FILL_EVEN_ODD = 0,
    STRATA_FILL_NON_ZERO = 1,
};

/// Receives one result path: `count` points as x,y pairs; `closed` 1 for a polygon ring, 0 for an
/// open polyline; `component` the index of the outer ring a polygon ring belongs to (its holes
/// share it; an island inside a hole starts a new one), -1 for open polylines.
typedef void (*strata_clip_emit)(void *context, const double *xy, long count, int closed, long component);

/// Runs `operation` with the subject paths (polygons, or open polylines when `subject_open`) and
/// the clip polygons, each filled by its own rule. Coordinates are multiplied by `scale` and
/// rounded to integers for Clipper, and divided back in the results. Returns 0, or -1 when
/// Clipper refused the input (coordinates out of its range).
int strata_clip(int operation, int subject_open,
                const double *subject_xy, const long *subject_counts, long subject_paths, int subject_fill,
                const double *clip_xy, const long *clip_counts, long clip_paths, int clip_fill,
                double scale, strata_clip_emit emit, void *context);

#ifdef __cplusplus
}
#endif

#endif
