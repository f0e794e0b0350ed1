import Foundation
import QuartzCore
import StrataAnimation

/// Turns JSON values into the Swift values Core Animation takes, by the kind a key path needs.
enum SceneValues {
    /// True for JSON's true and false (Foundation hands numbers and booleans back as NSNumber,
    /// and 0 and 1 also cast to Bool; the boolean ones have the objCType "c").
    static func isBoolean(_ v: Any?) -> Bool {
        guard let n = v as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }

    /// `o[key]` as a string: nil when absent, an error naming the place when of another type.
    static func string(_ o: [String: Any], _ key: String, _ at: ScenePath) throws -> String? {
        guard let v = o[key] else { return nil }
        guard let s = v as? String else { throw at.key(key).error("expected a string, got \(describe(v))") }
        return s
    }

    /// `o[key]` as true or false (not a number, not a string): nil when absent.
    static func bool(_ o: [String: Any], _ key: String, _ at: ScenePath) throws -> Bool? {
        guard let v = o[key] else { return nil }
        guard isBoolean(v), let b = v as? Bool else { throw at.key(key).error("expected true or false, got \(describe(v))") }
        return b
    }

    /// `o[key]` as an array: nil when absent.
    static func array(_ o: [String: Any], _ key: String, _ at: ScenePath) throws -> [Any]? {
        guard let v = o[key] else { return nil }
        guard let a = v as? [Any], !(v is String) else { throw at.key(key).error("expected an array, got \(describe(v))") }
        return a
    }

    /// `o[key]` as one of `names`: nil when absent.
    static func name(_ o: [String: Any], _ key: String, among names: [String], _ at: ScenePath) throws -> String? {
        guard let s = try string(o, key, at) else { return nil }
        guard names.contains(s) else {
            throw at.key(key).error("unknown value \"\(s)\" (known: \(names.joined(separator: ", ")))")
        }
        return s
    }

    static func number(_ v: Any?, _ at: ScenePath) throws -> Double {
        if let n = v as? NSNumber, !isBoolean(v), n.doubleValue.isFinite { return n.doubleValue }
        if let s = v as? String, s == "infinity" { return .infinity }
        throw at.error("expected a number, got \(describe(v))")
    }

    static func numbers(_ v: Any?, count: Int?, _ at: ScenePath, what: String) throws -> [Double] {
        guard let array = v as? [Any] else { throw at.error("expected \(what), got \(describe(v))") }
        if let count, array.count != count { throw at.error("expected \(what), got \(array.count) numbers") }
        return try array.enumerated().map { try number($0.element, at.index($0.offset)) }
    }

    static func color(_ v: Any?, _ at: ScenePath) throws -> CGColor {
        if let s = v as? String, s.hasPrefix("#") {
            let hex = s.dropFirst()
            guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else {
                throw at.error("expected a colour as #RRGGBB or #RRGGBBAA, got \"\(s)\"")
            }
            let bytes = hex.count == 8 ? value : value << 8 | 0xFF
            func c(_ shift: UInt64) -> CGFloat { CGFloat((bytes >> shift) & 0xFF) / 255 }
            return CGColor(red: c(24), green: c(16), blue: c(8), alpha: c(0))
        }
        if v is [Any] {
            let n = try numbers(v, count: 4, at, what: "a colour as [r, g, b, a] in 0...1")
            return CGColor(red: n[0], green: n[1], blue: n[2], alpha: n[3])
        }
        throw at.error("expected a colour (#RRGGBB, #RRGGBBAA or [r, g, b, a]), got \(describe(v))")
    }

