import CoreGraphics
import Foundation
import StrataGeometry
import Testing

@Suite struct DecompositionTests {
    @Test(arguments: decomposableSamples)
    func recomposingTheDecompositionReproducesTheMatrix(_ sample: (name: String, t: CATransform3D)) throws {
        let d = try #require(sample.t.decomposed(), "\(sample.name)")
        expectClose(CATransform3D(d), sample.t, tolerance: 1e-9, "\(sample.name)")
        let q = d.quaternion
        #expect(abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1) < 1e-14)
        #expect(q.w >= 0)
    }

    @Test func recompositionReproducesTwoHundredRandomTransforms() throws {
        for t in randomTransforms(count: 200, seed: 42) {
            let d = try #require(t.decomposed())
            expectClose(CATransform3D(d), t, tolerance: 1e-9)
        }
    }

    @Test func translationComesFromTheFourthRow() throws {
        let d = try #require(CATransform3DMakeTranslation(10, -20, 30).decomposed())
        #expect(d.translation == .init(x: 10, y: -20, z: 30))
        #expect(d.scale == .init(x: 1, y: 1, z: 1))
        #expect(d.quaternion == .init(x: 0, y: 0, z: 0, w: 1))
        #expect(d.perspective == .init(x: 0, y: 0, z: 0, w: 1))
    }

    @Test func scaleFactorsAreTheDiagonal() throws {
        let d = try #require(CATransform3DMakeScale(2, 3, 4).decomposed())
        #expect(d.scale == .init(x: 2, y: 3, z: 4))
        #expect(d.skew == .init(xy: 0, xz: 0, yz: 0))
    }

    @Test func rotationAboutZGivesTheHalfAngleQuaternion() throws {
        let q = try #require(CATransform3DMakeRotation(0.8, 0, 0, 1).decomposed()).quaternion
        #expect(abs(q.x) < 1e-15 && abs(q.y) < 1e-15)
        #expect(abs(q.z - sin(0.4)) < 1e-15 && abs(q.w - cos(0.4)) < 1e-15)
    }

    @Test func halfTurnAboutAnObliqueAxisKeepsTheAxisSigns() throws {
        // w ≈ 0 here: the CSS pseudo-code's sign test would return the axis (1, 1, 0).
        let q = try #require(CATransform3DMakeRotation(.pi, 1, -1, 0).decomposed()).quaternion
        let r = 0.5.squareRoot()
        let sign = q.x < 0 ? -1.0 : 1.0
        #expect(abs(sign * q.x - r) < 1e-15 && abs(sign * q.y + r) < 1e-15 && abs(q.z) < 1e-15 && abs(q.w) < 1e-15)
    }

    @Test func perspectiveM34AppearsAsThePerspectiveZ() throws {
        let d = try #require(perspective(500).decomposed())
        #expect(d.perspective == .init(x: 0, y: 0, z: -1.0 / 500, w: 1))
        #expect(d.scale == .init(x: 1, y: 1, z: 1))
    }

    @Test func shearAppearsAsSkewXY() throws {
        let t = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
        let d = try #require(t.decomposed())
        #expect(abs(d.skew.xy - 0.5) < 1e-15 && d.skew.xz == 0 && d.skew.yz == 0)
    }

    @Test func reflectionNegatesAllThreeScalesAndAddsAHalfTurn() throws {
        let d = try #require(CATransform3DMakeScale(-1, 1, 1).decomposed())
        #expect(d.scale == .init(x: -1, y: -1, z: -1))
        #expect(abs(abs(d.quaternion.x) - 1) < 1e-15)  // half turn about x
    }

    @Test func homogeneousMultipleDecomposesLikeTheMatrixItselfExceptForTheFactor() throws {
        let t = CATransform3DMakeRotation(0.8, 1, 2, 0)
        let doubled = matrix(fields(t).map { $0 * -2 })
        let d = try #require(doubled.decomposed())
        let e = try #require(t.decomposed())
        #expect(d.homogeneousScale == -2 && e.homogeneousScale == 1)
        var normalised = d
        normalised.homogeneousScale = 1
        #expect(normalised == e)
        expectClose(CATransform3D(d), doubled, tolerance: 1e-15)
    }

    @Test func translationIsReadAfterDividingByM44() throws {
        // Translating a perspective matrix along z makes m44 = 1 + tz·m34.
        let t = CATransform3DTranslate(perspective(500), 10, 0, 100)
        #expect(abs(Double(t.m44) - 0.8) < 1e-15)
        let d = try #require(t.decomposed())
        #expect(abs(d.translation.x - 12.5) < 1e-12 && abs(d.translation.z - 125) < 1e-12)
        #expect(abs(d.homogeneousScale - 0.8) < 1e-15)
        expectClose(CATransform3D(d), t, tolerance: 1e-15)
    }

    @Test func defaultComponentsRecomposeToTheIdentity() {
        #expect(CATransform3D(DecomposedTransform3D()) == CATransform3DIdentity)
    }

    @Test func recompositionNormalisesTheQuaternion() {
        let d = DecomposedTransform3D(quaternion: .init(x: 0, y: 0, z: 2, w: 0))
        expectClose(CATransform3D(d), CATransform3DMakeRotation(.pi, 0, 0, 1), tolerance: 1e-15)
    }

    @Test func componentsRecomposeInScaleSkewRotationTranslationPerspectiveOrder() {
        let d = DecomposedTransform3D(
            translation: .init(x: 3, y: -4, z: 5), scale: .init(x: 2, y: 0.5, z: 3),
            skew: .init(xy: 0.3, xz: 0, yz: 0),
            perspective: .init(x: 0, y: 0, z: -0.002, w: 1),
            quaternion: .init(x: 0, y: 0, z: sin(0.35), w: cos(0.35)))
        let expected = chain(
            CATransform3DMakeScale(2, 0.5, 3),
            matrix([1, 0, 0, 0, 0.3, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
            CATransform3DMakeRotation(0.7, 0, 0, 1),
            CATransform3DMakeTranslation(3, -4, 5),
            perspective(500))
        expectClose(CATransform3D(d), expected, tolerance: 1e-14)
    }

    @Test(arguments: [
        CATransform3DMakeScale(0, 1, 1),
        CATransform3DMakeScale(1, 1, 0),  // flattening onto the z = 0 plane
        CATransform3D(),
        { var t = CATransform3DIdentity; t.m44 = 0; return t }(),
        matrix([1, 2, 3, 0, 2, 4, 6, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
    ])
    func singularMatrixIsNotDecomposable(_ t: CATransform3D) {
        #expect(t.decomposed() == nil)
    }
}
