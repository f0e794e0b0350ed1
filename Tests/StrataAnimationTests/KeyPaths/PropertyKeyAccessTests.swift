import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

@Suite("PropertyKey read / write")
struct PropertyKeyAccessTests {
    private func key(_ s: String) throws -> PropertyKey { try PropertyKey(parsing: s) }

    @Test func pointFields() throws {
        let base = AnimatableValue.point(CGPoint(x: 3, y: 4))
        #expect(try key("position.x").read(from: base) == .scalar(3))
        #expect(try key("position.y").read(from: base) == .scalar(4))
        #expect(try key("position.x").write(.scalar(10), into: base) == .point(CGPoint(x: 10, y: 4)))
        #expect(try key("position.y").write(.scalar(-1), into: base) == .point(CGPoint(x: 3, y: -1)))
        #expect(try key("position").write(.point(.zero), into: base) == .point(.zero))
        #expect(try key("position").read(from: base) == base)
    }

    @Test func sizeAndRectFields() throws {
        let size = AnimatableValue.size(CGSize(width: 5, height: 6))
        #expect(try key("shadowOffset.height").read(from: size) == .scalar(6))
        #expect(try key("shadowOffset.width").write(.scalar(1), into: size) == .size(CGSize(width: 1, height: 6)))
        let rect = AnimatableValue.rect(CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(try key("bounds.size.width").read(from: rect) == .scalar(30))
        #expect(try key("bounds.size.height").read(from: rect) == .scalar(40))
        #expect(try key("bounds.origin.x").read(from: rect) == .scalar(1))
        #expect(try key("bounds.origin.y").read(from: rect) == .scalar(2))
        #expect(try key("bounds.origin").read(from: rect) == .point(CGPoint(x: 1, y: 2)))
        #expect(try key("bounds.size").read(from: rect) == .size(CGSize(width: 30, height: 40)))
        #expect(
            try key("bounds.size.width").write(.scalar(99), into: rect)
                == .rect(CGRect(x: 1, y: 2, width: 99, height: 40)))
        #expect(
            try key("bounds.size.height").write(.scalar(9), into: rect)
                == .rect(CGRect(x: 1, y: 2, width: 30, height: 9)))
        #expect(
            try key("contentsRect.origin.x").write(.scalar(0.5), into: rect)
                == .rect(CGRect(x: 0.5, y: 2, width: 30, height: 40)))
        #expect(
            try key("bounds.origin.y").write(.scalar(7), into: rect) == .rect(CGRect(x: 1, y: 7, width: 30, height: 40))
        )
        #expect(
            try key("bounds.origin").write(.point(.zero), into: rect)
                == .rect(CGRect(x: 0, y: 0, width: 30, height: 40)))
        #expect(
            try key("bounds.size").write(.size(CGSize(width: 1, height: 1)), into: rect)
                == .rect(CGRect(x: 1, y: 2, width: 1, height: 1)))
    }

    /// Every field: write then read gives the value written; the other fields keep their values.
    @Test(arguments: [
        "position.x", "position.y", "bounds.origin.x", "bounds.origin.y", "bounds.size.width",
        "bounds.size.height", "shadowOffset.width", "shadowOffset.height", "anchorPoint.x",
    ])
    func scalarFieldRoundTrip(_ path: String) throws {
        let k = try key(path)
        let base: AnimatableValue
        switch k.propertyKind {
        case .point: base = .point(CGPoint(x: 1, y: 2))
        case .size: base = .size(CGSize(width: 3, height: 4))
        default: base = .rect(CGRect(x: 5, y: 6, width: 7, height: 8))
        }
        let written = k.write(.scalar(42), into: base)
        #expect(k.read(from: written) == .scalar(42))
        // Exactly one component changed.
        let changed = zip(components(base)!, components(written)!).filter { $0 != $1 }.count
        #expect(changed == 1)
    }

    @Test func transformRotationZ() throws {
        let k = try key("transform.rotation.z")
        let base = AnimatableValue.transform(CATransform3DMakeTranslation(10, 20, 0))
        // Decompose, replace, recompose: the translation survives (tolerance 1e-12).
        let rotated = k.write(.scalar(.pi / 3), into: base)
        expectClose(
            rotated, .transform(CATransform3DRotate(CATransform3DMakeTranslation(10, 20, 0), .pi / 3, 0, 0, 1)),
            tolerance: 1e-12)
        #expect(abs(scalar(k.read(from: rotated)) - .pi / 3) < 1e-12)
        // "transform.rotation" is the same component as rotation.z.
        #expect(abs(scalar(try key("transform.rotation").read(from: rotated)) - .pi / 3) < 1e-12)
        // 2π recomposes the same matrix as 0 (the scalar animation still turns through the angles).
        expectClose(k.write(.scalar(2 * .pi), into: base), base, tolerance: 1e-12)
    }

    @Test func transformScaleAndTranslation() throws {
        let base = AnimatableValue.transform(CATransform3DMakeScale(2, 4, 6))
        // "scale" reads the mean of the three factors; writing it sets all three.
        #expect(abs(scalar(try key("transform.scale").read(from: base)) - 4) < 1e-12)
        expectClose(
            try key("transform.scale").write(.scalar(3), into: base), .transform(CATransform3DMakeScale(3, 3, 3)),
            tolerance: 1e-12)
        #expect(abs(scalar(try key("transform.scale.y").read(from: base)) - 4) < 1e-12)
        expectClose(
            try key("transform.scale.x").write(.scalar(5), into: base), .transform(CATransform3DMakeScale(5, 4, 6)),
            tolerance: 1e-12)
        // "translation" is a size (x, y); translation.z a scalar.
        let moved = try key("sublayerTransform.translation").write(.size(CGSize(width: 7, height: 8)), into: base)
        // The decomposition applies scale before translation: Concat(scale, translation).
        expectClose(
            moved,
            .transform(CATransform3DConcat(CATransform3DMakeScale(2, 4, 6), CATransform3DMakeTranslation(7, 8, 0))),
            tolerance: 1e-12)
        #expect(try key("sublayerTransform.translation").read(from: moved) == .size(CGSize(width: 7, height: 8)))
        let z = try key("transform.translation.z").write(.scalar(-5), into: base)
        #expect(abs(scalar(try key("transform.translation.z").read(from: z)) + 5) < 1e-12)
        // A value of the wrong kind leaves the base unchanged.
        #expect(try key("transform.translation").write(.scalar(1), into: base) == base)
        #expect(try key("transform.scale").write(.size(.zero), into: base) == base)
    }

    @Test func mismatchedBasesAreLeftAlone() throws {
        // Possible only for custom keys, whose value kind is known at run time.
        let k = try PropertyKey(parsing: "offset.x", isCustomKey: { _ in true })
        #expect(k.read(from: .point(CGPoint(x: 9, y: 1))) == .scalar(9))
        #expect(k.read(from: .scalar(5)) == .scalar(5))
        #expect(k.write(.scalar(1), into: .color(.clear)) == .color(.clear))
        #expect(
            try key("position.x").write(.point(.zero), into: .point(CGPoint(x: 1, y: 1))) == .point(CGPoint(x: 1, y: 1))
        )
    }
}
