import QuartzCore
import Testing

// CAGradientLayer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a non-optional value converts to an optional).
@Suite struct CAGradientLayerHeaderTests {
    @Test func properties() {
        let gradient = CAGradientLayer()
        let _: CALayer = gradient
        let _: [Any]?.Type = type(of: gradient.colors)
        let _: [NSNumber]?.Type = type(of: gradient.locations)
        let _: CGPoint = gradient.startPoint
        let _: CGPoint = gradient.endPoint
        let _: CAGradientLayerType = gradient.type
        // The header's defaults.
        #expect(gradient.colors == nil && gradient.locations == nil)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0) && gradient.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(gradient.type == .axial)

        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.locations = [NSNumber(value: 0), NSNumber(value: 1)]
        gradient.startPoint = .zero
        gradient.endPoint = CGPoint(x: 1, y: 1)
        gradient.type = .conic
        #expect(gradient.colors?.count == 2 && gradient.locations?.count == 2)
        #expect(gradient.startPoint == .zero && gradient.endPoint == CGPoint(x: 1, y: 1) && gradient.type == .conic)
        gradient.colors = nil
        gradient.locations = nil
    }

    @Test func types() {
        let _: CAGradientLayerType = CAGradientLayerType(rawValue: "radial")
        #expect(CAGradientLayerType.axial.rawValue == "axial")
        #expect(CAGradientLayerType.radial.rawValue == "radial")
        #expect(CAGradientLayerType.conic.rawValue == "conic")
    }
}
