import CoreGraphics
import QuartzCore
import StrataRender
import Testing

/// Issue 46: the settings Apple's API names with strings (`lineCap`, `contentsGravity`,
/// `CAGradientLayer.type`…) reach the render side as cases, parsed once when set. A layer reads
/// back exactly the name it was given, Apple's or not; a name Strata does not know is drawn as
/// its property's fallback case, and one bad name leaves the layer's other settings drawn.
@Suite("Name-typed properties")
struct NameTypedPropertyTests {
    /// Each render-side name type's Apple names, every one of which must parse to a case that
    /// gives the same name back.
    @Test func everyAppleNameParsesToACaseThatNamesItBack() {
        func roundTrip<N: RenderName>(_: N.Type, _ names: [String]) {
            for name in names {
                let parsed = N(name: name)
                #expect(parsed?.name == name, "\(N.self) \(name)")
            }
            #expect(N(name: "no-such-name") == nil)
            #expect(Set(names.compactMap { N(name: $0)?.ordinal }).count == names.count, "\(N.self): one case a name")
        }
        roundTrip(CGLineCap.self, [CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue))
        roundTrip(CGLineJoin.self, [CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue))
        roundTrip(CGPathFillRule.self, [CAShapeLayerFillRule.nonZero, .evenOdd].map(\.rawValue))
        roundTrip(
            ContentsGravity.self,
            [
                CALayerContentsGravity.center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft,
                .bottomRight, .resize, .resizeAspect, .resizeAspectFill,
            ].map(\.rawValue))
        roundTrip(ContentsFilter.self, [CALayerContentsFilter.linear, .nearest, .trilinear].map(\.rawValue))
        roundTrip(TextTruncation.self, [CATextLayerTruncationMode.none, .start, .middle, .end].map(\.rawValue))
        roundTrip(TextAlignment.self, [CATextLayerAlignmentMode.natural, .left, .right, .center, .justified].map(\.rawValue))
        roundTrip(GradientKind.self, [CAGradientLayerType.axial, .radial, .conic].map(\.rawValue))
        roundTrip(
            EmitterShape.self, [CAEmitterLayerEmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere].map(\.rawValue))
        roundTrip(EmitterMode.self, [CAEmitterLayerEmitterMode.points, .outline, .surface, .volume].map(\.rawValue))
        roundTrip(
            EmitterRenderMode.self,
            [CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast, .backToFront, .additive].map(\.rawValue))
    }

    /// An open V stroked 12 points wide: its caps and join show the stroke's names.
    private func stroke(_ configure: (CAShapeLayer) -> Void) -> CGImage {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 15, y: 20))
        path.addLine(to: CGPoint(x: 40, y: 60))
        path.addLine(to: CGPoint(x: 65, y: 20))
        shape.path = path
        shape.fillColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        shape.strokeColor = CGColor(red: 0.8, green: 0, blue: 0, alpha: 1)
        shape.lineWidth = 12
        configure(shape)
        return Golden.render(shape, width: 80, height: 80)
    }

    /// Metric: identical images (every channel of every pixel).
    private func same(_ a: CGImage, _ b: CGImage) -> Bool {
        Golden.compare(a, b, channelTolerance: 0).map { $0.maxChannel == 0 } ?? false
    }

    /// Tried: unknown cap, join and fill rule names on one layer (with a round cap beside them
    /// for contrast): each reads back as given and draws as Apple's default, butt, miter and
    /// non-zero, and the layer's fill and stroke still draw.
    @Test func unknownStrokeNamesReadBackAndDrawAsTheDefaults() {
        let plain = stroke { _ in }
        var named: CAShapeLayer?
        let unknown = stroke {
            $0.lineCap = CAShapeLayerLineCap(rawValue: "rounded")
            $0.lineJoin = CAShapeLayerLineJoin(rawValue: "Miter ")
            $0.fillRule = CAShapeLayerFillRule(rawValue: "odd")
            named = $0
        }
        #expect(same(unknown, plain), "drawn as butt, miter, non-zero")
        #expect(!same(stroke { $0.lineCap = .round }, plain), "a round cap shows (the comparison can fail)")
        let layer = try! #require(named)
        #expect(layer.lineCap.rawValue == "rounded")
        #expect(layer.lineJoin.rawValue == "Miter ")
        #expect(layer.fillRule.rawValue == "odd")
        #expect(layer.value(forKey: "lineCap") as? String == "rounded", "key-value coding reads the name too")
        #expect(CAShapeLayer(layer: layer).lineJoin.rawValue == "Miter ", "init(layer:) carries the name")
    }

    /// Tried: an unknown cap, then Apple's round one: the layer forgets the unknown name and draws
    /// round caps; setting the same unknown name twice posts one change.
    @Test func aKnownNameReplacesAnUnknownOne() {
        let round = stroke { $0.lineCap = .round }
        var layer: CAShapeLayer?
        let image = stroke {
            $0.lineCap = CAShapeLayerLineCap(rawValue: "rounded")
            $0.lineCap = .round
            layer = $0
        }
        #expect(same(image, round))
        #expect(layer?.lineCap == .round)
        #expect(layer?.value(forKey: "lineCap") as? String == "round")
    }

    /// Tried: a contents gravity and a gradient type no one spells: the image is centred at its
    /// natural size (the documented fallback) and the gradient is axial.
    @Test func unknownGravityCentresAndUnknownGradientTypeIsAxial() {
        let pixels = CGContext(
            data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        pixels.setFillColor(CGColor(red: 0, green: 0.6, blue: 0, alpha: 1))
        pixels.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = pixels.makeImage()!
        func contents(_ gravity: CALayerContentsGravity) -> (CGImage, CALayer) {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.contents = image
            layer.contentsGravity = gravity
            return (Golden.render(layer, width: 40, height: 40), layer)
        }
        let (sideways, layer) = contents(CALayerContentsGravity(rawValue: "sideways"))
        #expect(same(sideways, contents(.center).0))
        #expect(!same(sideways, contents(.resize).0), "the default, resize, fills the bounds (the comparison can fail)")
        #expect(layer.contentsGravity.rawValue == "sideways")
        #expect(layer.value(forKey: "contentsGravity") as? String == "sideways")

        func gradient(_ type: CAGradientLayerType) -> CGImage {
            let layer = CAGradientLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
            layer.type = type
            return Golden.render(layer, width: 40, height: 40)
        }
        let spiral = gradient(CAGradientLayerType(rawValue: "spiral"))
        #expect(same(spiral, gradient(.axial)))
        #expect(!same(spiral, gradient(.radial)), "a radial one differs (the comparison can fail)")
    }
}
