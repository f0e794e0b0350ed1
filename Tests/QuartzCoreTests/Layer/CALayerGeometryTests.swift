import QuartzCore
import Testing

private func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

private func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

private func close(_ a: CGSize, _ b: CGSize, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

private func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.origin, b.origin, tolerance) && close(a.size, b.size, tolerance)
}

private func layer(frame: CGRect) -> CALayer {
    let l = CALayer()
    l.frame = frame
    return l
}

@Suite struct CALayerFrameTests {
    @Test func identityFrameIsPositionMinusAnchorOffset() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 50, y: 25)
        #expect(l.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(l.position == CGPoint(x: 25, y: 40))
        #expect(l.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(l.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test func anchorPointMovesTheFrameAndTheSetterHonoursIt() {
        let l = CALayer()
        l.anchorPoint = .zero
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 10, y: 10)
        #expect(l.frame == CGRect(x: 10, y: 10, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 1, y: 1)
        #expect(l.frame == CGRect(x: -90, y: -40, width: 100, height: 50))
        l.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(l.position == CGPoint(x: 20, y: 10))
    }

    @Test func boundsOriginIsNotPartOfTheFrameAndIsKeptBySetter() {
        let l = CALayer()
        l.bounds = CGRect(x: 5, y: 7, width: 100, height: 50)
        l.position = CGPoint(x: 50, y: 25)
        #expect(l.frame == CGRect(x: 0, y: 0, width: 100, height: 50))
        l.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(l.bounds == CGRect(x: 5, y: 7, width: 3, height: 4))
    }

    @Test func scaleTransformScalesFrameAndSetterDividesByScale() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.position = CGPoint(x: 50, y: 50)
        l.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(l.frame == CGRect(x: 40, y: 35, width: 20, height: 30))
        l.frame = CGRect(x: 0, y: 0, width: 40, height: 60)
        #expect(l.bounds.size == CGSize(width: 20, height: 20))
        #expect(l.position == CGPoint(x: 20, y: 30))
        #expect(l.frame == CGRect(x: 0, y: 0, width: 40, height: 60))
    }

    @Test func negativeScaleFrameRoundTrips() {
        let l = CALayer()
        l.anchorPoint = CGPoint(x: 0.25, y: 0)
        l.transform = CATransform3DMakeScale(-2, 1, 1)
        let target = CGRect(x: 10, y: 20, width: 40, height: 30)
        l.frame = target
        #expect(l.bounds.size == CGSize(width: 20, height: 30))
        #expect(close(l.frame, target))
    }

    @Test func quarterTurnSwapsWidthAndHeight() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(l.frame, CGRect(x: -25, y: -50, width: 50, height: 100)))
        let target = CGRect(x: 0, y: 0, width: 50, height: 100)
        l.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        l.frame = target
        #expect(close(l.bounds.size, CGSize(width: 100, height: 50)))
        #expect(close(l.position, CGPoint(x: 25, y: 50)))
        #expect(close(l.frame, target))
    }

    @Test func otherRotationsGiveAFrameCentredOnAndContainingTheRequest() {
        let l = CALayer()
        l.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        let target = CGRect(x: 10, y: 10, width: 80, height: 40)
        l.frame = target
        let f = l.frame
        #expect(close(CGPoint(x: f.midX, y: f.midY), CGPoint(x: 50, y: 30)))
        #expect(f.insetBy(dx: -1e-9, dy: -1e-9).contains(target))
        // Size = bounding box of the request through the inverse rotation.
        let c = cos(CGFloat.pi / 6), s = sin(CGFloat.pi / 6)
        #expect(close(l.bounds.size, CGSize(width: c * 80 + s * 40, height: s * 80 + c * 40)))
    }

    @Test func perspectiveTransformFrameUsesTheDivideByW() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        var t = CATransform3DMakeTranslation(0, 0, 50)
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 100
        t = CATransform3DConcat(t, p)  // w = 1 − 50/100 = 0.5: doubled about the anchor
        l.transform = t
        #expect(close(l.frame, CGRect(x: -10, y: -10, width: 20, height: 20)))
    }

    @Test func nonFiniteFrameIsIgnored() {
        let l = layer(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        l.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
        l.frame = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
        #expect(l.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func negativeFrameSizeIsStandardised() {
        let l = layer(frame: CGRect(x: 10, y: 10, width: -4, height: -6))
        #expect(l.bounds.size == CGSize(width: 4, height: 6))
        #expect(l.frame == CGRect(x: 6, y: 4, width: 4, height: 6))
    }

    @Test func affineTransformRoundTrips() {
        let l = CALayer()
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        l.setAffineTransform(m)
        #expect(l.affineTransform() == m)
        #expect(l.transform.m11 == 1 && l.transform.m12 == 2 && l.transform.m21 == 3)
        #expect(l.transform.m22 == 4 && l.transform.m41 == 5 && l.transform.m42 == 6)
        #expect(l.transform.m33 == 1 && l.transform.m44 == 1 && l.transform.m43 == 0)
    }

    @Test func preferredFrameSizeIsBoundsSizeThroughTheTransform() {
        let l = CALayer()
        l.bounds = CGRect(x: 3, y: 4, width: 100, height: 40)
        #expect(l.preferredFrameSize() == CGSize(width: 100, height: 40))
        l.transform = CATransform3DMakeScale(2, -0.5, 1)
        #expect(l.preferredFrameSize() == CGSize(width: 200, height: 20))
        l.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(l.preferredFrameSize(), CGSize(width: 40, height: 100)))
    }
}

