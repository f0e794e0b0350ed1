import QuartzCore
import Testing

// CAEmitterCell.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a Double converts implicitly to CGFloat, a non-optional
// value to an optional). `+emitterCell` imports as `init()`.

private func isOpaqueWhite(_ color: CGColor?) -> Bool {
    guard let c = color?.components, let alpha = c.last else { return false }
    return alpha == 1 && c.dropLast().allSatisfy { $0 == 1 }
}

@Suite struct CAEmitterCellHeaderTests {
    @Test func propertyModelAndIdentity() {
        let cell = CAEmitterCell()
        let _: (String) -> Any? = CAEmitterCell.defaultValue(forKey:)
        let _: (String) -> Bool = cell.shouldArchiveValue(forKey:)
        let _: String?.Type = type(of: cell.name)
        let _: Bool = cell.isEnabled
        #expect(cell.name == nil && cell.isEnabled)
        #expect(cell.shouldArchiveValue(forKey: "birthRate"))
        cell.name = "spark"
        cell.isEnabled = false
        #expect(cell.name == "spark" && !cell.isEnabled)
        cell.name = nil
    }

    @Test func emission() {
        let cell = CAEmitterCell()
        let _: Float = cell.birthRate
        let _: Float = cell.lifetime
        let _: Float = cell.lifetimeRange
        let _: CGFloat.Type = type(of: cell.emissionLatitude)
        let _: CGFloat.Type = type(of: cell.emissionLongitude)
        let _: CGFloat.Type = type(of: cell.emissionRange)
        let _: CGFloat.Type = type(of: cell.velocity)
        let _: CGFloat.Type = type(of: cell.velocityRange)
        let _: CGFloat.Type = type(of: cell.xAcceleration)
        let _: CGFloat.Type = type(of: cell.yAcceleration)
        let _: CGFloat.Type = type(of: cell.zAcceleration)
        let _: CGFloat.Type = type(of: cell.scale)
        let _: CGFloat.Type = type(of: cell.scaleRange)
        let _: CGFloat.Type = type(of: cell.scaleSpeed)
        let _: CGFloat.Type = type(of: cell.spin)
        let _: CGFloat.Type = type(of: cell.spinRange)
        // The header's defaults.
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.lifetimeRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.spin == 0 && cell.spinRange == 0)

        cell.birthRate = 10
        cell.lifetime = 2
        cell.lifetimeRange = 0.5
        cell.emissionLatitude = 0.1
        cell.emissionLongitude = .pi
        cell.emissionRange = .pi / 4
        cell.velocity = 100
        cell.velocityRange = 20
        cell.xAcceleration = 1
        cell.yAcceleration = -9.8
        cell.zAcceleration = 0.5
        cell.scale = 0.5
        cell.scaleRange = 0.1
        cell.scaleSpeed = -0.1
        cell.spin = 1
        cell.spinRange = 2
        #expect(cell.birthRate == 10 && cell.velocity == 100 && cell.yAcceleration == -9.8 && cell.scale == 0.5)
    }

    @Test func colorAndContents() {
        let cell = CAEmitterCell()
        let _: CGColor?.Type = type(of: cell.color)
        let _: Float = cell.redRange
        let _: Float = cell.greenRange
        let _: Float = cell.blueRange
        let _: Float = cell.alphaRange
        let _: Float = cell.redSpeed
        let _: Float = cell.greenSpeed
        let _: Float = cell.blueSpeed
        let _: Float = cell.alphaSpeed
        let _: Any?.Type = type(of: cell.contents)
        let _: CGRect = cell.contentsRect
        let _: CGFloat.Type = type(of: cell.contentsScale)
        let _: String = cell.minificationFilter
        let _: String = cell.magnificationFilter
        let _: Float = cell.minificationFilterBias
        let _: [CAEmitterCell]?.Type = type(of: cell.emitterCells)
        let _: [AnyHashable: Any]?.Type = type(of: cell.style)
        // The header's defaults.
        #expect(isOpaqueWhite(cell.color))
        #expect(cell.redRange == 0 && cell.greenRange == 0 && cell.blueRange == 0 && cell.alphaRange == 0)
        #expect(cell.redSpeed == 0 && cell.greenSpeed == 0 && cell.blueSpeed == 0 && cell.alphaSpeed == 0)
        #expect(cell.contents == nil && cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(cell.emitterCells == nil && cell.style == nil)

        cell.color = nil
        cell.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        cell.redRange = 0.1
        cell.greenRange = 0.2
        cell.blueRange = 0.3
        cell.alphaRange = 0.4
        cell.redSpeed = -0.1
        cell.greenSpeed = -0.2
        cell.blueSpeed = -0.3
        cell.alphaSpeed = -0.4
        cell.contents = nil
        cell.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        cell.contentsScale = 2
        cell.minificationFilter = CALayerContentsFilter.nearest.rawValue
        cell.magnificationFilter = CALayerContentsFilter.nearest.rawValue
        cell.minificationFilterBias = 0.5
        let child = CAEmitterCell()
        cell.emitterCells = [child]
        cell.style = ["birthRate": NSNumber(value: 1)]
        #expect(cell.alphaSpeed == -0.4 && cell.contentsScale == 2 && cell.minificationFilter == "nearest")
        #expect(cell.emitterCells?.first === child)
        cell.emitterCells = nil
        cell.style = nil
    }

    @Test func conformances() {
        let cell = CAEmitterCell()
        let timing: CAMediaTiming = cell
        #expect(timing.speed == 1 && timing.fillMode == .removed)
        let _: NSSecureCoding = cell
        #expect(CAEmitterCell.supportsSecureCoding)
    }
}
