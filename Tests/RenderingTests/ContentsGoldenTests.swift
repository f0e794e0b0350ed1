import CoreGraphics
import QuartzCore
import Testing

@Suite("Compositor: contents (golden images)")
struct ContentsGoldenTests {
    static let gravities: [CALayerContentsGravity] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight, .resize,
        .resizeAspect, .resizeAspectFill,
    ]

    /// All twelve gravities, each in a 40×30 cell with a 16×16-point image (contentsScale 1).
    @Test func allTwelveContentsGravities() {
        let image = quadrantImage(size: 16)
        let root = scene { () -> CALayer in
            let root = canvas(4 * 50 + 10, 3 * 40 + 10)
            for (i, gravity) in Self.gravities.enumerated() {
                let cell = solid(
                    CGRect(x: 10 + CGFloat(i % 4) * 50, y: 10 + CGFloat(i / 4) * 40, width: 40, height: 30), 0.85, 0.85,
                    0.85)
                cell.contents = image
                cell.contentsGravity = gravity
                cell.masksToBounds = true
                root.addSublayer(cell)
            }
            return root
        }
        let rendered = Golden.render(root, width: 210, height: 130)
        // .center: image centred at (30, 25): its top-left (red) quadrant starts at (22, 17).
        #expect(near(rendered.rgba(23, 18), (255, 0, 0, 255)))
        // .top names the max-y edge (Apple's y-up naming; contentsAreFlipped is false): in iOS
        // orientation the image sits at the bottom of its cell (cell 1 spans y 10..40).
        #expect(near(rendered.rgba(75, 39), (0, 0, 255, 255)))  // bottom-left quadrant, bottom row
        #expect(near(rendered.rgba(83, 12), (217, 217, 217, 255)))  // background above
        // .resize fills the cell: cell 9 at (60, 90): top-left red, bottom-right yellow.
        #expect(near(rendered.rgba(61, 91), (255, 0, 0, 255)))
        #expect(near(rendered.rgba(98, 118), (255, 204, 0, 255)))
        Golden.check(rendered, named: "contents-gravity-all-twelve")
    }

    /// contentsScale 2 halves the natural size; contentsRect shows part of the image.
    @Test func contentsScaleAndContentsRect() {
        let image = quadrantImage(size: 16)
        let root = scene { () -> CALayer in
            let root = canvas(120, 50)
            let scaled = solid(CGRect(x: 10, y: 10, width: 30, height: 30), 0.85, 0.85, 0.85)
            scaled.contents = image
            scaled.contentsGravity = .center
            scaled.contentsScale = 2
            let part = solid(CGRect(x: 50, y: 10, width: 30, height: 30), 0.85, 0.85, 0.85)
            part.contents = image
            part.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)  // the top-right quadrant
            root.addSublayer(scaled)
            root.addSublayer(part)
            return root
        }
        let rendered = Golden.render(root, width: 120, height: 50)
        // 16 px at scale 2 → 8 points, centred in 30: from 21 to 29.
        #expect(near(rendered.rgba(21, 21), (255, 0, 0, 255)))
        #expect(near(rendered.rgba(20, 20), (217, 217, 217, 255)))
        #expect(near(rendered.rgba(28, 28), (255, 204, 0, 255)))
        // The whole layer shows green (the top-right quadrant), edges included.
        #expect(near(rendered.rgba(52, 12), (0, 178, 0, 255)))
        #expect(near(rendered.rgba(78, 38), (0, 178, 0, 255)))
        Golden.check(rendered, named: "contents-scale-and-rect")
    }

    /// contentsCenter: nine-part stretching keeps the corners at their natural size.
    @Test func contentsCenterStretchesOnlyTheMiddle() {
        // A 12×12 image: a 4-pixel black frame around white.
        let context = Golden.makeContext(width: 12, height: 12)
        context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 12, height: 12))
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        context.fill(CGRect(x: 4, y: 4, width: 4, height: 4))
        let image = context.makeImage()!
        let root = scene { () -> CALayer in
            let root = canvas(100, 60)
            let layer = CALayer()
            layer.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
            layer.contents = image
            layer.contentsCenter = CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
            layer.magnificationFilter = .nearest
            root.addSublayer(layer)
            return root
        }
        let rendered = Golden.render(root, width: 100, height: 60)
        // The frame stays 4 points thick: black at x 10...13, white from 14 on.
        #expect(near(rendered.rgba(13, 30), (0, 0, 0, 255)))
        #expect(near(rendered.rgba(14, 30), (255, 255, 255, 255)))
        #expect(near(rendered.rgba(85, 30), (255, 255, 255, 255)))
        #expect(near(rendered.rgba(86, 30), (0, 0, 0, 255)))
        #expect(near(rendered.rgba(50, 13), (0, 0, 0, 255)))
        #expect(near(rendered.rgba(50, 14), (255, 255, 255, 255)))
        Golden.check(rendered, named: "contents-center-nine-part")
    }

    /// Nearest magnification keeps hard pixel edges; linear blends them.
    @Test func magnificationFilters() {
        let image = quadrantImage(size: 2)  // one pixel per quadrant
        let root = scene { () -> CALayer in
            let root = canvas(100, 50)
            let nearest = CALayer()
            nearest.frame = CGRect(x: 5, y: 5, width: 40, height: 40)
            nearest.contents = image
            nearest.magnificationFilter = .nearest
            let linear = CALayer()
            linear.frame = CGRect(x: 55, y: 5, width: 40, height: 40)
            linear.contents = image
            root.addSublayer(nearest)
            root.addSublayer(linear)
            return root
        }
        let rendered = Golden.render(root, width: 100, height: 50)
        #expect(near(rendered.rgba(24, 10), (255, 0, 0, 255)))
        #expect(near(rendered.rgba(25, 10), (0, 178, 0, 255)))
        // Linear: the middle column is a blend of red and green.
        let mid = rendered.rgba(75, 10)
        #expect(mid.r > 60 && mid.r < 200 && mid.g > 40 && mid.g < 150)
        Golden.check(rendered, named: "contents-magnification-filters")
    }
}
