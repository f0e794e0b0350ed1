import Foundation
import QuartzCore
import StrataExport
import StrataLottie
import Testing

/// `LottieLayer` playback on the tree's clock: play, pause, stop, progress, loop modes, speed and
/// the completion handler, in recordings at several clock origins (as a live app runs them).
/// Completion handlers come on the main queue (as on iOS): the tests wait for its turn.
@Suite("LottieLayer playback")
struct LottiePlaybackTests {
    /// A 30-frame (1 s at 30 fps) animation: a square moving x 10 → 70.
    static let json = LottieTimingTests.movingSquare(LJ.keys([(0, [10, 50]), (30, [70, 50])]), op: 30)
    static let animation = try! LottieAnimation(data: Data(json.utf8))

    /// Records `seconds` at 30 fps with a player set up by `setUp` (at the recording's start) and
    /// returns the square's centre x in each frame.
    static func positions(
        seconds: Double, origin: Double, events: [(Double, (LottieLayer) -> Void)] = [], setUp: @escaping (LottieLayer) -> Void
    ) throws -> [Double?] {
        let settings = ExportSettings(size: CGSize(width: 100, height: 100), fps: 30, duration: seconds, clockOrigin: origin)
        let recording = LayerRecording(settings: settings) { script in
            let player = LottieLayer(animation: animation)
            player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            setUp(player)
            for (time, action) in events { script.at(time) { action(player) } }
            return player
        }
        var xs: [Double?] = []
        try recording.renderFrames { _, _, image in xs.append(LottieTimingTests.centre(image)) }
        return xs
    }

    static func expectedX(atFrame f: Double) -> Double { 10 + 2 * min(max(f, 0), 30) }

    @Test(arguments: clockOrigins)
    func playOnceRunsThroughAndHoldsTheLastFrame(origin: Double) throws {
        let xs = try Self.positions(seconds: 1.5, origin: origin) { $0.play() }
        for (i, x) in xs.enumerated() {
            let expected = Self.expectedX(atFrame: Double(i))
            #expect(abs((x ?? -99) - expected) <= 1, "frame \(i): \(x ?? -1), expected \(expected)")
        }
    }

    @Test(arguments: clockOrigins)
    func loopingStartsOverEachDuration(origin: Double) throws {
        let xs = try Self.positions(seconds: 2.5, origin: origin) { player in
            player.loopMode = .loop
            player.play()
        }
        for i in [5, 29, 30, 35, 64] {
            let expected = Self.expectedX(atFrame: Double(i % 30))
            #expect(abs((xs[i] ?? -99) - expected) <= 1, "frame \(i): \(xs[i] ?? -1), expected \(expected)")
        }
    }

    @Test func autoReverseGoesBackAndSpeedScalesTime() throws {
        let xs = try Self.positions(seconds: 2, origin: 1_000_000) { player in
            player.loopMode = .autoReverse
            player.play()
        }
        #expect(abs((xs[40] ?? -99) - Self.expectedX(atFrame: 20)) <= 1, "frame 40 is 10 frames back from the end")
        let fast = try Self.positions(seconds: 1, origin: 12_345.678) { player in
            player.animationSpeed = 2
            player.play()
        }
        #expect(abs((fast[10] ?? -99) - Self.expectedX(atFrame: 20)) <= 1, "at speed 2, frame 10 shows frame 20")
    }

    @Test(arguments: clockOrigins)
    func pauseHoldsAndPlayResumesFromThere(origin: Double) throws {
        let xs = try Self.positions(
            seconds: 1.5, origin: origin,
            events: [(10.0 / 30, { $0.pause() }), (20.0 / 30, { $0.play() })]
        ) { $0.play() }
        #expect(abs((xs[15] ?? -99) - Self.expectedX(atFrame: 10)) <= 1, "paused at frame 10: \(xs[15] ?? -1)")
        #expect(abs((xs[25] ?? -99) - Self.expectedX(atFrame: 15)) <= 1, "resumed 5 frames ago: \(xs[25] ?? -1)")
    }

