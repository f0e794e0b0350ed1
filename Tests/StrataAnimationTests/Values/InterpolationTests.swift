import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

/// One interpolation case: endpoints and the expected values at 0, 0.5, 1 and the overshoot 1.2.
struct InterpolationCase: CustomTestStringConvertible, Sendable {
    let name: String
    let from: AnimatableValue
    let to: AnimatableValue
    let at0: AnimatableValue
    let atHalf: AnimatableValue
    let at1: AnimatableValue
    let at1_2: AnimatableValue
    var testDescription: String { name }
}

private let red = RGBA(r: 1, g: 0, b: 0, a: 1)
private let blueHalf = RGBA(r: 0, g: 0, b: 1, a: 0.5)
private let imageA = makeTestImage(red: 10)
private let imageB = makeTestImage(red: 20)
private let triangle = makePath {
    $0.move(to: CGPoint(x: 0, y: 0))
    $0.addLine(to: CGPoint(x: 10, y: 0))
    $0.addLine(to: CGPoint(x: 0, y: 10))
}
private let triangle2 = makePath {
    $0.move(to: CGPoint(x: 10, y: 20))
    $0.addLine(to: CGPoint(x: 30, y: 20))
    $0.addLine(to: CGPoint(x: 10, y: 40))
}

private let cases: [InterpolationCase] = [
    .init(
        name: "scalar", from: .scalar(10), to: .scalar(20),
        at0: .scalar(10), atHalf: .scalar(15), at1: .scalar(20), at1_2: .scalar(22)),
    .init(
        name: "point", from: .point(CGPoint(x: 0, y: 10)), to: .point(CGPoint(x: 100, y: -10)),
        at0: .point(CGPoint(x: 0, y: 10)), atHalf: .point(CGPoint(x: 50, y: 0)),
        at1: .point(CGPoint(x: 100, y: -10)), at1_2: .point(CGPoint(x: 120, y: -14))),
    .init(
        name: "size", from: .size(CGSize(width: 10, height: 20)), to: .size(CGSize(width: 20, height: 0)),
        at0: .size(CGSize(width: 10, height: 20)), atHalf: .size(CGSize(width: 15, height: 10)),
        at1: .size(CGSize(width: 20, height: 0)), at1_2: .size(CGSize(width: 22, height: -4))),
    .init(
        name: "rect", from: .rect(CGRect(x: 0, y: 0, width: 10, height: 10)),
        to: .rect(CGRect(x: 10, y: 20, width: 30, height: 50)),
        at0: .rect(CGRect(x: 0, y: 0, width: 10, height: 10)),
        atHalf: .rect(CGRect(x: 5, y: 10, width: 20, height: 30)),
        at1: .rect(CGRect(x: 10, y: 20, width: 30, height: 50)),
        at1_2: .rect(CGRect(x: 12, y: 24, width: 34, height: 58))),
    // Colours: straight sRGB, component-wise, alpha included, overshoot not clamped.
    .init(
        name: "color", from: .color(red), to: .color(blueHalf),
        at0: .color(red), atHalf: .color(RGBA(r: 0.5, g: 0, b: 0.5, a: 0.75)),
        at1: .color(blueHalf), at1_2: .color(RGBA(r: -0.2, g: 0, b: 1.2, a: 0.4))),
    .init(
        name: "vector3", from: .vector3(SIMD3(0, 1, 2)), to: .vector3(SIMD3(10, 11, 12)),
        at0: .vector3(SIMD3(0, 1, 2)), atHalf: .vector3(SIMD3(5, 6, 7)),
        at1: .vector3(SIMD3(10, 11, 12)), at1_2: .vector3(SIMD3(12, 13, 14))),
    .init(
        name: "scalars (equal counts)", from: .scalars([0, 0.5]), to: .scalars([0.5, 1]),
        at0: .scalars([0, 0.5]), atHalf: .scalars([0.25, 0.75]), at1: .scalars([0.5, 1]),
        at1_2: .scalars([0.6, 1.1])),
    .init(
        name: "scalars (different counts switch at 0.5)", from: .scalars([0, 1]), to: .scalars([0, 0.5, 1]),
        at0: .scalars([0, 1]), atHalf: .scalars([0, 0.5, 1]), at1: .scalars([0, 0.5, 1]),
        at1_2: .scalars([0, 0.5, 1])),
    .init(
        name: "colors (equal counts)", from: .colors([red, red]), to: .colors([blueHalf, red]),
        at0: .colors([red, red]), atHalf: .colors([RGBA(r: 0.5, g: 0, b: 0.5, a: 0.75), red]),
        at1: .colors([blueHalf, red]), at1_2: .colors([RGBA(r: -0.2, g: 0, b: 1.2, a: 0.4), red])),
    .init(
        name: "colors (different counts switch)", from: .colors([red]), to: .colors([red, blueHalf]),
        at0: .colors([red]), atHalf: .colors([red, blueHalf]), at1: .colors([red, blueHalf]),
        at1_2: .colors([red, blueHalf])),
    .init(
        name: "path (same structure)", from: .path(triangle), to: .path(triangle2),
        at0: .path(triangle),
        atHalf: .path(
            makePath {
                $0.move(to: CGPoint(x: 5, y: 10))
                $0.addLine(to: CGPoint(x: 20, y: 10))
                $0.addLine(to: CGPoint(x: 5, y: 25))
            }),
        at1: .path(triangle2),
        at1_2: .path(
            makePath {
                $0.move(to: CGPoint(x: 12, y: 24))
                $0.addLine(to: CGPoint(x: 34, y: 24))
                $0.addLine(to: CGPoint(x: 12, y: 46))
            })),
    .init(
        name: "bool switches at 0.5", from: .bool(false), to: .bool(true),
        at0: .bool(false), atHalf: .bool(true), at1: .bool(true), at1_2: .bool(true)),
    .init(
        name: "image switches at 0.5", from: .image(imageA), to: .image(imageB),
        at0: .image(imageA), atHalf: .image(imageB), at1: .image(imageB), at1_2: .image(imageB)),
    .init(
        name: "none to image switches at 0.5", from: .none, to: .image(imageB),
        at0: .none, atHalf: .image(imageB), at1: .image(imageB), at1_2: .image(imageB)),
    .init(
        name: "different kinds switch at 0.5", from: .scalar(1), to: .point(.zero),
        at0: .scalar(1), atHalf: .point(.zero), at1: .point(.zero), at1_2: .point(.zero)),
    .init(
        name: "translation transform", from: .transform(CATransform3DIdentity),
        to: .transform(CATransform3DMakeTranslation(10, 20, 30)),
        at0: .transform(CATransform3DIdentity), atHalf: .transform(CATransform3DMakeTranslation(5, 10, 15)),
        at1: .transform(CATransform3DMakeTranslation(10, 20, 30)),
        at1_2: .transform(CATransform3DMakeTranslation(12, 24, 36))),
    .init(
        name: "scale transform", from: .transform(CATransform3DIdentity),
        to: .transform(CATransform3DMakeScale(2, 3, 1)),
        at0: .transform(CATransform3DIdentity), atHalf: .transform(CATransform3DMakeScale(1.5, 2, 1)),
        at1: .transform(CATransform3DMakeScale(2, 3, 1)), at1_2: .transform(CATransform3DMakeScale(2.2, 3.4, 1))),
]

