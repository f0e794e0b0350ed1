import CoreGraphics
import Foundation
import StrataGeometry

// The API edge: Apple's boxed spellings (`Any?` holding NSNumber, NSValue, CGColor…) become typed
// values here, once, when an animation is added. Nothing after this point casts `Any`.
//
// Swift numbers bridge to NSNumber in `as?` casts, so types are tested exactly (`type(of:)`)
// where the difference matters (a Swift `Bool` vs a number for `.any`).

extension AnimatableValue {
    /// Converts an API value to the typed value of `kind`.
    ///
    /// Accepted spellings per kind:
    /// - `.scalar`: `Double`, `Float`, `CGFloat`, any Swift integer, `Bool` (1/0, as NSNumber
    ///   bridging gives on Apple), `NSNumber`.
    /// - `.point` / `.size` / `.rect`: the `CG` struct, or an `NSValue(point:/size:/rect:)` (the
    ///   boxes swift-corelibs-foundation offers; checked by `objCType`). A point and a size are
    ///   each accepted for the other (`transform.translation` given CGPoints, as iOS takes them).
    /// - `.transform`: `CATransform3D`, `NSValue(caTransform3D:)`, `CGAffineTransform`
    ///   (→ `CATransform3DMakeAffineTransform`).
    /// - `.color`: `CGColor` (converted to straight sRGB); nil → transparent black.
    /// - `.path`: `CGPath` / `CGMutablePath`; nil → `.none`.
    /// - `.image`: `CGImage`; nil → `.none`.
    /// - `.bool`: `Bool`, or any number (non-zero = true).
    /// - `.scalars`: an array (`[Any]`, `[NSNumber]`, `[Double]`, `NSArray`…) of numbers; nil → `.none`.
    /// - `.colors`: an array of `CGColor`; nil → `.none`.
    /// - `.vector3`: an array of exactly 3 numbers.
    /// - `.any`: whichever of the above the value's type says (a Swift `Bool` → `.bool`, other
    ///   numbers → `.scalar`, an array → `.scalars` or `.colors`); nil → `.none`.
    /// An `AnimatableValue` of the right kind is accepted as is.
    ///
    /// Errors name the expected and given types: "value must be a CGPoint, got String"; use
    /// `ValueConversionError.describing(_:for:)` to add "fromValue for 'position'".
    package static func convert(_ value: Any?, to kind: ValueKind) -> Result<AnimatableValue, ValueConversionError> {
        guard let value else {
            switch kind {
            case .color: return .success(.color(.clear))
            case .path, .image, .scalars, .colors, .any: return .success(.none)
            default: return .failure(mismatch(kind, nil))
            }
        }
        if let typed = value as? AnimatableValue {
            return typed.kind == kind || kind == .any || (typed == .none && acceptsNone(kind))
                ? .success(typed) : .failure(mismatch(kind, value))
        }
        let result: AnimatableValue?
        switch kind {
        case .scalar: result = number(value).map(AnimatableValue.scalar)
        case .point: result = point(value).map(AnimatableValue.point)
        case .size: result = size(value).map(AnimatableValue.size)
        case .rect: result = rect(value).map(AnimatableValue.rect)
        case .transform: result = transform(value).map(AnimatableValue.transform)
        case .color: result = (value as? CGColor).map { .color($0.sRGBComponents) }
        case .path: result = (value as? CGPath).map { .path($0.storage) }
        case .image: result = (value as? CGImage).map(AnimatableValue.image)
        case .bool: result = bool(value).map(AnimatableValue.bool)
        case .scalars: result = numbers(value).map(AnimatableValue.scalars)
        case .colors: result = colors(value).map(AnimatableValue.colors)
        case .vector3:
            result = numbers(value).flatMap { $0.count == 3 ? .vector3(SIMD3($0[0], $0[1], $0[2])) : nil }
        case .any: result = inferred(value)
        }
        return result.map { .success($0) } ?? .failure(mismatch(kind, value))
    }

    // MARK: Private

    private static func acceptsNone(_ kind: ValueKind) -> Bool {
        [.path, .image, .scalars, .colors, .any].contains(kind)
    }

    private static func mismatch(_ kind: ValueKind, _ value: Any?) -> ValueConversionError {
        ValueConversionError(expected: kind.expectedDescription, got: typeDescription(value))
    }

