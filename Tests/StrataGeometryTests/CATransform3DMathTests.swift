import CoreGraphics
import Foundation
import StrataGeometry
import Testing

@Suite struct CATransform3DMathTests {
    @Test func determinantOfScaleIsTheProductOfFactors() {
        #expect(CATransform3DMakeScale(2, 3, 4).determinant == 24)
        #expect(CATransform3DMakeScale(-1, 1, 1).determinant == -1)
        #expect(CATransform3D().determinant == 0)
    }

    @Test func determinantOfAProductIsTheProductOfDeterminants() {
        let a = decomposableSamples.last!.t
        let b = CATransform3DMakeScale(2, 3, -0.5)
        let product = CATransform3DConcat(a, b).determinant
        #expect(abs(product - a.determinant * b.determinant) < 1e-12 * abs(product))
    }

    @Test func transformReturnsTheHomogeneousRowProduct() {
        let t = matrix((1...16).map(Double.init))
        let v = t.transform((x: 1, y: -1, z: 2))
        // [1 −1 2 1] × M, column by column.
        #expect(v.x == 1 - 5 + 18 + 13 && v.y == 2 - 6 + 20 + 14 && v.z == 3 - 7 + 22 + 15 && v.w == 4 - 8 + 24 + 16)
    }

    @Test func perspectiveMagnifiesPointsTowardTheViewer() {
        let v = perspective(500).transform((x: 100, y: 50, z: 250))
        #expect(v.w == 0.5)  // w = 1 − z/d
        #expect(v.x / v.w == 200 && v.y / v.w == 100)
    }

    @Test func projectDividesByWAndRejectsPointsBehindTheEye() {
        var t = CATransform3DIdentity
        t.m14 = -0.5  // w = 1 − x/2
        #expect(t.project(CGPoint(x: 1, y: 3)) == CGPoint(x: 2, y: 6))
        #expect(t.project(CGPoint(x: 2, y: 0)) == nil)
        #expect(t.project(CGPoint(x: 3, y: 0)) == nil)
    }

    @Test func isFiniteDetectsNaNAndInfinityInAnyField() {
        #expect(CATransform3DIdentity.isFinite)
        for i in 0..<16 {
            var v = fields(CATransform3DIdentity)
            v[i] = .nan
            #expect(!matrix(v).isFinite)
            v[i] = -.infinity
            #expect(!matrix(v).isFinite)
        }
    }

    @Test func inverseIsNilForSingularAndNonFiniteMatrices() {
        #expect(CATransform3DMakeScale(0, 1, 1).inverse == nil)
        #expect(CATransform3DMakeTranslation(.nan, 0, 0).inverse == nil)
        #expect(CATransform3DMakeScale(1e-200, 1e-200, 1e-200).inverse == nil)  // determinant underflows to 0
        #expect(CATransform3DMakeScale(2, 4, 8).inverse == CATransform3DMakeScale(0.5, 0.25, 0.125))
    }

    @Test func concatenatingMatchesCATransform3DConcat() {
        let a = CATransform3DMakeRotation(0.3, 1, 0, 1)
        let b = decomposableSamples.last!.t
        #expect(a.concatenating(b) == CATransform3DConcat(a, b))
    }
}
