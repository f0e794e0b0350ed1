import CoreGraphics
import Foundation
import StrataGeometry
import Testing

/// The sixteen fields in row-major order.
func fields(_ t: CATransform3D) -> [Double] {
    [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
     t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
}

/// The largest absolute field difference (infinity when either side has a NaN).
func maxDifference(_ a: CATransform3D, _ b: CATransform3D) -> Double {
    zip(fields(a), fields(b)).map { x, y in
        let d = abs(x - y)
        return d.isNaN ? .infinity : d
    }.max()!
}

/// Expects every field of `a` within `tolerance` of the same field of `b`.
func expectClose(
    _ a: CATransform3D, _ b: CATransform3D, tolerance: Double,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let d = maxDifference(a, b)
    #expect(d <= tolerance, "max field difference \(d)\n\(a)\n\(b)\n\(comment?.description ?? "")",
            sourceLocation: sourceLocation)
}

/// True when all fields have identical bit patterns (so NaN matches NaN).
func identical(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    zip(fields(a), fields(b)).allSatisfy { $0.bitPattern == $1.bitPattern }
}

/// Maps `(x, y, z)` through `t` and divides by w.
func map(_ t: CATransform3D, _ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double, z: Double) {
    let v = t.transform((x, y, z))
    return (v.x / v.w, v.y / v.w, v.z / v.w)
}

/// The textbook triple-loop product `a × b`, independent of the code under test.
func naiveProduct(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let fa = fields(a)
    let fb = fields(b)
    var r = [Double](repeating: 0, count: 16)
    for i in 0..<4 {
        for j in 0..<4 {
            for k in 0..<4 { r[i * 4 + j] += fa[i * 4 + k] * fb[k * 4 + j] }
        }
    }
    return matrix(r)
}

/// A transform from sixteen row-major values.
func matrix(_ v: [Double]) -> CATransform3D {
    precondition(v.count == 16)
    let c = v.map { CGFloat($0) }
    return CATransform3D(
        m11: c[0], m12: c[1], m13: c[2], m14: c[3],
        m21: c[4], m22: c[5], m23: c[6], m24: c[7],
        m31: c[8], m32: c[9], m33: c[10], m34: c[11],
        m41: c[12], m42: c[13], m43: c[14], m44: c[15])
}

/// The identity with `m34 = −1/d`: the usual perspective for an eye `d` points from the plane.
func perspective(_ d: Double) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m34 = CGFloat(-1 / d)
    return t
}

/// `ts[0]` applied first, then `ts[1]`, …
func chain(_ ts: CATransform3D...) -> CATransform3D {
    ts.dropFirst().reduce(ts[0]) { CATransform3DConcat($0, $1) }
}

/// A table of decomposable transforms covering every component, with names for messages.
let decomposableSamples: [(name: String, t: CATransform3D)] = [
    ("identity", CATransform3DIdentity),
    ("translation", CATransform3DMakeTranslation(10, -20, 30)),
    ("non-uniform scale", CATransform3DMakeScale(2, 3, 4)),
    ("reflection in x", CATransform3DMakeScale(-1, 1, 1)),
    ("reflection in x and y", CATransform3DMakeScale(-2, -3, 1)),
    ("rotation z 0.8", CATransform3DMakeRotation(0.8, 0, 0, 1)),
    ("rotation z π", CATransform3DMakeRotation(.pi, 0, 0, 1)),
    ("rotation y −2.5", CATransform3DMakeRotation(-2.5, 0, 1, 0)),
    ("rotation about (1,2,3)", CATransform3DMakeRotation(0.7, 1, 2, 3)),
    ("half turn about (1,−1,0)", CATransform3DMakeRotation(.pi, 1, -1, 0)),
    ("half turn about (−2,1,3)", CATransform3DMakeRotation(.pi, -2, 1, 3)),
    ("perspective m34 = −1/500", perspective(500)),
    ("rotation y then perspective",
     chain(CATransform3DMakeRotation(0.6, 0, 1, 0), CATransform3DMakeTranslation(5, 6, 7), perspective(500))),
    ("shear", CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))),
    ("affine", CATransform3DMakeAffineTransform(CGAffineTransform(a: 2, b: 0.5, c: -0.3, d: 1.2, tx: 7, ty: -9))),
    ("reflected rotation", chain(CATransform3DMakeScale(1, -1, 1), CATransform3DMakeRotation(0.4, 0, 0, 1))),
    ("everything", {
        var p = perspective(500)
        p.m14 = 0.001
        p.m24 = -0.0005
        return chain(
            CATransform3DMakeScale(1.5, 0.5, 2),
            matrix([1, 0, 0, 0, 0.3, 1, 0, 0, -0.2, 0.4, 1, 0, 0, 0, 0, 1]),  // skew
            CATransform3DMakeRotation(1.1, -1, 0.3, 0.8),
            CATransform3DMakeTranslation(3, -4, 5),
            p)
    }()),
]

/// A deterministic pseudo-random generator (SplitMix64), so property tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `count` random decomposable transforms: scale (either sign, 0.2…3) × skew × rotation about a
/// random axis × translation × perspective.
func randomTransforms(count: Int, seed: UInt64) -> [CATransform3D] {
    var g = SeededGenerator(seed: seed)
    func r(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(Double.random(in: range, using: &g)) }
    func signed(_ range: ClosedRange<Double>) -> CGFloat { Bool.random(using: &g) ? r(range) : -r(range) }
    return (0..<count).map { _ in
        var p = CATransform3DIdentity
        p.m14 = r(-0.002...0.002)
        p.m24 = r(-0.002...0.002)
        p.m34 = r(-0.004...0)
        var skew = CATransform3DIdentity
        skew.m21 = r(-0.5...0.5)
        skew.m31 = r(-0.5...0.5)
        skew.m32 = r(-0.5...0.5)
        return chain(
            CATransform3DMakeScale(signed(0.2...3), signed(0.2...3), signed(0.2...3)),
            skew,
            CATransform3DMakeRotation(r(-.pi ... .pi), r(-1...1), r(-1...1), r(-1...1)),
            CATransform3DMakeTranslation(r(-200...200), r(-200...200), r(-100...100)),
            p)
    }
}
