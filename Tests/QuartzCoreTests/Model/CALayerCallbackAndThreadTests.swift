import QuartzCore
import Testing

/// A layer with a custom animatable property, redrawn whenever it changes (Apple's recipe).
private final class ProgressLayer: CALayer {
    var drawnProgress: CGFloat = -1

    var progress: CGFloat {
        get { (value(forKey: "progress") as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0 }
        set { setValue(NSNumber(value: Double(newValue)), forKey: "progress") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? NSNumber(value: 0) : super.defaultValue(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        drawnProgress = progress
    }
}

/// Removes the layer from its superlayer when its animation stops.
private final class RemovingDelegate: CAAnimationDelegate, @unchecked Sendable {
    let layer: CALayer
    private let lock = NSLock()
    private var done = false

    init(layer: CALayer) {
        self.layer = layer
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        layer.removeFromSuperlayer()
        lock.withLock { done = true }
    }

    var isDone: Bool { lock.withLock { done } }
}

@Suite struct CALayerCallbackTests {
    @Test func callbacksArriveOnTimeWithTheSystemClock() async {
        let recorder = StopRecorder()
        let layer = committedLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 0.1
        a.delegate = recorder
        let added = CACurrentMediaTime()
        CATransaction.begin()
        layer.add(a, forKey: "fade")
        CATransaction.commit()
        #expect(await eventually { recorder.stopped.count == 1 })
        let elapsed = CACurrentMediaTime() - added
        #expect(recorder.started == ["opacity"] && recorder.stopped.first?.1 == true)
        #expect(elapsed >= 0.1, "not before the end (elapsed \(elapsed) s)")
        #expect(layer.animationKeys() == nil)
    }

    @Test func completionBlockWaitsForTheTransactionsAnimations() async {
        let layer = committedLayer()
        let flag = Flag()
        let started = CACurrentMediaTime()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.15)
        CATransaction.setCompletionBlock { flag.set() }
        layer.opacity = 0.3
        CATransaction.commit()
        #expect(await eventually { flag.isSet })
        #expect(CACurrentMediaTime() - started >= 0.15)
    }

    @Test func aLayerRemovedInsideItsOwnDelegateCallback() async {
        // Bad input: the delegate tears down the layer while its animation reports.
        let parent = CALayer()
        let layer = CALayer()
        parent.addSublayer(layer)
        CATransaction.flush()
        let delegate = RemovingDelegate(layer: layer)
        let a = CABasicAnimation(keyPath: "opacity")
        a.delegate = delegate
        layer.add(a, forKey: "x")
        layer.removeAnimation(forKey: "x")
        #expect(await eventually { delegate.isDone })
        #expect(layer.superlayer == nil && parent.sublayers == nil)
    }

    @Test(arguments: clockOrigins)
    func customAnimatablePropertiesRedrawThePresentationCopy(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let layer = ProgressLayer()
            CATransaction.begin()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            CATransaction.commit()
            let a = CABasicAnimation(keyPath: "progress")
            a.fromValue = 0
            a.toValue = 1
            a.duration = 2
            CATransaction.begin()
            layer.add(a, forKey: "progress")
            CATransaction.commit()
            clock.advance(by: 1)
            let p = try #require(layer.presentation())
            #expect(abs(p.progress - 0.5) < 1e-9)
            #expect(abs(p.drawnProgress - 0.5) < 1e-9, "the copy was redrawn with the animated value")
            #expect(layer.progress == 0)
        }
    }
}

@Suite struct CALayerThreadingTests {
    @Test func eightThreadsMutatingLayersAndReadingPresentationAtOnce() {
        let shared = committedLayer()
        let box = SharedLayer(shared)
        let group = DispatchGroup()
        let results = ResultsBox()
        for worker in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                let shared = box.layer
                let root = CALayer()
                var children: [CALayer] = []
                for i in 0..<50 {
                    CATransaction.begin()
                    let child = CALayer()
                    child.position = CGPoint(x: worker, y: i)
                    root.addSublayer(child)
                    children.append(child)
                    shared.opacity = Float(i % 10) / 10
                    let a = CABasicAnimation(keyPath: "position.x")
                    a.fromValue = 0
                    a.toValue = 10
                    child.add(a, forKey: "move")
                    CATransaction.commit()
                    _ = shared.presentation()?.opacity
                    _ = child.presentation()?.position
                }
                let ok = root.sublayers?.count == 50 && children.enumerated().allSatisfy { $0.element.position == CGPoint(x: worker, y: $0.offset) }
                results.record(ok)
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 20) == .success)
        #expect(results.all == Array(repeating: true, count: 8))
        #expect((0...9).contains(Int((shared.opacity * 10).rounded())))
    }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Bool] = []
    func record(_ ok: Bool) { lock.withLock { values.append(ok) } }
    var all: [Bool] { lock.withLock { values } }
}

/// Hands a layer to other threads: Strata's layers lock every model access, but, as on Apple,
/// CALayer is not Sendable, so tests say so explicitly.
final class SharedLayer: @unchecked Sendable {
    let layer: CALayer
    init(_ layer: CALayer) { self.layer = layer }
}
