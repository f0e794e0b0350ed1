import QuartzCore
import StrataAnimation
import StrataRender
import Testing

/// A snapshot evaluated more than once evaluates its numeric animations from a compact table
/// (`RenderAnimationTable`); every state must be exactly what evaluating the records gives.
@Suite struct RenderAnimationTableTests {
    @Test(arguments: [0.0, 1_000_000.0, 0.37])
    func theTableGivesTheStatesTheRecordsGive(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let root = AnimatedTree.make()
            let (snapshot, _) = try #require(root.committedSnapshot)
            let table = RenderAnimationTable(snapshot)
            // Compact records beside records that stay on the record path (a group, a path, a
            // whole transform), on the same layers, in order.
            #expect(table.compactCount == 13 && table.recordCount == 17, "\(table.compactCount) of \(table.recordCount)")
            for step in -4...60 {
                let t = origin + Double(step) / 10
                let viaTable = descriptions(RenderEvaluator.presentation(of: snapshot, at: t))
                let viaRecords = descriptions(RenderEvaluator.presentation(of: AnimatedTree.fresh(snapshot), at: t))
                #expect(viaTable == viaRecords, "t \(t)")
            }
        }
    }

    @Test(arguments: [0.0, 1_000_000.0, 0.37])
    func aRendererKeepingStatesGetsTheSameThroughTheTable(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let root = AnimatedTree.make()
            var previous = try #require(root.committedSnapshot).snapshot
            var states = RenderEvaluator.presentation(of: previous, at: origin)
            for step in 1...40 {
                let t = origin + Double(step) / 10
                if step == 15 {
                    // A commit between frames: one animation removed, one layer added.
                    root.sublayers?[0].removeAnimation(forKey: "spin")
                    root.addSublayer(CALayer())
                    CATransaction.flush()
                }
                let snapshot = try #require(root.committedSnapshot).snapshot
                RenderEvaluator.presentation(of: snapshot, at: t, reusing: &states, from: previous)
                let viaRecords = descriptions(RenderEvaluator.presentation(of: AnimatedTree.fresh(snapshot), at: t))
                #expect(descriptions(states) == viaRecords, "t \(t)")
                previous = snapshot
            }
        }
    }

    @Test func aSnapshotMakesItsTableOnItsSecondEvaluation() throws {
        // A tree committed every frame evaluates each snapshot once: it must never pay for a table.
        let root = AnimatedTree.make()
        let snapshot = AnimatedTree.fresh(try #require(root.committedSnapshot).snapshot)
        let t = snapshot.commitTime + 0.5
        _ = RenderEvaluator.presentation(of: snapshot, at: t)
        #expect(!snapshot.hasAnimationTable)
        _ = RenderEvaluator.presentation(of: snapshot, at: t)
        #expect(snapshot.hasAnimationTable)
    }

    private func descriptions(_ states: [RenderLayerState]) -> [String] { states.map { "\($0)" } }
}

