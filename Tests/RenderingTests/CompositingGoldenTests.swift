import CoreGraphics
import QuartzCore
import StrataCompositor
import Testing

@Suite("Compositor: opacity, clipping, masks, shadows (golden images)")
struct CompositingGoldenTests {
    /// Two overlapping opaque sublayers in a half-transparent parent: with group opacity the
    /// overlap looks like one layer; without it the front one shows the back one through it.
    @Test func groupOpacityHidesOverlapsButPlainOpacityDoesNot() {
        func pair(x: CGFloat, group: Bool) -> CALayer {
            let parent = CALayer()
            parent.frame = CGRect(x: x, y: 10, width: 80, height: 60)
            parent.opacity = 0.5
            parent.allowsGroupOpacity = group
            parent.addSublayer(solid(CGRect(x: 0, y: 0, width: 50, height: 40), 1, 0, 0))
            parent.addSublayer(solid(CGRect(x: 25, y: 20, width: 50, height: 40), 0, 0, 1))
            return parent
        }
        let root = scene { () -> CALayer in
            let root = canvas(200, 80)
            root.addSublayer(pair(x: 10, group: true))
            root.addSublayer(pair(x: 110, group: false))
            return root
        }
        let image = Golden.render(root, width: 200, height: 80)
        // Overlap at parent point (40, 30): grouped → blue at half over white.
        #expect(near(image.rgba(50, 40), (127, 127, 255, 255), tolerance: 2))
        // Not grouped → blue at half over (red at half over white).
        #expect(near(image.rgba(150, 40), (127, 63, 191, 255), tolerance: 2))
        Golden.check(image, named: "compositing-group-opacity")
    }

