import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

/// A spelling Apple's API accepts and the typed value it must become.
struct ConversionCase: CustomTestStringConvertible, @unchecked Sendable {
    let name: String
    let input: Any?
    let kind: ValueKind
    let expected: AnimatableValue
    var testDescription: String { name }
}

private let image = makeTestImage()
private let pathStorage = makePath {
    $0.move(to: .zero)
    $0.addLine(to: CGPoint(x: 5, y: 5))
}

private let accepted: [ConversionCase] = [
    .init(name: "NSNumber", input: NSNumber(value: 2.5), kind: .scalar, expected: .scalar(2.5)),
    .init(name: "Double", input: 2.5, kind: .scalar, expected: .scalar(2.5)),
    .init(name: "Float", input: Float(2.5), kind: .scalar, expected: .scalar(2.5)),
    .init(name: "CGFloat", input: CGFloat(2.5), kind: .scalar, expected: .scalar(2.5)),
    .init(name: "Int", input: 3, kind: .scalar, expected: .scalar(3)),
    .init(name: "Int32", input: Int32(-4), kind: .scalar, expected: .scalar(-4)),
    .init(name: "Bool as number", input: true, kind: .scalar, expected: .scalar(1)),
    .init(name: "CGPoint", input: CGPoint(x: 1, y: 2), kind: .point, expected: .point(CGPoint(x: 1, y: 2))),
    .init(
        name: "NSValue(point:)", input: NSValue(point: CGPoint(x: 1, y: 2)), kind: .point,
        expected: .point(CGPoint(x: 1, y: 2))),
    .init(
        name: "CGSize", input: CGSize(width: 3, height: 4), kind: .size, expected: .size(CGSize(width: 3, height: 4))),
    .init(
        name: "NSValue(size:)", input: NSValue(size: CGSize(width: 3, height: 4)), kind: .size,
        expected: .size(CGSize(width: 3, height: 4))),
    .init(
        name: "CGRect", input: CGRect(x: 1, y: 2, width: 3, height: 4), kind: .rect,
        expected: .rect(CGRect(x: 1, y: 2, width: 3, height: 4))),
    .init(
        name: "NSValue(rect:)", input: NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4)), kind: .rect,
        expected: .rect(CGRect(x: 1, y: 2, width: 3, height: 4))),
    .init(
        name: "CATransform3D", input: CATransform3DMakeScale(2, 2, 1), kind: .transform,
        expected: .transform(CATransform3DMakeScale(2, 2, 1))),
    .init(
        name: "CGAffineTransform", input: CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6), kind: .transform,
        expected: .transform(CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)))),
    .init(
        name: "CGColor", input: CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 0.25), kind: .color,
        expected: .color(RGBA(r: 1, g: 0.5, b: 0, a: 0.25))),
    .init(
        name: "gray CGColor", input: CGColor(gray: 0.5, alpha: 1), kind: .color,
        expected: .color(RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1))),
    .init(name: "nil colour is transparent black", input: nil, kind: .color, expected: .color(.clear)),
    .init(name: "CGPath", input: CGPath(storage: pathStorage), kind: .path, expected: .path(pathStorage)),
    .init(name: "CGMutablePath", input: CGMutablePath(storage: pathStorage), kind: .path, expected: .path(pathStorage)),
    .init(name: "nil path", input: nil, kind: .path, expected: .none),
    .init(name: "CGImage", input: image, kind: .image, expected: .image(image)),
    .init(name: "nil contents", input: nil, kind: .image, expected: .none),
    .init(name: "Bool", input: true, kind: .bool, expected: .bool(true)),
    .init(name: "NSNumber as Bool", input: NSNumber(value: 0), kind: .bool, expected: .bool(false)),
    .init(name: "Int as Bool", input: 1, kind: .bool, expected: .bool(true)),
    .init(
        name: "[NSNumber]", input: [NSNumber(value: 0), NSNumber(value: 0.5)], kind: .scalars,
        expected: .scalars([0, 0.5])),
    .init(name: "[Double]", input: [0.0, 1.0], kind: .scalars, expected: .scalars([0, 1])),
    .init(
        name: "[Any] of mixed numbers", input: [0, 0.5, Float(1)] as [Any], kind: .scalars,
        expected: .scalars([0, 0.5, 1])),
    .init(
        name: "NSArray of numbers", input: NSArray(array: [NSNumber(value: 1), NSNumber(value: 2)]), kind: .scalars,
        expected: .scalars([1, 2])),
    .init(
        name: "[CGColor]", input: [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(gray: 0, alpha: 0)],
        kind: .colors, expected: .colors([RGBA(r: 1, g: 0, b: 0, a: 1), .clear])),
    .init(name: "nil colors", input: nil, kind: .colors, expected: .none),
    .init(
        name: "3 numbers for a vector value function", input: [1, 2.5, NSNumber(value: 3)] as [Any], kind: .vector3,
        expected: .vector3(SIMD3(1, 2.5, 3))),
    .init(name: "any: NSNumber", input: NSNumber(value: 7), kind: .any, expected: .scalar(7)),
    .init(name: "any: Bool", input: false, kind: .any, expected: .bool(false)),
    .init(name: "any: CGPoint", input: CGPoint(x: 1, y: 1), kind: .any, expected: .point(CGPoint(x: 1, y: 1))),
    .init(
        name: "any: NSValue(size:)", input: NSValue(size: CGSize(width: 1, height: 2)), kind: .any,
        expected: .size(CGSize(width: 1, height: 2))),
    .init(
        name: "any: CGColor", input: CGColor(gray: 1, alpha: 1), kind: .any,
        expected: .color(RGBA(r: 1, g: 1, b: 1, a: 1))),
    .init(name: "any: [Double]", input: [1.0], kind: .any, expected: .scalars([1])),
    .init(name: "any: nil", input: nil, kind: .any, expected: .none),
    .init(
        name: "CGSize as a point (iOS reads either)", input: CGSize(width: 1, height: 2), kind: .point,
        expected: .point(CGPoint(x: 1, y: 2))),
    .init(
        name: "CGPoint as a size (lottie-ios's transform.translation)", input: CGPoint(x: 3, y: -4), kind: .size,
        expected: .size(CGSize(width: 3, height: -4))),
    .init(
        name: "NSValue(point:) as a size", input: NSValue(point: CGPoint(x: 5, y: 6)), kind: .size,
        expected: .size(CGSize(width: 5, height: 6))),
    .init(
        name: "NSValue(size:) as a point", input: NSValue(size: CGSize(width: 7, height: 8)), kind: .point,
        expected: .point(CGPoint(x: 7, y: 8))),
    .init(name: "typed value passes through", input: AnimatableValue.scalar(4), kind: .scalar, expected: .scalar(4)),
]

