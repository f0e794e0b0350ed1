// Strata's C interface to Clipper 6 (see strata_clipper.h).
#include "strata_clipper.h"

#include <polyclipping/clipper.hpp>

#include <cmath>
#include <vector>

using namespace ClipperLib;

namespace {

Paths makePaths(const double *xy, const long *counts, long pathCount, double scale) {
    Paths paths;
    paths.reserve(pathCount > 0 ? pathCount : 0);
    long offset = 0;
    for (long p = 0; p < pathCount; p++) {
        Path path;
        path.reserve(counts[p]);
        for (long i = 0; i < counts[p]; i++) {
            double x = xy[2 * (offset + i)] * scale, y = xy[2 * (offset + i) + 1] * scale;
            path.push_back(IntPoint((cInt)std::llround(x), (cInt)std::llround(y)));
        }
        offset += counts[p];
        paths.push_back(path);
    }
    return paths;
}

void emitPath(const Path &path, int closed, long component, double scale, strata_clip_emit emit, void *context) {
    std::vector<double> xy;
    xy.reserve(path.size() * 2);
    for (const IntPoint &p : path) {
        xy.push_back((double)p.X / scale);
        xy.push_back((double)p.Y / scale);
    }
    emit(context, xy.data(), (long)path.size(), closed, component);
}

/// Emits an outer ring and its holes as one component, then the islands inside those holes.
void emitOuter(const PolyNode *outer, long &components, double scale, strata_clip_emit emit, void *context) {
    long component = components++;
    emitPath(outer->Contour, 1, component, scale, emit, context);
    for (const PolyNode *hole : outer->Childs) {
        emitPath(hole->Contour, 1, component, scale, emit, context);
    }
    for (const PolyNode *hole : outer->Childs) {
        for (const PolyNode *island : hole->Childs) emitOuter(island, components, scale, emit, context);
    }
}

PolyFillType fillType(int fill) { return fill == STRATA_FILL_EVEN_ODD ? pftEvenOdd : pftNonZero; }

}  // namespace

extern "C" int strata_clip(int operation, int subject_open,
                           const double *subject_xy, const long *subject_counts, long subject_paths, int subject_fill,
                           const double *clip_xy, const long *clip_counts, long clip_paths, int clip_fill,
                           double scale, strata_clip_emit emit, void *context) {
    try {
        Clipper clipper;
        Paths subject = makePaths(subject_xy, subject_counts, subject_paths, scale);
        Paths clip = makePaths(clip_xy, clip_counts, clip_paths, scale);
        clipper.AddPaths(subject, ptSubject, subject_open == 0);
        if (!clip.empty()) clipper.AddPaths(clip, ptClip, true);
        ClipType type = operation == STRATA_CLIP_UNION ? ctUnion
            : operation == STRATA_CLIP_DIFFERENCE ? ctDifference
            : operation == STRATA_CLIP_XOR ? ctXor : ctIntersection;
        PolyTree tree;
        if (!clipper.Execute(type, tree, fillType(subject_fill), fillType(clip_fill))) return -1;
        long components = 0;
        for (const PolyNode *node : tree.Childs) {
            if (node->IsOpen()) continue;
            emitOuter(node, components, scale, emit, context);
        }
        Paths open;
        OpenPathsFromPolyTree(tree, open);
        for (const Path &path : open) emitPath(path, 0, -1, scale, emit, context);
        return 0;
    } catch (...) {
        return -1;
    }
}
