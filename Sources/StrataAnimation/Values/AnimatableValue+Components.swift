import CoreGraphics
import StrataGeometry

// The "vector space" view of AnimatableValue shared by interpolation, additive/cumulative
// arithmetic, distances and cubic splines: numbers, points, sizes, rects, colours and 3-vectors
// are tuples of Doubles; number/colour arrays of equal length and paths of identical element
// types are longer tuples. Transforms are deliberately NOT in this view: matrices are combined by
// decomposition and concatenation, never field by field (spec §3.7). Bools, images and `.none`
// have no components.
//
// The closures are non-escaping, so the inline kinds never allocate.

extension AnimatableValue {
    /// `f` applied to each pair of corresponding components, or nil when the two values are not
    /// the same vector-like kind with the same structure.
    ///
    /// Rects pair (origin.x, origin.y, width, height) as given, without standardising.
    @inline(__always)
    func zipComponents(_ other: AnimatableValue, _ f: (Double, Double) -> Double) -> AnimatableValue? {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)):
            return .scalar(f(a, b))
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: f(a.x, b.x), y: f(a.y, b.y)))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: f(a.width, b.width), height: f(a.height, b.height)))
        case (.rect(let a), .rect(let b)):
            return .rect(
                CGRect(
                    x: f(a.origin.x, b.origin.x), y: f(a.origin.y, b.origin.y),
                    width: f(a.size.width, b.size.width), height: f(a.size.height, b.size.height)))
        case (.color(let a), .color(let b)):
            return .color(Self.zipRGBA(a, b, f))
        case (.vector3(let a), .vector3(let b)):
            return .vector3(SIMD3(f(a.x, b.x), f(a.y, b.y), f(a.z, b.z)))
        case (.scalars(let a), .scalars(let b)) where a.count == b.count:
            return .scalars(Swift.zip(a, b).map { f($0, $1) })
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(Swift.zip(a, b).map { Self.zipRGBA($0, $1, f) })
        case (.path(let a), .path(let b)) where a.types == b.types && a.points.count == b.points.count:
            let points = Swift.zip(a.points, b.points).map { p, q in CGPoint(x: f(p.x, q.x), y: f(p.y, q.y)) }
            return .path(PathStorage(types: a.types, points: points))
        default:
            return nil
        }
    }

    /// `f` applied to each component, or nil for kinds without components (transforms, bools,
    /// images, `.none`).
    @inline(__always)
    func mapComponents(_ f: (Double) -> Double) -> AnimatableValue? {
        switch self {
        case .scalar(let a):
            return .scalar(f(a))
        case .point(let a):
            return .point(CGPoint(x: f(a.x), y: f(a.y)))
        case .size(let a):
            return .size(CGSize(width: f(a.width), height: f(a.height)))
        case .rect(let a):
            return .rect(CGRect(x: f(a.origin.x), y: f(a.origin.y), width: f(a.size.width), height: f(a.size.height)))
        case .color(let a):
            return .color(RGBA(r: f(a.r), g: f(a.g), b: f(a.b), a: f(a.a)))
        case .vector3(let a):
            return .vector3(SIMD3(f(a.x), f(a.y), f(a.z)))
        case .scalars(let a):
            return .scalars(a.map(f))
        case .colors(let a):
            return .colors(a.map { RGBA(r: f($0.r), g: f($0.g), b: f($0.b), a: f($0.a)) })
        case .path(let a):
            return .path(PathStorage(types: a.types, points: a.points.map { CGPoint(x: f($0.x), y: f($0.y)) }))
        case .transform, .image, .bool, .none:
            return nil
        }
    }

    /// Σ (aᵢ − bᵢ)² over corresponding components, or nil when the values do not pair up
    /// (see `zipComponents`). Never allocates.
    func squaredComponentDistance(to other: AnimatableValue) -> Double? {
        func sq(_ a: Double, _ b: Double) -> Double { (a - b) * (a - b) }
        func sq(_ a: RGBA, _ b: RGBA) -> Double { sq(a.r, b.r) + sq(a.g, b.g) + sq(a.b, b.b) + sq(a.a, b.a) }
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)):
            return sq(a, b)
        case (.point(let a), .point(let b)):
            return sq(a.x, b.x) + sq(a.y, b.y)
        case (.size(let a), .size(let b)):
            return sq(a.width, b.width) + sq(a.height, b.height)
        case (.rect(let a), .rect(let b)):
            return sq(a.origin.x, b.origin.x) + sq(a.origin.y, b.origin.y)
                + sq(a.size.width, b.size.width) + sq(a.size.height, b.size.height)
        case (.color(let a), .color(let b)):
            return sq(a, b)
        case (.vector3(let a), .vector3(let b)):
            return sq(a.x, b.x) + sq(a.y, b.y) + sq(a.z, b.z)
        case (.scalars(let a), .scalars(let b)) where a.count == b.count:
            var sum = 0.0
            for i in a.indices { sum += sq(a[i], b[i]) }
            return sum
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            var sum = 0.0
            for i in a.indices { sum += sq(a[i], b[i]) }
            return sum
        case (.path(let a), .path(let b)) where a.types == b.types && a.points.count == b.points.count:
            var sum = 0.0
            for i in a.points.indices { sum += sq(a.points[i].x, b.points[i].x) + sq(a.points[i].y, b.points[i].y) }
            return sum
        default:
            return nil
        }
    }

    @inline(__always)
    private static func zipRGBA(_ a: RGBA, _ b: RGBA, _ f: (Double, Double) -> Double) -> RGBA {
        RGBA(r: f(a.r, b.r), g: f(a.g, b.g), b: f(a.b, b.b), a: f(a.a, b.a))
    }
}
