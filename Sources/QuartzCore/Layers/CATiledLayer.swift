import StrataRender

/// A layer whose content is drawn in tiles, on demand, as frames show them: for content far
/// larger than what is on screen (maps, documents), zoomed through levels of detail.
///
/// Subclasses (or the delegate) draw in `draw(in:)`, as on Apple: each call draws one tile, with
/// the context clipped to it (`boundingBoxOfClipPath` is the tile's rectangle in the layer's
/// coordinates) and scaled to the tile's level of detail. Calls come from the thread drawing the
/// frame, as Apple's come from background threads: drawing must not rely on the main thread.
/// Tiles are kept until the content changes (`setNeedsDisplay()`, a new bounds, tile size or
/// level count). Strata draws missing tiles before showing the frame, so they appear at once:
/// `fadeDuration()` is kept for source compatibility, and nothing fades.
open class CATiledLayer: CALayer {
    /// Seconds Apple fades new tiles in over (0.25); see the class's documentation.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// How many levels of detail are kept, each half the resolution of the one before (1).
    open var levelsOfDetail: Int {
        get { read(\.levelsOfDetail) }
        set { setTiling(\.levelsOfDetail, max(1, newValue)) }
    }

    /// How many of the levels are magnified: the finest level draws at 2^bias pixels a point (0).
    open var levelsOfDetailBias: Int {
        get { read(\.levelsOfDetailBias) }
        set { setTiling(\.levelsOfDetailBias, max(0, newValue)) }
    }

    /// The size of a tile, in pixels (256 × 256).
    open var tileSize: CGSize {
        get { read(\.tileSize) }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite, newValue.width >= 1, newValue.height >= 1 else {
                Diagnostics.warn("CATiledLayer.tileSize: \(newValue) is not a positive size; ignored")
                return
            }
            setTiling(\.tileSize, newValue)
        }
    }

    public override init() {
        super.init()
        withLock { state.needsDisplayOnBoundsChange = true }
        retile()
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        withLock { state.needsDisplayOnBoundsChange = true }
        retile()
    }

    override package class var archivedProperties: [ArchivedProperty] {
        super.archivedProperties + [
            ArchivedProperty("tileSize", \CATiledLayer.tileSize),
            ArchivedProperty("levelsOfDetail", \CATiledLayer.levelsOfDetail),
            ArchivedProperty("levelsOfDetailBias", \CATiledLayer.levelsOfDetailBias),
        ]
    }

    /// Drops every tile; they are drawn again as frames show them.
    open override func display() {
        retile()
    }

    private func setTiling<T: Equatable>(_ path: WritableKeyPath<LayerState, T>, _ value: T) {
        let changed = withLock {
            guard state[keyPath: path] != value else { return false }
            state[keyPath: path] = value
            return true
        }
        if changed { setNeedsDisplay() }
    }

    /// Replaces the tile source: the render side draws tiles from the new one.
    private func retile() {
        let box = WeakLayer(self)
        withLock {
            let source = TileSource(
                tileSize: state.tileSize, levelsOfDetail: state.levelsOfDetail,
                levelsOfDetailBias: state.levelsOfDetailBias, bounds: state.visual.bounds.standardized
            ) { rect, scale in
                (box.layer as? CATiledLayer)?.drawTile(rect, scale: scale)
            }
            state.visual.tiles = source
            joinTransaction()
        }
    }

    /// One tile: `rect` (layer points) drawn by `draw(in:)` at `scale` pixels a point, in a
    /// context oriented as `display()`'s.
    fileprivate func drawTile(_ rect: CGRect, scale: Double) -> CGImage? {
        let w = Int((rect.width * scale).rounded(.up)), h = Int((rect.height * scale).rounded(.up))
        guard w >= 1, h >= 1, w <= 8192, h <= 8192,
            let ctx = CGContext(
                data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        if contentsAreFlipped() {
            ctx.scaleBy(x: scale, y: scale)
        } else {
            ctx.translateBy(x: 0, y: CGFloat(h))
            ctx.scaleBy(x: scale, y: -scale)
        }
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        ctx.clip(to: rect)
        draw(in: ctx)
        return ctx.makeImage()
    }
}

/// Holds a layer weakly for a tile source's drawing closure, which any thread may call.
private final class WeakLayer: @unchecked Sendable {
    weak var layer: CALayer?

    init(_ layer: CALayer) {
        self.layer = layer
    }
}
