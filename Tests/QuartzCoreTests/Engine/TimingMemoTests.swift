import QuartzCore
import StrataAnimation
import StrataRender
import Testing

/// A frame's loop keeps a `TimingMemo`: a timing already sampled at this time is not worked out
/// again. What it returns must be exactly what the computation gives, and timings that differ
/// in any property (or curve, or spring) must never be confused.
@Suite struct TimingMemoTests {
    /// Animations that differ from the first in one property each, all sharing one memo.
    static func variants() -> [(String, CAAnimation)] {
        func fade() -> CABasicAnimation {
            let a = basic("opacity", from: 0.2, to: 1, duration: 1.5)
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            a.repeatCount = 3
            return a
        }
        var out: [(String, CAAnimation)] = [("fade", fade())]
        let edits: [(String, (CABasicAnimation) -> Void)] = [
            ("begin time", { $0.beginTime = 0.25 }), ("duration", { $0.duration = 1.25 }),
            ("speed", { $0.speed = 2 }), ("time offset", { $0.timeOffset = 0.5 }),
            ("repeat count", { $0.repeatCount = 1.5 }), ("repeat duration", { $0.repeatDuration = 2 }),
            ("autoreverses", { $0.autoreverses = true }), ("fill forwards", { $0.fillMode = .forwards }),
            ("fill backwards", { $0.fillMode = .backwards }), ("fill both", { $0.fillMode = .both }),
            ("curve", { $0.timingFunction = CAMediaTimingFunction(name: .easeIn) }),
            ("linear curve", { $0.timingFunction = nil }),
        ]
        for (name, edit) in edits {
            let a = fade()
            edit(a)
            out.append((name, a))
        }
        func spring(_ edit: (CASpringAnimation) -> Void) -> CASpringAnimation {
            let s = CASpringAnimation(keyPath: "opacity")
            s.fromValue = 0.2
            s.toValue = 1
            s.duration = 1.5
            s.repeatCount = 3
            edit(s)
            return s
        }
        for overdamped in [false, true] {
            out.append(("spring, overdamping \(overdamped)", spring { $0.damping = 30; $0.allowsOverdamping = overdamped }))
        }
        out.append(("stiffer spring", spring { $0.stiffness = 300 }))
        return out
    }

