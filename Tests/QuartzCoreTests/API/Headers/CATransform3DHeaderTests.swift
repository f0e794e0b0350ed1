import QuartzCore
import Testing

// CATransform3D.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a Double converts implicitly to CGFloat).
@Suite struct CATransform3DHeaderTests {
    @Test func structFieldsAndInitialisers() {
        var t = CATransform3D()
        let _: CGFloat.Type = type(of: t.m11); let _: CGFloat.Type = type(of: t.m12)
        let _: CGFloat.Type = type(of: t.m13); let _: CGFloat.Type = type(of: t.m14)
        let _: CGFloat.Type = type(of: t.m21); let _: CGFloat.Type = type(of: t.m22)
        let _: CGFloat.Type = type(of: t.m23); let _: CGFloat.Type = type(of: t.m24)
        let _: CGFloat.Type = type(of: t.m31); let _: CGFloat.Type = type(of: t.m32)
        let _: CGFloat.Type = type(of: t.m33); let _: CGFloat.Type = type(of: t.m34)
        let _: CGFloat.Type = type(of: t.m41); let _: CGFloat.Type = type(of: t.m42)
        let _: CGFloat.Type = type(of: t.m43); let _: CGFloat.Type = type(of: t.m44)
        #expect(t.m11 == 0 && t.m22 == 0 && t.m33 == 0 && t.m44 == 0, "init() is the zero matrix, as for any C struct")
        t.m11 = 1; t.m12 = 0; t.m13 = 0; t.m14 = 0
        t.m21 = 0; t.m22 = 1; t.m23 = 0; t.m24 = 0
        t.m31 = 0; t.m32 = 0; t.m33 = 1; t.m34 = 0
        t.m41 = 0; t.m42 = 0; t.m43 = 0; t.m44 = 1
        #expect(CATransform3DIsIdentity(t))

        let memberwise = CATransform3D(
            m11: 1, m12: 0, m13: 0, m14: 0,
            m21: 0, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0,
            m41: 5, m42: 6, m43: 7, m44: 1)
        #expect(CATransform3DEqualToTransform(memberwise, CATransform3DMakeTranslation(5, 6, 7)))
    }

    @Test func functionSignatures() {
        let _: CATransform3D = CATransform3DIdentity
        let _: (CATransform3D) -> Bool = CATransform3DIsIdentity
        let _: (CATransform3D, CATransform3D) -> Bool = CATransform3DEqualToTransform
        let _: (CGFloat, CGFloat, CGFloat) -> CATransform3D = CATransform3DMakeTranslation
        let _: (CGFloat, CGFloat, CGFloat) -> CATransform3D = CATransform3DMakeScale
        let _: (CGFloat, CGFloat, CGFloat, CGFloat) -> CATransform3D = CATransform3DMakeRotation
        let _: (CATransform3D, CGFloat, CGFloat, CGFloat) -> CATransform3D = CATransform3DTranslate
        let _: (CATransform3D, CGFloat, CGFloat, CGFloat) -> CATransform3D = CATransform3DScale
        let _: (CATransform3D, CGFloat, CGFloat, CGFloat, CGFloat) -> CATransform3D = CATransform3DRotate
        let _: (CATransform3D, CATransform3D) -> CATransform3D = CATransform3DConcat
        let _: (CATransform3D) -> CATransform3D = CATransform3DInvert
        let _: (CGAffineTransform) -> CATransform3D = CATransform3DMakeAffineTransform
        let _: (CATransform3D) -> Bool = CATransform3DIsAffine
        let _: (CATransform3D) -> CGAffineTransform = CATransform3DGetAffineTransform
        let identity = CATransform3DIdentity
        #expect(identity.m11 == 1 && identity.m22 == 1 && identity.m33 == 1 && identity.m44 == 1)
        #expect(identity.m12 == 0 && identity.m41 == 0 && identity.m34 == 0)
        #expect(CATransform3DIsIdentity(identity) && !CATransform3DIsIdentity(CATransform3DMakeScale(2, 1, 1)))
    }

    @Test func makeFunctionsFollowTheHeadersMatrices() {
        // translate: [1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1]
        let translation = CATransform3DMakeTranslation(1, 2, 3)
        #expect(translation.m41 == 1 && translation.m42 == 2 && translation.m43 == 3 && translation.m44 == 1)
        // scale: [sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1]
        let scale = CATransform3DMakeScale(2, 3, 4)
        #expect(scale.m11 == 2 && scale.m22 == 3 && scale.m33 == 4 && scale.m44 == 1)
        // A quarter turn about z is the affine rotation.
        let rotation = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let affine = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(rotation.m11 - affine.m11) < 1e-12 && abs(rotation.m12 - affine.m12) < 1e-12)
        #expect(abs(rotation.m21 - affine.m21) < 1e-12 && abs(rotation.m22 - affine.m22) < 1e-12)
        #expect(abs(rotation.m12 - 1) < 1e-12, "m12 = sin(angle)")
        // "If the vector has length zero the identity transform is returned."
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    @Test func composingFunctions() {
        let scale = CATransform3DMakeScale(2, 2, 2)
        // t' = translate(tx, ty, tz) * t, and Concat(a, b) = a * b.
        let translated = CATransform3DTranslate(scale, 1, 0, 0)
        #expect(translated.m41 == 2)
        #expect(CATransform3DEqualToTransform(translated, CATransform3DConcat(CATransform3DMakeTranslation(1, 0, 0), scale)))
        #expect(CATransform3DEqualToTransform(CATransform3DScale(scale, 3, 1, 1), CATransform3DConcat(CATransform3DMakeScale(3, 1, 1), scale)))
        let rotated = CATransform3DRotate(CATransform3DIdentity, .pi, 0, 0, 1)
        #expect(abs(rotated.m11 + 1) < 1e-12 && abs(rotated.m22 + 1) < 1e-12)

        let inverse = CATransform3DInvert(CATransform3DMakeScale(2, 4, 8))
        #expect(inverse.m11 == 0.5 && inverse.m22 == 0.25 && inverse.m33 == 0.125)
        let singular = CATransform3D()
        #expect(CATransform3DEqualToTransform(CATransform3DInvert(singular), singular), "no inverse: returned unchanged")
    }

    @Test func affineConversions() {
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(m)
        #expect(CATransform3DIsAffine(t))
        let back = CATransform3DGetAffineTransform(t)
        #expect(back.a == 1 && back.b == 2 && back.c == 3 && back.d == 4 && back.tx == 5 && back.ty == 6)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        #expect(!CATransform3DIsAffine(perspective))
    }

    @Test func nsValueAdditions() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        let value = NSValue(caTransform3D: t)
        let _: (CATransform3D) -> NSValue = NSValue.init(caTransform3D:)
        let _: CATransform3D = value.caTransform3DValue
        #expect(CATransform3DEqualToTransform(value.caTransform3DValue, t))
    }
}
