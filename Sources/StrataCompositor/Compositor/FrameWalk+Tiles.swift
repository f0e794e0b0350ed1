import CCairo
import CoreGraphics
import StrataRender

// CATiledLayer content: only the tiles inside the part of the layer that this frame draws are
// asked for (and drawn by the layer when not kept), at the level of detail the layer's scale on
// the target needs, then put through the layer's map like contents.

extension FrameWalk {
    func drawTiles(_ node: Int, _ tiles: TileSource, map: PlaneMap, alpha: Double, context: Context) {
        guard map.isAffine, let inverse = map.inverse else { return }
        let s = states[node]
        let bounds = tiles.bounds.clipped(to: s.bounds)
        guard !bounds.isNull, bounds.width > 0, bounds.height > 0 else { return }
        // The part of the layer inside the region being drawn.
        let clip = context.clip
        let corners = [
            CGPoint(x: clip.minX, y: clip.minY), CGPoint(x: clip.maxX, y: clip.minY),
            CGPoint(x: clip.minX, y: clip.maxY), CGPoint(x: clip.maxX, y: clip.maxY),
        ].compactMap { inverse.apply($0) }
        guard corners.count == 4 else { return }
        let visible = CGRect.bounding(corners).clipped(to: bounds)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return }
        let stretch = map.scale(at: CGPoint(x: visible.midX, y: visible.midY))
        let level = tiles.level(forStretch: stretch.isFinite && stretch > 0 ? stretch : 1)
        let size = tiles.tilePoints(scale: level.scale)
        let origin = tiles.bounds.origin
        let c0 = Int(((visible.minX - origin.x) / size.width).rounded(.down))
        let c1 = Int(((visible.maxX - origin.x) / size.width).rounded(.up))
        let r0 = Int(((visible.minY - origin.y) / size.height).rounded(.down))
        let r1 = Int(((visible.maxY - origin.y) / size.height).rounded(.up))
        guard c1 > c0, r1 > r0 else { return }
        if (c1 - c0) * (r1 - r0) > TileSource.maxTilesPerFrame {
            Diagnostics.warn("CATiledLayer: more than \(TileSource.maxTilesPerFrame) tiles in view; raise levelsOfDetail")
            return
        }
        compositor.save(cr)
        defer { compositor.restore(cr) }
        var m = Self.cairoMatrix(map.affine)
        cairo_set_matrix(cr, &m)
        // Tiles stop at the layer's bounds (a last tile may reach past them).
        cairo_new_path(cr)
        cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
        compositor.clip(cr)
        for row in r0..<r1 {
            for column in c0..<c1 {
                guard let image = tiles.tile(level: level.index, scale: level.scale, column: column, row: row) else {
                    continue
                }
                // Set as the context's source: the surface keeps the tile's pixels alive.
                let surface = CairoSurface.owning(image.pixels)
                defer { cairo_surface_destroy(surface) }
                compositor.save(cr)
                cairo_translate(cr, origin.x + Double(column) * size.width, origin.y + Double(row) * size.height)
                cairo_scale(cr, size.width / Double(image.width), size.height / Double(image.height))
                cairo_set_source_surface(cr, surface, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                cairo_paint_with_alpha(cr, alpha)
                compositor.restore(cr)
            }
        }
    }
}
