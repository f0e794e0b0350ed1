import CoreGraphics
import Testing

private func close(_ a: CGAffineTransform, _ b: CGAffineTransform, _ tol: CGFloat = 1e-12) -> Bool {
    abs(a.a - b.a) <= tol && abs(a.b - b.b) <= tol && abs(a.c - b.c) <= tol && abs(a.d - b.d) <= tol
        && abs(a.tx - b.tx) <= tol && abs(a.ty - b.ty) <= tol
}

@Suite struct CGAffineTransformTests {
    @Test func defaultInitialiserIsTheZeroMatrixAsOnApple() {
        #expect(CGAffineTransform() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        #expect(!CGAffineTransform().isIdentity)
        #expect(CGAffineTransform.identity.isIdentity)
    }

    @Test func initialisersSetTheDocumentedFields() {
        #expect(CGAffineTransform(translationX: 3, y: -4) == CGAffineTransform(1, 0, 0, 1, 3, -4))
        #expect(CGAffineTransform(scaleX: 2, y: 5) == CGAffineTransform(2, 0, 0, 5, 0, 0))
        let r = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(abs(r.a - cos(.pi / 6)) < 1e-15 && abs(r.b - sin(.pi / 6)) < 1e-15)
        #expect(abs(r.c + sin(.pi / 6)) < 1e-15 && abs(r.d - cos(.pi / 6)) < 1e-15)
    }

    @Test func positiveRotationTurnsXTowardY() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(p.x) < 1e-15 && abs(p.y - 1) < 1e-15)
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(CGPoint.zero.applying(t) == CGPoint(x: 20, y: 0))
    }

    @Test func translatedByAppliesTheTranslationInsideTheTransform() {
        // CGAffineTransformTranslate(t, x, y) = translate × t: the translation is scaled by t.
        let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 7)
        #expect(t == CGAffineTransform(2, 0, 0, 3, 10, 21))
        let s = CGAffineTransform(translationX: 5, y: 7).scaledBy(x: 2, y: 3)
        #expect(s == CGAffineTransform(2, 0, 0, 3, 5, 7))
        let r = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi)
        #expect(close(r, CGAffineTransform(-1, 0, 0, -1, 5, 0), 1e-15))
    }

    @Test(arguments: [
        CGAffineTransform(2, 1, -1, 3, 4, 5), CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 3, y: 0.5),
        CGAffineTransform(translationX: -8, y: 2),
    ])
    func invertedComposesToTheIdentity(t: CGAffineTransform) {
        #expect(close(t.concatenating(t.inverted()), .identity, 1e-12))
        #expect(close(t.inverted().concatenating(t), .identity, 1e-12))
    }

    @Test func invertingASingularTransformReturnsItUnchanged() {
        let singular = CGAffineTransform(1, 2, 2, 4, 5, 6)
        #expect(singular.inverted() == singular)
        let nan = CGAffineTransform(.nan, 0, 0, 1, 0, 0)
        #expect(nan.inverted().a.isNaN)
    }

    @Test func pointsSizesAndRectsApplyTransformsAsCoreGraphics() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 10, ty: 20)
        #expect(CGPoint(x: 1, y: 2).applying(t) == CGPoint(x: 2 - 2 + 10, y: 1 + 6 + 20))
        #expect(CGSize(width: 1, height: 2).applying(t) == CGSize(width: 0, height: 7))
        let rotated = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(rotated.minX + 20) < 1e-12 && abs(rotated.width - 20) < 1e-12 && abs(rotated.height - 10) < 1e-12)
        #expect(CGRect.null.applying(t).isNull)
        #expect(CGRect(x: 1, y: 1, width: 2, height: 2).equalTo(CGRect(x: 1, y: 1, width: 2, height: 2)))
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)) && !CGSize.zero.equalTo(CGSize(width: 1, height: 0)))
    }

    @Test func vectorHasApplesInitialisers() {
        #expect(CGVector(dx: 1, dy: 2) == CGVector(dx: 1.0, dy: 2.0))
        #expect(CGVector.zero == CGVector())
    }

    @Test func transformsRoundTripThroughCodable() throws {
        let t = CGAffineTransform(a: 1.5, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(t)
        #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
    }
}
