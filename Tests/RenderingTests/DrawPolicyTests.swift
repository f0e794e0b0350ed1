import CoreGraphics
import QuartzCore
@testable import StrataCompositor
import StrataRender
import Testing

/// The draw policy's decisions from a node's change history: first sight, a look that keeps
/// changing, a layer that only moves, a still one, replicator instances in one frame, and
/// histories carried to a new snapshot's indices.
@Suite("DrawPolicy: raster, direct, cut or group")
struct DrawPolicyTests {
    /// A root with `count` plain sublayers, and its snapshot's topology.
    private func tree(_ count: Int) -> (root: CALayer, layers: [CALayer]) {
        let root = CALayer()
        let layers = (0..<count).map { _ in CALayer() }
        for layer in layers { root.addSublayer(layer) }
        return (root, layers)
    }

    private func topology(_ root: CALayer) throws -> RenderTopology {
        try #require(root.uncommittedSnapshot()).snapshot.topology
    }

    /// Node 1's body over frames 1… with the looks given, placement held.
    private func bodies(_ looks: [Int], policy: inout DrawPolicy, topology: RenderTopology, from first: UInt64 = 1)
        -> [DrawPolicy.BodyDrawing]
    {
        looks.enumerated().map { k, look in
            policy.begin(frame: first + UInt64(k), topology: topology, options: CompositorOptions())
            return policy.bodyDrawing(node: 1, look: look, placement: { 0 }, eligible: true, movesCheaply: true)
        }
    }

    /// First sight is drawn in place by cairo (the raster would pay from the second frame);
    /// a look that then holds gets its raster; one that changes in two of three frames is
    /// scanned and its raster dropped; once it holds again, its raster comes back (each frame
    /// redraws the layer whole).
    @Test func aLookThatKeepsChangingIsScannedAndAStillOneRasterised() throws {
        let topology = try topology(tree(2).root)
        var policy = DrawPolicy()
        let drawn = bodies([7, 7, 7, 8, 9, 10, 10, 10], policy: &policy, topology: topology)
        #expect(drawn[0] == .direct(scans: false, dropsRaster: true), "first sight: cairo")
        #expect(drawn[1] == .raster && drawn[2] == .raster, "the same look again")
        #expect(drawn[3] == .raster, "one change after still frames is not yet a changing look")
        #expect(drawn[4] == .direct(scans: true, dropsRaster: true))
        #expect(drawn[5] == .direct(scans: true, dropsRaster: true))
        #expect(drawn[6] == .raster && drawn[7] == .raster, "held again")
    }

    /// A still look whose placement changes frame after frame is scanned (its raster kept for
    /// when it stops) when a move alone is worth it; not when its stroke outlines expensively.
    @Test func aShapeThatOnlyMovesIsScannedWhenMovingCostsLittle() throws {
        let topology = try topology(tree(2).root)
        for cheap in [true, false] {
            var policy = DrawPolicy()
            var drawn: [DrawPolicy.BodyDrawing] = []
            for frame in 1...5 {
                policy.begin(frame: UInt64(frame), topology: topology, options: CompositorOptions())
                drawn.append(policy.bodyDrawing(node: 1, look: 3, placement: { frame }, eligible: true, movesCheaply: cheap))
            }
            #expect(drawn[0] == .direct(scans: false, dropsRaster: true))
            let moving: DrawPolicy.BodyDrawing = cheap ? .direct(scans: true, dropsRaster: false) : .raster
            #expect(Array(drawn[2...]) == [moving, moving, moving], "cheap: \(cheap)")
        }
    }

    /// A layer redrawn unchanged where the damage cuts it is drawn as it was last drawn: a shape
    /// scanned while it moved is scanned where it stops, one first drawn in place by cairo is
    /// drawn so again, until it changes or a frame redraws all of it; a replicator's instance
    /// (drawn several times a frame) goes back to its raster.
    @Test func aLayerRedrawnInPartUnchangedIsDrawnAsItWas() throws {
        let topology = try topology(tree(2).root)
        let moving = DrawPolicy.BodyDrawing.direct(scans: true, dropsRaster: false)
        for (holds, whole) in [(true, false), (false, false), (true, true)] {
            var policy = DrawPolicy()
            var drawn: [DrawPolicy.BodyDrawing] = []
            // Moves in frames 1…4, holds in 5…7, its look changes once in frame 8.
            for frame in 1...8 {
                policy.begin(frame: UInt64(frame), topology: topology, options: CompositorOptions())
                drawn.append(
                    policy.bodyDrawing(
                        node: 1, look: frame < 8 ? 3 : 4, placement: { min(frame, 4) }, eligible: true, movesCheaply: true,
                        holds: holds, whole: { whole }))
            }
            let what = "holds: \(holds), whole: \(whole)"
            #expect(Array(drawn[2...3]) == [moving, moving], "\(what)")
            let held: DrawPolicy.BodyDrawing = holds && !whole ? moving : .raster
            #expect(Array(drawn[4...6]) == [held, held, held], "\(what)")
            #expect(drawn[7] == .raster, "a lone change (drawn whole) brings the raster back; \(what)")
        }
        var policy = DrawPolicy()
        var firstSeen: [DrawPolicy.BodyDrawing] = []
        for frame in 1...3 {
            policy.begin(frame: UInt64(frame), topology: topology, options: CompositorOptions())
            firstSeen.append(
                policy.bodyDrawing(node: 1, look: 3, placement: { 0 }, eligible: true, movesCheaply: true, whole: { frame == 3 }))
        }
        #expect(firstSeen == [.direct(scans: false, dropsRaster: true), .direct(scans: false, dropsRaster: false), .raster])
    }

