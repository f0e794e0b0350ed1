import Foundation

/// A named point in an animation (After Effects' composition markers): `cm` its name, `tm` its
/// frame, `dr` how many frames it spans.
public struct LottieMarker: Sendable, Equatable, Decodable {
    /// The marker's name (its comment in After Effects).
    public var name: String
    /// The frame it marks.
    public var frame: Double
    /// Frames it spans (0 for a point).
    public var duration: Double

    enum CodingKeys: String, CodingKey { case cm, tm, dr }

    public init(name: String, frame: Double, duration: Double = 0) {
        self.name = name
        self.frame = frame
        self.duration = duration
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .cm)
        frame = try c.decode(Double.self, forKey: .tm)
        let d = (try? c.decodeIfPresent(Double.self, forKey: .dr)) ?? 0
        duration = d.isFinite ? max(d, 0) : 0
        guard frame.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.tm], debugDescription: "a marker's frame must be finite"))
        }
    }

    /// The file's markers, each read on its own: a bad one is left out with a warning (at most
    /// 10,000: a marker list is no place for millions of entries).
    static func list<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ decoder: Decoder) -> [LottieMarker]? {
        guard let key = K(stringValue: "markers"), c.contains(key), var list = try? c.nestedUnkeyedContainer(forKey: key) else {
            return nil
        }
        var markers: [LottieMarker] = []
        while !list.isAtEnd, markers.count < 10_000 {
            if let marker = try? list.decode(LottieMarker.self) {
                markers.append(marker)
            } else {
                _ = try? list.decode(AnyDecodable.self)
                LottieWarnings.note("a marker that is not {cm, tm, dr} (left out)", decoder)
            }
        }
        return markers
    }
}

extension LottieAnimation {
    /// The markers' names, in the file's order.
    public var markerNames: [String] { markers.map(\.name) }

    /// The frame of the marker named `name` (the first of that name), or nil. (lottie-ios's
    /// `frameTime(forMarker:)`.)
    public func frameTime(forMarker name: String) -> Double? {
        markers.first { $0.name == name }?.frame
    }

    /// The progress (0…1) of the marker named `name`, or nil. (lottie-ios's `progressTime(forMarker:)`.)
    public func progressTime(forMarker name: String) -> Double? {
        frameTime(forMarker: name).map { min(max(($0 - inPoint) / (outPoint - inPoint), 0), 1) }
    }
}
