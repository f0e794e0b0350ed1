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

    /// Two affine transforms are multiplied through their six plane fields alone; every field
    /// must equal the full row product summed in the same order (exactly; zeros equal whatever
    /// their sign). Tried: 3,000 random pairs, affine or with one field that is not (perspective,
    /// a z scale, a z shift, an x turn's coupling), some fields zero, some ±1.
    @Test func affineProductsEqualTheFullRowProductFieldForField() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let u = Double(state >> 11) / Double(1 << 53)
            return u < 0.1 ? 0 : u < 0.15 ? 1 : u < 0.2 ? -1 : (u - 0.5) * 400
        }
        func transform(breaking: Int) -> CATransform3D {
            var t = CATransform3DIdentity
            (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (next(), next(), next(), next(), next(), next())
            switch breaking {
            case 1: t.m34 = -1 / 500
            case 2: t.m33 = 2
            case 3: t.m43 = 7
            case 4: t.m23 = 0.5
            default: break
            }
            return t
        }
        func fullProduct(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
            let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
            let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
            var v = [Double](repeating: 0, count: 16)
            for i in 0..<4 {
                for j in 0..<4 {
                    v[i * 4 + j] = x[i * 4] * y[j] + x[i * 4 + 1] * y[4 + j] + x[i * 4 + 2] * y[8 + j] + x[i * 4 + 3] * y[12 + j]
                }
            }
            return matrix(v)
        }
        var affinePairs = 0
        for n in 0..<3000 {
            let a = transform(breaking: n % 10 < 8 ? 0 : n % 5), b = transform(breaking: n % 7 == 0 ? n % 5 : 0)
            if CATransform3DIsAffine(a), CATransform3DIsAffine(b) { affinePairs += 1 }
            #expect(a.concatenating(b) == fullProduct(a, b), "pair \(n)")
        }
        #expect(affinePairs > 1000 && affinePairs < 3000, "both paths are taken")
    }
}