    /// What the frame alone decides (exports) and what is not eligible (contents, perspective)
    /// do not depend on history: every frame the same answer.
    @Test func exportsAndIneligibleBodiesDecideFromTheFrameAlone() throws {
        let topology = try topology(tree(2).root)
        var options = CompositorOptions()
        options.decidesFromFrameAlone = true
        var policy = DrawPolicy()
        for frame in 1...4 {
            policy.begin(frame: UInt64(frame), topology: topology, options: options)
            #expect(policy.bodyDrawing(node: 1, look: 1, placement: { 0 }, eligible: true, movesCheaply: true)
                == .direct(scans: true, dropsRaster: true))
            #expect(policy.bodyDrawing(node: 1, look: frame, placement: { frame }, eligible: false, movesCheaply: true) == .raster)
        }
    }

    /// Frames in which a node is not drawn do not count: a layer changing when last drawn that
    /// comes back changed after 40 frames undrawn (a burst hidden between loops) is still
    /// scanned, not rasterised for one frame; one that was still when last drawn gets its raster.
    @Test func aChangingLayerBackAfterUndrawnFramesKeepsChanging() throws {
        let topology = try topology(tree(2).root)
        for changingWhenLeft in [true, false] {
            var policy = DrawPolicy()
            _ = bodies(changingWhenLeft ? [1, 2, 3, 4] : [1, 2, 3, 3], policy: &policy, topology: topology)
            for frame in 5...44 { policy.begin(frame: UInt64(frame), topology: topology, options: CompositorOptions()) }
            policy.begin(frame: 45, topology: topology, options: CompositorOptions())
            let back = policy.bodyDrawing(node: 1, look: 45, placement: { 0 }, eligible: true, movesCheaply: true)
            #expect(back == (changingWhenLeft ? .direct(scans: true, dropsRaster: true) : .raster), "\(changingWhenLeft)")
        }
    }

    /// A replicator's instances draw one node several times a frame: the same look gets the
    /// same answer each time (the first instance's), whatever the others record.
    @Test func instancesOfOneFrameAreDrawnAlike() throws {
        let topology = try topology(tree(2).root)
        var policy = DrawPolicy()
        _ = bodies([1, 1], policy: &policy, topology: topology)
        policy.begin(frame: 3, topology: topology, options: CompositorOptions())
        let first = policy.bodyDrawing(node: 1, look: 1, placement: { 0 }, eligible: true, movesCheaply: true)
        let again = policy.bodyDrawing(node: 1, look: 1, placement: { 0 }, eligible: true, movesCheaply: true)
        #expect(first == .raster && again == first)
    }

    /// A sibling inserted below a layer whose look keeps changing moves it to another node
    /// index: its history moves with it (still scanned, not seen for the first time again);
    /// the new layer starts its own; a layer that left the tree leaves none behind.
    @Test func historiesMoveWithTheirLayersToANewSnapshot() throws {
        let (root, layers) = tree(2)
        let before = try topology(root)
        var policy = DrawPolicy()
        for frame in 1...4 {
            policy.begin(frame: UInt64(frame), topology: before, options: CompositorOptions())
            _ = policy.bodyDrawing(node: 2, look: frame, placement: { 0 }, eligible: true, movesCheaply: true)
        }
        root.insertSublayer(CALayer(), at: 0)
        let after = try topology(root)
        let moved = try #require(after.nodes.firstIndex { $0.layerID == before.nodes[2].layerID })
        #expect(moved == 3)
        policy.begin(frame: 5, topology: after, options: CompositorOptions())
        #expect(policy.bodyDrawing(node: moved, look: 5, placement: { 0 }, eligible: true, movesCheaply: true)
            == .direct(scans: true, dropsRaster: true), "history kept")
        #expect(policy.bodyDrawing(node: 1, look: 5, placement: { 0 }, eligible: true, movesCheaply: true)
            == .direct(scans: false, dropsRaster: true), "the new layer is first seen")
        layers[1].removeFromSuperlayer()
        root.insertSublayer(layers[1], at: 0)
        let back = try topology(root)
        policy.begin(frame: 6, topology: try topology(tree(1).root), options: CompositorOptions())
        policy.begin(frame: 7, topology: back, options: CompositorOptions())
        #expect(policy.bodyDrawing(node: 1, look: 7, placement: { 0 }, eligible: true, movesCheaply: true)
            == .direct(scans: false, dropsRaster: true), "a layer back after a tree without it is first seen again")
    }

    /// A gradient cut the kernel paints whole is drawn directly while it changes and while it
    /// moves unclipped; another cut that keeps changing goes to a group; a still cut keeps its
    /// raster; a cut first seen under animation is drawn directly from the start.
    @Test func cutsAreDirectGroupedOrRasterised() throws {
        let run = try cutRun()
        #expect(run([1, 2, 3, 4], [0, 0, 0, 0], true, true, false, []).suffix(2) == [.direct, .direct])
        #expect(run([1, 2, 3, 4], [0, 0, 0, 0], false, true, false, []).suffix(2) == [.group, .group])
        #expect(run([1, 1, 1, 1], [0, 0, 0, 0], true, true, false, []) == [.raster, .raster, .raster, .raster])
        #expect(run([1, 1, 1, 1], [0, 1, 2, 3], true, true, false, []).suffix(2) == [.direct, .direct])
        #expect(run([1, 1, 1, 1], [0, 1, 2, 3], true, false, false, []).suffix(2) == [.raster, .raster])
        #expect(run([1, 1], [0, 0], true, true, true, []).first == .direct)
        #expect(run([1, 1], [0, 0], false, true, true, []).first == .raster)
    }

    /// A cut redrawn unchanged where the damage cuts it is drawn as it was last drawn: painted
    /// through its outline after it moved, a group after its look kept changing, until a frame
    /// redraws all of it.
    @Test func aCutRedrawnInPartUnchangedIsDrawnAsItWas() throws {
        let run = try cutRun()
        // Moves (or changes its look) in frames 1…4, holds in 5…7; frame 7 redraws all of it.
        let partial = [true, true, true, true, false, false, true]
        let moved = run([1, 1, 1, 1, 1, 1, 1], [1, 2, 3, 4, 4, 4, 4], true, true, false, partial)
        #expect(Array(moved[2...]) == [.direct, .direct, .direct, .direct, .raster], "a gradient cut that moved")
        let changed = run([1, 2, 3, 4, 4, 4, 4], [0, 0, 0, 0, 0, 0, 0], false, true, false, partial)
        #expect(Array(changed[2...]) == [.group, .group, .group, .group, .raster], "a cut whose look kept changing")
        let whole = run([1, 2, 3, 4, 4, 4, 4], [0, 0, 0, 0, 0, 0, 0], false, true, false, [])
        #expect(Array(whole[4...]) == [.raster, .raster, .raster], "every frame redraws all of it")
    }

    /// Plays node 1's cut over frames 1…: its looks, placements, whether a kernel paints it whole,
    /// whether it is unclipped and animated, and which frames redraw all of it (all when empty).
    private func cutRun() throws -> (_ looks: [Int], _ places: [Int], _ paintsWhole: Bool, _ unclipped: Bool,
        _ animated: Bool, _ whole: [Bool]) -> [DrawPolicy.CutDrawing]
    {
        let topology = try topology(tree(2).root)
        return { looks, places, paintsWhole, unclipped, animated, whole in
            var policy = DrawPolicy()
            return looks.indices.map { k in
                policy.begin(frame: UInt64(k + 1), topology: topology, options: CompositorOptions())
                return policy.cutDrawing(
                    node: 1, look: looks[k], placement: { places[k] }, paintsWhole: paintsWhole, unclipped: { unclipped },
                    animated: animated, whole: { whole.isEmpty || whole[k] })
            }
        }
    }

    /// A node not drawn for `idleFrames` frames loses its history: its next frame is a first sight.
    @Test func idleHistoriesAreForgotten() throws {
        let topology = try topology(tree(2).root)
        var policy = DrawPolicy()
        _ = bodies([1, 1], policy: &policy, topology: topology)
        policy.begin(frame: 2 + Compositor.idleFrames, topology: topology, options: CompositorOptions())
        policy.forgetIdle(idleFrames: Compositor.idleFrames)
        #expect(policy.bodyDrawing(node: 1, look: 1, placement: { 0 }, eligible: true, movesCheaply: true)
            == .direct(scans: false, dropsRaster: true))
    }
}
