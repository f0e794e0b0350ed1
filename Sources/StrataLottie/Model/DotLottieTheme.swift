import Foundation

/// What a `.lottie` archive holds besides the animation played: its animations' and themes' ids
/// (dotLottie 2), and the theme applied.
public struct DotLottieContents: Sendable, Equatable {
    public var animations: [String]
    public var themes: [String]
    /// The theme applied (chosen, or the animation's initial theme), if any.
    public var theme: String?

    public init(animations: [String], themes: [String], theme: String?) {
        self.animations = animations
        self.themes = themes
        self.theme = theme
    }
}

/// A dotLottie 2 theme (`t/ID.json`): rules that set slots, each `{"id": slot, "type": "Color" |
/// "Scalar" | "Position" | "Vector" | …, "value": …}` or with `"keyframes": [{"frame", "value",
/// "hold", "inTangent", "outTangent"}]`. Each becomes the slot's property JSON.
enum DotLottieTheme {
    static func slots(fromThemeJSON data: Data?, id: String) throws -> [String: String] {
        guard let data else { throw LottieError.unreadable(".lottie: the theme '\(id)' is listed but not in the archive") }
        let theme: JSONValue
        do {
            theme = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw LottieError.unreadable(".lottie: theme '\(id)' is not JSON")
        }
        guard case .object(let top) = theme, case .array(let rules)? = top["rules"] else {
            throw LottieError.unreadable(".lottie: theme '\(id)' has no \"rules\" list")
        }
        var slots: [String: String] = [:]
        for rule in rules {
            guard case .object(let r) = rule, case .string(let slot)? = r["id"], let property = property(of: r),
                let json = try? JSONEncoder().encode(property)
            else { continue }
            slots[slot] = String(decoding: json, as: UTF8.self)
        }
        return slots
    }

    /// A rule's value or keyframes as a property object; nil when it has neither.
    private static func property(of rule: [String: JSONValue]) -> JSONValue? {
        if let value = rule["value"] { return .object(["a": .number(0), "k": value]) }
        guard case .array(let frames)? = rule["keyframes"], !frames.isEmpty else { return nil }
        var keys: [JSONValue] = []
        for frame in frames {
            guard case .object(let f) = frame, case .number(let t)? = f["frame"], let value = f["value"] else { continue }
            var k: [String: JSONValue] = ["t": .number(t), "s": list(value)]
            if case .bool(true)? = f["hold"] { k["h"] = .number(1) }
            if let o = easing(f["outTangent"]) { k["o"] = o }
            if let i = easing(f["inTangent"]) { k["i"] = i }
            keys.append(.object(k))
        }
        return keys.isEmpty ? nil : .object(["a": .number(1), "k": .array(keys)])
    }

    /// A keyframe value as Lottie lists it (numbers in a list).
    private static func list(_ v: JSONValue) -> JSONValue {
        if case .number = v { return .array([v]) }
        return v
    }

    /// `{"x": n, "y": n}` (or lists) as a keyframe's easing handle.
    private static func easing(_ v: JSONValue?) -> JSONValue? {
        guard case .object(let o)? = v, let x = o["x"], let y = o["y"] else { return nil }
        return .object(["x": list(x), "y": list(y)])
    }
}
