import CoreGraphics
import Foundation
import StrataGeometry
import Testing

@Suite struct CATransform3DStructTests {
    @Test func defaultInitIsTheZeroMatrix() {
        #expect(fields(CATransform3D()) == [Double](repeating: 0, count: 16))
    }

    @Test func identityConstantIsTheUnitDiagonal() {
        #expect(fields(CATransform3DIdentity) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    @Test func memberwiseInitStoresEachFieldInPlace() {
        let values = (1...16).map(Double.init)
        #expect(fields(matrix(values)) == values)
        let t = matrix(values)
        #expect(t.m11 == 1 && t.m14 == 4 && t.m41 == 13 && t.m44 == 16 && t.m23 == 7 && t.m32 == 10)
    }

    @Test func codableRoundTripIsExact() throws {
        let t = decomposableSamples.last!.t
        let data = try JSONEncoder().encode(t)
        #expect(try JSONDecoder().decode(CATransform3D.self, from: data) == t)
    }

    @Test func equalTransformsHashAlike() {
        let set: Set = [CATransform3DMakeScale(2, 2, 2), CATransform3DMakeScale(2, 2, 2), CATransform3DIdentity]
        #expect(set.count == 2)
    }
}

@Suite struct CATransform3DConstructorTests {
    @Test func makeTranslationPutsOffsetsInTheFourthRow() {
        let t = CATransform3DMakeTranslation(10, -20, 30)
        #expect(fields(t) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, -20, 30, 1])
        let p = map(t, 1, 2, 3)
        #expect(p == (11, -18, 33))
    }

    @Test func makeScaleFillsTheDiagonal() {
        #expect(fields(CATransform3DMakeScale(2, 3, 4)) == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
    }

    @Test func rotationAboutZHasRodriguesFieldsWithExactZerosAndOne() {
        let a = 0.3
        let t = CATransform3DMakeRotation(CGFloat(a), 0, 0, 1)
        #expect(fields(t) == [cos(a), sin(a), 0, 0, -sin(a), cos(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(CATransform3DIsAffine(t))
    }

    @Test(arguments: (1...40).map { Double($0) * 0.17 })
    func rotationAboutZIsExactlyAffine(_ angle: Double) {
        let t = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
        #expect(CATransform3DIsAffine(t))
        #expect(t == CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: CGFloat(angle))))
    }

    @Test(arguments: (1...40).map { Double($0) * 0.17 })
    func rotationAboutXOrYLeavesExactlyOneOnThatAxis(_ angle: Double) {
        let x = CATransform3DMakeRotation(CGFloat(angle), 1, 0, 0)
        #expect(x.m11 == 1 && x.m22 == CGFloat(cos(angle)) && x.m33 == CGFloat(cos(angle)))
        let y = CATransform3DMakeRotation(CGFloat(angle), 0, 1, 0)
        #expect(y.m22 == 1 && y.m11 == CGFloat(cos(angle)) && y.m33 == CGFloat(cos(angle)))
    }

