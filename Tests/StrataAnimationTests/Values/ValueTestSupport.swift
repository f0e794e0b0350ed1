import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

// Helpers shared by the StrataAnimation tests.

/// A 1×1 opaque image with the given red byte (distinct images for identity tests).
func makeTestImage(red: UInt8 = 255) -> CGImage {
    CGImage(
        width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
        provider: CGDataProvider(data: Data([red, 0, 0, 255]))!, decode: nil, shouldInterpolate: false,
        intent: .defaultIntent)!
}

/// The components of a vector-like value as a flat array (numbers, points, sizes, rects as x y w h,
/// colours as r g b a, 3-vectors, arrays, path points), or nil for other kinds.
func components(_ v: AnimatableValue) -> [Double]? {
    switch v {
    case .scalar(let a): [a]
    case .point(let p): [p.x, p.y]
    case .size(let s): [s.width, s.height]
    case .rect(let r): [r.origin.x, r.origin.y, r.size.width, r.size.height]
    case .color(let c): [c.r, c.g, c.b, c.a]
    case .vector3(let v): [v.x, v.y, v.z]
    case .scalars(let a): a
    case .colors(let a): a.flatMap { [$0.r, $0.g, $0.b, $0.a] }
    case .path(let p): p.points.flatMap { [$0.x, $0.y] }
    case .transform(let t): transformFields(t)
    case .image, .bool, .none: nil
    }
}

/// The sixteen fields of a transform, row-major.
func transformFields(_ t: CATransform3D) -> [Double] {
    [
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
        t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
    ].map { Double($0) }
}

/// Largest absolute component difference; infinity when the values do not pair up.
func maxDifference(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
    guard a.kind == b.kind, let x = components(a), let y = components(b), x.count == y.count else {
        return a == b ? 0 : .infinity
    }
    return zip(x, y).map { abs($0 - $1) }.max() ?? 0
}

/// Expects `a` and `b` to have the same kind and every component within `tolerance`.
func expectClose(
    _ a: AnimatableValue, _ b: AnimatableValue, tolerance: Double = 1e-12,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let d = maxDifference(a, b)
    #expect(
        d <= tolerance, "difference \(d) between \(a) and \(b) \(comment?.description ?? "")",
        sourceLocation: sourceLocation)
}

/// The scalar payload, or NaN.
func scalar(_ v: AnimatableValue) -> Double {
    if case .scalar(let x) = v { return x }
    return .nan
}

/// The point payload, or (NaN, NaN).
func point(_ v: AnimatableValue) -> CGPoint {
    if case .point(let p) = v { return p }
    return CGPoint(x: Double.nan, y: .nan)
}

/// The rotation angle about z of an (affine) transform value: atan2(m12, m11), or NaN.
func zAngle(_ v: AnimatableValue) -> Double {
    if case .transform(let t) = v { return atan2(Double(t.m12), Double(t.m11)) }
    return .nan
}

/// A path storage from a builder closure on CGMutablePath.
func makePath(_ build: (CGMutablePath) -> Void) -> PathStorage {
    let p = CGMutablePath()
    build(p)
    return p.storage
}
