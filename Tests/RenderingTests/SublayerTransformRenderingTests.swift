import QuartzCore
import Testing

/// Issue 14 item 9, in pixels: a sublayerTransform scales about the layer's anchor point.
@Suite struct SublayerTransformRenderingTests {
    @Test func aSublayerScaleIsDrawnAboutTheAnchorPoint() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 100)
            root.anchorPoint = .zero
            root.position = .zero
            root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
            root.addSublayer(solid(CGRect(x: 20, y: 20, width: 10, height: 10), 1, 0, 0))
            return root
        }
        let image = Golden.render(root, width: 100, height: 100)
        // Drawn at 40…60 (metric: each probe within 1 level of pure red or white).
        #expect(near(image.rgba(41, 41), (255, 0, 0, 255)))
        #expect(near(image.rgba(58, 58), (255, 0, 0, 255)))
        #expect(near(image.rgba(35, 50), (255, 255, 255, 255)))
        #expect(near(image.rgba(62, 50), (255, 255, 255, 255)))
        // About the bounds' centre it would cover −10…10 instead.
        #expect(near(image.rgba(5, 5), (255, 255, 255, 255)))
    }
}