    @Test(arguments: [0.0, 1_000_000.0, 0.37])
    func sharedMemoGivesWhatEachAnimationComputes(origin: Double) throws {
        var all: [(String, AnimationRecord)] = []
        for (name, animation) in Self.variants() {
            animation.beginTime += origin
            all.append((name, try #require(try records(animation).first, "\(name)")))
        }
        let base = AnimatableValue.scalar(0.9)
        for step in -8...200 {
            let t = origin + Double(step) / 40
            // One memo for the whole frame, as the render loop keeps it; each animation twice
            // (the second time answered from the memo when its timing is still in a slot).
            var memo = TimingMemo()
            for pass in 0..<2 {
                for i in all.indices {
                    var c1 = 0, c2 = 0
                    let plain = all[i].1.evaluate(parentTime: t, base: base, cursor: &c1)
                    let memoised = AnimationRecord.evaluate(&all[i].1, parentTime: t, base: base, cursor: &c2, memo: &memo)
                    #expect(plain == memoised, "\(all[i].0) at t \(t) (pass \(pass))")
                }
            }
        }
    }

    @Test func animationsAddedTogetherAreSampledOnce() throws {
        // 100 layers given the same fade and the same spring in one transaction: two timings.
        let fade = basic("opacity", from: 0, to: 1, duration: 2)
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 10
        var all: [(AnimationRecord, AnimatableValue)] = []
        for _ in 0..<100 {
            all.append((try #require(try records(fade).first), .scalar(1)))
            all.append((try #require(try records(spring).first), .point(.zero)))
        }
        var memo = TimingMemo()
        for i in all.indices {
            var cursor = 0
            _ = AnimationRecord.evaluate(&all[i].0, parentTime: 0.7, base: all[i].1, cursor: &cursor, memo: &memo)
        }
        #expect(memo.lookups == 200 && memo.hits == 198, "\(memo.hits) of \(memo.lookups) from the memo")
    }

    @Test func aFrameWithNothingSharedStopsLookingAndStaysExact() throws {
        // 100 layers each begun at its own time: after 64 lookups that found nothing the memo is
        // skipped for the rest of the frame; the values are the direct ones throughout.
        var all: [AnimationRecord] = []
        for i in 0..<100 {
            let fade = basic("opacity", from: 0, to: 1, duration: 2)
            fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            fade.beginTime = -Double(i) * 0.001
            all.append(try #require(try records(fade).first))
        }
        var memo = TimingMemo()
        for i in all.indices {
            var c1 = 0, c2 = 0
            let direct = all[i].evaluate(parentTime: 0.7, base: .scalar(1), cursor: &c1)
            let viaMemo = AnimationRecord.evaluate(&all[i], parentTime: 0.7, base: .scalar(1), cursor: &c2, memo: &memo)
            #expect(direct == viaMemo, "layer \(i)")
        }
        #expect(memo.lookups == 100 && memo.hits == 0)
    }

    @Test func aNaNTimeGivesNothingAndLeavesOtherTimesAlone() throws {
        let fade = basic("opacity", from: 0, to: 1, duration: 1)
        fade.fillMode = .both
        var record = try #require(try records(fade).first)
        var memo = TimingMemo()
        var cursor = 0
        // A NaN time: nothing, every time (from the memo or not: the same bits, the same answer).
        for _ in 0..<3 {
            #expect(AnimationRecord.evaluate(&record, parentTime: .nan, base: .scalar(1), cursor: &cursor, memo: &memo) == nil)
        }
        // A real time after it is computed, not taken from the NaN's slot.
        let v = AnimationRecord.evaluate(&record, parentTime: 0.5, base: .scalar(1), cursor: &cursor, memo: &memo)
        #expect(v == .scalar(0.5), "half way: \(String(describing: v))")
    }

    @Test(arguments: [0.0, 1_000_000.0, 0.37])
    func renderEvaluatorGivesTheSameStatesWithItsFrameMemo(origin: Double) throws {
        // Ten layers with the same implicit-like fade and a staggered one each: the evaluator's
        // frame memo serves the shared one; every state must equal the layer evaluated alone.
        var nodes = [RenderNode(state: RenderLayerState(), parent: -1, sublayers: (1...10).map { Int32($0) })]
        for i in 1...10 {
            let shared = basic("opacity", from: 0, to: 1, duration: 1)
            shared.timingFunction = CAMediaTimingFunction(name: .default)
            shared.beginTime = origin
            let own = basic("position.x", from: 0, to: 100, duration: 1)
            own.timingFunction = CAMediaTimingFunction(name: .easeOut)
            own.beginTime = origin + Double(i) / 10
            let animations = [shared, own].map { CommittedAnimation(records: (try? records($0)) ?? []) }
            nodes.append(RenderNode(layerID: UInt64(i), state: RenderLayerState(), parent: 0, animations: animations))
        }
        let snapshot = RenderTreeSnapshot(nodes: nodes, commitTime: origin, version: 1)
        for step in 0...30 {
            let t = origin + Double(step) / 20
            let states = RenderEvaluator.presentation(of: snapshot, at: t)
            for i in 1...10 {
                var alone = nodes[i].state
                RenderEvaluator.apply(nodes[i].animations, to: &alone, at: t)
                #expect(states[i].opacity == alone.opacity && states[i].position == alone.position, "layer \(i) at \(t)")
            }
        }
    }

    @Test func theRememberedComponentMatrixIsWhatReplacingMakes() {
        // Every component, awkward values, several bases; each twice (the second from the memo).
        let values: [Double] = [0, -0.0, 0.3, 0.3, -1.25, 2 * .pi, 1e-300, .nan, .infinity]
        var turned = CATransform3DMakeRotation(0.4, 0, 0, 1)
        turned.m41 = 12
        var negativeZeros = CATransform3DIdentity
        negativeZeros.m12 = -0.0
        let bases = [CATransform3DIdentity, negativeZeros, CATransform3DMakeScale(2, 3, 1), turned]
        func bits(_ m: CATransform3D?) -> [UInt64]? {
            guard let m else { return nil }
            return [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
                .map { Double($0).bitPattern }
        }
        var memo = TimingMemo()
        for component in TransformComponent.allCases {
            for base in bases {
                for value in values {
                    let direct = component.replacing(in: base, with: .scalar(CGFloat(value)))
                    for pass in 0..<2 {
                        let made = memo.transform(component, value, replacingIn: base)
                        #expect(bits(made) == bits(direct), "\(component) \(value) pass \(pass)")
                        var out = CATransform3DMakeTranslation(7, 7, 7)
                        let wrote = memo.write(component, value, over: base, into: &out)
                        #expect(wrote == (direct != nil) && bits(out) == bits(direct ?? CATransform3DMakeTranslation(7, 7, 7)),
                                "\(component) \(value) written, pass \(pass)")
                    }
                }
            }
        }
    }

    @Test(arguments: [0.0, 1_000_000.0, 0.37])
    func aTurnSharedByManyLayersGivesEachTheMatrixTheKeyPathWriteMakes(origin: Double) throws {
        // Ten layers turning together (`transform.rotation.z`, one transaction) and one with a
        // scaled model transform: the evaluator's memo path against the record's own write.
        let spin = basic("transform.rotation.z", from: 0, to: Double.pi, duration: 1.5)
        spin.beginTime = origin
        let records = try records(spin)
        var nodes = [RenderNode(state: RenderLayerState(), parent: -1, sublayers: (1...11).map { Int32($0) })]
        for i in 1...11 {
            var state = RenderLayerState()
            if i == 11 { state.transform = CATransform3DMakeScale(2, 2, 1) }
            nodes.append(RenderNode(layerID: UInt64(i), state: state, parent: 0, animations: [CommittedAnimation(records: records)]))
        }
        let snapshot = RenderTreeSnapshot(nodes: nodes, commitTime: origin, version: 1)
        for step in 0...40 {
            let t = origin + Double(step) / 20
            let states = RenderEvaluator.presentation(of: snapshot, at: t)
            for i in 1...11 {
                var cursor = 0
                let expected = records[0].evaluate(parentTime: t, base: .transform(nodes[i].state.transform), cursor: &cursor)
                let want: CATransform3D
                if case .transform(let m) = expected { want = m } else { want = nodes[i].state.transform }
                #expect(states[i].transform == want, "layer \(i) at \(t)")
            }
        }
    }
}