/// Two threads evaluating one snapshot at once: the table is made once and each frame keeps
/// its own timing results (run under ThreadSanitizer in CI: "Threading").
@Suite struct RenderAnimationTableThreadingTests {
    @Test func twoThreadsEvaluatingOneSnapshotGetTheRecordsStates() async throws {
        let clock = MediaClock.Manual(time: 1_000_000)
        let (snapshot, expected) = try MediaClock.withClock(clock) {
            let root = AnimatedTree.make()
            let snapshot = try #require(root.committedSnapshot).snapshot
            let expected = (0..<40).map { step in
                RenderEvaluator.presentation(of: AnimatedTree.fresh(snapshot), at: 1_000_000 + Double(step) / 10).map { "\($0)" }
            }
            return (AnimatedTree.fresh(snapshot), expected)
        }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<2 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<3 {
                        for step in 0..<40 where (step + round + thread) % 2 == 0 {
                            let states = RenderEvaluator.presentation(of: snapshot, at: 1_000_000 + Double(step) / 10)
                            if states.map({ "\($0)" }) != expected[step] { wrong += 1 }
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}

/// A tree whose layers carry numeric animations (compact) and others (the record path), mixed.
enum AnimatedTree {
    static func make() -> CALayer {
        let root = CALayer()
        let a = CALayer(), b = CALayer(), c = CALayer(), d = CAShapeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        for layer in [a, b, c, d] { layer.frame = CGRect(x: 10, y: 20, width: 40, height: 30) }
        c.timeOffset = 0.3
        c.speed = 0.5
        d.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        d.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(a)
        root.addSublayer(b)
        b.addSublayer(c)
        root.addSublayer(d)
        CATransaction.commit()

        CATransaction.begin()
        let move = CABasicAnimation(keyPath: "position")
        move.toValue = CGPoint(x: 200, y: 100)
        move.duration = 2
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        a.add(move, forKey: "move")
        let wobble = CAKeyframeAnimation(keyPath: "position.x")
        wobble.values = [0, 12, -6, 0]
        wobble.keyTimes = [0, 0.3, 0.3, 1]
        wobble.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeOut)]
        wobble.isAdditive = true
        wobble.duration = 0.8
        wobble.repeatCount = .infinity
        a.add(wobble, forKey: "wobble")
        let spin = CASpringAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi
        spin.duration = 3
        a.add(spin, forKey: "spin")
        let tilt = CABasicAnimation(keyPath: "transform")
        tilt.toValue = CATransform3DMakeScale(1.5, 0.5, 1)
        tilt.isAdditive = true
        tilt.duration = 2.5
        a.add(tilt, forKey: "tilt")
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 0.3, 0.7]
        blink.calculationMode = .discrete
        blink.duration = 1.2
        blink.fillMode = .both
        blink.beginTime = CACurrentMediaTime() + 0.5
        a.add(blink, forKey: "blink")

        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 300, y: 200), control1: CGPoint(x: 100, y: 0), control2: CGPoint(x: 200, y: 300))
        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = path
        follow.rotationMode = .rotateAuto
        follow.duration = 3
        b.add(follow, forKey: "follow")
        let grow = CABasicAnimation(keyPath: "bounds")
        grow.fromValue = CGRect(x: 0, y: 0, width: 10, height: 10)
        grow.toValue = CGRect(x: 0, y: 0, width: 30, height: 20)
        grow.isCumulative = true
        grow.autoreverses = true
        grow.repeatCount = 2.5
        grow.duration = 0.7
        b.add(grow, forKey: "grow")
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        tint.duration = 2
        b.add(tint, forKey: "tint")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        let group = CAAnimationGroup()
        group.animations = [fade]
        group.duration = 1.5
        group.speed = 2
        b.add(group, forKey: "group")

        let round = CABasicAnimation(keyPath: "cornerRadius")
        round.byValue = 8
        round.duration = 1
        round.repeatCount = 3
        c.add(round, forKey: "round")
        let pulse = CABasicAnimation(keyPath: "transform.scale.xy")
        pulse.fromValue = 1
        pulse.toValue = 1.4
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.duration = 0.6
        c.add(pulse, forKey: "pulse")
        let drift = CABasicAnimation(keyPath: "shadowOffset")
        drift.fromValue = CGSize(width: 0, height: -3)
        drift.toValue = CGSize(width: 4, height: 4)
        drift.duration = 2
        c.add(drift, forKey: "drift")

        // A shape layer's path (record path), width, colour and stroke end (compact) written
        // into one shape state, and Lottie's shown/hidden switch (compact bools).
        let morph = CABasicAnimation(keyPath: "path")
        morph.toValue = CGPath(rect: CGRect(x: 5, y: 5, width: 30, height: 20), transform: nil)
        morph.duration = 2
        d.add(morph, forKey: "morph")
        let width = CAKeyframeAnimation(keyPath: "lineWidth")
        width.values = [1, 6, 2]
        width.duration = 1.6
        width.fillMode = .both
        d.add(width, forKey: "width")
        let ink = CABasicAnimation(keyPath: "strokeColor")
        ink.toValue = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        ink.duration = 2.2
        d.add(ink, forKey: "ink")
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.duration = 1.4
        d.add(draw, forKey: "draw")
        let shown = CAKeyframeAnimation(keyPath: "hidden")
        shown.values = [true, false, true]
        shown.keyTimes = [0, 0.2, 0.8, 1]
        shown.calculationMode = .discrete
        shown.duration = 3
        shown.fillMode = .both
        d.add(shown, forKey: "shown")
        CATransaction.commit()
        return root
    }

    /// The same nodes in a snapshot evaluated for the first time (by its records).
    static func fresh(_ snapshot: RenderTreeSnapshot) -> RenderTreeSnapshot {
        RenderTreeSnapshot(nodes: snapshot.nodes, commitTime: snapshot.commitTime, version: snapshot.version)
    }
}
