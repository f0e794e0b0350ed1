import CoreGraphics
import QuartzCore
import StrataRender
import Testing

@Suite struct RenderSnapshotTests {
    /// root ─┬─ a ─── a1
    ///       └─ b   (b.mask = m)
    private func makeTree() -> (root: CALayer, a: CALayer, a1: CALayer, b: CALayer, m: CALayer) {
        let root = CALayer(), a = CALayer(), a1 = CALayer(), b = CALayer(), m = CALayer()
        root.addSublayer(a)
        a.addSublayer(a1)
        root.addSublayer(b)
        b.mask = m
        a.position = CGPoint(x: 10, y: 20)
        b.opacity = 0.5
        m.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
        return (root, a, a1, b, m)
    }

    @Test func aCommitPublishesTheTreeInDepthFirstOrder() throws {
        let t = makeTree()
        #expect(t.root.committedSnapshot == nil, "nothing before the first commit")
        CATransaction.flush()
        let (snapshot, rootIndex) = try #require(t.root.committedSnapshot)
        #expect(rootIndex == 0 && snapshot.nodes.count == 5)
        let nodes = snapshot.nodes
        #expect(nodes[0].parent == -1 && nodes[0].sublayers.count == 2)
        let a = try #require(t.a.committedSnapshot).index
        let a1 = try #require(t.a1.committedSnapshot).index
        let b = try #require(t.b.committedSnapshot).index
        let m = try #require(t.m.committedSnapshot).index
        #expect(nodes[0].sublayers == [Int32(a), Int32(b)], "back to front")
        #expect(nodes[a].sublayers == [Int32(a1)] && nodes[a1].parent == Int32(a))
        #expect(nodes[b].mask == Int32(m) && nodes[m].isMask && nodes[m].parent == Int32(b))
        #expect(a < a1 && b < m, "parents come before their sublayers and masks")
        #expect(nodes[a].state.position == CGPoint(x: 10, y: 20) && nodes[b].state.opacity == 0.5)
        #expect(nodes[m].state.bounds.width == 3)
    }

    /// A node made in place, field by field (as commits make them), equals the node the
    /// initializer makes, field by field (its full description); and it sets every stored
    /// property the type has (a field added later and not set there fails here).
    @Test func nodesMadeInPlaceEqualNodesMadeByTheInitializer() throws {
        var state = RenderLayerState()
        state.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        state.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        state.opacity = 0.25
        let animations = [CommittedAnimation(records: [], preferredFrameRate: 30)]
        let made = RenderNode(
            layerID: 7, stateSerial: 9, isTransformLayer: true, state: state, parent: 3, sublayers: [4, 5], mask: 6,
            isMask: true, animations: animations)
        let pointer = UnsafeMutablePointer<RenderNode>.allocate(capacity: 1)
        defer {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }
        withUnsafePointer(to: state) {
            RenderNode.initialize(
                pointer, layerID: 7, stateSerial: 9, isTransformLayer: true, state: $0, parent: 3, sublayers: [4, 5],
                mask: 6, isMask: true, animations: animations)
        }
        #expect(String(reflecting: pointer.pointee) == String(reflecting: made))
        #expect(Mirror(reflecting: made).children.count == RenderNode.fieldsInitializedInPlace)
    }

    /// A layer's state serial changes when its state is written, and only then: commits and
    /// snapshots that change nothing keep it (what renderers keep work for).
    @Test func theStateSerialChangesWithTheStateOnly() throws {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        CATransaction.flush()
        func serials() throws -> (UInt64, UInt64) {
            let snapshot = try #require(root.committedSnapshot).snapshot
            return (snapshot.nodes[0].stateSerial, snapshot.nodes[1].stateSerial)
        }
        let first = try serials()
        #expect(first.0 != 0 && first.1 != 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.setNeedsDisplay()
        CATransaction.commit()
        _ = root.presentation()
        #expect(try serials() == first, "a commit with no change keeps the serials")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        child.position = CGPoint(x: 5, y: 6)
        CATransaction.commit()
        let second = try serials()
        #expect(second.0 == first.0 && second.1 != first.1, "only the changed layer's serial moved")
    }

