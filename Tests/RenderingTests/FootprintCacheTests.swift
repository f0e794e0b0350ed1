import CoreGraphics
import QuartzCore
import StrataCompositor
import StrataRender
import Testing

/// What a renderer keeps between frames for unchanged layers (their presented states and
/// footprints) must be exactly what it would work out afresh; and after one small change it
/// works out only that layer again.
@Suite("CARenderer: work kept between frames")
struct FootprintCacheTests {
    /// A tree with the cases a kept footprint could get wrong: a parent whose sublayerTransform
    /// and bounds place its sublayers, a replicator, a mask, a transform layer, a hidden layer,
    /// a clipping parent in perspective.
    struct Tree {
        let root: CALayer
        let parent: CALayer
        let child: CALayer
        let leaf: CALayer
        let replicator: CAReplicatorLayer
        let masked: CALayer
        let hidden: CALayer
        let stage: CATransformLayer
    }

    func makeTree() -> Tree {
        scene {
            let root = canvas(300, 200)
            let parent = solid(CGRect(x: 20, y: 20, width: 120, height: 80), 0.2, 0.4, 0.8)
            let child = solid(CGRect(x: 10, y: 10, width: 30, height: 30), 0.9, 0.2, 0.1)
            parent.addSublayer(child)
            root.addSublayer(parent)
            let leaf = solid(CGRect(x: 200, y: 150, width: 10, height: 10), 0, 0, 0)
            root.addSublayer(leaf)
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 0, y: 120, width: 200, height: 30)
            replicator.instanceCount = 4
            replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            replicator.addSublayer(solid(CGRect(x: 2, y: 2, width: 20, height: 20), 0.9, 0.6, 0.1))
            root.addSublayer(replicator)
            let masked = solid(CGRect(x: 160, y: 20, width: 60, height: 50), 0.3, 0.8, 0.3)
            let mask = solid(CGRect(x: 0, y: 0, width: 30, height: 50), 0, 0, 0)
            masked.mask = mask
            root.addSublayer(masked)
            let hidden = solid(CGRect(x: 240, y: 20, width: 20, height: 20), 1, 0, 1)
            hidden.isHidden = true
            root.addSublayer(hidden)
            let stage = CATransformLayer()
            stage.frame = CGRect(x: 230, y: 100, width: 50, height: 50)
            let face = solid(CGRect(x: 5, y: 5, width: 40, height: 40), 0.3, 0.3, 0.3)
            face.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
            stage.addSublayer(face)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 300
            stage.sublayerTransform = perspective
            root.addSublayer(stage)
            return Tree(
                root: root, parent: parent, child: child, leaf: leaf, replicator: replicator, masked: masked,
                hidden: hidden, stage: stage)
        }
    }

    /// The changes applied one after another, each named for the failure message.
    func changes(_ tree: Tree, origin: Double) -> [(String, () -> Void)] {
        [
            ("nothing", {}),
            ("a leaf moves", { tree.leaf.position = CGPoint(x: 150, y: 170) }),
            ("the parent's sublayerTransform", { tree.parent.sublayerTransform = CATransform3DMakeScale(1.5, 1, 1) }),
            ("the parent's bounds origin", { tree.parent.bounds.origin = CGPoint(x: 5, y: -3) }),
            ("the parent moves", { tree.parent.position = CGPoint(x: 100, y: 70) }),
            ("the child recoloured", { tree.child.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }),
            ("the replicator's step", { tree.replicator.instanceTransform = CATransform3DMakeTranslation(25, 2, 0) }),
            ("the mask moves", { tree.masked.mask?.position = CGPoint(x: 40, y: 25) }),
            ("the hidden layer shown", { tree.hidden.isHidden = false }),
            ("the stage turns", { tree.stage.transform = CATransform3DMakeRotation(0.3, 1, 0, 0) }),
            ("sublayers reordered", {
                tree.leaf.removeFromSuperlayer()
                tree.root.insertSublayer(tree.leaf, at: 0)
            }),
            ("a layer added", { tree.parent.addSublayer(solid(CGRect(x: 60, y: 40, width: 10, height: 10), 0, 0, 1)) }),
            ("the child removed", { tree.child.removeFromSuperlayer() }),
            ("an animation on the parent", {
                let turn = CABasicAnimation(keyPath: "sublayerTransform.rotation.z")
                turn.fromValue = 0
                turn.toValue = 1
                turn.duration = 10
                turn.beginTime = origin
                tree.parent.add(turn, forKey: "turn")
            }),
            // The parent's sublayers are kept under an animating parent only while what places
            // them holds still: its turning sublayerTransform must place them again each frame.
            ("the animation runs on", {}),
            ("the animation runs on again", {}),
            ("the animation removed", { tree.parent.removeAnimation(forKey: "turn") }),
        ]
    }

    /// One frame of the test tree after each change: its snapshot, root index, time (a quarter
    /// second a step from `origin`) and freshly evaluated states.
    struct Frame {
        let name: String
        let snapshot: RenderTreeSnapshot
        let root: Int
        let time: Double
        let states: [RenderLayerState]
    }

    /// Applies the tree's changes one after another, handing `body` the frame after each.
    func eachFrame(_ tree: Tree, origin: Double, _ body: (Frame) throws -> Void) throws {
        for (step, (name, change)) in changes(tree, origin: origin).enumerated() {
            scene(change)
            let committed = try #require(tree.root.committedSnapshot)
            let time = origin + Double(step) * 0.25
            try body(
                Frame(
                    name: name, snapshot: committed.snapshot, root: committed.index, time: time,
                    states: RenderEvaluator.presentation(of: committed.snapshot, at: time)))
        }
    }

    /// The walk draws each layer where the frame's footprints placed it: through every change of
    /// the test tree (a sublayerTransform, a bounds origin, a mask, a transform layer in
    /// perspective, a replicator, an animating parent), at three clock origins, a frame drawn with
    /// the footprints (the walk takes their maps for most layers) is byte-identical to the same
    /// frame drawn without them (every map made by the walk itself).
    @Test(arguments: clockOrigins)
    func theWalkDrawsLayersWhereTheirFootprintsPlacedThem(origin: Double) throws {
        let tree = makeTree()
        let cache = FootprintCache()
        let taking = Compositor(), making = Compositor()
        try eachFrame(tree, origin: origin) { frame in
            let name = frame.name
            let footprints = Footprints(
                frame.snapshot, states: frame.states, root: frame.root, placement: .inSuperlayer, base: .identity,
                time: frame.time, cache: cache)
            func draw(_ compositor: Compositor, _ footprints: Footprints?) -> CGImage? {
                let context = Golden.makeContext(width: 300, height: 200)
                context.withCairo { cr, _, _ in
                    compositor.draw(
                        frame.snapshot, states: frame.states, root: frame.root, placement: .inSuperlayer, into: cr,
                        base: .identity, clip: CGRect(x: 0, y: 0, width: 300, height: 200), time: frame.time,
                        footprints: footprints)
                }
                return context.makeImage()
            }
            let taken = try #require(draw(taking, footprints))
            #expect(taking.workedMapsInLastFrame >= 6, "\(name): layers placed from the footprints")
            let made = try #require(draw(making, nil))
            #expect(making.workedMapsInLastFrame == 0, "\(name)")
            let difference = try #require(Golden.compare(made, taken, channelTolerance: 0))
            #expect(difference.maxChannel == 0, "\(name): \(difference)")
        }
    }

    /// A renderer hands the frame before last's footprints back (`retire(into:)`) and the next
    /// frame fills their arrays instead of allocating: through every change of the test tree
    /// (layers added and removed among them, so the node count moves), at three clock origins,
    /// footprints filled that way equal footprints worked out afresh (every entry's box and
    /// signature, every layer ID), and most frames fill the arrays retired two frames before.
    @Test(arguments: clockOrigins)
    func footprintsFilledFromRetiredArraysEqualFreshOnes(origin: Double) throws {
        let tree = makeTree()
        let cache = FootprintCache()
        var previous = Footprints()
        try eachFrame(tree, origin: origin) { frame in
            let name = frame.name
            let current = Footprints(
                frame.snapshot, states: frame.states, root: frame.root, placement: .inSuperlayer, base: .identity,
                time: frame.time, cache: cache)
            let fresh = Footprints(
                frame.snapshot, states: frame.states, root: frame.root, placement: .inSuperlayer, base: .identity,
                time: frame.time)
            #expect(current.byNode.map { $0?.box } == fresh.byNode.map { $0?.box }, "\(name)")
            #expect(current.byNode.map { $0?.signature } == fresh.byNode.map { $0?.signature }, "\(name)")
            #expect(current.layerIDs == fresh.layerIDs, "\(name)")
            previous.retire(into: cache)
            #expect(previous.byNode.isEmpty && previous.layerIDs.isEmpty, "\(name): retired footprints keep nothing")
            previous = current
        }
        // Seventeen frames: the first two have nothing retired yet; one after a layer is added needs more room.
        #expect(cache.framesFilledRetiredArrays >= 10, "frames that filled retired arrays: \(cache.framesFilledRetiredArrays)")
    }

    /// A layer's box comes from its look extent, kept while its look serial holds (a renderer's
    /// evaluation hands them): through a stroked shape that starts moving, gains a shadow that
    /// fades in, gets a new path and a wider stroke while it moves on, at three clock origins,
    /// every box the cache gives equals the box worked out afresh from a fresh presentation.
    @Test(arguments: clockOrigins)
    func boxesKeptByLookEqualBoxesWorkedOutAfresh(origin: Double) throws {
        let (root, shape) = scene { () -> (CALayer, CAShapeLayer) in
            let root = canvas(300, 200)
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 40, y: 40, width: 60, height: 60)
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 30), transform: nil)
            shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            shape.fillColor = nil
            shape.lineWidth = 4
            root.addSublayer(shape)
            return (root, shape)
        }
        func animation(_ keyPath: String, _ from: Any, _ to: Any) -> CABasicAnimation {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.beginTime = origin
            animation.duration = 10
            return animation
        }
        let steps: [(String, () -> Void)] = [
            ("still", {}),
            ("moving", { shape.add(animation("position", CGPoint(x: 70, y: 70), CGPoint(x: 200, y: 120)), forKey: "move") }),
            ("moving on", {}),
            ("a shadow fading in", {
                shape.shadowRadius = 6
                shape.add(animation("shadowOpacity", 0.0, 1.0), forKey: "shadow")
            }),
            ("fading on", {}),
            ("a new path", { shape.path = CGPath(ellipseIn: CGRect(x: -10, y: -5, width: 80, height: 40), transform: nil) }),
            ("a wider stroke", { shape.lineWidth = 12 }),
            ("moving on again", {}),
        ]
        let cache = FootprintCache()
        var changes = PresentationChanges()
        var states: [RenderLayerState] = []
        var last: RenderTreeSnapshot?
        for (step, (name, change)) in steps.enumerated() {
            scene(change)
            let committed = try #require(root.committedSnapshot)
            let snapshot = committed.snapshot
            let time = origin + Double(step) * 0.25
            RenderEvaluator.presentation(
                of: snapshot, at: time, reusing: &states, from: last, forDrawing: true, changes: &changes)
            let kept = Footprints(
                snapshot, states: states, root: committed.index, placement: .inSuperlayer, base: .identity, time: time,
                cache: cache, serials: changes.serials, lookSerials: changes.lookSerials)
            let afresh = Footprints(
                snapshot, states: RenderEvaluator.presentation(of: snapshot, at: time), root: committed.index,
                placement: .inSuperlayer, base: .identity, time: time)
            #expect(kept.byNode.map { $0?.box } == afresh.byNode.map { $0?.box }, "\(name)")
            last = snapshot
        }
    }

    /// A node's subtree box (what the walk tests before entering a container) holds the entry box
    /// of every layer below it, and is unbounded where a layer's composite spreads (a shadow):
    /// checked on every node of the test tree plus a shadowed container, a container whose only
    /// sublayer sits far off, and a hidden one, by walking each entry's ancestors.
    @Test func subtreeBoxesHoldEveryLayerBelowThem() throws {
        let tree = makeTree()
        let (shadowed, far, hiddenGroup) = scene { () -> (CALayer, CALayer, CALayer) in
            let shadowed = CALayer()
            shadowed.frame = CGRect(x: 150, y: 60, width: 40, height: 40)
            shadowed.shadowOpacity = 0.5
            shadowed.addSublayer(solid(CGRect(x: 5, y: 5, width: 10, height: 10), 0, 0, 0))
            let far = CALayer()
            far.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
            far.addSublayer(solid(CGRect(x: 270, y: 180, width: 12, height: 8), 0.5, 0.5, 0))
            let hiddenGroup = CALayer()
            hiddenGroup.isHidden = true
            hiddenGroup.addSublayer(solid(CGRect(x: 0, y: 0, width: 50, height: 50), 1, 0, 0))
            for layer in [shadowed, far, hiddenGroup] { tree.root.addSublayer(layer) }
            return (shadowed, far, hiddenGroup)
        }
        let committed = try #require(tree.root.committedSnapshot)
        let snapshot = committed.snapshot
        let states = RenderEvaluator.presentation(of: snapshot, at: 0)
        let footprints = Footprints(snapshot, states: states, root: committed.index, placement: .inSuperlayer, base: .identity)
        let nodes = snapshot.nodes
        let edges = footprints.subtreeEdges(nodes, states)
        #expect(edges.count == 4 * nodes.count)
        var checked = 0
        for (i, node) in nodes.enumerated() {
            guard let entry = footprints.byNode[i], !entry.box.isNull else { continue }
            var up = Int(node.parent)
            while up >= 0 {
                let box = Footprints.subtreeBox(in: edges, node: up)
                #expect(box.union(entry.box) == box, "node \(up)'s subtree box \(box) holds node \(i)'s \(entry.box)")
                checked += 1
                up = Int(nodes[up].parent)
            }
        }
        #expect(checked >= 12, "ancestors checked: \(checked)")
        // The three added layers, found by their states (layer identities are the framework's own).
        func box(where matches: (Int) -> Bool) -> CGRect? {
            guard let i = nodes.indices.first(where: matches) else { return nil }
            return Footprints.subtreeBox(in: edges, node: i)
        }
        #expect(box { states[$0].shadowOpacity == shadowed.shadowOpacity }?.isInfinite == true,
                "a shadow spreads past its sublayers: unbounded")
        let farBox = try #require(box { states[$0].bounds == far.bounds && states[$0].backgroundColor == nil && nodes[$0].sublayers.count == 1 })
        #expect(!farBox.intersects(CGRect(x: 0, y: 0, width: 250, height: 170)),
                "a container as large as the canvas is as small as what it draws: \(farBox)")
        #expect(box { states[$0].isHidden == hiddenGroup.isHidden && !nodes[$0].sublayers.isEmpty }?.isNull == true,
                "a hidden subtree draws nothing")
    }

    /// The damage by definition: the old and new boxes of every layer whose entry changed,
    /// appeared or went away, matched by layer (whatever its index).
    func damageByLayer(_ new: Footprints, since old: Footprints) -> CGRect? {
        let now = new.entries, before = old.entries
        var region = CGRect.null
        for (id, entry) in now where before[id] != entry {
            region = region.union(entry.box).union(before[id]?.box ?? .null)
        }
        for (id, entry) in before where now[id] == nil { region = region.union(entry.box) }
        return region.isNull ? nil : region.insetBy(dx: -1, dy: -1).integral
    }

    /// Over fifteen changes of every kind, at three clock origins, the footprints a cache keeps
    /// equal those worked out without one (equality of every layer's box and fingerprint), and
    /// the presented states written over the last frame's equal a fresh presentation (their
    /// full descriptions, every field). The damage, found by node index where the tree kept its
    /// shape, equals the damage matched by layer (reordering, adding and removing shift indices).
    @Test(arguments: clockOrigins)
    func keptWorkEqualsWorkDoneAfresh(origin: Double) throws {
        let tree = makeTree()
        let cache = FootprintCache()
        var last: (snapshot: RenderTreeSnapshot, states: [RenderLayerState])?
        var lastFootprints: Footprints?
        try eachFrame(tree, origin: origin) { frame in
            let (name, snapshot, time, fresh) = (frame.name, frame.snapshot, frame.time, frame.states)
            var states = last?.states ?? []
            if let last {
                RenderEvaluator.presentation(of: snapshot, at: time, reusing: &states, from: last.snapshot)
            } else {
                states = RenderEvaluator.presentation(of: snapshot, at: time)
            }
            #expect(states.count == fresh.count, "\(name)")
            for i in 0..<min(states.count, fresh.count) {
                #expect(String(reflecting: states[i]) == String(reflecting: fresh[i]), "\(name): node \(i)")
            }
            let kept = Footprints(
                snapshot, states: states, root: frame.root, placement: .inSuperlayer, base: .identity, time: time,
                cache: cache)
            let afresh = Footprints(
                snapshot, states: fresh, root: frame.root, placement: .inSuperlayer, base: .identity, time: time)
            #expect(kept == afresh, "\(name)")
            if let lastFootprints {
                #expect(kept.damage(since: lastFootprints) == damageByLayer(kept, since: lastFootprints), "\(name)")
            }
            last = (snapshot, states)
            lastFootprints = kept
        }
        #expect(cache.count > 5, "layers were kept: \(cache.count)")
    }

    /// A 400-point canvas holding a group of 30 still 50-point squares in a grid (built inside a
    /// caller's `scene`).
    static func gridOfThirty() -> (root: CALayer, group: CALayer) {
        let root = canvas(400, 400)
        let group = CALayer()
        group.frame = CGRect(x: 10, y: 10, width: 380, height: 380)
        for i in 0..<30 {
            group.addSublayer(solid(CGRect(x: Double(i % 6) * 60, y: Double(i / 6) * 60, width: 50, height: 50), 0.3, 0.2, 0.1))
        }
        root.addSublayer(group)
        return (root, group)
    }

    /// Under a layer that animates without changing its look or placement (an opacity held at
    /// 1, as a Lottie group between keyframes), its 30 still sublayers are kept: a frame places
    /// the animating layer alone; once its opacity really changes, all of them again.
    @Test(arguments: clockOrigins)
    func stillSublayersOfAnAnimatingLayerAreKept(origin: Double) throws {
        let (root, group) = scene { () -> (CALayer, CALayer) in
            let (root, group) = Self.gridOfThirty()
            let hold = CABasicAnimation(keyPath: "opacity")
            hold.fromValue = 1
            hold.toValue = 1
            // Never 0 (a beginTime of 0 means "when committed", a clock this test does not pin).
            hold.beginTime = origin + 0.05
            hold.duration = 1
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.5
            fade.beginTime = origin + 1
            fade.duration = 1
            // Kept in the model whatever the process's clock says (at origin 0 both are long over).
            hold.isRemovedOnCompletion = false
            fade.isRemovedOnCompletion = false
            group.add(hold, forKey: "hold")
            group.add(fade, forKey: "fade")
            return (root, group)
        }
        _ = group
        let cache = FootprintCache()
        func footprints(at time: Double) throws -> (kept: Footprints, afresh: Footprints) {
            let committed = try #require(root.committedSnapshot)
            let states = RenderEvaluator.presentation(of: committed.snapshot, at: time)
            let kept = Footprints(
                committed.snapshot, states: states, root: committed.index, placement: .inSuperlayer, base: .identity,
                time: time, cache: cache)
            let afresh = Footprints(
                committed.snapshot, states: states, root: committed.index, placement: .inSuperlayer, base: .identity,
                time: time)
            return (kept, afresh)
        }
        var placed: [Int] = []
        for t in [0.1, 0.3, 0.5, 1.2, 1.4] {
            let (kept, afresh) = try footprints(at: origin + t)
            #expect(kept == afresh, "t \(t)")
            placed.append(cache.placedInLastFrame)
        }
        // The root, the group and its 30 sublayers at first; the group alone while it holds;
        // everything under it while it fades.
        #expect(placed == [32, 1, 1, 31, 31], "layers placed a frame: \(placed)")
    }

    /// With value serials (what a `CARenderer` evaluates with), the animating layer itself is kept
    /// too while its values hold: a frame of the held opacity places nothing; the fade places the
    /// group and its 30 sublayers; every kept frame equals the footprints worked out afresh.
    @Test(arguments: clockOrigins)
    func anAnimatedLayerWhoseValuesHoldIsKept(origin: Double) throws {
        let root = scene { () -> CALayer in
            let (root, group) = Self.gridOfThirty()
            let hold = CAKeyframeAnimation(keyPath: "opacity")
            hold.values = [1, 1, 0.5]
            hold.keyTimes = [0, 0.5, 1]
            hold.beginTime = origin + 0.05
            hold.duration = 2
            hold.fillMode = .forwards
            hold.isRemovedOnCompletion = false
            group.add(hold, forKey: "hold")
            return root
        }
        let cache = FootprintCache()
        var changes = PresentationChanges()
        var states: [RenderLayerState] = []
        var previous: RenderTreeSnapshot?
        var placed: [Int] = []
        var serials: [UInt64] = []
        // Held (0.1–1.0 s), fading (1.2, 1.4), over and filled (2.5, 3).
        for t in [0.1, 0.3, 0.9, 1.2, 1.4, 2.5, 3.0] {
            let committed = try #require(root.committedSnapshot)
            RenderEvaluator.presentation(
                of: committed.snapshot, at: origin + t, reusing: &states, from: previous, forDrawing: true,
                changes: &changes)
            previous = committed.snapshot
            let kept = Footprints(
                committed.snapshot, states: states, root: committed.index, placement: .inSuperlayer, base: .identity,
                time: origin + t, cache: cache, serials: changes.serials)
            // Worked out whole from the same states (no cache): what keeping must equal.
            let afresh = Footprints(
                committed.snapshot, states: states, root: committed.index, placement: .inSuperlayer, base: .identity,
                time: origin + t, serials: changes.serials)
            let fresh = RenderEvaluator.presentation(of: committed.snapshot, at: origin + t)
            #expect(fresh[1].opacity == states[1].opacity, "the states kept equal a fresh evaluation at t \(t)")
            #expect(kept == afresh, "t \(t)")
            placed.append(cache.placedInLastFrame)
            serials.append(changes.serials[1])
        }
        #expect(placed == [32, 0, 0, 31, 31, 31, 0], "layers placed a frame: \(placed)")
        // The group's value serial: one while held, a new one each fading frame and at the end.
        #expect(Set(serials[0...2]).count == 1 && Set(serials).count == 4, "\(serials)")
    }

    /// After one leaf moves in a tree of 100 layers, the renderer places and hashes that one
    /// layer again, not the 100; the damage is where it was and is.
    @Test func oneMovedLayerIsTheOnlyOnePlacedAgain() throws {
        let (root, layers) = scene { () -> (CALayer, [CALayer]) in
            let root = canvas(400, 400)
            var layers: [CALayer] = []
            for i in 0..<100 {
                let layer = solid(
                    CGRect(x: Double(i % 10) * 40, y: Double(i / 10) * 40, width: 30, height: 30), 0.1, 0.2, 0.3)
                root.addSublayer(layer)
                layers.append(layer)
            }
            return (root, layers)
        }
        let cache = FootprintCache()
        func footprints() throws -> Footprints {
            let committed = try #require(root.committedSnapshot)
            let states = RenderEvaluator.presentation(of: committed.snapshot, at: 0)
            return Footprints(
                committed.snapshot, states: states, root: committed.index, placement: .inSuperlayer, base: .identity,
                cache: cache)
        }
        let first = try footprints()
        #expect(cache.placedInLastFrame == 101)
        let same = try footprints()
        #expect(cache.placedInLastFrame == 0 && same == first)
        scene { layers[55].position.x += 3 }
        let moved = try footprints()
        #expect(cache.placedInLastFrame == 1)
        #expect(moved.damage(since: same) == CGRect(x: 199, y: 199, width: 35, height: 32))
    }
}
