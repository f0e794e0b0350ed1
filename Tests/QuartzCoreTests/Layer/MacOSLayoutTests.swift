import QuartzCore
import Testing

/// macOS layer layout: `CAConstraintLayoutManager` and autoresizing masks, with AppKit's rules;
/// expected frames are worked out by hand from the rules.
@Suite struct MacOSLayoutTests {
    private func layer(_ name: String, _ frame: CGRect) -> CALayer {
        let l = CALayer()
        l.name = name
        l.frame = frame
        return l
    }

    @Test func constraintsPlaceSublayersRelativeToTheSuperlayerAndEachOther() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 100))
        root.layoutManager = CAConstraintLayoutManager()
        let a = layer("a", CGRect(x: 0, y: 0, width: 10, height: 10))
        a.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        a.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        a.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
        let b = layer("b", CGRect(x: 0, y: 0, width: 20, height: 30))
        // b depends on a, and is added before it: the manager repeats until frames settle.
        b.addConstraint(CAConstraint(attribute: .minX, relativeTo: "a", attribute: .maxX, offset: 10))
        b.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "a", attribute: .maxY))
        root.addSublayer(b)
        root.addSublayer(a)
        root.layoutIfNeeded()
        // a: width 100 centred at (100, 50), its height kept (10).
        #expect(a.frame == CGRect(x: 50, y: 45, width: 100, height: 10))
        // b: left at a's right + 10 = 160, bottom (maxY) at a's = 55, size kept.
        #expect(b.frame == CGRect(x: 160, y: 25, width: 20, height: 30))
        // The superlayer grows: layout follows.
        root.bounds.size = CGSize(width: 400, height: 100)
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 100, y: 45, width: 200, height: 10))
    }

    @Test func twoPositionsGiveTheSize() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        root.layoutManager = CAConstraintLayoutManager.layoutManager()
        let bar = layer("bar", .zero)
        bar.constraints = [
            CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10),
            CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -10),
            CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 5),
            CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height, scale: 0, offset: 8),
        ]
        root.addSublayer(bar)
        root.layoutIfNeeded()
        #expect(bar.frame == CGRect(x: 10, y: 5, width: 80, height: 8))
    }

    @Test func badConstraintsAreIgnoredOrStopped() {
        // Tried: a source that does not exist; two layers constrained to each other's moving edge.
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        root.layoutManager = CAConstraintLayoutManager()
        let lost = layer("lost", CGRect(x: 1, y: 2, width: 3, height: 4))
        lost.addConstraint(CAConstraint(attribute: .minX, relativeTo: "nobody", attribute: .minX))
        let p = layer("p", CGRect(x: 0, y: 0, width: 10, height: 10))
        let q = layer("q", CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addConstraint(CAConstraint(attribute: .minX, relativeTo: "q", attribute: .maxX, offset: 1))
        q.addConstraint(CAConstraint(attribute: .minX, relativeTo: "p", attribute: .maxX, offset: 1))
        root.sublayers = [lost, p, q]
        root.layoutIfNeeded()
        #expect(lost.frame == CGRect(x: 1, y: 2, width: 3, height: 4), "kept")
        #expect(p.frame.minX.isFinite && q.frame.minX.isFinite, "the cycle stopped with finite frames")
    }

    @Test func autoresizingSharesTheChangeAmongFlexibleParts() {
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        let fixed = layer("fixed", CGRect(x: 10, y: 10, width: 20, height: 20))
        let stretch = layer("stretch", CGRect(x: 10, y: 10, width: 20, height: 20))
        stretch.autoresizingMask = [.layerWidthSizable, .layerMaxXMargin, .layerHeightSizable]
        let pinned = layer("pinned", CGRect(x: 70, y: 10, width: 20, height: 20))
        pinned.autoresizingMask = [.layerMinXMargin, .layerMaxYMargin]
        root.sublayers = [fixed, stretch, pinned]
        root.bounds = CGRect(x: 0, y: 0, width: 190, height: 120)
        #expect(fixed.frame == CGRect(x: 10, y: 10, width: 20, height: 20), "no mask: unchanged")
        // x: width 20 and right margin 70 share +90 as 20:70 → +20 and +70; y: height takes +20.
        #expect(abs(stretch.frame.width - 40) < 1e-9 && stretch.frame.minX == 10)
        #expect(stretch.frame.height == 40 && stretch.frame.minY == 10)
        // Left margin only: moves right by 90; top... maxY margin takes the y change.
        #expect(pinned.frame == CGRect(x: 160, y: 10, width: 20, height: 20))
    }

    private final class Recorder: CALayoutManager {
        var invalidated = 0
        var laidOut = 0
        func invalidateLayout(of layer: CALayer) { invalidated += 1 }
        func layoutSublayers(of layer: CALayer) { laidOut += 1 }
        func preferredSize(of layer: CALayer) -> CGSize { CGSize(width: 7, height: 9) }
    }

    @Test func aCustomLayoutManagerIsAskedAsOnMacOS() {
        let manager = Recorder()
        let root = layer("root", CGRect(x: 0, y: 0, width: 10, height: 10))
        root.layoutManager = manager
        root.layoutIfNeeded()
        #expect(manager.laidOut == 1 && manager.invalidated >= 1)
        #expect(root.preferredFrameSize() == CGSize(width: 7, height: 9))
    }
}
