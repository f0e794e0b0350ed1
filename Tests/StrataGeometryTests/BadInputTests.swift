import CoreGraphics
import Foundation
import StrataGeometry
import Testing

/// NaN and infinity: what each function does with non-finite input.
@Suite struct BadInputTests {
    static let nonFinite: [CATransform3D] = [
        CATransform3DMakeTranslation(.nan, 0, 0),
        CATransform3DMakeScale(.infinity, 1, 1),
        { var t = CATransform3DIdentity; t.m34 = -.infinity; return t }(),
        { var t = CATransform3DMakeRotation(0.3, 0, 0, 1); t.m44 = .nan; return t }(),
    ]

    @Test(arguments: nonFinite)
    func invertReturnsTheArgumentForNonFiniteFields(_ t: CATransform3D) {
        #expect(identical(CATransform3DInvert(t), t))
    }

    @Test(arguments: nonFinite)
    func nonFiniteMatrixIsNotDecomposable(_ t: CATransform3D) {
        #expect(t.decomposed() == nil)
    }

    @Test(arguments: nonFinite)
    func interpolationWithANonFiniteSideSwitchesAtHalfwayInsteadOfMakingNaN(_ bad: CATransform3D) {
        let good = CATransform3DMakeRotation(0.5, 1, 0, 0)
        #expect(identical(bad.interpolated(to: good, progress: 0.3), bad))
        #expect(bad.interpolated(to: good, progress: 0.7) == good)
        #expect(good.interpolated(to: bad, progress: 0.3) == good)
        #expect(identical(good.interpolated(to: bad, progress: 0.7), bad))
    }

    @Test func nanProgressReturnsTheStartAndInfiniteProgressAnEnd() {
        let a = CATransform3DMakeScale(2, 2, 1)
        let b = CATransform3DMakeRotation(1, 0, 0, 1)
        #expect(a.interpolated(to: b, progress: .nan) == a)
        #expect(a.interpolated(to: b, progress: .infinity) == b)
        #expect(a.interpolated(to: b, progress: -.infinity) == a)
    }

    /// Strata follows Apple: a NaN angle is not special-cased, so the rotation part is NaN.
    @Test(arguments: [CGFloat.nan, .infinity, -.infinity])
    func makeRotationWithNonFiniteAngleHasNaNRotationPartAndUnitM44(_ angle: CGFloat) {
        let t = CATransform3DMakeRotation(angle, 0, 0, 1)
        let v = fields(t)
        for i in [0, 1, 2, 4, 5, 6, 8, 9, 10] { #expect(v[i].isNaN, "field \(i)") }
        #expect([v[3], v[7], v[11], v[12], v[13], v[14], v[15]] == [0, 0, 0, 0, 0, 0, 1])
        #expect(!t.isFinite)
        #expect(t.decomposed() == nil)
    }

    @Test func makeRotationWithNaNAxisComponentHasNaNRotationPart() {
        let t = CATransform3DMakeRotation(0.5, .nan, 0, 1)
        #expect(t.m11.isNaN && t.m22.isNaN && t.m33.isNaN && t.m44 == 1)
    }

    @Test func rotateByNaNAngleYieldsNonFiniteResult() {
        #expect(!CATransform3DRotate(CATransform3DMakeScale(2, 2, 2), .nan, 0, 0, 1).isFinite)
    }

    @Test func nanTransformIsNotEqualToItself() {
        let t = CATransform3DMakeTranslation(.nan, 0, 0)
        #expect(!CATransform3DEqualToTransform(t, t))
        #expect(!CATransform3DIsIdentity(t))
    }
}