    /// A fading parent whose subtree draws one layer (through a container) needs no group: a
    /// filled and stroked shape under two such parents looks as the same shape fading alone
    /// (within 2 levels: its fill and stroke still composite together first). A parent that
    /// draws a background of its own and a sublayer over it stays a group: their overlap is
    /// the sublayer's colour at half, not the two blended.
    @Test func groupOpacityOverOneDrawingLayerIsThatLayersOpacity() {
        func ring(_ frame: CGRect) -> CAShapeLayer {
            let shape = CAShapeLayer()
            shape.frame = frame
            shape.path = CGPath(ellipseIn: CGRect(x: 8, y: 8, width: 44, height: 44), transform: nil)
            shape.fillColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)
            shape.strokeColor = CGColor(red: 0, green: 0.2, blue: 0.9, alpha: 0.7)
            shape.lineWidth = 8
            return shape
        }
        let root = scene { () -> CALayer in
            let root = canvas(240, 80)
            let fading = CALayer()
            fading.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
            fading.opacity = 0.5
            let holder = CALayer()
            holder.frame = fading.bounds
            holder.addSublayer(ring(holder.bounds))
            fading.addSublayer(holder)
            root.addSublayer(fading)
            let alone = ring(CGRect(x: 90, y: 10, width: 60, height: 60))
            alone.opacity = 0.5
            root.addSublayer(alone)
            let backed = solid(CGRect(x: 170, y: 10, width: 60, height: 60), 1, 0, 0)
            backed.opacity = 0.5
            backed.addSublayer(solid(CGRect(x: 20, y: 20, width: 40, height: 40), 0, 0, 1))
            root.addSublayer(backed)
            return root
        }
        let image = Golden.render(root, width: 240, height: 80)
        let renderer = CARenderer(cgContext: Golden.makeContext(width: 240, height: 80))
        renderer.layer = root
        renderer.beginFrame(atTime: 0, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        #expect(renderer.compositor.groupsInLastFrame == 1, "only the backed parent is a group (\(renderer.compositor.groupsInLastFrame))")
        var worst = 0
        for y in 0..<80 {
            for x in 0..<60 {
                let a = image.rgba(10 + x, y), b = image.rgba(90 + x, y)
                worst = max(worst, abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2), abs(a.3 - b.3))
            }
        }
        #expect(worst <= 2, "the ring fading under a container matches it fading alone (worst channel difference \(worst))")
        #expect(!near(image.rgba(40, 40), (255, 255, 255, 255)), "the ring is drawn")
        // Overlap of the backed parent and its sublayer: blue at half over white.
        #expect(near(image.rgba(200, 40), (127, 127, 255, 255), tolerance: 2))
    }

    /// Border on top of sublayers; masksToBounds with a corner radius clips sublayers round;
    /// a hidden layer draws nothing.
    @Test func borderAboveSublayersAndRoundedClipping() {
        let root = scene { () -> CALayer in
            let root = canvas(200, 100)
            let framed = solid(CGRect(x: 10, y: 10, width: 80, height: 80), 0.9, 0.9, 0.9)
            framed.borderWidth = 6
            framed.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            framed.addSublayer(solid(CGRect(x: -10, y: 30, width: 100, height: 20), 1, 0, 0))
            let clipping = solid(CGRect(x: 110, y: 10, width: 80, height: 80), 0.9, 0.9, 0.9)
            clipping.cornerRadius = 30
            clipping.masksToBounds = true
            clipping.addSublayer(solid(CGRect(x: 0, y: 0, width: 80, height: 80), 0, 0.6, 0))
            let hidden = solid(CGRect(x: 0, y: 0, width: 200, height: 100), 0, 0, 0)
            hidden.isHidden = true
            for layer in [framed, clipping, hidden] { root.addSublayer(layer) }
            return root
        }
        let image = Golden.render(root, width: 200, height: 100)
        // The red sublayer passes under the border (border drawn above sublayers)...
        #expect(near(image.rgba(12, 50), (0, 0, 0, 255)))
        #expect(near(image.rgba(30, 50), (255, 0, 0, 255)))
        // ...and sticks out of the unclipped parent.
        #expect(near(image.rgba(5, 50), (255, 0, 0, 255)))
        // Rounded clipping: the green sublayer's corner is cut away.
        #expect(near(image.rgba(111, 11), (255, 255, 255, 255)))
        #expect(near(image.rgba(150, 50), (0, 153, 0, 255)))
        Golden.check(image, named: "compositing-border-clip-hidden")
    }

    /// A mask layer: only where the mask's rendering has alpha does the layer show, scaled by it.
    @Test func maskLayerUsesTheAlphaOfItsWholeRendering() {
        let root = scene { () -> CALayer in
            let root = canvas(120, 120)
            let layer = solid(CGRect(x: 10, y: 10, width: 100, height: 100), 0, 0, 1)
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let circle = solid(CGRect(x: 10, y: 10, width: 50, height: 50), 0, 0, 0)
            circle.cornerRadius = 25
            mask.addSublayer(circle)
            mask.addSublayer(solid(CGRect(x: 60, y: 60, width: 40, height: 40), 0, 0, 0, 0.5))
            layer.mask = mask
            root.addSublayer(layer)
            return root
        }
        let image = Golden.render(root, width: 120, height: 120)
        #expect(near(image.rgba(45, 45), (0, 0, 255, 255)))  // inside the circle
        #expect(near(image.rgba(21, 21), (255, 255, 255, 255)))  // circle's cut corner
        #expect(near(image.rgba(100, 30), (255, 255, 255, 255)))  // no mask there
        #expect(near(image.rgba(90, 90), (127, 127, 255, 255), tolerance: 2))  // half-alpha mask
        Golden.check(image, named: "compositing-mask")
    }

    /// Shadows from the layer's alpha (rounded), from a shadowPath, and from a layer with
    /// sublayers (its composite alpha); σ = shadowRadius.
    @Test func shadowsFromAlphaPathAndComposite() {
        let root = scene { () -> CALayer in
            let root = canvas(300, 120)
            let card = solid(CGRect(x: 20, y: 20, width: 70, height: 70), 1, 1, 1)
            card.cornerRadius = 12
            card.shadowOpacity = 0.8
            card.shadowRadius = 6
            card.shadowOffset = CGSize(width: 0, height: 8)
            let pathShadow = solid(CGRect(x: 120, y: 20, width: 70, height: 70), 0.3, 0.6, 1)
            pathShadow.shadowOpacity = 1
            pathShadow.shadowRadius = 3
            pathShadow.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            pathShadow.shadowOffset = .zero
            pathShadow.shadowPath = CGPath(ellipseIn: CGRect(x: -10, y: 40, width: 90, height: 40), transform: nil)
            let composite = CALayer()
            composite.frame = CGRect(x: 210, y: 20, width: 70, height: 70)
            composite.shadowOpacity = 1
            composite.shadowRadius = 2
            composite.shadowOffset = CGSize(width: 6, height: 6)
            composite.addSublayer(solid(CGRect(x: 0, y: 0, width: 30, height: 30), 1, 0.8, 0))
            composite.addSublayer(solid(CGRect(x: 35, y: 35, width: 30, height: 30), 1, 0.8, 0))
            for layer in [card, pathShadow, composite] { root.addSublayer(layer) }
            return root
        }
        let image = Golden.render(root, width: 300, height: 120)
        // Below the card (offset 8 down) the shadow is dark; above it, hardly any.
        #expect(image.rgba(55, 95).r < 200)
        #expect(image.rgba(55, 16).r > 240)
        // The red path shadow shows below the blue layer, where the ellipse reaches past it.
        let below = image.rgba(150, 95)
        #expect(below.r > 200 && below.g < 150)
        // The composite shadow follows each sublayer (offset 6,6), not the empty parent's bounds.
        #expect(image.rgba(260, 35).r > 240)  // between the squares: no shadow from the parent's bounds
        #expect(image.rgba(243, 40).r < 128)  // the first square's shadow, 6 points right and down
        Golden.check(image, named: "compositing-shadows")
    }

    /// Edge-antialiasing off (the default) gives hard edges on rotated layers; on, soft ones.
    @Test func edgeAntialiasing() {
        let root = scene { () -> CALayer in
            let root = canvas(160, 80)
            for (i, aa) in [false, true].enumerated() {
                let layer = solid(CGRect(x: 20 + CGFloat(i) * 80, y: 15, width: 50, height: 50), 0, 0, 0)
                layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 7))
                layer.allowsEdgeAntialiasing = aa
                root.addSublayer(layer)
            }
            return root
        }
        let image = Golden.render(root, width: 160, height: 80)
        func partialPixels(_ x0: Int) -> Int {
            var n = 0
            for y in 0..<80 {
                for x in x0..<(x0 + 80) {
                    let r = image.rgba(x, y).r
                    if r > 20 && r < 235 { n += 1 }
                }
            }
            return n
        }
        #expect(partialPixels(0) < 20)
        #expect(partialPixels(80) > 100)
        Golden.check(image, named: "compositing-edge-antialiasing")
    }

    /// masksToBounds cuts the shadow to the rounded bounds (as on Apple): none shows outside, and
    /// under a translucent body the part inside shows through, flat and straight, for a plain,
    /// a rotated and a perspective layer alike.
    @Test func masksToBoundsCutsTheShadowToTheRoundedBounds() {
        let (root, layers) = scene { () -> (CALayer, [CALayer]) in
            let root = canvas(300, 120)
            var layers: [CALayer] = []
            for i in 0..<3 {
                let card = solid(CGRect(x: 20 + Double(i) * 95, y: 20, width: 70, height: 70), 1, 1, 1, 0.3)
                card.cornerRadius = 16
                card.masksToBounds = true
                card.shadowOpacity = 1
                card.shadowRadius = 4
                card.shadowOffset = CGSize(width: 10, height: 10)
                card.shadowColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                root.addSublayer(card)
                layers.append(card)
            }
            layers[1].setAffineTransform(CGAffineTransform(rotationAngle: 0.2))
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 300
            layers[2].transform = CATransform3DRotate(perspective, 0.4, 0, 1, 0)
            return (root, layers)
        }
        let image = Golden.render(root, width: 300, height: 120)
        _ = layers
        // Outside the bounds, where an uncut shadow would be darkest (below right): white.
        #expect(near(image.rgba(88, 95), (255, 255, 255, 255), tolerance: 1))
        #expect(near(image.rgba(95, 60), (255, 255, 255, 255), tolerance: 1))
        // Inside, where the shadow is full: a 30 % body casts a 30 % blue shadow (its alpha), seen
        // through the body: 255 · (1 − 0.3 · 0.7) ≈ 202 in red and green.
        let inside = image.rgba(70, 70)
        #expect(inside.b >= 254 && abs(inside.r - 202) <= 3 && abs(inside.g - 202) <= 3, "inside \(inside)")
        // Inside the bounds' rectangle but outside its rounded corner: white too.
        #expect(near(image.rgba(88, 88), (255, 255, 255, 255), tolerance: 2))
        // Near the top-left edge, 1.5 σ before the offset shadow starts: hardly any.
        #expect(image.rgba(24, 60).r > 245)
        // The perspective card's shadow is cut too: nothing below its bottom edge.
        #expect(near(image.rgba(250, 100), (255, 255, 255, 255), tolerance: 1))
        Golden.check(image, named: "compositing-shadow-cut-by-masks-to-bounds", channelTolerance: 4, allowedPixels: 10)
    }
}
