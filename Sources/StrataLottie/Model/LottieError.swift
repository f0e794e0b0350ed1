import CoreGraphics
import Foundation

/// Why a Lottie file could not be read: the place in the file (`layers[3].shapes[1].ks.k[2]`)
/// and what is wrong there.
public enum LottieError: Error, CustomStringConvertible, Equatable {
    /// The file is not JSON, or not a zip archive for `.lottie`.
    case unreadable(String)
    /// A value is missing, of the wrong type or out of range at `path`.
    case invalid(path: String, String)

    public var description: String {
        switch self {
        case .unreadable(let message): return message
        case .invalid(let path, let message): return path.isEmpty ? message : "\(path): \(message)"
        }
    }

    /// `layers[3].shapes[1].ks`: keys joined by dots, list indices in brackets.
    static func describe(_ path: [CodingKey]) -> String {
        var out = ""
        for key in path {
            if let index = key.intValue {
                out += "[\(index)]"
            } else if key.stringValue.hasPrefix("Index "), let n = Int(key.stringValue.dropFirst(6)) {
                out += "[\(n)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }

    /// The error for a Codable failure, naming where it happened.
    static func from(_ error: DecodingError) -> LottieError {
        switch error {
        case .typeMismatch(let type, let context):
            return .invalid(path: describe(context.codingPath), "expected \(Self.name(of: type)) (\(context.debugDescription))")
        case .valueNotFound(let type, let context):
            return .invalid(path: describe(context.codingPath), "missing \(Self.name(of: type))")
        case .keyNotFound(let key, let context):
            return .invalid(path: describe(context.codingPath + [key]), "missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return .unreadable("not a JSON document (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))")
            }
            return .invalid(path: describe(context.codingPath), context.debugDescription)
        @unknown default:
            return .unreadable("\(error)")
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is [Double].Type: return "a list of numbers"
        default: return "\(type)"
        }
    }
}

/// The features a file uses that Strata does not draw, collected while it is read and built
/// (each named once, with where it first appeared).
final class LottieWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String: String] = [:]
    private var order: [String] = []

    static let key = CodingUserInfoKey(rawValue: "strata.lottie.warnings")!

    /// Images decoded while the file is read, by their bytes (assets embedding the same image
    /// share one: 20 uses of a large image were decoded 20 times).
    private var images: [Data: CGImage] = [:]

    /// The image decoded from `bytes`, decoded once per file.
    func image(for bytes: Data, decode: (Data) -> CGImage?) -> CGImage? {
        if let known = lock.withLock({ images[bytes] }) { return known }
        guard let image = decode(bytes) else { return nil }
        lock.withLock { images[bytes] = image }
        return image
    }

    func note(_ feature: String, at place: String) {
        lock.lock()
        defer { lock.unlock() }
        guard seen[feature] == nil else { return }
        seen[feature] = place
        order.append(feature)
    }

    /// "feature (at place)" lines, in the order met.
    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return order.map { f in
            let place = seen[f] ?? ""
            return place.isEmpty ? "unsupported: \(f)" : "unsupported: \(f) (at \(place))"
        }
    }

    /// Notes `feature` in the collector the decoder carries.
    static func note(_ feature: String, _ decoder: Decoder) {
        (decoder.userInfo[key] as? LottieWarnings)?.note(feature, at: LottieError.describe(decoder.codingPath))
    }
}