    /// "nil", "String", "array of 2 numbers", "array of String"…
    static func typeDescription(_ value: Any?) -> String {
        guard let value else { return "nil" }
        if let array = value as? [Any], !(value is String) {
            if array.isEmpty { return "empty array" }
            if array.allSatisfy({ number($0) != nil }) { return "array of \(array.count) numbers" }
            return "array of \(String(describing: type(of: array[0])))"
        }
        return String(describing: type(of: value))
    }

    /// A number from any numeric spelling (Bool counts as 1/0).
    private static func number(_ value: Any) -> Double? {
        switch value {
        case let v as NSNumber where type(of: value) is NSNumber.Type: return v.doubleValue
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Bool: return v ? 1 : 0
        case let v as any BinaryInteger: return Double(v)
        case let v as any BinaryFloatingPoint: return Double(v)
        default: return nil
        }
    }

    private static func bool(_ value: Any) -> Bool? {
        if let b = value as? Bool, type(of: value) == Bool.self { return b }
        return number(value).map { $0 != 0 }
    }

    /// A point, or a size read as one (iOS reads either two-number struct for a 2-D key path),
    /// bare or boxed in an NSValue.
    package static func point(_ value: Any) -> CGPoint? {
        exactPoint(value) ?? exactSize(value).map { CGPoint(x: $0.width, y: $0.height) }
    }

    /// A size, or a point read as one: lottie-ios animates `transform.translation` with CGPoint
    /// values, and iOS moves the layer.
    package static func size(_ value: Any) -> CGSize? {
        exactSize(value) ?? exactPoint(value).map { CGSize(width: $0.x, height: $0.y) }
    }

    private static func exactPoint(_ value: Any) -> CGPoint? {
        if let p = value as? CGPoint { return p }
        if let v = value as? NSValue, objCType(v).hasPrefix("{CGPoint=") { return v.pointValue }
        return nil
    }

    private static func exactSize(_ value: Any) -> CGSize? {
        if let s = value as? CGSize { return s }
        if let v = value as? NSValue, objCType(v).hasPrefix("{CGSize=") { return v.sizeValue }
        return nil
    }

    /// A rectangle, bare or boxed in an NSValue.
    package static func rect(_ value: Any) -> CGRect? {
        if let r = value as? CGRect { return r }
        if let v = value as? NSValue, objCType(v).hasPrefix("{CGRect=") { return v.rectValue }
        return nil
    }

    private static func transform(_ value: Any) -> CATransform3D? {
        if let t = value as? CATransform3D { return t }
        if let a = value as? CGAffineTransform { return CATransform3DMakeAffineTransform(a) }
        if let v = value as? NSValue, v.holdsCATransform3D { return v.caTransform3DValue }
        return nil
    }

    private static func objCType(_ v: NSValue) -> String {
        // NSNumber is an NSValue too; its objCType is a single letter and matches no struct.
        String(cString: v.objCType)
    }

    private static func array(_ value: Any) -> [Any]? {
        value is String ? nil : value as? [Any]
    }

    private static func numbers(_ value: Any) -> [Double]? {
        guard let array = array(value) else { return nil }
        var result: [Double] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let n = number(element) else { return nil }
            result.append(n)
        }
        return result
    }

    private static func colors(_ value: Any) -> [RGBA]? {
        guard let array = array(value) else { return nil }
        var result: [RGBA] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let c = element as? CGColor else { return nil }
            result.append(c.sRGBComponents)
        }
        return result
    }

    /// The kind a custom key's value has, from its type.
    private static func inferred(_ value: Any) -> AnimatableValue? {
        if type(of: value) == Bool.self, let b = value as? Bool { return .bool(b) }
        if let n = number(value) { return .scalar(n) }
        if let p = exactPoint(value) { return .point(p) }
        if let s = exactSize(value) { return .size(s) }
        if let r = rect(value) { return .rect(r) }
        if let t = transform(value) { return .transform(t) }
        if let c = value as? CGColor { return .color(c.sRGBComponents) }
        if let p = value as? CGPath { return .path(p.storage) }
        if let i = value as? CGImage { return .image(i) }
        if let n = numbers(value) { return .scalars(n) }
        if let c = colors(value) { return .colors(c) }
        return nil
    }
}
