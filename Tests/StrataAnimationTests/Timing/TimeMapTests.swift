import StrataAnimation
import Testing

/// Hierarchical layer time (spec §1.3, §1.6) and the QA1673 pause/resume recipe (§1.7).
/// Tolerance 1e-9 s wherever composition reorders the arithmetic; exact otherwise.
@Suite struct TimeMapTests {
    @Test func applyAndInvertAreStageOne() {
        let m = TimeMap(beginTime: 5, speed: 2, timeOffset: 1)
        #expect(m.apply(7) == 5)  // (7 − 5)·2 + 1
        #expect(m.invert(5) == 7)
        #expect(TimeMap(beginTime: 5).apply(4) == -1)  // layer.beginTime 5 reads 5 s less
        let paused = TimeMap(beginTime: 5, speed: 0, timeOffset: 3)
        #expect(paused.apply(1e9) == 3)
        #expect(paused.apply(.infinity) == 3)
        #expect(paused.invert(3) == nil)
    }

    static let chains: [[TimeMap]] = [
        [],
        [TimeMap(beginTime: 1, speed: 2, timeOffset: 0.5)],
        [TimeMap(speed: 2), TimeMap(speed: 2)],  // 4× absolute time (spec §1.3)
        [TimeMap(beginTime: 3, speed: 0.5, timeOffset: -2), TimeMap(beginTime: -1, speed: -1.5, timeOffset: 4)],
        [TimeMap(beginTime: 1, speed: 3), TimeMap(speed: 0, timeOffset: 7), TimeMap(beginTime: 2, speed: 2)],
    ]

    @Test(arguments: chains)
    func composeEqualsStepwiseApplication(_ chain: [TimeMap]) {
        let composed = TimeMap.compose(chain)
        for t in [-100.0, -1, 0, 0.25, 3, 1000] {
            let stepwise = chain.reduce(t) { $1.apply($0) }
            #expect(abs(composed.apply(t) - stepwise) <= 1e-9, "t=\(t)")
        }
    }

    @Test func speedsMultiplyDownTheTree() {
        #expect(TimeMap.compose([TimeMap(speed: 2), TimeMap(speed: 2)]).speed == 4)
        #expect(TimeMap.compose([TimeMap]()) == .identity)
    }

    @Test func convertGoesUpToAbsoluteAndDown() {
        let a = [TimeMap(beginTime: 1, speed: 2)]
        let b = [TimeMap(beginTime: 1, speed: 2), TimeMap(speed: 0.5, timeOffset: 10)]
        // From absolute (nil layer) into b's time, and back.
        let local = TimeMap.convert(4, from: [TimeMap](), to: b)
        #expect(local == 13)  // ((4 − 1)·2)·0.5 + 10
        #expect(TimeMap.convert(13, from: b, to: [TimeMap]()) == 4)
        // a → b: a's local 6 is absolute 4, which is b's 13.
        #expect(TimeMap.convert(6, from: a, to: b) == 13)
    }

    @Test func convertFromAPausedChainIsNil() {
        #expect(TimeMap.convert(1, from: [TimeMap(speed: 0, timeOffset: 2)], to: [TimeMap]()) == nil)
    }

    @Test func siblingsUnderAPausedAncestorStillConvert() {
        let pausedRoot = TimeMap(speed: 0, timeOffset: 2)
        let a = [pausedRoot, TimeMap(beginTime: 1)]
        let b = [pausedRoot, TimeMap(speed: 2)]
        // a's local 0 is the root's 1, which is b's 2.
        #expect(TimeMap.convert(0, from: a, to: b) == 2)
    }

    /// QA1673: pause = speed 0 + timeOffset = the layer's time; resume = speed 1, offset 0,
    /// beginTime = (parent time at resume − paused time). The layer sits under a parent with
    /// speed 2 so that `convertTime(_:from: nil)` really goes through a chain.
    @Test func qa1673PauseAndResume() {
        let parent = TimeMap(beginTime: 3, speed: 2)
        var layer = TimeMap.identity
        let animation = MediaTiming(beginTime: 0, duration: 10, repeatCount: .infinity)
        func layerTime(_ now: Double) -> Double { TimeMap.compose([parent, layer]).apply(now) }
        // layer.convertTime(absolute, from: nil)
        func convertTimeFromNil(_ absolute: Double) -> Double {
            TimeMap.convert(absolute, from: [TimeMap](), to: [parent, layer])!
        }

        // Pause at absolute time 10.
        let pausedTime = convertTimeFromNil(10)
        #expect(pausedTime == 14)  // (10 − 3)·2
        layer.speed = 0
        layer.timeOffset = pausedTime
        for t in [10.0, 11, 50, 1e6] {
            #expect(layerTime(t) == pausedTime, "frozen at t=\(t)")
            #expect(animation.sample(parentTime: layerTime(t))?.progress == 0.4)  // 14 mod 10 → 0.4
        }

        // Resume at absolute time 50.
        let resumedPaused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let timeSincePause = convertTimeFromNil(50) - resumedPaused
        layer.beginTime = timeSincePause
        #expect(layerTime(50) == pausedTime, "continuous at resume")
        #expect(abs(layerTime(50.5) - (pausedTime + 1)) <= 1e-9, "runs at the parent's speed 2 again")
        #expect(abs(animation.sample(parentTime: layerTime(50.5))!.progress - 0.5) <= 1e-9)
    }
}
