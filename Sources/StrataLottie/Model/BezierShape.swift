import CoreGraphics
import Foundation

/// A Lottie path value: vertices with in and out tangents (relative to their vertex), open or closed.
struct BezierShape: LottieValue, Decodable, Equatable {
    var closed: Bool
    var vertices: [CGPoint]
    var inTangents: [CGPoint]
    var outTangents: [CGPoint]

    init(closed: Bool, vertices: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    enum CodingKeys: String, CodingKey { case c, v, i, o }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        closed = (try? c.decodeIfPresent(Bool.self, forKey: .c)) ?? false
        vertices = try Self.points(c, .v)
        inTangents = c.contains(.i) ? try Self.points(c, .i) : []
        outTangents = c.contains(.o) ? try Self.points(c, .o) : []
        // Missing or short tangent lists mean straight segments.
        while inTangents.count < vertices.count { inTangents.append(.zero) }
        while outTangents.count < vertices.count { outTangents.append(.zero) }
    }

    private static func points(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [CGPoint] {
        let pairs = try c.decode([[Double]].self, forKey: key)
        return try pairs.enumerated().map { i, pair in
            guard pair.count >= 2, pair[0].isFinite, pair[1].isFinite else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: c.codingPath + [key, IndexKey(i)], debugDescription: "expected a finite [x, y] pair"))
            }
            return CGPoint(x: pair[0], y: pair[1])
        }
    }

    /// A shape in `k` or a keyframe's `s`: an object, or (keyframes) a list holding one.
    init(lottieFrom decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            guard !list.isAtEnd else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty shape list"))
            }
            self = try list.decode(BezierShape.self)
        } else {
            self = try BezierShape(from: decoder)
        }
    }

    func interpolated(to other: BezierShape, progress: [Double]) -> BezierShape {
        guard let p = progress.first, other.vertices.count == vertices.count else { return progress.first ?? 0 >= 1 ? other : self }
        func mix(_ a: [CGPoint], _ b: [CGPoint]) -> [CGPoint] {
            zip(a, b).map { CGPoint(x: $0.x + ($1.x - $0.x) * p, y: $0.y + ($1.y - $0.y) * p) }
        }
        return BezierShape(
            closed: closed, vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
            outTangents: mix(outTangents, other.outTangents))
    }

    /// The shape as a path: every segment a cubic (straight ones too), so that two shapes with as
    /// many vertices give paths Core Animation can interpolate element by element.
    func addTo(_ path: CGMutablePath, transform: CGAffineTransform = .identity) {
        guard let first = vertices.first else { return }
        path.move(to: first, transform: transform)
        let n = vertices.count
        let segments = closed ? n : n - 1
        for k in 0..<max(segments, 0) {
            let a = k, b = (k + 1) % n
            path.addCurve(
                to: vertices[b], control1: vertices[a] + outTangents[a], control2: vertices[b] + inTangents[b],
                transform: transform)
        }
        if closed { path.closeSubpath() }
    }

    var path: CGPath {
        let p = CGMutablePath()
        addTo(p)
        return p
    }
}

/// An index in a coding path.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ i: Int) { intValue = i }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

extension CGPoint {
    static func + (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: CGPoint, b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: CGPoint, k: CGFloat) -> CGPoint { CGPoint(x: a.x * k, y: a.y * k) }
}
