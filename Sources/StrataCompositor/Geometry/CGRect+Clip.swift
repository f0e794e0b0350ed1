import Foundation

extension CGRect {
    /// `intersection(_:)`, inlined: Foundation's on Linux is a call of about 200 instructions,
    /// 2 % of a small file's frame where the walk tests every layer's box against its clip.
    /// The same rectangle for every input Foundation takes (null, infinite, empty, negative
    /// sizes, edges that only touch; compared in the tests).
    @inline(__always)
    package func clipped(to other: CGRect) -> CGRect {
        if origin.x == .infinity || origin.y == .infinity || other.origin.x == .infinity || other.origin.y == .infinity {
            return .null
        }
        let (ax0, ax1) = Self.span(origin.x, size.width), (ay0, ay1) = Self.span(origin.y, size.height)
        let (bx0, bx1) = Self.span(other.origin.x, other.size.width), (by0, by1) = Self.span(other.origin.y, other.size.height)
        let x0 = Swift.max(ax0, bx0), x1 = Swift.min(ax1, bx1), y0 = Swift.max(ay0, by0), y1 = Swift.min(ay1, by1)
        guard x0 <= x1, y0 <= y1 else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `intersects(_:)`, inlined (see `clipped(to:)`): true when the two share a point, edges included.
    @inline(__always)
    package func meets(_ other: CGRect) -> Bool {
        !clipped(to: other).isNull
    }

    /// A side's ends, lower first, from an origin and a length of either sign.
    @inline(__always)
    private static func span(_ origin: CGFloat, _ length: CGFloat) -> (CGFloat, CGFloat) {
        length < 0 ? (origin + length, origin) : (origin, origin + length)
    }
}
