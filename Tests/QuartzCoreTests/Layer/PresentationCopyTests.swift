import QuartzCore
import Testing

/// Issue 14 item 8: presentation copies and `init(layer:)` keep every property of every layer
/// class (each property set to a value other than its default, then read back from both copies).
@Suite struct PresentationCopyTests {
    /// A property: how to set it away from its default, and whether a copy shows that value.
    struct Property<L: CALayer> {
        let name: String
        let set: (L) -> Void
        let holds: (L) -> Bool
    }

    private func expectCopiesKeep<L: CALayer>(
        _ make: () -> L, copy: (L) -> L, _ properties: [Property<L>], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let layer = make()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for p in properties { p.set(layer) }
        CATransaction.commit()
        let presented = try #require(layer.presentation(), sourceLocation: sourceLocation)
        let copied = copy(layer)
        for p in properties {
            #expect(p.holds(layer), "\(p.name): the model holds it", sourceLocation: sourceLocation)
            #expect(p.holds(presented), "\(p.name): kept by presentation()", sourceLocation: sourceLocation)
            #expect(p.holds(copied), "\(p.name): kept by init(layer:)", sourceLocation: sourceLocation)
        }
    }

    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private static let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)

    @Test func calayerModelProperties() throws {
        typealias P = Property<CALayer>
        let properties: [P] = [
            P(name: "name", set: { $0.name = "n" }, holds: { $0.name == "n" }),
            P(name: "isOpaque", set: { $0.isOpaque = true }, holds: { $0.isOpaque }),
            P(name: "contentsFormat", set: { $0.contentsFormat = .RGBA16Float }, holds: { $0.contentsFormat == .RGBA16Float }),
            P(name: "needsDisplayOnBoundsChange", set: { $0.needsDisplayOnBoundsChange = true },
                     holds: { $0.needsDisplayOnBoundsChange }),
            P(name: "drawsAsynchronously", set: { $0.drawsAsynchronously = true }, holds: { $0.drawsAsynchronously }),
            P(name: "style", set: { $0.style = ["k": 1] }, holds: { $0.style?["k"] as? Int == 1 }),
            P(name: "actions", set: { $0.actions = ["opacity": NSNull()] }, holds: { $0.actions?["opacity"] is NSNull }),
            P(name: "fillMode", set: { $0.fillMode = .both }, holds: { $0.fillMode == .both }),
            P(name: "cornerCurve", set: { $0.cornerCurve = .continuous }, holds: { $0.cornerCurve == .continuous }),
            P(name: "custom key", set: { $0.setValue(7, forKey: "myKey") }, holds: { $0.value(forKey: "myKey") as? Int == 7 }),
        ]
        try expectCopiesKeep({ CALayer() }, copy: { CALayer(layer: $0) }, properties)
    }

    @Test func shapeLayerProperties() throws {
        typealias P = Property<CAShapeLayer>
        let properties: [P] = [
            P(name: "path", set: { $0.path = Self.square }, holds: { $0.path == Self.square }),
            P(name: "fillColor", set: { $0.fillColor = Self.red }, holds: { $0.fillColor == Self.red }),
            P(name: "fillRule", set: { $0.fillRule = .evenOdd }, holds: { $0.fillRule == .evenOdd }),
            P(name: "strokeColor", set: { $0.strokeColor = Self.blue }, holds: { $0.strokeColor == Self.blue }),
            P(name: "strokeStart", set: { $0.strokeStart = 0.2 }, holds: { $0.strokeStart == 0.2 }),
            P(name: "strokeEnd", set: { $0.strokeEnd = 0.8 }, holds: { $0.strokeEnd == 0.8 }),
            P(name: "lineWidth", set: { $0.lineWidth = 3 }, holds: { $0.lineWidth == 3 }),
            P(name: "miterLimit", set: { $0.miterLimit = 4 }, holds: { $0.miterLimit == 4 }),
            P(name: "lineCap", set: { $0.lineCap = .round }, holds: { $0.lineCap == .round }),
            P(name: "lineJoin", set: { $0.lineJoin = .bevel }, holds: { $0.lineJoin == .bevel }),
            P(name: "lineDashPhase", set: { $0.lineDashPhase = 2 }, holds: { $0.lineDashPhase == 2 }),
            P(name: "lineDashPattern", set: { $0.lineDashPattern = [4, 2] }, holds: { $0.lineDashPattern == [4, 2] }),
        ]
        try expectCopiesKeep({ CAShapeLayer() }, copy: { CAShapeLayer(layer: $0) }, properties)
    }

    @Test func gradientLayerProperties() throws {
        typealias P = Property<CAGradientLayer>
        let properties: [P] = [
            P(name: "colors", set: { $0.colors = [Self.red, Self.blue] }, holds: { ($0.colors as? [CGColor]) == [Self.red, Self.blue] }),
            P(name: "locations", set: { $0.locations = [0, 0.3] }, holds: { $0.locations == [0, 0.3] }),
            P(name: "startPoint", set: { $0.startPoint = CGPoint(x: 0.1, y: 0.2) }, holds: { $0.startPoint == CGPoint(x: 0.1, y: 0.2) }),
            P(name: "endPoint", set: { $0.endPoint = CGPoint(x: 0.9, y: 0.8) }, holds: { $0.endPoint == CGPoint(x: 0.9, y: 0.8) }),
            P(name: "type", set: { $0.type = .radial }, holds: { $0.type == .radial }),
        ]
        try expectCopiesKeep({ CAGradientLayer() }, copy: { CAGradientLayer(layer: $0) }, properties)
    }

    @Test func replicatorLayerProperties() throws {
        typealias P = Property<CAReplicatorLayer>
        let properties: [P] = [
            P(name: "instanceCount", set: { $0.instanceCount = 5 }, holds: { $0.instanceCount == 5 }),
            P(name: "preservesDepth", set: { $0.preservesDepth = true }, holds: { $0.preservesDepth }),
            P(name: "instanceDelay", set: { $0.instanceDelay = 0.1 }, holds: { $0.instanceDelay == 0.1 }),
            P(name: "instanceTransform", set: { $0.instanceTransform = CATransform3DMakeTranslation(5, 0, 0) },
                     holds: { $0.instanceTransform == CATransform3DMakeTranslation(5, 0, 0) }),
            P(name: "instanceColor", set: { $0.instanceColor = Self.red }, holds: { $0.instanceColor == Self.red }),
            P(name: "instanceRedOffset", set: { $0.instanceRedOffset = -0.1 }, holds: { $0.instanceRedOffset == -0.1 }),
            P(name: "instanceGreenOffset", set: { $0.instanceGreenOffset = -0.2 }, holds: { $0.instanceGreenOffset == -0.2 }),
            P(name: "instanceBlueOffset", set: { $0.instanceBlueOffset = -0.3 }, holds: { $0.instanceBlueOffset == -0.3 }),
            P(name: "instanceAlphaOffset", set: { $0.instanceAlphaOffset = -0.4 }, holds: { $0.instanceAlphaOffset == -0.4 }),
        ]
        try expectCopiesKeep({ CAReplicatorLayer() }, copy: { CAReplicatorLayer(layer: $0) }, properties)
    }

    @Test func textLayerProperties() throws {
        typealias P = Property<CATextLayer>
        let properties: [P] = [
            P(name: "string", set: { $0.string = "hi" }, holds: { $0.string as? String == "hi" }),
            P(name: "font", set: { $0.font = "DejaVu Serif" as NSString }, holds: { ($0.font as? String) == "DejaVu Serif" }),
            P(name: "fontSize", set: { $0.fontSize = 12 }, holds: { $0.fontSize == 12 }),
            P(name: "foregroundColor", set: { $0.foregroundColor = Self.red }, holds: { $0.foregroundColor == Self.red }),
            P(name: "isWrapped", set: { $0.isWrapped = true }, holds: { $0.isWrapped }),
            P(name: "truncationMode", set: { $0.truncationMode = .middle }, holds: { $0.truncationMode == .middle }),
            P(name: "alignmentMode", set: { $0.alignmentMode = .center }, holds: { $0.alignmentMode == .center }),
            P(name: "allowsFontSubpixelQuantization", set: { $0.allowsFontSubpixelQuantization = true },
                     holds: { $0.allowsFontSubpixelQuantization }),
        ]
        try expectCopiesKeep({ CATextLayer() }, copy: { CATextLayer(layer: $0) }, properties)
    }

    @Test func emitterLayerProperties() throws {
        let cell = CAEmitterCell()
        typealias P = Property<CAEmitterLayer>
        let properties: [P] = [
            P(name: "emitterCells", set: { $0.emitterCells = [cell] }, holds: { $0.emitterCells?.first === cell }),
            P(name: "birthRate", set: { $0.birthRate = 2 }, holds: { $0.birthRate == 2 }),
            P(name: "lifetime", set: { $0.lifetime = 3 }, holds: { $0.lifetime == 3 }),
            P(name: "emitterPosition", set: { $0.emitterPosition = CGPoint(x: 4, y: 5) }, holds: { $0.emitterPosition == CGPoint(x: 4, y: 5) }),
            P(name: "emitterZPosition", set: { $0.emitterZPosition = 6 }, holds: { $0.emitterZPosition == 6 }),
            P(name: "emitterSize", set: { $0.emitterSize = CGSize(width: 7, height: 8) }, holds: { $0.emitterSize == CGSize(width: 7, height: 8) }),
            P(name: "emitterDepth", set: { $0.emitterDepth = 9 }, holds: { $0.emitterDepth == 9 }),
            P(name: "emitterShape", set: { $0.emitterShape = .circle }, holds: { $0.emitterShape == .circle }),
            P(name: "emitterMode", set: { $0.emitterMode = .outline }, holds: { $0.emitterMode == .outline }),
            P(name: "renderMode", set: { $0.renderMode = .additive }, holds: { $0.renderMode == .additive }),
            P(name: "preservesDepth", set: { $0.preservesDepth = true }, holds: { $0.preservesDepth }),
            P(name: "velocity", set: { $0.velocity = 2.5 }, holds: { $0.velocity == 2.5 }),
            P(name: "scale", set: { $0.scale = 0.5 }, holds: { $0.scale == 0.5 }),
            P(name: "spin", set: { $0.spin = 1.5 }, holds: { $0.spin == 1.5 }),
            P(name: "seed", set: { $0.seed = 42 }, holds: { $0.seed == 42 }),
        ]
        try expectCopiesKeep({ CAEmitterLayer() }, copy: { CAEmitterLayer(layer: $0) }, properties)
    }

    @Test func tiledLayerProperties() throws {
        typealias P = Property<CATiledLayer>
        let properties: [P] = [
            P(name: "tileSize", set: { $0.tileSize = CGSize(width: 128, height: 64) }, holds: { $0.tileSize == CGSize(width: 128, height: 64) }),
            P(name: "levelsOfDetail", set: { $0.levelsOfDetail = 4 }, holds: { $0.levelsOfDetail == 4 }),
            P(name: "levelsOfDetailBias", set: { $0.levelsOfDetailBias = 2 }, holds: { $0.levelsOfDetailBias == 2 }),
        ]
        try expectCopiesKeep({ CATiledLayer() }, copy: { CATiledLayer(layer: $0) }, properties)
    }

    @Test func scrollLayerProperties() throws {
        typealias P = Property<CAScrollLayer>
        let properties: [P] = [
            P(name: "scrollMode", set: { $0.scrollMode = .vertically }, holds: { $0.scrollMode == .vertically }),
        ]
        try expectCopiesKeep({ CAScrollLayer() }, copy: { CAScrollLayer(layer: $0) }, properties)
    }
}
