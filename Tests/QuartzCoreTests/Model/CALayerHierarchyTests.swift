import QuartzCore
import Testing

@Suite struct CALayerHierarchyTests {
    @Test func sublayersAreOrderedBackToFront() {
        let root = CALayer()
        let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, below: c)
        root.insertSublayer(d, at: 0)
        #expect(root.sublayers?.map(ObjectIdentifier.init) == [d, a, b, c].map(ObjectIdentifier.init))
        let e = CALayer()
        root.insertSublayer(e, above: a)
        #expect(root.sublayers?[2] === e && e.superlayer === root)
        root.insertSublayer(CALayer(), at: 99)
        #expect(root.sublayers?.count == 6, "an index past the end appends")
    }

    @Test func replaceRemoveAndMoveBetweenParents() {
        let p1 = CALayer(), p2 = CALayer(), a = CALayer(), b = CALayer()
        p1.addSublayer(a)
        p1.replaceSublayer(a, with: b)
        #expect(p1.sublayers?.first === b && a.superlayer == nil && b.superlayer === p1)
        p2.addSublayer(b)
        #expect(p1.sublayers == nil && p2.sublayers?.first === b && b.superlayer === p2)
        b.removeFromSuperlayer()
        #expect(p2.sublayers == nil && b.superlayer == nil)
        p1.sublayers = [a, b, a]
        #expect(p1.sublayers?.count == 2, "a layer appears once")
    }

    @Test func cyclesAreRefused() {
        // Bad input: a layer added below itself, directly and through a descendant, and as its own mask.
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        root.addSublayer(root)
        grandchild.addSublayer(root)
        child.insertSublayer(root, at: 0)
        grandchild.replaceSublayer(grandchild, with: root)
        root.mask = root
        child.mask = root
        #expect(root.superlayer == nil && root.sublayers?.count == 1 && grandchild.sublayers == nil)
        #expect(root.mask == nil && child.mask == nil)
    }

    @Test func masksLiveOutsideTheTree() {
        let layer = CALayer(), m = CALayer(), parent = CALayer()
        parent.addSublayer(m)
        layer.mask = m
        #expect(layer.mask === m && m.superlayer == nil && parent.sublayers == nil)
        m.removeFromSuperlayer()
        #expect(layer.mask == nil, "removing a mask detaches it")
    }
}