    @Test func changingTheLoopModeWhilePlayingGoesOnFromTheFrameShown() async throws {
        // Played once; at 0.5 s (frame 15) switched to looping: frame 45 of the recording is the
        // second time through at frame 15, and a looping play has no completion.
        let calls = Calls()
        let xs = try Self.positions(seconds: 2, origin: 77_777.5, events: [(0.5, { $0.loopMode = .loop })]) { player in
            player.play { calls.add($0) }
        }
        #expect(abs((xs[20] ?? -99) - Self.expectedX(atFrame: 20)) <= 1, "no jump at the switch")
        #expect(abs((xs[45] ?? -99) - Self.expectedX(atFrame: 15)) <= 1, "looping after it: \(xs[45] ?? -1)")
        await Self.mainQueueTurn()
        #expect(calls.all.isEmpty, "a loop never completes: \(calls.all)")
    }

    @Test(arguments: clockOrigins)
    func aRangeLoopsOnlyThoseFrames(origin: Double) throws {
        // Frames 10…20 looped: recording frame i shows file frame 10 + i mod 10.
        let xs = try Self.positions(seconds: 1.5, origin: origin) { player in
            player.play(fromFrame: 10, toFrame: 20, loopMode: .loop)
        }
        for i in [0, 4, 9, 10, 13, 27, 44] {
            let expected = Self.expectedX(atFrame: 10 + Double(i % 10))
            #expect(abs((xs[i] ?? -99) - expected) <= 1, "frame \(i): \(xs[i] ?? -1), expected \(expected)")
        }
    }

    @Test func aRangePlayedOnceEndsThereAndCompletes() async throws {
        // From half way (frame 15) to the end, once: done after 0.5 s, then held at frame 30;
        // play() afterwards plays the whole file again from its start.
        let calls = Calls()
        let xs = try Self.positions(seconds: 1, origin: 4_321.25, events: [(0.8, { $0.play() })]) { player in
            player.play(fromProgress: 0.5, toProgress: 1, loopMode: .playOnce) { calls.add($0) }
        }
        #expect(abs((xs[5] ?? -99) - Self.expectedX(atFrame: 20)) <= 1, "from frame 15: \(xs[5] ?? -1)")
        #expect(abs((xs[20] ?? -99) - Self.expectedX(atFrame: 30)) <= 1, "held at the end: \(xs[20] ?? -1)")
        #expect(abs((xs[27] ?? -99) - Self.expectedX(atFrame: 3)) <= 1, "play() from the start again: \(xs[27] ?? -1)")
        await Self.mainQueueTurn()
        #expect(calls.all == [true], "\(calls.all)")
    }

    @Test func aRangeStartingAtTheBeginningRepeatsAndPausesInside() throws {
        // Frames 0…10 twice, paused at 0.5 s: the second time through, at frame 5.
        let xs = try Self.positions(seconds: 1, origin: 9, events: [(0.5, { $0.pause() })]) { player in
            player.play(fromFrame: 0, toFrame: 10, loopMode: .repeat(2))
        }
        #expect(abs((xs[12] ?? -99) - Self.expectedX(atFrame: 2)) <= 1, "second time: \(xs[12] ?? -1)")
        #expect(abs((xs[25] ?? -99) - Self.expectedX(atFrame: 5)) <= 1, "paused at frame 5: \(xs[25] ?? -1)")
    }

    /// Weak references to every layer under `layer` (masks included).
    final class WeakLayer {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }
    static func everyLayer(under layer: CALayer) -> [WeakLayer] {
        var out = [WeakLayer(layer)]
        for sublayer in layer.sublayers ?? [] { out += everyLayer(under: sublayer) }
        if let mask = layer.mask { out += everyLayer(under: mask) }
        return out
    }

    @Test func aPlayerAndItsTreeAreFreedWhenLetGo() async throws {
        // The builder's closures reach back to the emitter the player holds, which holds the
        // animated layers: the player breaks that cycle when it lets a tree go (found by the
        // fuzzer as memory growing run after run).
        // Work already queued on the main queue (an animation wake-up processing the playing
        // layers) holds them while it runs: each check first waits for a main-queue turn (a CI
        // run under load once checked while a wake-up was running).
        var first: [WeakLayer] = [], second: [WeakLayer] = []
        do {
            // The spinner demo: sampled outlines, trims, a repeater (closures of every kind).
            let animation = try LottieAnimation(contentsOf: LottieGoldenTests.folder.appendingPathComponent("spinner.json"))
            let player = LottieLayer(animation: animation)
            player.play()
            first = Self.everyLayer(under: player)
            player.animation = animation  // a new tree; the old one must go now
            second = Self.everyLayer(under: player)
            // As the fuzz target uses it: paused half way and drawn.
            player.frame = CGRect(x: 0, y: 0, width: 48, height: 48)
            player.currentProgress = 0.5
            _ = Golden.render(player, width: 48, height: 48)
            let context = Golden.makeContext(width: 48, height: 48)
            player.render(in: context)
            CATransaction.flush()
            await Self.mainQueueTurn()
            let stale = first.filter { old in old.layer != nil && !second.contains { $0.layer === old.layer } }
            #expect(stale.isEmpty, "the replaced tree is freed: \(stale.count) layers left")
        }
        await Self.mainQueueTurn()
        #expect(first.count > 8 && second.allSatisfy { $0.layer == nil }, "player and tree freed (\(first.count) layers)")
    }

