import CoreGraphics
import StrataGeometry

// Reading and writing the addressed component of a property value. Used per frame (an animation
// of "position.x" reads the underlying x, interpolates a number, writes it back), so these never
// allocate for the inline kinds.

extension PropertyKey {
    /// The component this key addresses, taken from the whole property value `base`.
    ///
    /// - `.whole`: `base`.
    /// - Struct fields: the field (`position.x` of `.point(3, 4)` → `.scalar(3)`).
    /// - Transform components: `TransformComponent.value(of:)` (decomposition; rotations as
    ///   Euler angles in radians, `scale` the mean of the three factors, `translation` a size).
    /// - A `base` that is not of the component's container kind (possible only for custom keys)
    ///   is returned unchanged.
    package func read(from base: AnimatableValue) -> AnimatableValue {
        switch (component, base) {
        case (.whole, _):
            return base
        case (.field(let f), .point(let p)):
            switch f {
            case .x: return .scalar(Double(p.x))
            case .y: return .scalar(Double(p.y))
            default: return base
            }
        case (.field(let f), .size(let s)):
            switch f {
            case .width: return .scalar(Double(s.width))
            case .height: return .scalar(Double(s.height))
            default: return base
            }
        case (.field(let f), .rect(let r)):
            switch f {
            case .origin: return .point(r.origin)
            case .originX: return .scalar(Double(r.origin.x))
            case .originY: return .scalar(Double(r.origin.y))
            case .size: return .size(r.size)
            case .sizeWidth: return .scalar(Double(r.size.width))
            case .sizeHeight: return .scalar(Double(r.size.height))
            default: return base
            }
        case (.transform(let t), .transform(let m)):
            switch t.value(of: m) {
            case .scalar(let v): return .scalar(Double(v))
            case .size(let s): return .size(s)
            }
        default:
            return base
        }
    }

    /// `base` with the addressed component replaced by `value`.
    ///
    /// - `.whole`: `value`.
    /// - Struct fields: the field replaced, the rest kept.
    /// - Transform components: decompose `base`, replace the component, recompose
    ///   (`TransformComponent.replacing(in:with:)`, timing spec §3.5 recommendation). Setting
    ///   `rotation.z` to 2π therefore recomposes the same matrix as 0, but an animation of the
    ///   scalar still turns through every angle in between.
    /// - A `value` or `base` of the wrong kind leaves `base` unchanged.
    package func write(_ value: AnimatableValue, into base: AnimatableValue) -> AnimatableValue {
        switch (component, base, value) {
        case (.whole, _, _):
            return value
        case (.field(let f), .point(var p), .scalar(let v)):
            switch f {
            case .x: p.x = CGFloat(v)
            case .y: p.y = CGFloat(v)
            default: return base
            }
            return .point(p)
        case (.field(let f), .size(var s), .scalar(let v)):
            switch f {
            case .width: s.width = CGFloat(v)
            case .height: s.height = CGFloat(v)
            default: return base
            }
            return .size(s)
        case (.field(let f), .rect(var r), .scalar(let v)):
            switch f {
            case .originX: r.origin.x = CGFloat(v)
            case .originY: r.origin.y = CGFloat(v)
            case .sizeWidth: r.size.width = CGFloat(v)
            case .sizeHeight: r.size.height = CGFloat(v)
            default: return base
            }
            return .rect(r)
        case (.field(.origin), .rect(var r), .point(let p)):
            r.origin = p
            return .rect(r)
        case (.field(.size), .rect(var r), .size(let s)):
            r.size = s
            return .rect(r)
        case (.transform(let t), .transform(let m), .scalar(let v)):
            return t.replacing(in: m, with: .scalar(CGFloat(v))).map(AnimatableValue.transform) ?? base
        case (.transform(let t), .transform(let m), .size(let s)):
            return t.replacing(in: m, with: .size(s)).map(AnimatableValue.transform) ?? base
        default:
            return base
        }
    }
}
