import CCairo

/// Draws one cell of a pattern into the context it is given (pattern space).
/// A Swift function type, not `@convention(c)`: see `CGFunctionEvaluateCallback`.
public typealias CGPatternDrawPatternCallback = (UnsafeMutableRawPointer?, CGContext) -> Void
/// Releases `info` when the pattern goes away.
public typealias CGPatternReleaseInfoCallback = (UnsafeMutableRawPointer?) -> Void

/// The callbacks of a `CGPattern`, as Apple's C struct.
public struct CGPatternCallbacks {
    public var version: UInt32
    public var drawPattern: CGPatternDrawPatternCallback?
    public var releaseInfo: CGPatternReleaseInfoCallback?

    public init() {
        self.init(version: 0, drawPattern: nil, releaseInfo: nil)
    }

    public init(version: UInt32, drawPattern: CGPatternDrawPatternCallback?, releaseInfo: CGPatternReleaseInfoCallback?) {
        self.version = version
        self.drawPattern = drawPattern
        self.releaseInfo = releaseInfo
    }
}

/// How a pattern's cells are fitted to device pixels; Strata draws every kind the same way
/// (cells at their exact spacing).
public enum CGPatternTiling: Int32, Sendable {
    case noDistortion = 0
    case constantSpacingMinimalDistortion = 1
    case constantSpacing = 2
}

/// A repeating drawing used to fill or stroke: a cell drawn by a callback in pattern space
/// (`bounds`), repeated every `xStep` × `yStep`, placed by `matrix` in the context's base space.
/// A coloured pattern draws its own colours; an uncoloured one is a stencil painted with the
/// colour given when it is set (`setFillPattern(_:colorComponents:)`).
public final class CGPattern: @unchecked Sendable {
    private let info: UnsafeMutableRawPointer?
    private let callbacks: CGPatternCallbacks
    public let bounds: CGRect
    public let matrix: CGAffineTransform
    public let xStep: CGFloat
    public let yStep: CGFloat
    public let tiling: CGPatternTiling
    public let isColored: Bool

    /// Nil when there is no draw callback, or a step or the bounds are not finite.
    public init?(
        info: UnsafeMutableRawPointer?, bounds: CGRect, matrix: CGAffineTransform, xStep: CGFloat, yStep: CGFloat,
        tiling: CGPatternTiling, isColored: Bool, callbacks: UnsafePointer<CGPatternCallbacks>
    ) {
        guard callbacks.pointee.drawPattern != nil, xStep.isFinite, yStep.isFinite, bounds.origin.x.isFinite,
            bounds.origin.y.isFinite, bounds.width.isFinite, bounds.height.isFinite
        else {
            Diagnostics.warn("CGPatternCreate: needs a draw callback and finite bounds and steps; nil")
            return nil
        }
        self.info = info
        self.callbacks = callbacks.pointee
        self.bounds = bounds
        self.matrix = matrix
        self.xStep = xStep == 0 ? bounds.width : xStep
        self.yStep = yStep == 0 ? bounds.height : yStep
        self.tiling = tiling
        self.isColored = isColored
    }

    deinit {
        callbacks.releaseInfo?(info)
    }