@Suite("AnimatableValue.interpolate")
struct InterpolationTests {
    // Tolerance 1e-12: every expected value is exact in binary except the 1.2 products (a few ulps).
    @Test(arguments: cases)
    func interpolatesEveryKind(_ c: InterpolationCase) {
        expectClose(AnimatableValue.interpolate(from: c.from, to: c.to, progress: 0), c.at0, tolerance: 1e-12)
        expectClose(AnimatableValue.interpolate(from: c.from, to: c.to, progress: 0.5), c.atHalf, tolerance: 1e-12)
        expectClose(AnimatableValue.interpolate(from: c.from, to: c.to, progress: 1), c.at1, tolerance: 1e-12)
        expectClose(AnimatableValue.interpolate(from: c.from, to: c.to, progress: 1.2), c.at1_2, tolerance: 1e-12)
    }

    @Test func discreteSwitchIsExactlyAtHalf() {
        let below = AnimatableValue.interpolate(from: .bool(false), to: .bool(true), progress: 0.5.nextDown)
        #expect(below == .bool(false))
        #expect(AnimatableValue.interpolate(from: .bool(false), to: .bool(true), progress: -0.3) == .bool(false))
        // NaN progress reads as the start.
        #expect(AnimatableValue.interpolate(from: .bool(false), to: .bool(true), progress: .nan) == .bool(false))
    }

    @Test func endpointsAreReturnedUnchanged() {
        // a + (b − a)·1 can differ from b by an ulp; progress exactly 1 must give b itself.
        let a = AnimatableValue.scalar(0.1)
        let b = AnimatableValue.scalar(0.7)
        #expect(AnimatableValue.interpolate(from: a, to: b, progress: 1) == b)
        #expect(AnimatableValue.interpolate(from: a, to: b, progress: 0) == a)
    }

    @Test func pathsWithDifferentStructureSwitchAtHalf() {
        let curve = makePath {
            $0.move(to: .zero)
            $0.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 5))
            $0.addLine(to: CGPoint(x: 0, y: 10))
        }
        // Same point count (4 vs 3 is different anyway) but different element types: discrete.
        #expect(AnimatableValue.interpolate(from: .path(triangle), to: .path(curve), progress: 0.49) == .path(triangle))
        #expect(AnimatableValue.interpolate(from: .path(triangle), to: .path(curve), progress: 0.5) == .path(curve))
        // Same types but a closing element on one side only: discrete too.
        let closed = makePath {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 10, y: 0))
            $0.addLine(to: CGPoint(x: 0, y: 10))
            $0.closeSubpath()
        }
        #expect(
            AnimatableValue.interpolate(from: .path(triangle), to: .path(closed), progress: 0.25) == .path(triangle))
    }

    @Test func transformFullTurnShowsNoMotion() {
        // identity → rotation(2π): the quaternions are equal, so every frame is the identity
        // (within 1e-12: MakeRotation(2π) carries sin(2π) ≈ −2.4e-16).
        let full = AnimatableValue.transform(CATransform3DMakeRotation(2 * .pi, 0, 0, 1))
        for p in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let v = AnimatableValue.interpolate(from: .transform(CATransform3DIdentity), to: full, progress: p)
            expectClose(v, .transform(CATransform3DIdentity), tolerance: 1e-12, "at \(p)")
        }
    }

    @Test func transformQuarterTurnPasses45DegreesAtHalf() {
        let quarter = AnimatableValue.transform(CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let half = AnimatableValue.interpolate(from: .transform(CATransform3DIdentity), to: quarter, progress: 0.5)
        #expect(abs(zAngle(half) - .pi / 4) < 1e-12)
        expectClose(half, .transform(CATransform3DMakeRotation(.pi / 4, 0, 0, 1)), tolerance: 1e-12)
        // Overshoot 1.2 continues the turn to 108°.
        let over = AnimatableValue.interpolate(from: .transform(CATransform3DIdentity), to: quarter, progress: 1.2)
        #expect(abs(zAngle(over) - 0.6 * .pi) < 1e-12)
    }
}