    @Test func rotationOfHalfPiAboutZMatchesAffineRotation() {
        let t = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(t == CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: .pi / 2)))
        let p = map(t, 1, 0, 0)  // +x turns toward +y
        #expect(abs(p.x) < 1e-15 && abs(p.y - 1) < 1e-15 && p.z == 0)
    }

    @Test func rotationAboutXTurnsYTowardZ() {
        let p = map(CATransform3DMakeRotation(.pi / 2, 1, 0, 0), 0, 1, 0)
        #expect(abs(p.x) < 1e-15 && abs(p.y) < 1e-15 && abs(p.z - 1) < 1e-15)
    }

    @Test func rotationAboutYTurnsZTowardX() {
        let p = map(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 0, 0, 1)
        #expect(abs(p.x - 1) < 1e-15 && abs(p.y) < 1e-15 && abs(p.z) < 1e-15)
    }

    @Test func obliqueRotationMatchesRodriguesFormulaOfTheSpec() {
        let (a, x, y, z) = (0.9, 1 / 3.0, 2 / 3.0, 2 / 3.0)  // already unit length
        let (c, s) = (cos(a), sin(a))
        let t = 1 - c
        let expected = matrix([
            t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
            t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
            t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0,
            0, 0, 0, 1,
        ])
        expectClose(CATransform3DMakeRotation(CGFloat(a), CGFloat(x), CGFloat(y), CGFloat(z)), expected, tolerance: 1e-15)
    }

    @Test func rotationAxisIsNormalised() {
        #expect(CATransform3DMakeRotation(0.7, 0, 0, 5) == CATransform3DMakeRotation(0.7, 0, 0, 1))
        #expect(CATransform3DMakeRotation(0.7, 0, 0, 1e-200) == CATransform3DMakeRotation(0.7, 0, 0, 1))
        #expect(CATransform3DMakeRotation(0.7, 0, -1e200, 0) == CATransform3DMakeRotation(0.7, 0, -1, 0))
        let r = 0.5.squareRoot()
        expectClose(CATransform3DMakeRotation(0.7, 2, 2, 0), CATransform3DMakeRotation(0.7, CGFloat(r), CGFloat(r), 0),
                    tolerance: 1e-15)
    }

    @Test func rotationLeavesItsAxisFixedAndIsOrthonormal() {
        let t = CATransform3DMakeRotation(2.1, 1, 2, 3)
        let p = map(t, 1, 2, 3)
        #expect(abs(p.x - 1) < 1e-14 && abs(p.y - 2) < 1e-14 && abs(p.z - 3) < 1e-14)
        #expect(abs(t.determinant - 1) < 1e-14)
        expectClose(CATransform3DConcat(t, CATransform3DMakeRotation(-2.1, 1, 2, 3)), CATransform3DIdentity, tolerance: 1e-15)
    }

    @Test func rotationWithZeroAxisIsIdentity() {
        #expect(CATransform3DMakeRotation(1.2, 0, 0, 0) == CATransform3DIdentity)
    }
}

@Suite struct CATransform3DOperatorTests {
    let general = decomposableSamples.last!.t

