import Foundation

/// What one input file may claim of memory and work. Every limit is checked where the file is
/// read or built, with an error or warning naming the place and the limit; the CLI raises them
/// with `--limit NAME=VALUE`. The defaults hold the 170 real Lottie files tried with room to spare.
public struct InputLimits: Sendable, Equatable {
    /// Bytes of a Lottie JSON document. Reading one takes about 15 bytes of memory a byte.
    public var jsonBytes = 64 << 20
    /// Bytes of a scene file. Reading one takes up to 100 bytes of memory a byte (its whole
    /// document is built by JSONSerialization first), hence a lower limit.
    public var sceneBytes = 8 << 20
    /// Pixels one decoded image may have (8192 × 8192: 256 MB of RGBA).
    public var imagePixels = 8192 * 8192
    /// Decoded image pixels of one file in all (128 Mpx: 512 MB of RGBA).
    public var filePixels = 128 << 20
    /// Bytes a `.lottie` archive may unpack to in all.
    public var archiveBytes = 256 << 20
    /// Layers a Lottie file becomes once its precompositions are expanded.
    public var layers = 20_000
    /// Path steps building a Lottie file's shapes may take (shapes evaluated, transforms applied,
    /// 25 a trim, over every sampled frame): a few seconds of building at most.
    public var pathSteps = 8_000_000
    /// Points a Lottie file's sampled paths may hold in all (about 25 MB).
    public var pathPoints = 1_000_000

    public init() {}

    /// The defaults.
    public static let standard = InputLimits()

    /// A limit as the CLI names it: `json-mb`, and what it means.
    public struct Name: Sendable {
        public let name: String
        public let meaning: String
        let unit: Int
        let keyPath: WritableKeyPath<InputLimits, Int> & Sendable
    }

    /// Every limit, by CLI name (sizes in MB and megapixels).
    public static let names: [Name] = [
        Name(name: "json-mb", meaning: "MB of a Lottie JSON document", unit: 1 << 20, keyPath: \.jsonBytes),
        Name(name: "scene-mb", meaning: "MB of a scene file", unit: 1 << 20, keyPath: \.sceneBytes),
        Name(name: "image-mpx", meaning: "megapixels of one decoded image", unit: 1 << 20, keyPath: \.imagePixels),
        Name(name: "file-mpx", meaning: "megapixels of all images of one file", unit: 1 << 20, keyPath: \.filePixels),
        Name(name: "archive-mb", meaning: "MB a .lottie archive unpacks to", unit: 1 << 20, keyPath: \.archiveBytes),
        Name(name: "layers", meaning: "layers of a Lottie file after precompositions are expanded", unit: 1, keyPath: \.layers),
        Name(name: "path-steps", meaning: "steps building a Lottie file's paths may take", unit: 1, keyPath: \.pathSteps),
        Name(name: "path-points", meaning: "points of a Lottie file's sampled paths", unit: 1, keyPath: \.pathPoints),
    ]

    /// `bytes` (or pixels) in millions of 2²⁰, as the messages give them: "64", "0.02".
    public static func millions(_ bytes: Int) -> String {
        String(format: "%g", (Double(bytes) / Double(1 << 20) * 100).rounded() / 100)
    }

    /// The value of the limit named `name` in its CLI unit.
    public func value(named name: String) -> Int? {
        Self.names.first { $0.name == name }.map { self[keyPath: $0.keyPath] / $0.unit }
    }

    /// Applies `NAME=VALUE` (a whole number ≥ 1 in the limit's unit, at most 2⁴⁰).
    public mutating func apply(_ assignment: String) throws(InputLimitError) {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let limit = Self.names.first(where: { $0.name == parts[0] }) else {
            throw InputLimitError(
                "--limit '\(assignment)' should be NAME=VALUE with NAME one of \(Self.names.map(\.name).joined(separator: ", "))")
        }
        guard let value = Int(parts[1]), value >= 1, value <= 1 << 40 / limit.unit else {
            throw InputLimitError("--limit \(limit.name) takes a whole number from 1 to \((1 << 40) / limit.unit), not '\(parts[1])'")
        }
        self[keyPath: limit.keyPath] = value * limit.unit
    }
}

/// A `--limit` that cannot be applied.
public struct InputLimitError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
