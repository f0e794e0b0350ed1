import QuartzCore
import Testing

/// Issue 28: what five more iOS animation libraries and lottie-ios do, written as they write it,
/// on a live clock at three origins. (Pixels: RenderingTests/LibrarySecondRoundRenderingTests.)
@Suite("Real iOS code, second round")
struct LibrarySecondRoundTests {
    // MARK: Item 1: transforms through a singular key value

    /// The checkbox's mark: `scale(0,0,0) → scale(1.35) → identity`, keyTimes [0, 0.5, 1], 1 s.
    /// iOS grows it from a dot: linear in scale in the first half (0.27, 0.675, 1.08 at 0.1,
    /// 0.25, 0.4 s), back to 1 in the second.
    @Test(arguments: clockOrigins)
    func aMarkGrowsFromADotThroughKeyframes(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let bounce = CAKeyframeAnimation(keyPath: "transform")
            bounce.values = [
                NSValue(caTransform3D: CATransform3DMakeScale(0, 0, 0)),
                NSValue(caTransform3D: CATransform3DMakeScale(1.35, 1.35, 1.35)),
                NSValue(caTransform3D: CATransform3DIdentity),
            ]
            bounce.keyTimes = [0, 0.5, 1]
            bounce.duration = 1
            attach(bounce, to: layer)
            for (t, scale) in [(0.0, 0.0), (0.1, 0.27), (0.25, 0.675), (0.4, 1.08), (0.5, 1.35), (0.75, 1.175)] {
                let shown = try shownTransform(layer, at: origin + t)
                #expect(abs(Double(shown.m11) - scale) < 1e-6, "m11 at \(t) s")
                #expect(abs(Double(shown.m22) - scale) < 1e-6 && abs(Double(shown.m33) - scale) < 1e-6)
            }
        }
    }

    /// The basic-animation spelling: from `scale(0,0,0)` to the identity in 1 s.
    @Test(arguments: clockOrigins)
    func aBasicAnimationFromAZeroScaleGrowsLinearly(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let grow = CABasicAnimation(keyPath: "transform")
            grow.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(0, 0, 0))
            grow.toValue = NSValue(caTransform3D: CATransform3DIdentity)
            grow.duration = 1
            attach(grow, to: layer)
            for t in [0.25, 0.5, 0.75] {
                let shown = try shownTransform(layer, at: origin + t)
                #expect(abs(Double(shown.m11) - t) < 1e-6 && abs(Double(shown.m22) - t) < 1e-6, "scale at \(t) s")
            }
        }
    }

    // MARK: Item 2: frame set while the transform is singular

    /// The checkbox sets its mark's frame while the mark is scaled to 0, then resets the
    /// transform: the mark is in place (bounds 40×30 at (20, 25), position at its centre).
    @Test func aFrameSetWhileScaledToZeroIsTheFrameOnceTheTransformIsReset() {
        let mark = CAShapeLayer()
        mark.transform = CATransform3DMakeScale(0, 0, 0)
        mark.frame = CGRect(x: 20, y: 25, width: 40, height: 30)
        #expect(mark.bounds.size == CGSize(width: 40, height: 30))
        #expect(mark.position == CGPoint(x: 40, y: 40))
        mark.transform = CATransform3DIdentity
        #expect(mark.frame == CGRect(x: 20, y: 25, width: 40, height: 30))
        // A top-left anchor puts the position at the frame's corner.
        let cornered = CALayer()
        cornered.anchorPoint = .zero
        cornered.transform = CATransform3DMakeScale(0, 1, 1)
        cornered.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
        #expect(cornered.position == CGPoint(x: 5, y: 6) && cornered.bounds.size == CGSize(width: 7, height: 8))
    }

    // MARK: Item 4: 2-D key paths given the other 2-D struct

    /// lottie-ios animates `transform.translation` with CGPoint values (basic animations).
    @Test(arguments: clockOrigins)
    func translationTakesPoints(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let move = CABasicAnimation(keyPath: "transform.translation")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = NSValue(point: CGPoint(x: 40, y: -20))
            move.duration = 2
            attach(move, to: layer)
            let shown = try shownTransform(layer, at: origin + 0.5)
            #expect(abs(Double(shown.m41) - 10) < 1e-9 && abs(Double(shown.m42) - -5) < 1e-9)
        }
    }

    /// …and along keyframe paths (lottie-ios's position keyframes with spatial tangents).
    @Test(arguments: clockOrigins)
    func translationFollowsAKeyframePath(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 50))
            let move = CAKeyframeAnimation(keyPath: "transform.translation")
            move.path = path
            move.keyTimes = [0, 0.5, 1]
            move.duration = 1
            attach(move, to: layer)
            let first = try shownTransform(layer, at: origin + 0.25)
            #expect(abs(Double(first.m41) - 50) < 1e-9 && abs(Double(first.m42)) < 1e-9)
            let second = try shownTransform(layer, at: origin + 0.75)
            #expect(abs(Double(second.m41) - 100) < 1e-9 && abs(Double(second.m42) - 25) < 1e-9)
        }
    }

    /// Values of key frames, `setValue(_:forKeyPath:)`, and `position` given a CGSize.
    @Test(arguments: clockOrigins)
    func twoDimensionalKeyPathsTakeEitherStruct(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let move = CAKeyframeAnimation(keyPath: "transform.translation")
            move.values = [CGPoint(x: 0, y: 0), NSValue(point: CGPoint(x: 0, y: 80))]
            move.duration = 1
            attach(move, to: layer)
            let shown = try shownTransform(layer, at: origin + 0.5)
            #expect(abs(Double(shown.m42) - 40) < 1e-9)

            let other = CALayer()
            other.setValue(CGPoint(x: 3, y: 4), forKeyPath: "transform.translation")
            #expect(other.transform.m41 == 3 && other.transform.m42 == 4)
            other.setValue(NSValue(size: CGSize(width: 7, height: 9)), forKey: "position")
            #expect(other.position == CGPoint(x: 7, y: 9))
        }
    }

    /// `transform.scale` stays a number (the header: "an NSNumber"); a point is refused and the
    /// layer keeps its transform.
    @Test func scaleStillWantsANumber() {
        let layer = CALayer()
        layer.setValue(CGPoint(x: 2, y: 3), forKeyPath: "transform.scale")
        #expect(layer.transform == CATransform3DIdentity)
    }

    // MARK: Item 6: hosts of one's own on a manual clock

    /// A program drives `CARenderer` on its own clock (frames at T, T + 0.5, T + 1.5): the
    /// animation's delegate hears start and stop, the transaction's completion block runs, and the
    /// finished animation is removed — delivered by `endFrame()` for the time rendered.
    @Test(arguments: clockOrigins)
    func aRendererOnItsOwnClockDeliversCallbacks(origin: Double) async throws {
        let recorder = StopRecorder()
        let completed = Flag()
        let layer = CALayer()
        let renderer = try onClock(at: origin) { clock -> CARenderer in
            let context = try #require(
                CGContext(
                    data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                    space: CGColorSpaceCreateDeviceRGB(),
                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
            let renderer = CARenderer(cgContext: context)
            renderer.layer = layer
            CATransaction.begin()
            layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            fade.delegate = recorder
            CATransaction.setCompletionBlock { completed.set() }
            layer.add(fade, forKey: "fade")
            CATransaction.commit()
            for t in [0.0, 0.5] {
                clock.time = origin + t
                renderer.beginFrame(atTime: origin + t, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
            }
            return renderer
        }
        #expect(await eventually { recorder.started == ["opacity"] })
        #expect(recorder.stopped.isEmpty && !completed.isSet, "not over at T + 0.5 s")
        #expect(layer.animation(forKey: "fade") != nil)

        onClock(at: origin + 1.5) { _ in
            renderer.beginFrame(atTime: origin + 1.5, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
        }
        #expect(await eventually { recorder.stopped.count == 1 && completed.isSet })
        #expect(recorder.stopped.first?.1 == true, "finished")
        #expect(layer.animation(forKey: "fade") == nil, "removed on completion")
    }

    // MARK: Item 8: from the OpenCoreAnimation peer's suite (checked against Apple by its authors)

    /// A layout manager that marks the layer again from `invalidateLayout(of:)`, and once from
    /// its first layout: no recursion; invalidated twice (when set, and by the explicit mark
    /// made during the first layout, which lays the layer out again in the same pass).
    @Test func aLayoutManagerThatMarksTheLayerFromInvalidateDoesNotRecurse() {
        let manager = InvalidatingLayoutManager()
        let layer = CALayer()
        layer.layoutManager = manager
        layer.layoutIfNeeded()
        #expect(manager.layouts == 2 && manager.invalidations == 2)
        #expect(!layer.needsLayout())
    }

    /// An explicit `setNeedsLayout()` inside `layoutSublayers()` counts (lays out again); an
    /// implicit one (a sublayer's bounds changed by the layout) is skipped, as the header says.
    @Test func explicitMarksDuringLayoutCountAndImplicitOnesDoNot() {
        let layer = RelayoutLayer()
        let child = CALayer()
        layer.addSublayer(child)
        layer.explicitMarks = 2
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        #expect(layer.layouts == 3, "once, then once for each explicit mark")
        #expect(!layer.needsLayout())

        let implicitOnly = RelayoutLayer()
        implicitOnly.addSublayer(CALayer())
        implicitOnly.setNeedsLayout()
        implicitOnly.layoutIfNeeded()
        #expect(implicitOnly.layouts == 1 && !implicitOnly.needsLayout(), "its own sublayer's bounds change is skipped")
    }

    /// `init(perceptualDuration:bounce:)` sets `allowsOverdamping` (the header says so) and the
    /// coefficients Apple gives (mass 1, stiffness (2π/d)², damping 4π(1 − b)/d or 4π/(d(1 + b))).
    @Test(arguments: [(0.5, 0.0, 25.132741228718345), (0.5, 0.3, 17.59291886010284), (0.5, -0.3, 35.90391604102621)])
    func perceptualSpringsAllowOverdamping(_ duration: Double, _ bounce: Double, _ damping: Double) {
        let spring = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        #expect(spring.allowsOverdamping)
        #expect(spring.mass == 1 && abs(spring.stiffness - 157.91367041742973) < 1e-9)
        #expect(abs(spring.damping - damping) < 1e-9)
        #expect(spring.duration == spring.settlingDuration)
    }

    /// `convertTime` before a layer's `beginTime` and out of a paused layer, as QuartzCore
    /// answers (0 in both cases; the peer's figures, cross-checked on macOS by its authors).
    @Test func convertTimeBeforeBeginTimeAndFromPausedLayers() {
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        child.speed = 0.5
        child.timeOffset = 7
        child.beginTime = 8
        #expect(child.convertTime(7, from: root) == 0, "before its beginTime")
        #expect(child.convertTime(8, from: root) == 7)
        #expect(child.convertTime(10, from: root) == 8)

        root.speed = 2
        root.timeOffset = 3
        root.beginTime = 1
        child.speed = 0
        #expect(child.convertTime(10, from: root) == 7)
        #expect(root.convertTime(10, from: child) == 0, "out of a paused layer")
        #expect(child.convertTime(10, to: nil) == -0.5)

        let first = CALayer(), second = CALayer()
        let plain = CALayer()
        plain.addSublayer(first)
        plain.addSublayer(second)
        (first.speed, first.timeOffset, first.beginTime) = (4, 5, 6)
        (second.speed, second.timeOffset, second.beginTime) = (0.5, 7, 8)
        #expect(first.convertTime(10, from: plain) == 21 && plain.convertTime(10, from: first) == 7.25)
        #expect(second.convertTime(10, from: first) == 0 && first.convertTime(10, from: second) == 37)
    }

    /// CATextLayer's text properties mark it for display once per change of value; the same
    /// value again does not.
    @Test func textPropertiesMarkATextLayerForDisplay() {
        let changes: [(String, (CATextLayer) -> Void)] = [
            ("string", { $0.string = "hello" }),
            ("font", { $0.font = "Courier" as CFTypeRef }),
            ("fontSize", { $0.fontSize = 12 }),
            ("foregroundColor", { $0.foregroundColor = CGColor(gray: 0.5, alpha: 1) }),
            ("wrapped", { $0.isWrapped = true }),
            ("truncationMode", { $0.truncationMode = .end }),
            ("alignmentMode", { $0.alignmentMode = .center }),
            ("allowsFontSubpixelQuantization", { $0.allowsFontSubpixelQuantization = true }),
            ("contentsScale", { $0.contentsScale = 2 }),
        ]
        for (key, change) in changes {
            let layer = CATextLayer()
            #expect(!layer.needsDisplay(), "fresh: \(key)")
            #expect(CATextLayer.needsDisplay(forKey: key))
            change(layer)
            #expect(layer.needsDisplay(), "\(key) marks the layer")
            layer.displayIfNeeded()
            #expect(!layer.needsDisplay() && layer.contents == nil, "displayed: the text is drawn by the renderer")
            change(layer)
            #expect(!layer.needsDisplay(), "the same \(key) again does not mark it")
        }
        #expect(!CATextLayer.needsDisplay(forKey: "bounds") && !CALayer.needsDisplay(forKey: "string"))
    }
}

/// Counts layouts and invalidations; marks the layer again from `invalidateLayout(of:)` and
/// once from its first layout (the peer's recursion case).
private final class InvalidatingLayoutManager: CALayoutManager {
    var layouts = 0
    var invalidations = 0

    func invalidateLayout(of layer: CALayer) {
        invalidations += 1
        layer.setNeedsLayout()
    }

    func layoutSublayers(of layer: CALayer) {
        layouts += 1
        if layouts == 1 { layer.setNeedsLayout() }
    }
}

/// Lays its sublayers out (changing their bounds, an implicit mark of itself) and marks itself
/// explicitly `explicitMarks` times.
private final class RelayoutLayer: CALayer {
    var layouts = 0
    var explicitMarks = 0

    override func layoutSublayers() {
        layouts += 1
        for sublayer in sublayers ?? [] { sublayer.bounds = CGRect(x: 0, y: 0, width: 10 + layouts, height: 10) }
        if explicitMarks > 0 {
            explicitMarks -= 1
            setNeedsLayout()
        }
    }
}