@Suite struct CALayerConvertTests {
    @Test func betweenSiblings() {
        let parent = layer(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let a = layer(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let b = layer(frame: CGRect(x: 50, y: 60, width: 100, height: 100))
        parent.addSublayer(a)
        parent.addSublayer(b)
        #expect(b.convert(CGPoint(x: 5, y: 5), from: a) == CGPoint(x: -35, y: -45))
        #expect(a.convert(CGPoint(x: 5, y: 5), to: b) == CGPoint(x: -35, y: -45))
        #expect(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: b)
            == CGRect(x: -40, y: -50, width: 10, height: 10))
    }

    @Test func parentAndChild() {
        let parent = layer(frame: CGRect(x: 100, y: 100, width: 500, height: 500))
        let child = layer(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        parent.addSublayer(child)
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 10, y: 20))
        #expect(parent.convert(CGPoint(x: 10, y: 20), to: child) == .zero)
        #expect(child.convert(CGPoint(x: 10, y: 20), from: parent) == .zero)
        #expect(parent.convert(child.bounds, from: child) == child.frame)
        // nil is the root of the tree: the parent here.
        #expect(child.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 11, y: 21))
        #expect(child.convert(CGPoint(x: 11, y: 21), from: nil) == CGPoint(x: 1, y: 1))
    }

