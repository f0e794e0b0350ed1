import QuartzCore
import Testing

/// Issue 14 item 9: sublayerTransform applies about the layer's anchor point (Apple's header),
/// in conversions and hit testing. (Rendering: `SublayerTransformRenderingTests`.)
@Suite struct SublayerTransformPivotTests {
    /// A 100×100 parent with anchorPoint (0, 0) at (0, 0), a 2× sublayer scale, and a 10×10
    /// sublayer whose frame starts at (20, 20).
    private func scene(anchor: CGPoint = .zero) -> (parent: CALayer, child: CALayer) {
        let parent = CALayer()
        parent.anchorPoint = anchor
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        parent.position = CGPoint(x: anchor.x * 100, y: anchor.y * 100)
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = CALayer()
        child.frame = CGRect(x: 20, y: 20, width: 10, height: 10)
        parent.addSublayer(child)
        return (parent, child)
    }

    @Test func aSublayerPointConvertsAboutTheAnchorPoint() {
        let (parent, child) = scene()
        // (5, 5) in the child is (25, 25) before the scale, ×2 about (0, 0): (50, 50).
        let p = child.convert(CGPoint(x: 5, y: 5), to: parent)
        #expect(abs(p.x - 50) < 1e-9 && abs(p.y - 50) < 1e-9)
        let back = parent.convert(CGPoint(x: 50, y: 50), to: child)
        #expect(abs(back.x - 5) < 1e-9 && abs(back.y - 5) < 1e-9)
    }

    @Test func theDefaultAnchorPointIsTheBoundsCentre() {
        let (parent, child) = scene(anchor: CGPoint(x: 0.5, y: 0.5))
        // About (50, 50): 25 → 50 + 2·(25 − 50) = 0.
        let p = child.convert(CGPoint(x: 5, y: 5), to: parent)
        #expect(abs(p.x) < 1e-9 && abs(p.y) < 1e-9)
    }

    @Test func anOffCentreAnchorMovesThePivot() {
        let (parent, child) = scene(anchor: CGPoint(x: 1, y: 0))
        // About (100, 0): x 25 → 100 + 2·(25 − 100) = −50; y 25 → 50.
        let p = child.convert(CGPoint(x: 5, y: 5), to: parent)
        #expect(abs(p.x + 50) < 1e-9 && abs(p.y - 50) < 1e-9)
    }

    @Test func hitTestingFindsTheSublayerWhereItIsScaledTo() {
        let (parent, child) = scene()
        // The child covers 40…60 in the parent (and the superlayer space, parent at the origin).
        #expect(parent.hitTest(CGPoint(x: 50, y: 50)) === child)
        #expect(parent.hitTest(CGPoint(x: 25, y: 25)) === parent, "where the child would be unscaled")
    }
}