/// A wrong spelling and the exact message it must produce (no role/key path given).
struct RejectionCase: CustomTestStringConvertible, @unchecked Sendable {
    let input: Any?
    let kind: ValueKind
    let message: String
    var testDescription: String { message }
}

private let rejected: [RejectionCase] = [
    .init(input: "12", kind: .point, message: "value must be a CGPoint, got String"),
    .init(input: CGRect.zero, kind: .point, message: "value must be a CGPoint, got CGRect"),
    .init(input: CGRect.zero, kind: .size, message: "value must be a CGSize, got CGRect"),
    .init(input: NSNumber(value: 1), kind: .point, message: "value must be a CGPoint, got NSNumber"),
    .init(input: nil, kind: .scalar, message: "value must be a number, got nil"),
    .init(input: "1", kind: .scalar, message: "value must be a number, got String"),
    .init(input: CGPoint.zero, kind: .rect, message: "value must be a CGRect, got CGPoint"),
    .init(input: 3, kind: .transform, message: "value must be a CATransform3D, got Int"),
    .init(input: "red", kind: .color, message: "value must be a CGColor, got String"),
    .init(input: 1, kind: .path, message: "value must be a CGPath, got Int"),
    .init(input: "image.png", kind: .image, message: "value must be a CGImage, got String"),
    .init(input: "yes", kind: .bool, message: "value must be a Bool, got String"),
    .init(input: [CGPoint.zero], kind: .scalars, message: "value must be an array of numbers, got array of CGPoint"),
    .init(input: [1, 2], kind: .colors, message: "value must be an array of CGColors, got array of 2 numbers"),
    .init(input: [1, 2], kind: .vector3, message: "value must be an array of 3 numbers, got array of 2 numbers"),
    .init(
        input: "abc", kind: .any,
        message:
            "value must be a number, CGPoint, CGSize, CGRect, CATransform3D, CGColor, CGPath, CGImage or array, got String"
    ),
    .init(input: AnimatableValue.point(.zero), kind: .scalar, message: "value must be a number, got AnimatableValue"),
]

@Suite("AnimatableValue.convert")
struct ConversionTests {
    @Test(arguments: accepted)
    func acceptsAppleSpellings(_ c: ConversionCase) throws {
        let value = try AnimatableValue.convert(c.input, to: c.kind).get()
        // Tolerance 1e-12 (colours go through the sRGB reading of CGColor).
        expectClose(value, c.expected, tolerance: 1e-12)
        #expect(value.kind == c.expected.kind)
    }

    @Test(arguments: rejected)
    func rejectsWrongTypesWithClearMessages(_ c: RejectionCase) {
        switch AnimatableValue.convert(c.input, to: c.kind) {
        case .success(let v): Issue.record("accepted \(v)")
        case .failure(let e): #expect(e.message == c.message)
        }
    }

    @Test func boxedValuesAreCheckedByTheirObjCType() {
        // An NSValue holding a rect is not a point even though both are NSValues (a size is: see
        // the accepted cases).
        #expect(throws: ValueConversionError.self) {
            try AnimatableValue.convert(NSValue(rect: .zero), to: .point).get()
        }
        #expect(throws: ValueConversionError.self) {
            try AnimatableValue.convert(NSValue(point: .zero), to: .rect).get()
        }
    }

    @Test func errorNamesRoleAndKeyPath() {
        let result = AnimatableValue.convert("hello", to: .point)
        guard case .failure(let error) = result else {
            Issue.record("accepted a String")
            return
        }
        let described = error.describing("fromValue", for: "position")
        #expect(described.message == "fromValue for 'position' must be a CGPoint, got String")
        #expect("\(described)" == described.message)
    }
}