    @Test func throughABoundsOrigin() {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scroller = layer(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroller.bounds.origin = CGPoint(x: 0, y: 100)  // scrolled down by 100
        let item = layer(frame: CGRect(x: 0, y: 150, width: 50, height: 50))
        root.addSublayer(scroller)
        scroller.addSublayer(item)
        #expect(item.convert(CGPoint.zero, to: scroller) == CGPoint(x: 0, y: 150))
        #expect(item.convert(CGPoint.zero, to: root) == CGPoint(x: 0, y: 50))
        #expect(root.convert(CGPoint(x: 5, y: 55), to: item) == CGPoint(x: 5, y: 5))
    }

    @Test func throughAQuarterTurn() {
        let parent = layer(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        child.position = CGPoint(x: 200, y: 200)
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        parent.addSublayer(child)
        // (100, 50) is (50, 25) from the anchor; a quarter turn (+x toward +y) gives (−25, 50).
        #expect(close(child.convert(CGPoint(x: 100, y: 50), to: parent), CGPoint(x: 175, y: 250)))
        #expect(close(child.convert(CGPoint(x: 175, y: 250), from: parent), CGPoint(x: 100, y: 50)))
        #expect(close(child.convert(child.bounds, to: parent), CGRect(x: 175, y: 150, width: 50, height: 100)))
    }

    @Test func throughAPerspectiveSublayerTransform() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        parent.position = CGPoint(x: 100, y: 100)
        var perspective = CATransform3DIdentity
        let d: CGFloat = 500
        perspective.m34 = -1 / d
        parent.sublayerTransform = perspective
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.position = CGPoint(x: 100, y: 100)
        child.zPosition = 100
        parent.addSublayer(child)
        // Spec §5.1 by hand for the child's (0, 0): relative to the anchor (−50, −50, 0); plus
        // (position, zPosition) → (50, 50, 100); minus the parent's bounds centre → (−50, −50, 100);
        // times the perspective: w = 1 − 100/500 = 0.8, so (−62.5, −62.5); plus the centre.
        let w = 1 - 100 / d
        let expected = CGPoint(x: 100 + -50 / w, y: 100 + -50 / w)
        #expect(close(expected, CGPoint(x: 37.5, y: 37.5)))
        #expect(close(child.convert(CGPoint.zero, to: parent), expected))
        // And back: the point of the child's plane seen there.
        #expect(close(parent.convert(expected, to: child), .zero))
        // The rect is the bounding box of the projected corners (magnified 1.25× about the centre).
        #expect(close(child.convert(child.bounds, to: parent), CGRect(x: 37.5, y: 37.5, width: 125, height: 125)))
    }

    @Test func betweenLayersInDifferentTrees() {
        let rootA = layer(frame: CGRect(x: 1000, y: 1000, width: 100, height: 100))
        let a = layer(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        rootA.addSublayer(a)
        let rootB = layer(frame: CGRect(x: -500, y: 0, width: 100, height: 100))
        rootB.bounds.origin = CGPoint(x: 3, y: 4)
        let b = layer(frame: CGRect(x: 20, y: 30, width: 10, height: 10))
        rootB.addSublayer(b)
        // a's (0, 0) is (10, 10) in rootA's space, taken as rootB's space: (10, 10) − b's frame origin.
        #expect(b.convert(CGPoint.zero, from: a) == CGPoint(x: -10, y: -20))
        #expect(a.convert(CGPoint.zero, to: b) == CGPoint(x: -10, y: -20))
        #expect(a.convert(CGPoint(x: 1, y: 2), to: rootB) == CGPoint(x: 11, y: 12))
    }

    @Test func singularGeometryReturnsTheInputUnchanged() {
        let parent = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let flat = layer(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        flat.transform = CATransform3DMakeScale(0, 1, 1)
        parent.addSublayer(flat)
        #expect(flat.convert(CGPoint(x: 7, y: 8), from: parent) == CGPoint(x: 7, y: 8))
        #expect(flat.convert(CGRect(x: 1, y: 2, width: 3, height: 4), from: parent)
            == CGRect(x: 1, y: 2, width: 3, height: 4))
        // The forward direction still maps (everything lands on the layer's centre line).
        #expect(flat.convert(CGPoint(x: 0, y: 3), to: parent) == CGPoint(x: 15, y: 13))
    }

    @Test func geometryFlippedMirrorsTheSublayersSpace() {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.isGeometryFlipped = true
        let child = layer(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSublayer(child)
        let top = CALayer()
        top.addSublayer(root)
        // The child sits at the flipped root's y = 0, which is the root's bottom edge.
        #expect(child.convert(CGPoint.zero, to: top) == CGPoint(x: 0, y: 100))
        #expect(root.contentsAreFlipped())
        #expect(child.contentsAreFlipped())
        #expect(!top.contentsAreFlipped())
        child.isGeometryFlipped = true
        #expect(!child.contentsAreFlipped())
    }
}

@Suite struct CALayerConvertTimeTests {
    @Test func oneLayerWithSpeedBeginTimeAndOffset() {
        let l = CALayer()
        l.speed = 2
        l.beginTime = 1
        l.timeOffset = 3
        #expect(l.convertTime(5, from: nil) == 11)  // (5 − 1)·2 + 3
        #expect(l.convertTime(11, to: nil) == 5)
    }

    @Test func throughAChainAndBetweenSiblings() {
        let parent = CALayer()
        parent.speed = 2
        let child = CALayer()
        child.beginTime = 1
        child.timeOffset = 0.5
        child.speed = 3
        let sibling = CALayer()
        sibling.timeOffset = 10
        parent.addSublayer(child)
        parent.addSublayer(sibling)
        // absolute 10 → parent 20 → child (20 − 1)·3 + 0.5
        #expect(child.convertTime(10, from: nil) == 57.5)
        #expect(child.convertTime(57.5, to: nil) == 10)
        #expect(child.convertTime(20, from: parent) == 57.5)
        #expect(parent.convertTime(57.5, from: child) == 20)
        // child 57.5 → parent 20 → sibling 30
        #expect(sibling.convertTime(57.5, from: child) == 30)
        #expect(child.convertTime(sibling.convertTime(57.5, from: child), from: sibling) == 57.5)
    }

    @Test func pauseAndResumeRecipe() {
        // Apple QA1673, with absolute times written out instead of CACurrentMediaTime().
        let l = CALayer()
        let pauseAt: CFTimeInterval = 100
        let pausedTime = l.convertTime(pauseAt, from: nil)
        l.speed = 0
        l.timeOffset = pausedTime
        #expect(l.convertTime(150, from: nil) == 100)  // frozen
        #expect(l.convertTime(400, from: nil) == 100)
        // Resume at 130.
        let resumeAt: CFTimeInterval = 130
        let paused = l.timeOffset
        l.speed = 1
        l.timeOffset = 0
        l.beginTime = 0
        let timeSincePause = l.convertTime(resumeAt, from: nil) - paused
        l.beginTime = timeSincePause
        #expect(l.convertTime(resumeAt, from: nil) == 100)  // picks up where it stopped
        #expect(l.convertTime(resumeAt + 5, from: nil) == 105)
    }

    @Test func convertingOutOfAPausedLayerGivesZeroAsQuartzCoreDoes() {
        let l = CALayer()
        l.speed = 0
        l.timeOffset = 7
        #expect(l.convertTime(3, to: nil) == 0)
        // Into it works.
        #expect(l.convertTime(1234, from: nil) == 7)
    }
}