    /// One tile (xStep × yStep of pattern space, one pixel a unit) with the cell drawn in it:
    /// for an uncoloured pattern, its coverage painted with `color`. Nil for an empty tile or
    /// one over 4096 pixels a side.
    func tile(color: RGBA?) -> CGImage? {
        let w = Int(abs(xStep).rounded(.up)), h = Int(abs(yStep).rounded(.up))
        guard w >= 1, h >= 1, w <= 4096, h <= 4096,
            let ctx = CGContext(
                data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        callbacks.drawPattern?(info, ctx)
        guard let cell = ctx.makeImage() else { return nil }
        guard let color = color?.clamped, !(isColored && color.a >= 1) else { return cell }
        let words = cell.pixels.words
        if isColored {
            // A coloured pattern's alpha scales its own colours.
            let out = PixelBuffer(width: w, height: h) { out in
                for i in 0..<(w * h) {
                    var p: UInt32 = 0
                    for shift: UInt32 in [0, 8, 16, 24] {
                        p |= UInt32((Double((words[i] >> shift) & 0xFF) * color.a).rounded()) << shift
                    }
                    out[i] = p
                }
            }
            return CGImage(pixels: out)
        }
        // A stencil: the cell's coverage in the colour.
        let out = PixelBuffer(width: w, height: h) { out in
            for i in 0..<(w * h) {
                let a = Double(words[i] >> 24) / 255 * color.a
                func c(_ v: Double) -> UInt32 { UInt32((v * a * 255).rounded()) }
                out[i] = UInt32((a * 255).rounded()) << 24 | c(color.r) << 16 | c(color.g) << 8 | c(color.b)
            }
        }
        return CGImage(pixels: out)
    }
}

/// A pattern set as a fill or stroke: the pattern and, for an uncoloured one, its colour.
struct PatternPaint {
    var pattern: CGPattern
    var color: RGBA?
}

extension CGContext {
    /// Fills with `pattern`; `components` are its colour (in the fill space's base space, then
    /// alpha) for an uncoloured pattern, or its alpha alone for a coloured one.
    public func setFillPattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        state.fillPattern = PatternPaint(pattern: pattern, color: Self.patternColor(pattern, components, state.fillColorSpace))
    }

    /// Strokes with `pattern` (see `setFillPattern(_:colorComponents:)`).
    public func setStrokePattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        state.strokePattern = PatternPaint(pattern: pattern, color: Self.patternColor(pattern, components, state.strokeColorSpace))
    }

    private static func patternColor(_ pattern: CGPattern, _ components: UnsafePointer<CGFloat>, _ space: CGColorSpace) -> RGBA? {
        guard !pattern.isColored else { return RGBA(r: 1, g: 1, b: 1, a: Double(components[0])) }
        let base = space.patternBase ?? CGColorSpaceCreateDeviceRGB()
        let n = base.numberOfComponents
        return CGColor(space: base, components: Array(UnsafeBufferPointer(start: components, count: n + 1))).sRGBComponents
    }

    /// Sets `paint`'s pattern as cairo's source under the current CTM: the tile repeated, placed
    /// in base space by the pattern's matrix and the pattern phase (not by the CTM, as Core
    /// Graphics places patterns).
    func setPatternSource(_ paint: PatternPaint) -> Bool {
        guard let tile = paint.pattern.tile(color: paint.color) else { return false }
        // The source stays set on the context after this returns (the fill or stroke follows):
        // the surface keeps the tile's pixels, which nothing else holds.
        let surface = CairoSurface.owning(tile.pixels)
        defer { cairo_surface_destroy(surface) }
        guard let source = cairo_pattern_create_for_surface(surface) else { return false }
        defer { cairo_pattern_destroy(source) }
        let p = paint.pattern
        // Tile pixel (u, v), row 0 at the top, is pattern point (u, yStep − v); the pattern's
        // matrix places it in base space, and base space is device space flipped.
        let tileToPattern = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: abs(p.yStep))
        let phase = CGAffineTransform(translationX: state.patternPhase.width, y: state.patternPhase.height)
        let toDevice = tileToPattern.concatenating(p.matrix).concatenating(phase).concatenating(deviceFlip)
        guard toDevice.determinant != 0 else { return false }
        // cairo's pattern matrix maps user space (the CTM's) to the tile.
        let m = userSpaceToDeviceSpaceTransform.concatenating(toDevice.inverted())
        var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
        cairo_pattern_set_matrix(source, &matrix)
        cairo_pattern_set_extend(source, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(source, CAIRO_FILTER_GOOD)
        cairo_set_source(cr, source)
        return true
    }
}
