import CoreGraphics

/// A value kind made of at most four numbers, and how those numbers sit in a `SIMD4<Double>`
/// (lanes): scalar `x`; point `x y`; size `w h`; rect `x y w h`; colour `r g b a`; bool `x`
/// (1 true, 0 false; only discrete tracks have it).
package enum NumericShape: UInt8, Sendable, Hashable {
    case scalar, point, size, rect, color, bool

    package init?(_ value: AnimatableValue) {
        switch value {
        case .scalar: self = .scalar
        case .point: self = .point
        case .size: self = .size
        case .rect: self = .rect
        case .color: self = .color
        case .bool: self = .bool
        default: return nil
        }
    }

    /// The lanes of `value`, or nil when it is not of this shape.
    package func lanes(_ value: AnimatableValue) -> SIMD4<Double>? {
        switch (self, value) {
        case (.scalar, .scalar(let v)): SIMD4(v, 0, 0, 0)
        case (.point, .point(let p)): SIMD4(p.x, p.y, 0, 0)
        case (.size, .size(let s)): SIMD4(s.width, s.height, 0, 0)
        case (.rect, .rect(let r)): SIMD4(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case (.color, .color(let c)): SIMD4(c.r, c.g, c.b, c.a)
        case (.bool, .bool(let b)): SIMD4(b ? 1 : 0, 0, 0, 0)
        default: nil
        }
    }

    /// The value whose lanes are `v`.
    package func value(_ v: SIMD4<Double>) -> AnimatableValue {
        switch self {
        case .scalar: .scalar(v.x)
        case .point: .point(CGPoint(x: v.x, y: v.y))
        case .size: .size(CGSize(width: v.x, height: v.y))
        case .rect: .rect(CGRect(x: v.x, y: v.y, width: v.z, height: v.w))
        case .color: .color(RGBA(r: v.x, g: v.y, b: v.z, a: v.w))
        case .bool: .bool(v.x != 0)
        }
    }
}

extension SIMD4 where Scalar == Double {
    /// `a` to `b` at `p`, exactly `a` at 0 and exactly `b` at 1 (no rounding at the ends).
    @inline(__always)
    static func lerp(_ a: Self, _ b: Self, _ p: Double) -> Self {
        if p == 0 { return a }
        if p == 1 { return b }
        return a + (b - a) * p
    }
}
