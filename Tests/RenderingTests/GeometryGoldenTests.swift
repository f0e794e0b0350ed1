import CoreGraphics
import QuartzCore
import Testing

@Suite("Compositor: geometry, 3D and orientation (golden images)")
struct GeometryGoldenTests {
    /// position, anchorPoint, bounds origin and a 2D rotation, in Apple's order.
    @Test func anchorPointBoundsOriginAndRotation() {
        let root = scene { () -> CALayer in
            let root = canvas(200, 100)
            // Anchor at the top-left corner: position is where the top-left lands.
            let anchored = solid(.zero, 1, 0, 0)
            anchored.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            anchored.anchorPoint = .zero
            anchored.position = CGPoint(x: 10, y: 10)
            // A bounds origin of (20, 20) shifts sublayers up-left by 20.
            let scrolled = solid(CGRect(x: 60, y: 10, width: 50, height: 50), 0.9, 0.9, 0.9)
            scrolled.bounds.origin = CGPoint(x: 20, y: 20)
            scrolled.addSublayer(solid(CGRect(x: 20, y: 20, width: 10, height: 10), 0, 0, 1))
            // Rotated 45° about its centre.
            let rotated = solid(CGRect(x: 130, y: 20, width: 40, height: 40), 0, 0.6, 0)
            rotated.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
            rotated.allowsEdgeAntialiasing = true
            for layer in [anchored, scrolled, rotated] { root.addSublayer(layer) }
            return root
        }
        let image = Golden.render(root, width: 200, height: 100)
        #expect(near(image.rgba(10, 10), (255, 0, 0, 255)))
        #expect(near(image.rgba(49, 39), (255, 0, 0, 255)))
        #expect(near(image.rgba(50, 40), (255, 255, 255, 255)))
        #expect(near(image.rgba(60, 10), (0, 0, 255, 255)))  // sublayer at (20,20) shows at the top-left
        #expect(near(image.rgba(70, 20), (229, 229, 229, 255), tolerance: 2))
        // The diamond reaches 20·√2 ≈ 28.3 from its centre (150, 40) along the axes.
        #expect(near(image.rgba(150, 13), (0, 153, 0, 255)))
        #expect(near(image.rgba(131, 22), (255, 255, 255, 255)))
        Golden.check(image, named: "geometry-anchor-bounds-rotation")
    }

    /// A card turned 60° about y under a perspective sublayerTransform (m34 = −1/500): its near
    /// edge grows and its far edge shrinks; a back-facing, single-sided card is not drawn.
    @Test func perspectiveCardFlipAndBackFaceCulling() {
        let image = quadrantImage(size: 64)
        let root = scene { () -> CALayer in
            let root = canvas(320, 160)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            root.sublayerTransform = perspective
            let card = CALayer()
            card.frame = CGRect(x: 40, y: 30, width: 100, height: 100)
            card.contents = image
            card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
            card.allowsEdgeAntialiasing = true
            let back = solid(CGRect(x: 180, y: 30, width: 100, height: 100), 1, 0, 0)
            back.transform = CATransform3DMakeRotation(.pi * 0.8, 0, 1, 0)
            back.isDoubleSided = false
            root.addSublayer(card)
            root.addSublayer(back)
            return root
        }
        let rendered = Golden.render(root, width: 320, height: 160)
        // Column heights of the card: count non-white pixels in a column near each edge.
        func height(_ x: Int) -> Int { (0..<160).filter { rendered.rgba(x, $0).r < 250 || rendered.rgba(x, $0).b > 5 && rendered.rgba(x, $0).g < 250 }.count }
        let left = height(59), right = height(116)
        #expect(left != right)
        #expect(left - right >= 8)  // the left edge turned towards the eye
        // The back face is culled: all white there.
        #expect(near(rendered.rgba(230, 80), (255, 255, 255, 255)))
        Golden.check(rendered, named: "geometry-perspective-card-flip", channelTolerance: 6, allowedPixels: 20)
    }

    /// Siblings are drawn by zPosition, then by order; a CATransformLayer sorts its sublayers
    /// by depth in their shared 3D space.
    @Test func zPositionAndTransformLayerDepthOrder() {
        let root = scene { () -> CALayer in
            let root = canvas(240, 100)
            let front = solid(CGRect(x: 10, y: 10, width: 60, height: 60), 1, 0, 0)
            front.zPosition = 10
            let back = solid(CGRect(x: 40, y: 30, width: 60, height: 60), 0, 0, 1)
            root.addSublayer(front)
            root.addSublayer(back)  // later in order, but lower zPosition: behind
            let space = CATransformLayer()
            space.frame = CGRect(x: 130, y: 0, width: 100, height: 100)
            let near = solid(CGRect(x: 10, y: 10, width: 60, height: 60), 0, 0.7, 0)
            near.transform = CATransform3DMakeTranslation(0, 0, 20)
            let far = solid(CGRect(x: 30, y: 30, width: 60, height: 60), 0.5, 0, 0.5)
            far.transform = CATransform3DMakeTranslation(0, 0, -20)
            space.addSublayer(near)
            space.addSublayer(far)  // later, but farther: behind
            root.addSublayer(space)
            return root
        }
        let image = Golden.render(root, width: 240, height: 100)
        #expect(near(image.rgba(55, 50), (255, 0, 0, 255)))
        #expect(near(image.rgba(185, 55), (0, 178, 0, 255)))
        Golden.check(image, named: "geometry-zposition-transform-layer")
    }

