import QuartzCore
import StrataRender
import Testing

/// The clock origins every timing-dependent test of this folder runs at: 0, a clock that has run
/// for days (≈ 10⁶ s, as a live `CACurrentMediaTime()`), and one with a fraction. Apps never start
/// at 0; bugs that freeze animations in a live window hide at 0.
let clockOrigins: [Double] = [0, 1_000_000, 12_345.678]

/// Runs `body` on a manual clock set to `origin` (seconds).
func onClock<R>(at origin: Double, _ body: (MediaClock.Manual) throws -> R) rethrows -> R {
    let clock = MediaClock.Manual(time: origin)
    return try MediaClock.withClock(clock) { try body(clock) }
}

/// A layer committed once with a 100×100 frame at the origin, opacity 1.
func liveLayer(_ make: () -> CALayer = { CALayer() }) -> CALayer {
    let layer = make()
    CATransaction.begin()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    CATransaction.commit()
    return layer
}

/// Adds `animation` under `key` in its own transaction (committed at the clock's time).
func attach(_ animation: CAAnimation, to layer: CALayer, forKey key: String = "a") {
    CATransaction.begin()
    layer.add(animation, forKey: key)
    CATransaction.commit()
}

/// The layer as shown at media time `t` by both evaluation paths: its presentation copy, and its
/// node of the committed render snapshot evaluated at `t` (what `CARenderer` draws).
struct Shown {
    let copy: CALayer
    let state: RenderLayerState
}

func shown(_ layer: CALayer, at t: Double) throws -> Shown {
    let copy = try #require(layer.presentation(at: t))
    let (snapshot, index) = try #require(layer.committedSnapshot)
    let states = RenderEvaluator.presentation(of: snapshot, at: t)
    return Shown(copy: copy, state: states[index])
}

/// The presented opacity at `t`, checked to agree between both evaluation paths (within 1e-6).
func shownOpacity(_ layer: CALayer, at t: Double) throws -> Double {
    let s = try shown(layer, at: t)
    #expect(abs(Double(s.copy.opacity) - Double(s.state.opacity)) < 1e-6, "presentation copy and snapshot agree")
    return Double(s.copy.opacity)
}

/// The presented transform at `t`, checked to agree between both evaluation paths (within 1e-9 a field).
func shownTransform(_ layer: CALayer, at t: Double) throws -> CATransform3D {
    let s = try shown(layer, at: t)
    #expect(maxDifference(s.copy.transform, s.state.transform) < 1e-9, "presentation copy and snapshot agree")
    return s.copy.transform
}

/// The largest difference between two transforms' fields.
func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> Double {
    let pairs: [(CGFloat, CGFloat)] = [
        (a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14), (a.m21, b.m21), (a.m22, b.m22),
        (a.m23, b.m23), (a.m24, b.m24), (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
        (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44),
    ]
    return pairs.map { Double(abs($0 - $1)) }.max() ?? 0
}

/// Expects the presented opacity at `t` to be `expected` within 1e-6, on both evaluation paths.
func expectOpacity(
    _ layer: CALayer, at t: Double, _ expected: Double, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let value = try shownOpacity(layer, at: t)
    #expect(abs(value - expected) < 1e-6, comment, sourceLocation: sourceLocation)
}