    static func transform(_ v: Any?, _ at: ScenePath) throws -> CATransform3D {
        if let array = v as? [Any], array.count == 16 {
            let m = try numbers(array, count: 16, at, what: "16 numbers")
            return CATransform3D(
                m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
        }
        guard let object = v as? [String: Any] else {
            throw at.error("expected a transform: 16 numbers, or {\"perspective\", \"translation\", \"rotation\", \"rotationX\", \"rotationY\", \"scale\"}")
        }
        var t = CATransform3DIdentity
        let known: Set = ["perspective", "translation", "rotation", "rotationX", "rotationY", "scale"]
        for key in object.keys where !known.contains(key) { throw at.key(key).error("unknown transform part") }
        if let d = object["perspective"] { t.m34 = -1 / (try number(d, at.key("perspective"))) }
        if let s = object["scale"] {
            if s is [Any] {
                let v = try numbers(s, count: 2, at.key("scale"), what: "[sx, sy]")
                t = CATransform3DScale(t, v[0], v[1], 1)
            } else {
                let k = try number(s, at.key("scale"))
                t = CATransform3DScale(t, k, k, 1)
            }
        }
        if let r = object["rotationX"] { t = CATransform3DRotate(t, try number(r, at.key("rotationX")), 1, 0, 0) }
        if let r = object["rotationY"] { t = CATransform3DRotate(t, try number(r, at.key("rotationY")), 0, 1, 0) }
        if let r = object["rotation"] { t = CATransform3DRotate(t, try number(r, at.key("rotation")), 0, 0, 1) }
        if let tr = object["translation"] {
            let v = try numbers(tr, count: 2, at.key("translation"), what: "[x, y]")
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(v[0], v[1], 0))
        }
        return t
    }

    static func path(_ v: Any?, _ at: ScenePath) throws -> CGPath {
        guard let object = v as? [String: Any] else {
            throw at.error("expected a path: {\"rect\": [x, y, w, h]}, {\"ellipse\": [...]}, or {\"points\": [[x, y], ...], \"closed\": bool}")
        }
        if let r = object["rect"] {
            let n = try numbers(r, count: 4, at.key("rect"), what: "[x, y, width, height]")
            return CGPath(rect: CGRect(x: n[0], y: n[1], width: n[2], height: n[3]), transform: nil)
        }
        if let r = object["ellipse"] {
            let n = try numbers(r, count: 4, at.key("ellipse"), what: "[x, y, width, height]")
            return CGPath(ellipseIn: CGRect(x: n[0], y: n[1], width: n[2], height: n[3]), transform: nil)
        }
        guard let points = object["points"] as? [Any], points.count >= 2 else {
            throw at.key("points").error("expected at least two [x, y] points")
        }
        let path = CGMutablePath()
        for (i, p) in points.enumerated() {
            let xy = try numbers(p, count: 2, at.key("points").index(i), what: "[x, y]")
            if i == 0 { path.move(to: CGPoint(x: xy[0], y: xy[1])) } else { path.addLine(to: CGPoint(x: xy[0], y: xy[1])) }
        }
        if object["closed"] as? Bool == true { path.closeSubpath() }
        return path
    }

    /// The Swift value for a key path's kind.
    static func value(_ v: Any?, kind: ValueKind, _ at: ScenePath) throws -> Any {
        switch kind {
        case .scalar: return CGFloat(try number(v, at))
        case .point:
            let n = try numbers(v, count: 2, at, what: "a point [x, y]")
            return CGPoint(x: n[0], y: n[1])
        case .size:
            let n = try numbers(v, count: 2, at, what: "a size [width, height]")
            return CGSize(width: n[0], height: n[1])
        case .rect:
            let n = try numbers(v, count: 4, at, what: "a rectangle [x, y, width, height]")
            return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        case .color: return try color(v, at)
        case .transform: return try transform(v, at)
        case .bool:
            guard isBoolean(v), let b = v as? Bool else { throw at.error("expected true or false, got \(describe(v))") }
            return b
        case .path: return try path(v, at)
        case .scalars: return try numbers(v, count: nil, at, what: "an array of numbers").map { NSNumber(value: $0) }
        case .colors:
            guard let array = v as? [Any] else { throw at.error("expected an array of colours") }
            return try array.enumerated().map { try color($0.element, at.index($0.offset)) }
        default:
            throw at.error("values of this kind cannot be given in a scene file")
        }
    }

    static func describe(_ v: Any?) -> String {
        switch v {
        case nil: "nothing"
        case is String: "a string"
        case _ where isBoolean(v): "a boolean"
        case is NSNumber: "a number"
        case let a as [Any]: "an array of \(a.count)"
        case is [String: Any]: "an object"
        default: "\(type(of: v!))"
        }
    }
}
