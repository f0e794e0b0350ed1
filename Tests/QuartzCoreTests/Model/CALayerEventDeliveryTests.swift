import QuartzCore
import Testing

/// Notes where each callback ran.
private final class ThreadRecorder: CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var onMain: [Bool] = []
    private var times: [CFTimeInterval] = []

    func animationDidStart(_ anim: CAAnimation) { note() }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { note() }

    private func note() {
        let main = MainQueue.isCurrent
        let locked = TransactionLock.shared.isHeldByCurrentThread
        let now = CACurrentMediaTime()
        lock.withLock {
            onMain.append(main && !locked)
            times.append(now)
        }
    }

    var deliveries: [Bool] { lock.withLock { onMain } }
    /// When each callback ran (media time), in order.
    var deliveryTimes: [CFTimeInterval] { lock.withLock { times } }
}

@Suite struct CALayerEventDeliveryTests {
    @Test func callbacksArriveOnTheMainQueueOutsideTheLock() async {
        let recorder = ThreadRecorder()
        let layer = committedLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 0.05
        a.delegate = recorder
        // Added from a background thread: the callbacks still come on the main queue.
        let box = SharedLayer(layer)
        let animation = UncheckedBox(a)
        let added = Flag()
        Thread.detachNewThread {
            CATransaction.begin()
            box.layer.add(animation.value, forKey: "fade")
            CATransaction.commit()
            added.set()
        }
        #expect(await eventually { added.isSet && recorder.deliveries.count == 2 })
        #expect(recorder.deliveries == [true, true])
    }

    /// Regression: when the first wake-up re-registered a layer for a far-off end, the shared timer
    /// moved there and a layer due sooner waited for it (CI saw callbacks never arrive).
    @Test func aLayerDueSoonIsWokenEvenWhenAnotherWaitsForALaterEnd() async {
        let recorder = ThreadRecorder()
        let long = committedLayer()
        let soon = committedLayer()
        let longAnimation = CABasicAnimation(keyPath: "opacity")
        longAnimation.duration = 100
        let soonAnimation = CABasicAnimation(keyPath: "opacity")
        soonAnimation.beginTime = CACurrentMediaTime() + 0.2
        soonAnimation.duration = 0.05
        soonAnimation.delegate = recorder
        CATransaction.begin()
        long.add(longAnimation, forKey: "long")
        soon.add(soonAnimation, forKey: "soon")
        CATransaction.commit()
        #expect(await eventually { recorder.deliveries.count == 2 }, "start and stop of the short animation within 10 s")
        long.removeAllAnimations()
    }

    /// A commit asks for a wake-up only when its layer's next event is earlier than the one it
    /// already asked for: an animation added later to a layer that waits for a far-off end (and
    /// a third added after the first wake-up answered) must still be heard on time.
    @Test func anEarlierEndOnALayerWaitingForALaterOneIsStillWoken() async {
        let recorder = ThreadRecorder()
        let layer = committedLayer()
        let long = CABasicAnimation(keyPath: "opacity")
        long.duration = 100
        CATransaction.begin()
        layer.add(long, forKey: "long")
        CATransaction.commit()
        let soon = CABasicAnimation(keyPath: "position.x")
        soon.duration = 0.1
        soon.delegate = recorder
        let started = CACurrentMediaTime()
        CATransaction.begin()
        layer.add(soon, forKey: "soon")
        CATransaction.commit()
        #expect(await eventually { recorder.deliveries.count == 2 }, "start and stop of the short animation")
        // Measured when the callback ran, not when this task woke to look (a loaded 2-core
        // machine starved the test's own task for 50 s once).
        #expect((recorder.deliveryTimes.last ?? .infinity) - started < 50, "heard long before the 100 s animation ends")
        // After that wake-up the layer asked again (for the long end); a new short one is heard too.
        let again = CABasicAnimation(keyPath: "position.y")
        again.duration = 0.1
        again.delegate = recorder
        CATransaction.begin()
        layer.add(again, forKey: "again")
        CATransaction.commit()
        #expect(await eventually { recorder.deliveries.count == 4 }, "start and stop of the second short animation")
        layer.removeAllAnimations()
    }

    @Test(arguments: clockOrigins)
    func completionBlockOnAControlledClock(origin: Double) async {
        let clock = MediaClock.Manual(time: origin)
        let done = Flag()
        let layer = MediaClock.withClock(clock) { committedLayer() }
        MediaClock.withClock(clock) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setCompletionBlock { done.set() }
            layer.position = CGPoint(x: 9, y: 9)
            CATransaction.commit()
            clock.advance(by: 0.5)
            layer.processAnimationEvents(at: CACurrentMediaTime())
        }
        // Half way: the animation runs, so the block waits.
        try? await Task.sleep(nanoseconds: 50_000_000)
        #expect(!done.isSet)
        MediaClock.withClock(clock) {
            clock.advance(by: 0.6)
            layer.processAnimationEvents(at: CACurrentMediaTime())
        }
        #expect(await eventually { done.isSet })
    }
}

final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