    @Test func snapshotsDoNotChangeWhenTheModelDoes() throws {
        let t = makeTree()
        CATransaction.flush()
        let before = try #require(t.a.committedSnapshot)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        t.a.position = CGPoint(x: 99, y: 99)
        #expect(try #require(t.a.committedSnapshot).snapshot.version == before.snapshot.version, "not before the commit")
        CATransaction.commit()
        let after = try #require(t.a.committedSnapshot)
        #expect(before.snapshot.nodes[before.index].state.position == CGPoint(x: 10, y: 20))
        #expect(after.snapshot.nodes[after.index].state.position == CGPoint(x: 99, y: 99))
        #expect(after.snapshot.version > before.snapshot.version)
    }

    @Test(arguments: clockOrigins)
    func evaluatingASnapshotGivesWhatPresentationGives(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let t = makeTree()
            t.root.speed = 2
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 4
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0.2, 0.8]
            fade.duration = 2
            CATransaction.begin()
            t.a1.add(move, forKey: "move")
            t.b.add(fade, forKey: "fade")
            CATransaction.commit()
            for step in 0..<6 {
                clock.advance(by: 0.3)
                let now = CACurrentMediaTime()
                let (snapshot, _) = try #require(t.root.committedSnapshot)
                let states = RenderEvaluator.presentation(of: snapshot, at: now)
                let a1 = try #require(t.a1.committedSnapshot).index
                let b = try #require(t.b.committedSnapshot).index
                let p1 = try #require(t.a1.presentation())
                let pb = try #require(t.b.presentation())
                #expect(abs(states[a1].position.x - p1.position.x) < 1e-9, "step \(step)")
                #expect(abs(states[b].opacity - pb.opacity) < 1e-6, "step \(step)")
            }
            // The root runs at speed 2: 1.8 s of media time is 3.6 s of the sublayers' time.
            let (snapshot, _) = try #require(t.root.committedSnapshot)
            let x = RenderEvaluator.presentation(of: snapshot, at: CACurrentMediaTime())[try #require(t.a1.committedSnapshot).index].position.x
            // 1e-6 points: at a 10⁶ s origin doubled by the root's speed a second of layer time is
            // resolved to ≈ 5·10⁻¹⁰ s, 25 points a second.
            #expect(abs(x - 90) < 1e-6)
        }
    }

    @Test(arguments: clockOrigins)
    func aLayerGivenMoreAnimationsListsOldAndNewInOrder(origin: Double) throws {
        // A commit remakes a layer's list only when one of its animations is new, keeping the
        // committed ones before it: here "first" (committed earlier), then "second" and "third"
        // (new, the third added between them in the model's order by its key).
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let layer = CALayer()
            CATransaction.flush()
            func fade(to value: Double) -> CABasicAnimation {
                let a = CABasicAnimation(keyPath: "opacity")
                a.fromValue = 1
                a.toValue = value
                a.duration = 10
                return a
            }
            CATransaction.begin()
            layer.add(fade(to: 0.5), forKey: "first")
            CATransaction.commit()
            clock.advance(by: 1)
            CATransaction.begin()
            layer.add(fade(to: 0.25), forKey: "second")
            layer.add(fade(to: 0.75), forKey: "third")
            CATransaction.commit()
            let (snapshot, index) = try #require(layer.committedSnapshot)
            let animations = snapshot.nodes[index].animations
            #expect(animations.count == 3)
            // Their ends, in order (each record's to-value), and their begin times: the first at
            // the first commit, the others at the second.
            let begins = animations.map { $0.records.first?.timing.beginTime ?? -1 }
            #expect(begins == [origin, origin + 1, origin + 1], "\(begins)")
            // The last one wins: at the second commit's time + 5 s, opacity is half way to 0.75.
            clock.advance(by: 5)
            let states = RenderEvaluator.presentation(of: snapshot, at: CACurrentMediaTime())
            #expect(abs(states[index].opacity - 0.875) < 1e-6, "\(states[index].opacity)")
        }
    }

    @Test func framesEvaluateWithoutTheModelLock() throws {
        let t = makeTree()
        CATransaction.flush()
        let (snapshot, _) = try #require(t.root.committedSnapshot)
        let box = SnapshotBox(snapshot)
        let done = Flag()
        CATransaction.lock()
        Thread.detachNewThread {
            _ = RenderEvaluator.presentation(of: box.snapshot, at: 1)
            done.set()
        }
        var waited = 0
        while !done.isSet && waited < 200 {
            usleep(10_000)
            waited += 1
        }
        CATransaction.unlock()
        #expect(done.isSet, "evaluation finished while this thread held the transaction lock")
    }
}

private final class SnapshotBox: Sendable {
    let snapshot: RenderTreeSnapshot
    init(_ snapshot: RenderTreeSnapshot) { self.snapshot = snapshot }
}
