import CoreGraphics
import Foundation

/// The tiles of a `CATiledLayer`'s content: drawn on demand, one tile at a time, by the layer's
/// own drawing (a closure the layer gives), and kept until the content changes (a new source is
/// made then). Thread-safe: frames drawn on several threads may ask for tiles at once.
///
/// Levels of detail: level scale 2^(bias − i) pixels a point for i in 0..<levels. A tile is
/// `tileSize` pixels, so at scale s it covers tileSize / s points of the layer.
package final class TileSource: @unchecked Sendable {
    /// Tile size in pixels.
    package let tileSize: CGSize
    package let levelsOfDetail: Int
    package let levelsOfDetailBias: Int
    /// The layer's bounds: tiles cover them, from their origin.
    package let bounds: CGRect
    /// Draws the content of `rect` (layer points) at `scale` pixels a point into an image of
    /// the tile's pixel size.
    private let draw: @Sendable (_ rect: CGRect, _ scale: Double) -> CGImage?
    private let lock = NSLock()
    private var cache: [Key: CGImage] = [:]
    /// Kept tiles, oldest first: past `maxKeptTiles` the oldest are dropped (drawn again when
    /// shown again), so panning across huge content does not keep every tile it passed.
    private var order: [Key] = []

    /// How many tiles a layer keeps (512 tiles of 256 × 256 pixels: 128 MiB).
    package static let maxKeptTiles = 512

    struct Key: Hashable {
        var level: Int
        var column: Int
        var row: Int
    }

    /// The most tiles one frame draws for one layer (a huge layer zoomed far out must not ask for
    /// millions); tiles past it are left out, with a warning.
    package static let maxTilesPerFrame = 4096

    package init(
        tileSize: CGSize, levelsOfDetail: Int, levelsOfDetailBias: Int, bounds: CGRect,
        draw: @escaping @Sendable (CGRect, Double) -> CGImage?
    ) {
        self.tileSize = CGSize(width: max(16, tileSize.width), height: max(16, tileSize.height))
        self.levelsOfDetail = max(1, levelsOfDetail)
        self.levelsOfDetailBias = max(0, levelsOfDetailBias)
        self.bounds = bounds
        self.draw = draw
    }

    /// The level (index) and its scale for content shown at `stretch` pixels a point: the
    /// coarsest level at least that fine, else the finest there is.
    package func level(forStretch stretch: Double) -> (index: Int, scale: Double) {
        var chosen = (index: 0, scale: Self.scale(ofLevel: 0, bias: levelsOfDetailBias))
        for i in 0..<levelsOfDetail {
            let s = Self.scale(ofLevel: i, bias: levelsOfDetailBias)
            if s + 1e-9 >= stretch { chosen = (i, s) } else { break }
        }
        return chosen
    }

    private static func scale(ofLevel i: Int, bias: Int) -> Double { pow(2, Double(bias - i)) }

    /// The size of one tile in layer points at `scale`.
    package func tilePoints(scale: Double) -> CGSize {
        CGSize(width: tileSize.width / scale, height: tileSize.height / scale)
    }

    /// The tile at (`column`, `row`) of level `level` (scale `scale`), drawn now if it is not kept.
    package func tile(level: Int, scale: Double, column: Int, row: Int) -> CGImage? {
        let key = Key(level: level, column: column, row: row)
        if let image = lock.withLock({ cache[key] }) { return image }
        let size = tilePoints(scale: scale)
        let rect = CGRect(
            x: bounds.minX + CGFloat(column) * size.width, y: bounds.minY + CGFloat(row) * size.height,
            width: size.width, height: size.height)
        guard let image = draw(rect, scale) else { return nil }
        lock.withLock {
            if cache.updateValue(image, forKey: key) == nil { order.append(key) }
            if order.count > Self.maxKeptTiles {
                let dropped = order.prefix(order.count - Self.maxKeptTiles)
                for old in dropped { cache[old] = nil }
                order.removeFirst(dropped.count)
            }
        }
        return image
    }
}