    /// isGeometryFlipped lays sublayers out from the bottom; images stay upright.
    @Test func geometryFlippedMirrorsSublayerLayout() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 100)
            let flipped = solid(CGRect(x: 0, y: 0, width: 100, height: 100), 0.9, 0.9, 0.9)
            flipped.isGeometryFlipped = true
            flipped.addSublayer(solid(CGRect(x: 10, y: 10, width: 30, height: 20), 1, 0, 0))
            let picture = CALayer()
            picture.frame = CGRect(x: 50, y: 50, width: 40, height: 40)
            picture.contents = quadrantImage(size: 8)
            picture.magnificationFilter = .nearest
            flipped.addSublayer(picture)
            root.addSublayer(flipped)
            return root
        }
        let image = Golden.render(root, width: 100, height: 100)
        // y = 10 measured from the bottom: the red layer spans rows 70..89.
        #expect(near(image.rgba(20, 80), (255, 0, 0, 255)))
        #expect(near(image.rgba(20, 15), (229, 229, 229, 255), tolerance: 2))
        // The image is upright: red (its top-left quadrant) at the visual top-left (rows 10..29).
        #expect(near(image.rgba(55, 15), (255, 0, 0, 255)))
        #expect(near(image.rgba(55, 45), (0, 0, 255, 255)))
        Golden.check(image, named: "geometry-flipped")
    }

    /// A rotated, rounded, masked layer with a shadow, over a translucent sibling.
    @Test func combinedRotatedRoundedMaskedLayerWithShadow() {
        let root = scene { () -> CALayer in
            let root = canvas(200, 160)
            root.addSublayer(solid(CGRect(x: 0, y: 100, width: 200, height: 60), 0.2, 0.6, 0.9, 0.6))
            let card = solid(CGRect(x: 50, y: 30, width: 100, height: 90), 1, 0.6, 0.1)
            card.cornerRadius = 16
            card.shadowOpacity = 0.6
            card.shadowRadius = 5
            card.shadowOffset = CGSize(width: 4, height: 6)
            card.borderWidth = 3
            card.borderColor = CGColor(red: 0.3, green: 0.1, blue: 0, alpha: 1)
            card.setAffineTransform(CGAffineTransform(rotationAngle: -0.25))
            card.allowsEdgeAntialiasing = true
            let stripe = solid(CGRect(x: -20, y: 35, width: 140, height: 20), 1, 1, 1, 0.8)
            card.addSublayer(stripe)
            let mask = CALayer()
            mask.frame = card.bounds
            mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            mask.cornerRadius = 30
            card.mask = mask
            root.addSublayer(card)
            return root
        }
        let image = Golden.render(root, width: 200, height: 160)
        #expect(near(image.rgba(100, 75), (255, 255, 255, 255), tolerance: 30) || image.rgba(100, 75).g > 200)
        #expect(near(image.rgba(2, 2), (255, 255, 255, 255)))
        Golden.check(image, named: "geometry-combined-rotated-rounded-masked-shadow", channelTolerance: 6, allowedPixels: 20)
    }

    /// render(in:) follows the context's CTM: the layer's y axis is the context's y axis.
    @Test func renderInContextFollowsTheContextTransform() {
        let layer = scene { () -> CALayer in
            let layer = solid(CGRect(x: 100, y: 100, width: 40, height: 40), 1, 1, 1)
            layer.addSublayer(solid(CGRect(x: 0, y: 0, width: 20, height: 10), 1, 0, 0))
            return layer
        }
        // A plain bitmap context is y up: layer y 0..10 lands on the bottom rows (as on Apple).
        let plain = Golden.makeContext(width: 40, height: 40)
        layer.render(in: plain)
        let up = plain.makeImage()!
        #expect(near(up.rgba(5, 35), (255, 0, 0, 255)))
        #expect(near(up.rgba(5, 5), (255, 255, 255, 255)))
        // Flipped like UIGraphicsImageRenderer's context: as on screen.
        let flipped = Golden.makeContext(width: 40, height: 40)
        flipped.translateBy(x: 0, y: 40)
        flipped.scaleBy(x: 1, y: -1)
        layer.render(in: flipped)
        let down = flipped.makeImage()!
        #expect(near(down.rgba(5, 5), (255, 0, 0, 255)))
        #expect(near(down.rgba(5, 35), (255, 255, 255, 255)))
        // The receiver's own position does not matter: drawn in its own space.
        #expect(near(down.rgba(25, 5), (255, 255, 255, 255)))
    }
}