    @Test func concatAppliesTheFirstArgumentFirst() {
        let t = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), CATransform3DMakeScale(2, 2, 1))
        #expect(map(t, 0, 0, 0) == (20, 0, 0))
        let u = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        #expect(map(u, 0, 0, 0) == (10, 0, 0))
    }

    @Test func concatIsTheMatrixProduct() {
        let a = CATransform3DMakeRotation(0.4, 1, 1, 0)
        expectClose(CATransform3DConcat(a, general), naiveProduct(a, general), tolerance: 1e-15)
        expectClose(CATransform3DConcat(general, a), naiveProduct(general, a), tolerance: 1e-15)
    }

    @Test func translateEqualsConcatOfTranslationThenTransform() {
        let expected = CATransform3DConcat(CATransform3DMakeTranslation(3, -7, 11), general)
        expectClose(CATransform3DTranslate(general, 3, -7, 11), expected, tolerance: 1e-13)
        // Like CGAffineTransformTranslate: the offset is scaled by the existing transform.
        #expect(CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 30, 12, 0).m41 == 60)
    }

    @Test func scaleEqualsConcatOfScaleThenTransform() {
        let expected = CATransform3DConcat(CATransform3DMakeScale(2, -3, 0.5), general)
        expectClose(CATransform3DScale(general, 2, -3, 0.5), expected, tolerance: 1e-15)
    }

    @Test func rotateEqualsConcatOfRotationThenTransform() {
        let expected = CATransform3DConcat(CATransform3DMakeRotation(0.9, 1, -2, 0.5), general)
        expectClose(CATransform3DRotate(general, 0.9, 1, -2, 0.5), expected, tolerance: 1e-15)
    }

    @Test func rotateWithZeroAxisReturnsTheArgumentUnchanged() {
        #expect(CATransform3DRotate(general, 0.9, 0, 0, 0) == general)
    }

    @Test(arguments: decomposableSamples.map(\.t))
    func invertComposedWithTheOriginalIsTheIdentity(_ t: CATransform3D) {
        let inverse = CATransform3DInvert(t)
        expectClose(CATransform3DConcat(t, inverse), CATransform3DIdentity, tolerance: 1e-12)
        expectClose(CATransform3DConcat(inverse, t), CATransform3DIdentity, tolerance: 1e-12)
    }

    @Test func invertOfTranslationNegatesTheOffsets() {
        #expect(CATransform3DInvert(CATransform3DMakeTranslation(4, -5, 6)) == CATransform3DMakeTranslation(-4, 5, -6))
    }

    @Test(arguments: [
        CATransform3DMakeScale(0, 1, 1), CATransform3DMakeScale(1, 1, 0), CATransform3D(),
        matrix([1, 2, 3, 4, 2, 4, 6, 8, 0, 0, 1, 0, 0, 0, 0, 1]),  // two proportional rows
    ])
    func invertOfSingularMatrixReturnsTheArgument(_ t: CATransform3D) {
        #expect(CATransform3DInvert(t) == t)
    }

    @Test func isAffineIsTrueForTwoDimensionalTransforms() {
        #expect(CATransform3DIsAffine(CATransform3DIdentity))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(1, 0, 0, -3)))
        #expect(CATransform3DIsAffine(CATransform3DMakeAffineTransform(CGAffineTransform(a: 2, b: 0.5, c: -0.3, d: 1.2, tx: 7, ty: -9))))
    }

    @Test(arguments: [2, 3, 6, 7, 8, 9, 11, 14] as [Int])
    func isAffineIsFalseWhenAZCouplingOrPerspectiveFieldIsNonZero(_ index: Int) {
        var v = fields(CATransform3DIdentity)
        v[index] = 0.25
        #expect(!CATransform3DIsAffine(matrix(v)))
    }

    @Test func isAffineIsFalseWhenM33OrM44IsNotOne() {
        #expect(!CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        var t = CATransform3DIdentity
        t.m44 = 2
        #expect(!CATransform3DIsAffine(t))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
    }

    @Test func makeAffineTransformPlacesTheSixFields() {
        let t = CATransform3DMakeAffineTransform(CGAffineTransform(a: 2, b: 0.5, c: -0.3, d: 1.2, tx: 7, ty: -9))
        #expect(fields(t) == [2, 0.5, 0, 0, -0.3, 1.2, 0, 0, 0, 0, 1, 0, 7, -9, 0, 1])
    }

    @Test func getAffineTransformRoundTripsMakeAffineTransform() {
        let m = CGAffineTransform(a: 2, b: 0.5, c: -0.3, d: 1.2, tx: 7, ty: -9)
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(m)) == m)
        let t = CATransform3DMakeRotation(0.3, 0, 0, 1)
        #expect(CATransform3DMakeAffineTransform(CATransform3DGetAffineTransform(t)) == t)
    }

    @Test func concatOfAffinesMatchesAffineConcatenation() {
        let a = CGAffineTransform(rotationAngle: 0.5).translatedBy(x: 3, y: 4)
        let b = CGAffineTransform(scaleX: 2, y: -1)
        let t = CATransform3DConcat(CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b))
        expectClose(t, CATransform3DMakeAffineTransform(a.concatenating(b)), tolerance: 1e-15)
    }

    @Test func isIdentityIsExact() {
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(0, 0, 0, 1)))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeTranslation(1e-300, 0, 0)))
        #expect(!CATransform3DIsIdentity(CATransform3DMakeRotation(2 * .pi, 0, 0, 1)))
        #expect(!CATransform3DIsIdentity(CATransform3D()))
    }

    @Test(arguments: 0..<16)
    func equalToTransformComparesEveryFieldExactly(_ index: Int) {
        let base = fields(general)
        var changed = base
        changed[index] = base[index].nextUp
        #expect(CATransform3DEqualToTransform(matrix(base), matrix(base)))
        #expect(!CATransform3DEqualToTransform(matrix(base), matrix(changed)))
    }
}
