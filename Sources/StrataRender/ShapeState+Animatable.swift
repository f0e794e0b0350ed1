import CoreGraphics
import StrataAnimation

extension ShapeState {
    /// The shape properties animations write (bits of `LayerProperty.bitIndex`).
    static let animatedProperties: UInt64 = [LayerProperty.path, .fillColor, .strokeColor, .strokeStart, .strokeEnd,
        .lineWidth, .miterLimit, .lineDashPhase].reduce(0) { $0 | 1 << UInt64($1.bitIndex) }

    /// The engine value of one of the shape's animatable properties; nil for any other property.
    func animatableValue(_ property: LayerProperty) -> AnimatableValue? {
        switch property {
        case .path: path.map { .path($0.storage) } ?? AnimatableValue.none
        case .fillColor: fillColor.map { .color($0.sRGBComponents) } ?? AnimatableValue.none
        case .strokeColor: strokeColor.map { .color($0.sRGBComponents) } ?? AnimatableValue.none
        case .strokeStart: .scalar(strokeStart)
        case .strokeEnd: .scalar(strokeEnd)
        case .lineWidth: .scalar(lineWidth)
        case .miterLimit: .scalar(miterLimit)
        case .lineDashPhase: .scalar(lineDashPhase)
        default: nil
        }
    }

    /// Stores an engine value into one of the shape's animatable properties; false when
    /// `property` is not one of them or the value has the wrong kind.
    mutating func setAnimatableValue(_ value: AnimatableValue, _ property: LayerProperty) -> Bool {
        switch (property, value) {
        case (.path, .path(let p)): path = CGPath(storage: p)
        case (.path, .none): path = nil
        case (.fillColor, .color(let c)): fillColor = CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: c.a)
        case (.fillColor, .none): fillColor = nil
        case (.strokeColor, .color(let c)): strokeColor = CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: c.a)
        case (.strokeColor, .none): strokeColor = nil
        case (.strokeStart, .scalar(let v)): strokeStart = v
        case (.strokeEnd, .scalar(let v)): strokeEnd = v
        case (.lineWidth, .scalar(let v)): lineWidth = v
        case (.miterLimit, .scalar(let v)): miterLimit = v
        case (.lineDashPhase, .scalar(let v)): lineDashPhase = v
        default: return false
        }
        return true
    }
}
