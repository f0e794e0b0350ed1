import CoreGraphics
import Foundation
import QuartzCore

/// Lottie colours: `[r, g, b]` (a fourth component is ignored) in 0…1 (very old files: 0…255), and `#rrggbb`.
enum LottieColor {
    static func cgColor(_ v: [Double]) -> CGColor {
        cgColor(v, alpha: 1)
    }

    /// `[r, g, b]` at `alpha` (0…1). A fourth component in a colour value is ignored, as After
    /// Effects' exporter (which always writes 1), lottie-web, ThorVG and iOS do: a paint's
    /// transparency is its opacity (`o`).
    static func cgColor(_ v: [Double], alpha: Double) -> CGColor {
        let scale = v.prefix(3).contains { $0 > 1 } ? 255.0 : 1.0
        func c(_ i: Int) -> CGFloat { i < v.count && v[i].isFinite ? min(max(v[i] / scale, 0), 1) : 0 }
        return CGColor(red: c(0), green: c(1), blue: c(2), alpha: min(max(alpha.isFinite ? alpha : 1, 0), 1))
    }

    /// `#rrggbb` (or `#rgb`); nil for anything else (the caller draws black, as lottie-ios
    /// does, and warns).
    static func hex(_ text: String) -> CGColor? {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("#") { s.removeFirst() }
        if s.count == 3 { s = s.map { "\($0)\($0)" }.joined() }
        guard s.count == 6, s.allSatisfy(\.isHexDigit), let n = UInt32(s, radix: 16) else { return nil }
        return CGColor(
            red: CGFloat((n >> 16) & 0xFF) / 255, green: CGFloat((n >> 8) & 0xFF) / 255, blue: CGFloat(n & 0xFF) / 255, alpha: 1)
    }
}

extension LottiePosition {
    var isAnimated: Bool {
        switch form {
        case .combined(let p): return p.isAnimated
        case .separate(let x, let y): return x.isAnimated || y.isAnimated
        }
    }

    func point(at frame: Double) -> CGPoint {
        switch form {
        case .combined(let p):
            if p.hasSpatialTangents { return p.spatialPoint(at: frame) }
            let v = p.value(at: frame)
            return CGPoint(x: v.nth(0) ?? 0, y: v.count > 1 ? v[1] : 0)
        case .separate(let x, let y):
            return CGPoint(x: x.scalar(at: frame), y: y.scalar(at: frame))
        }
    }
}

extension LottieTransform {
    /// The transform at `frame` as one matrix: `translate(p)·R·Sk·S·translate(−a)` (applied to a
    /// point right to left).
    func matrix(at frame: Double) -> CGAffineTransform {
        let a = anchor?.value(at: frame) ?? [0, 0]
        let p = position?.point(at: frame) ?? .zero
        let s = scale?.value(at: frame) ?? [100, 100]
        let r = (rotation?.scalar(at: frame) ?? 0) * .pi / 180
        let sx = (s.nth(0) ?? 100) / 100, sy = (s.count > 1 ? s[1] : s.nth(0) ?? 100) / 100
        var m = CGAffineTransform(translationX: -(a.nth(0) ?? 0), y: -(a.count > 1 ? a[1] : 0))
        let sk = skew?.scalar(at: frame) ?? 0
        if sk != 0 {
            let skewScale = TransformBuilder.skewScale(skew: sk, axis: skewAxis?.scalar(at: frame) ?? 0, sx: sx, sy: sy)
            m = m.concatenating(CATransform3DGetAffineTransform(skewScale))
        } else {
            m = m.concatenating(CGAffineTransform(scaleX: sx, y: sy))
        }
        return m.concatenating(CGAffineTransform(rotationAngle: r)).concatenating(CGAffineTransform(translationX: p.x, y: p.y))
    }
}

extension LottieTransform {
    /// A repeater's step at `frame`: `translate(p)·translate(a)·R·Sk·S·translate(−a)`. Unlike a
    /// layer's, its anchor is the centre its copies turn and scale about, not a point moved to
    /// the position (lottie-web, lottie-android, ThorVG and rlottie alike: a ring of copies about
    /// the anchor).
    func repeaterMatrix(at frame: Double) -> CGAffineTransform {
        let a = anchor?.value(at: frame) ?? [0, 0]
        return matrix(at: frame).concatenating(CGAffineTransform(translationX: a.nth(0) ?? 0, y: a.count > 1 ? a[1] : 0))
    }
}

extension CGAffineTransform {
    /// The map applied `n` times (n rounded to a whole number; negative: the inverse's).
    func power(_ n: Double) -> CGAffineTransform {
        let k = clampedInt(n, -2000, 2000)
        let base = k < 0 ? inverted() : self
        var out = CGAffineTransform.identity
        for _ in 0..<min(abs(k), 1000) { out = out.concatenating(base) }
        return out
    }
}

extension BezierShape {
    /// A path's subpaths as shapes (lines become handle-less segments).
    static func shapes(of path: CGPath) -> [BezierShape] {
        var out: [BezierShape] = []
        var current: BezierShape?
        func finish() {
            if let c = current, !c.vertices.isEmpty { out.append(c) }
            current = nil
        }
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint:
                finish()
                current = BezierShape(closed: false, vertices: [e.points[0]], inTangents: [.zero], outTangents: [.zero])
            case .addLineToPoint:
                current?.vertices.append(e.points[0])
                current?.inTangents.append(.zero)
                current?.outTangents.append(.zero)
            case .addQuadCurveToPoint:
                guard var shape = current, let last = shape.vertices.last else { return }
                let c = e.points[0], p = e.points[1]
                shape.outTangents[shape.outTangents.count - 1] = (c - last) * (2.0 / 3.0)
                shape.vertices.append(p)
                shape.inTangents.append((c - p) * (2.0 / 3.0))
                shape.outTangents.append(.zero)
                current = shape
            case .addCurveToPoint:
                guard var shape = current, let last = shape.vertices.last else { return }
                shape.outTangents[shape.outTangents.count - 1] = e.points[0] - last
                shape.vertices.append(e.points[2])
                shape.inTangents.append(e.points[1] - e.points[2])
                shape.outTangents.append(.zero)
                current = shape
            case .closeSubpath:
                if var c = current {
                    // A closing curve that ends on the first vertex: drop the duplicate.
                    if c.vertices.count > 1, let first = c.vertices.first, let last = c.vertices.last,
                        abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9
                    {
                        c.inTangents[0] = c.inTangents[c.inTangents.count - 1]
                        c.vertices.removeLast()
                        c.inTangents.removeLast()
                        c.outTangents.removeLast()
                    }
                    c.closed = true
                    current = c
                }
                finish()
            @unknown default:
                return
            }
        }
        finish()
        return out
    }
}

/// `x` rounded to a whole number within `lower…upper` (NaN: `lower`), without trapping on
/// values no Int holds.
func clampedInt(_ x: Double, _ lower: Int, _ upper: Int) -> Int {
    guard !x.isNaN else { return lower }
    return Int(min(max(x.rounded(), Double(lower)), Double(upper)))
}
