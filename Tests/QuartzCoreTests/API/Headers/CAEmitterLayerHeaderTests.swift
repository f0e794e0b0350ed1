import QuartzCore
import Testing

// CAEmitterLayer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a Double converts implicitly to CGFloat, a non-optional
// value to an optional).
@Suite struct CAEmitterLayerHeaderTests {
    @Test func properties() {
        let emitter = CAEmitterLayer()
        let _: CALayer = emitter
        let _: [CAEmitterCell]?.Type = type(of: emitter.emitterCells)
        let _: Float = emitter.birthRate
        let _: Float = emitter.lifetime
        let _: CGPoint = emitter.emitterPosition
        let _: CGFloat.Type = type(of: emitter.emitterZPosition)
        let _: CGSize = emitter.emitterSize
        let _: CGFloat.Type = type(of: emitter.emitterDepth)
        let _: CAEmitterLayerEmitterShape = emitter.emitterShape
        let _: CAEmitterLayerEmitterMode = emitter.emitterMode
        let _: CAEmitterLayerRenderMode = emitter.renderMode
        let _: Bool = emitter.preservesDepth
        let _: Float = emitter.velocity
        let _: Float = emitter.scale
        let _: Float = emitter.spin
        let _: UInt32 = emitter.seed
        // The header's defaults.
        #expect(emitter.emitterCells == nil && emitter.birthRate == 1 && emitter.lifetime == 1)
        #expect(emitter.emitterPosition == .zero && emitter.emitterZPosition == 0)
        #expect(emitter.emitterSize == .zero && emitter.emitterDepth == 0)
        #expect(emitter.emitterShape == .point && emitter.emitterMode == .volume && emitter.renderMode == .unordered)
        #expect(!emitter.preservesDepth && emitter.velocity == 1 && emitter.scale == 1 && emitter.spin == 1 && emitter.seed == 0)

        let cell = CAEmitterCell()
        cell.name = "spark"
        emitter.emitterCells = [cell]
        emitter.birthRate = 2
        emitter.lifetime = 0.5
        emitter.emitterPosition = CGPoint(x: 10, y: 20)
        emitter.emitterZPosition = 1
        emitter.emitterSize = CGSize(width: 5, height: 5)
        emitter.emitterDepth = 2
        emitter.emitterShape = .circle
        emitter.emitterMode = .outline
        emitter.renderMode = .additive
        emitter.preservesDepth = true
        emitter.velocity = 2
        emitter.scale = 0.5
        emitter.spin = 3
        emitter.seed = 42
        #expect(emitter.emitterCells?.first === cell && emitter.birthRate == 2 && emitter.seed == 42)
        #expect(emitter.emitterShape == .circle && emitter.emitterMode == .outline && emitter.renderMode == .additive)
        emitter.emitterCells = nil
    }

    @Test func constants() {
        let _: CAEmitterLayerEmitterShape = CAEmitterLayerEmitterShape(rawValue: "point")
        let shapes: [(CAEmitterLayerEmitterShape, String)] = [
            (.point, "point"), (.line, "line"), (.rectangle, "rectangle"), (.cuboid, "cuboid"), (.circle, "circle"),
            (.sphere, "sphere"),
        ]
        for (shape, raw) in shapes { #expect(shape.rawValue == raw) }
        let _: CAEmitterLayerEmitterMode = CAEmitterLayerEmitterMode(rawValue: "points")
        let modes: [(CAEmitterLayerEmitterMode, String)] = [
            (.points, "points"), (.outline, "outline"), (.surface, "surface"), (.volume, "volume"),
        ]
        for (mode, raw) in modes { #expect(mode.rawValue == raw) }
        let _: CAEmitterLayerRenderMode = CAEmitterLayerRenderMode(rawValue: "additive")
        let renderModes: [(CAEmitterLayerRenderMode, String)] = [
            (.unordered, "unordered"), (.oldestFirst, "oldestFirst"), (.oldestLast, "oldestLast"),
            (.backToFront, "backToFront"), (.additive, "additive"),
        ]
        for (mode, raw) in renderModes { #expect(mode.rawValue == raw) }
    }
}
