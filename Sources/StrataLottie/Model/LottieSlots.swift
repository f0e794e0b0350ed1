import Foundation
import StrataInput

/// Any JSON value, kept as it was read: slot values are stored as JSON and decoded as the
/// property that names them (its type is known only there).
enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// The value as a property object: itself when it has `k`, else a static property holding it.
    var asProperty: JSONValue {
        if case .object(let o) = self, o["k"] != nil { return self }
        return .object(["a": .number(0), "k": self])
    }
}

/// Lottie 1.1 slots: properties that name a slot (`"sid": "ID"`) take the slot's value, from the
/// file's `slots` (`{"ID": {"p": value}}`) or, over those, from the caller (`LottieAnimation`'s
/// `slots:`, `strata render --slot ID=JSON`, a dotLottie theme).
struct LottieSlots: Sendable {
    /// Slot values as property JSON, by id.
    var values: [String: Data] = [:]
    /// Slot ids given by the caller (they win over the file's own).
    var overridden: Set<String> = []
    /// Slot ids the file defines.
    var defined: Set<String> = []

    /// Adds the caller's slot values (JSON texts: a property object or a bare value).
    mutating func override(with given: [String: String]) throws {
        for (id, text) in given {
            let data = Data(text.utf8)
            // Syntax and nesting first, with the place (the decoder names none).
            if let problem = JSONSyntax.firstProblem(in: data, maxDepth: LottieAnimation.maxJSONDepth) {
                throw LottieError.unreadable("slot '\(id)': not a JSON value: \(problem)")
            }
            let value: JSONValue
            do {
                value = try JSONDecoder().decode(JSONValue.self, from: data)
            } catch {
                throw LottieError.unreadable("slot '\(id)': \(text.prefix(80)) is not a JSON value")
            }
            values[id] = try JSONEncoder().encode(value.asProperty)
            overridden.insert(id)
        }
    }

    /// Adds the file's slots (`{"ID": {"p": value}}`), unless the caller set them.
    mutating func add(fileSlots: [String: JSONValue]) {
        defined.formUnion(fileSlots.keys)
        for (id, slot) in fileSlots where !overridden.contains(id) {
            guard case .object(let o) = slot, let p = o["p"], let data = try? JSONEncoder().encode(p.asProperty) else { continue }
            values[id] = data
        }
    }
}