    @Test func settingProgressOrFrameShowsThatFrame() throws {
        let player = LottieLayer(animation: Self.animation)
        player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        player.currentProgress = 0.5
        #expect(abs(player.currentFrame - 15) < 1e-9)
        let x = try #require(LottieTimingTests.centre(Golden.render(player, width: 100, height: 100, at: 777)))
        #expect(abs(x - 40) <= 1, "half way: \(x)")
        player.currentFrame = 6
        #expect(abs(player.currentProgress - 0.2) < 1e-9 && !player.isAnimationPlaying)
        player.currentProgress = .nan
        #expect(abs(player.currentProgress - 0.2) < 1e-9, "NaN is ignored")
        player.currentFrame = 1000
        #expect(player.currentProgress == 1, "clamped to the end")
    }

    /// A completion handler's calls (finished or not).
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Bool] = []
        func add(_ finished: Bool) { lock.withLock { list.append(finished) } }
        var all: [Bool] { lock.withLock { list } }
    }

    /// Waits until the main queue has run what was queued before (callbacks of a recording).
    static func mainQueueTurn() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in DispatchQueue.main.async { done.resume() } }
    }

    @Test(arguments: clockOrigins)
    func theCompletionHandlerRunsOnceAtTheEnd(origin: Double) async throws {
        // Recorded up to 0.9 s of the 1 s play: not yet; up to 1.1 s: once, finished.
        let early = Calls(), late = Calls()
        _ = try Self.positions(seconds: 0.9, origin: origin) { player in player.play { early.add($0) } }
        _ = try Self.positions(seconds: 1.1, origin: origin) { player in player.play { late.add($0) } }
        await Self.mainQueueTurn()
        #expect(early.all.isEmpty, "no call before the end: \(early.all)")
        #expect(late.all == [true], "one call after the end, finished: \(late.all)")
    }

    @Test func stoppingReportsNotFinishedAndGoesBackToTheStart() async throws {
        let calls = Calls()
        let xs = try Self.positions(seconds: 1.5, origin: 500, events: [(0.5, { $0.stop() })]) { player in
            player.play { calls.add($0) }
        }
        await Self.mainQueueTurn()
        #expect(calls.all == [false], "stopped: not finished, and not again at the end: \(calls.all)")
        #expect(abs((xs[20] ?? -99) - 10) <= 1, "back at the first frame")
    }

    @Test func repeatCountsPlayThatManyTimes() async throws {
        let early = Calls(), late = Calls()
        let xs = try Self.positions(seconds: 1.9, origin: 42.5) { player in
            player.loopMode = .repeat(2)
            player.play { early.add($0) }
        }
        #expect(abs((xs[45] ?? -99) - Self.expectedX(atFrame: 15)) <= 1, "second time through")
        let held = try Self.positions(seconds: 3, origin: 42.5) { player in
            player.loopMode = .repeat(2)
            player.play { late.add($0) }
        }
        #expect(abs((held[80] ?? -99) - Self.expectedX(atFrame: 30)) <= 1, "then held at the end")
        await Self.mainQueueTurn()
        #expect(early.all.isEmpty && late.all == [true], "completion after the second time: \(early.all) \(late.all)")
    }

    @Test func aspectFitCentresTheCompositionInTheBounds() throws {
        let player = LottieLayer(animation: Self.animation)
        player.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        player.currentFrame = 30
        let image = Golden.render(player, width: 200, height: 100)
        // 100×100 into 200×100: scale 1, offset 50; the square (centre x 70) at 120.
        let x = try #require(LottieTimingTests.centre(image))
        #expect(abs(x - 120) <= 1, "\(x)")
        player.contentGravity = .resize
        player.layoutIfNeeded()
        let stretched = try #require(LottieTimingTests.centre(Golden.render(player, width: 200, height: 100)))
        #expect(abs(stretched - 140) <= 1, "resize: x doubled: \(stretched)")
    }
}
