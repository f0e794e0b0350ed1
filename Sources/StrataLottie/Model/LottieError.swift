import CoreGraphics
import Foundation
import StrataInput

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

/// Why an image is not decoded: too many pixels for one image or for the file.
struct LottieImageRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The features a file uses that Strata does not draw, collected while it is read and built
/// (each named once, with where it first appeared).
final class LottieWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String: String] = [:]
    private var order: [String] = []

    static let key = CodingUserInfoKey(rawValue: "strata.lottie.warnings")!

    /// What the file may claim (see `InputLimits`).
    let limits: InputLimits

    /// The slots properties may name (the file's, and the caller's over them), and the ids named.
    var slots = LottieSlots()
    private(set) var namedSlots: Set<String> = []

    /// Slots being decoded (a slot whose value names itself is read as a plain value).
    private var decodingSlots: Set<String> = []

    /// The JSON of slot `id`, noting that a property names it; nil while that slot is being
    /// decoded (a slot naming itself).
    func slot(_ id: String) -> Data? {
        let (value, tooDeep) = lock.withLock { () -> (Data?, Bool) in
            namedSlots.insert(id)
            guard !decodingSlots.contains(id) else { return (nil, false) }
            // Each level of a chain is a decoder on the stack (20,000 levels overflowed it).
            guard decodingSlots.count < Self.maxSlotChain else { return (nil, slots.values[id] != nil) }
            return (slots.values[id], false)
        }
        if tooDeep {
            noteLimit("a slot whose value names another slot, \(Self.maxSlotChain) deep: slot '\(id)' is not followed (the property's own value is used)", at: "slots")
        }
        return value
    }

    /// How many slots deep a slot's value may name another slot (real files: one).
    static let maxSlotChain = 16

    /// Runs `body` while slot `id` is being decoded.
    func decodingSlot<T>(_ id: String, _ body: () throws -> T) rethrows -> T {
        lock.withLock { _ = decodingSlots.insert(id) }
        defer { lock.withLock { _ = decodingSlots.remove(id) } }
        return try body()
    }

    /// Every slot id the file defines or a property names, sorted.
    var slotIDs: [String] { lock.withLock { namedSlots.union(slots.defined).sorted() } }

    init(limits: InputLimits = .standard) {
        self.limits = limits
    }

    /// Images decoded while the file is read, by their bytes (assets embedding the same image
    /// share one: 20 uses of a large image were decoded 20 times), and their pixels in all.
    private var images: [Data: CGImage] = [:]
    private var decodedPixels = 0

    /// The image decoded from `bytes`, decoded once per file; nil when it is no PNG or JPEG.
    /// Throws the reason when it is larger than one image or the file's images may be
    /// (`InputLimits.imagePixels`, `filePixels`), told from its header before decoding.
    func image(for bytes: Data) throws(LottieImageRefusal) -> CGImage? {
        if let known = lock.withLock({ images[bytes] }) { return known }
        if let (w, h) = LottieAsset.pixelSize(bytes) { try admit(width: w, height: h) }
        guard let image = LottieAsset.decodeImage(bytes) else { return nil }
        lock.withLock { images[bytes] = image }
        return image
    }

    /// Counts an image of `width` × `height` pixels against the limits, or says why it is refused.
    private func admit(width: Int, height: Int) throws(LottieImageRefusal) {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, !pixels.overflow, pixels.partialValue <= limits.imagePixels else {
            throw LottieImageRefusal(
                "the image is \(width)×\(height) pixels, more than the \(InputLimits.millions(limits.imagePixels)) megapixels one image may have (--limit image-mpx)")
        }
        let total = lock.withLock { () -> Int in
            decodedPixels += pixels.partialValue
            return decodedPixels
        }
        guard total <= limits.filePixels else {
            throw LottieImageRefusal(
                "the file's images come to more than \(InputLimits.millions(limits.filePixels)) megapixels in all (--limit file-mpx)")
        }
    }

    /// Notes a feature the file uses that Strata does not draw ("unsupported: …").
    func note(_ feature: String, at place: String) {
        note("unsupported: \(feature)", place)
    }

    /// Notes a budget the file passed ("limit: …"): what was left out or simplified.
    func noteLimit(_ what: String, at place: String) {
        note("limit: \(what)", place)
    }

    private func note(_ line: String, _ place: String) {
        lock.lock()
        defer { lock.unlock() }
        guard seen[line] == nil else { return }
        seen[line] = place
        order.append(line)
    }

    /// "unsupported: feature (at place)" and "limit: … (at place)" lines, in the order met.
    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return order.map { f in
            let place = seen[f] ?? ""
            return place.isEmpty ? f : "\(f) (at \(place))"
        }
    }

    /// Notes `feature` in the collector the decoder carries.
    static func note(_ feature: String, _ decoder: Decoder) {
        (decoder.userInfo[key] as? LottieWarnings)?.note(feature, at: LottieError.describe(decoder.codingPath))
    }
}
