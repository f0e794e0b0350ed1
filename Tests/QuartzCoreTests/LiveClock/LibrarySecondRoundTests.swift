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
}
