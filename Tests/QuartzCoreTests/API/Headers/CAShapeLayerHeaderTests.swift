import QuartzCore
import Testing

// CAShapeLayer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a Double converts implicitly to CGFloat, a non-optional
// value to an optional).

private func isOpaqueBlack(_ color: CGColor?) -> Bool {
    guard let c = color?.components, let alpha = c.last else { return false }
    return alpha == 1 && c.dropLast().allSatisfy { $0 == 0 }
}

@Suite struct CAShapeLayerHeaderTests {
    @Test func properties() {
        let shape = CAShapeLayer()
        let _: CALayer = shape
        let _: CGPath?.Type = type(of: shape.path)
        let _: CGColor?.Type = type(of: shape.fillColor)
        let _: CAShapeLayerFillRule = shape.fillRule
        let _: CGColor?.Type = type(of: shape.strokeColor)
        let _: CGFloat.Type = type(of: shape.strokeStart)
        let _: CGFloat.Type = type(of: shape.strokeEnd)
        let _: CGFloat.Type = type(of: shape.lineWidth)
        let _: CGFloat.Type = type(of: shape.miterLimit)
        let _: CAShapeLayerLineCap = shape.lineCap
        let _: CAShapeLayerLineJoin = shape.lineJoin
        let _: CGFloat.Type = type(of: shape.lineDashPhase)
        let _: [NSNumber]?.Type = type(of: shape.lineDashPattern)
        // The header's defaults.
        #expect(shape.path == nil && isOpaqueBlack(shape.fillColor) && shape.fillRule == .nonZero)
        #expect(shape.strokeColor == nil && shape.strokeStart == 0 && shape.strokeEnd == 1)
        #expect(shape.lineWidth == 1 && shape.miterLimit == 10)
        #expect(shape.lineCap == .butt && shape.lineJoin == .miter)
        #expect(shape.lineDashPhase == 0 && shape.lineDashPattern == nil)

        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.fillColor = nil
        shape.fillRule = .evenOdd
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.75
        shape.lineWidth = 3
        shape.miterLimit = 4
        shape.lineCap = .round
        shape.lineJoin = .bevel
        shape.lineDashPhase = 2
        shape.lineDashPattern = [NSNumber(value: 4), NSNumber(value: 2)]
        #expect(shape.path != nil && shape.fillColor == nil && shape.fillRule == .evenOdd && shape.strokeColor != nil)
        #expect(shape.strokeStart == 0.25 && shape.strokeEnd == 0.75 && shape.lineWidth == 3 && shape.miterLimit == 4)
        #expect(shape.lineCap == .round && shape.lineJoin == .bevel && shape.lineDashPhase == 2)
        #expect(shape.lineDashPattern?.map(\.intValue) == [4, 2])
        shape.path = nil
        shape.strokeColor = nil
        shape.lineDashPattern = nil
    }

    @Test func constants() {
        let _: CAShapeLayerFillRule = CAShapeLayerFillRule(rawValue: "even-odd")
        #expect(CAShapeLayerFillRule.nonZero.rawValue == "non-zero")
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
        let _: CAShapeLayerLineJoin = CAShapeLayerLineJoin(rawValue: "miter")
        #expect(CAShapeLayerLineJoin.miter.rawValue == "miter")
        #expect(CAShapeLayerLineJoin.round.rawValue == "round")
        #expect(CAShapeLayerLineJoin.bevel.rawValue == "bevel")
        let _: CAShapeLayerLineCap = CAShapeLayerLineCap(rawValue: "butt")
        #expect(CAShapeLayerLineCap.butt.rawValue == "butt")
        #expect(CAShapeLayerLineCap.round.rawValue == "round")
        #expect(CAShapeLayerLineCap.square.rawValue == "square")
    }
}
