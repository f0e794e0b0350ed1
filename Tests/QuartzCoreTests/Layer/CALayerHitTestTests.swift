import QuartzCore
import Testing

private func layer(frame: CGRect, name: String) -> CALayer {
    let l = CALayer()
    l.frame = frame
    l.name = name
    return l
}

/// Contains only the points of the inscribed circle.
private final class DiscLayer: CALayer {
    override func contains(_ p: CGPoint) -> Bool {
        let b = bounds
        let dx = p.x - b.midX, dy = p.y - b.midY
        return dx * dx + dy * dy <= (b.width / 2) * (b.width / 2)
    }
}

/// Refuses every hit below itself.
private final class OpaqueToHitsLayer: CALayer {
    nonisolated(unsafe) var asked = 0
    override func hitTest(_ p: CGPoint) -> CALayer? {
        asked += 1
        return nil
    }
}

@Suite struct CALayerHitTestTests {
    private func scene() -> (root: CALayer, back: CALayer, front: CALayer) {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 200, height: 200), name: "root")
        let back = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "back")
        let front = layer(frame: CGRect(x: 50, y: 50, width: 100, height: 100), name: "front")
        root.addSublayer(back)
        root.addSublayer(front)
        return (root, back, front)
    }

    @Test func laterSiblingWinsAndDeepestIsReturned() {
        let (root, back, front) = scene()
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        #expect(root.hitTest(CGPoint(x: 25, y: 25)) === back)
        #expect(root.hitTest(CGPoint(x: 190, y: 10)) === root)
        let leaf = layer(frame: CGRect(x: 10, y: 10, width: 10, height: 10), name: "leaf")
        back.addSublayer(leaf)
        #expect(root.hitTest(CGPoint(x: 15, y: 15)) === leaf)
    }

    @Test func pointOutsideEverythingIsNil() {
        let (root, _, _) = scene()
        #expect(root.hitTest(CGPoint(x: 250, y: 10)) == nil)
        #expect(root.hitTest(CGPoint(x: -1, y: 10)) == nil)
        #expect(root.hitTest(CGPoint(x: 200, y: 10)) == nil)  // max edge excluded
    }

    @Test func siblingsAreSearchedLastFirstWhateverTheirZPosition() {
        // Issue 14 item 10: the header's order (reverse of `sublayers`); zPosition changes only
        // the drawing order, as on iOS.
        let (root, back, front) = scene()
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        back.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front, "a higher zPosition does not take the hit")
        front.zPosition = -5
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        root.sublayers = [front, back]
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === back, "the array order decides")
    }

    @Test func hiddenLayersAndTheirSublayersAreSkipped() {
        let (root, back, front) = scene()
        let inner = layer(frame: CGRect(x: 0, y: 0, width: 10, height: 10), name: "inner")
        front.addSublayer(inner)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === back)
        #expect(root.hitTest(CGPoint(x: 52, y: 52)) === back)
        root.isHidden = true
        #expect(root.hitTest(CGPoint(x: 25, y: 25)) == nil)
    }

    @Test func sublayerOutsideANonClippingParentIsHitAndMasksToBoundsPrunes() {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 300, height: 300), name: "root")
        let parent = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "parent")
        let outside = layer(frame: CGRect(x: 150, y: 150, width: 50, height: 50), name: "outside")
        root.addSublayer(parent)
        parent.addSublayer(outside)
        #expect(root.hitTest(CGPoint(x: 175, y: 175)) === outside)
        parent.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 175, y: 175)) === root)
        #expect(parent.hitTest(CGPoint(x: 175, y: 175)) == nil)
    }

    @Test func roundedCornersClipWhenMasking() {
        let l = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "rounded")
        l.cornerRadius = 20
        // Without masksToBounds the corner is still inside (contains is the plain bounds).
        #expect(l.hitTest(CGPoint(x: 1, y: 1)) === l)
        l.masksToBounds = true
        #expect(l.hitTest(CGPoint(x: 1, y: 1)) == nil)
        #expect(l.hitTest(CGPoint(x: 99, y: 99)) == nil)
        #expect(l.hitTest(CGPoint(x: 50, y: 1)) === l)
        #expect(l.hitTest(CGPoint(x: 7, y: 7)) === l)  // inside the arc: (13² + 13²) < 20²
        l.maskedCorners = [.layerMaxXMaxYCorner]
        #expect(l.hitTest(CGPoint(x: 1, y: 1)) === l)
        #expect(l.hitTest(CGPoint(x: 99, y: 99)) == nil)
    }

    @Test func subclassContainsDecidesForTheLayerItself() {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 200, height: 200), name: "root")
        let disc = DiscLayer()
        disc.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(disc)
        #expect(root.hitTest(CGPoint(x: 50, y: 50)) === disc)
        #expect(root.hitTest(CGPoint(x: 3, y: 3)) === root)  // in the square, outside the disc
    }

    @Test func recursionGoesThroughTheOverridableHitTest() {
        let (root, back, _) = scene()
        let blocker = OpaqueToHitsLayer()
        blocker.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        root.addSublayer(blocker)
        #expect(root.hitTest(CGPoint(x: 25, y: 25)) === back)
        #expect(blocker.asked == 1)
    }

    @Test func transformedSublayerIsHitWhereItIsShown() {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 400, height: 400), name: "root")
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 100, height: 10)
        bar.position = CGPoint(x: 200, y: 200)
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)  // now 10 wide, 100 tall
        root.addSublayer(bar)
        #expect(root.hitTest(CGPoint(x: 200, y: 160)) === bar)
        #expect(root.hitTest(CGPoint(x: 160, y: 200)) === root)
    }

    @Test func perspectiveMagnifiedSublayerIsHitWhereItIsSeen() {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 200, height: 200), name: "root")
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = perspective
        let near = layer(frame: CGRect(x: 50, y: 50, width: 100, height: 100), name: "near")
        root.addSublayer(near)
        #expect(root.hitTest(CGPoint(x: 40, y: 40)) === root)
        near.zPosition = 100  // magnified 1/(1 − 100/500) = 1.25× about the centre: 37.5…162.5
        #expect(root.hitTest(CGPoint(x: 40, y: 40)) === near)
        #expect(root.hitTest(CGPoint(x: 37, y: 100)) === root)
    }

    @Test func zeroOpacityIsStillHitAndMasksAreNot() {
        let (root, _, front) = scene()
        front.opacity = 0
        #expect(root.hitTest(CGPoint(x: 75, y: 75)) === front)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        front.mask = mask
        #expect(mask.hitTest(CGPoint(x: 5, y: 5)) == nil)
        #expect(root.hitTest(CGPoint(x: 52, y: 52)) === front)
    }
}
