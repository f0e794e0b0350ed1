import CoreGraphics
import Foundation
import QuartzCore
import StrataRender
import Testing

/// Issue 45: what a ring progress view, lottie-ios's Core Animation engine and others do, written
/// as they write it, on a live clock at three origins. (Pixels of the folding cell:
/// RenderingTests/LibraryThirdRoundRenderingTests.)
@Suite("Real iOS code, third round")
struct LibraryThirdRoundTests {
    // MARK: Items 1 and 2: a ring view's custom key

    /// A ring view's layer as the library writes it: `progress` stands in for `@NSManaged`
    /// through KVC with `CGFloat`, redrawn for it; its colour and width are Swift stored
    /// properties that its `init(layer:)` does not copy (a copy holds the defaults).
    final class RingLayer: CALayer {
        nonisolated(unsafe) var ringColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        nonisolated(unsafe) var ringWidth: CGFloat = 20

        var progress: CGFloat {
            get { value(forKey: "progress") as? CGFloat ?? 0 }
            set { setValue(newValue, forKey: "progress") }
        }

        override init() { super.init() }
        override init(layer: Any) { super.init(layer: layer) }
        required init?(coder: NSCoder) { super.init(coder: coder) }

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }

        override func draw(in ctx: CGContext) {
            ctx.setFillColor(ringColor)
            ctx.fill(CGRect(x: 0, y: 0, width: ringWidth * max(progress, 0.05), height: 10))
        }
    }

    /// The app's ring: green, 30 wide, progress set to 1 on the model.
    private func appRing() -> RingLayer {
        let ring = RingLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.frame = CGRect(x: 0, y: 0, width: 40, height: 10)
        ring.ringColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        ring.ringWidth = 30
        ring.progress = 1
        CATransaction.commit()
        return ring
    }

    /// Whether pixel (1, 1) is green (BGRA bytes, premultiplied).
    private func green(_ image: CGImage?) -> Bool {
        guard let image, let data = image.dataProvider?.data else { return false }
        let offset = image.bytesPerRow + 4
        return data[offset + 1] > 200 && data[offset + 2] < 50
    }

    /// While `progress` animates, the presentation copy's drawing shows (its default red: the
    /// copy holds the defaults, as on iOS); once the animation is over, the model's own drawing
    /// (the app's green), not copies forever.
    @Test(arguments: clockOrigins)
    func aRedrawingLayerShowsItsModelsDrawingOnceItsAnimationIsOver(origin: Double) throws {
        try onClock(at: origin) { clock in
            let ring = appRing()
            ring.display()
            let fill = CABasicAnimation(keyPath: "progress")
            fill.fromValue = CGFloat(0)
            fill.toValue = CGFloat(1)
            fill.duration = 1
            attach(fill, to: ring)
            let (snapshot, index) = try #require(ring.committedSnapshot)
            let during = RenderEvaluator.presentation(of: snapshot, at: origin + 0.5)[index].contentsImage
            let after = RenderEvaluator.presentation(of: snapshot, at: origin + 2)[index].contentsImage
            #expect(!green(during), "a copy (defaults: red) draws while the animation applies")
            #expect(green(after), "the model's own drawing once the animation is over")
            #expect(ring.presentation(at: origin + 2).map { green($0.contents as! CGImage?) } == true)
            clock.time = origin + 2
        }
    }

    /// The presented `progress` of a key the model holds as `CGFloat` reads back as `CGFloat`
    /// (`as? CGFloat` is nil for an `NSNumber` on Linux): 0.25, 0.5, 0.75 at a quarter, half,
    /// three quarters of a 1-s animation.
    @Test(arguments: clockOrigins)
    func anAnimatedCGFloatKeyReadsBackAsCGFloat(origin: Double) throws {
        try onClock(at: origin) { _ in
            let ring = appRing()
            let fill = CABasicAnimation(keyPath: "progress")
            fill.fromValue = 0
            fill.toValue = 1
            fill.duration = 1
            attach(fill, to: ring)
            for t in [0.25, 0.5, 0.75] {
                let copy = try #require(ring.presentation(at: origin + t) as RingLayer?)
                let value = try #require(copy.value(forKey: "progress") as? CGFloat, "a CGFloat at \(t) s")
                #expect(abs(Double(value) - t) < 1e-9)
                #expect(abs(Double(copy.progress) - t) < 1e-9)
            }
            #expect(ring.progress == 1, "the model keeps its value")
        }
    }

    // MARK: Item 4: a key never set

    /// lottie-ios tracks playback by animating a key its layer never set (`animationProgress`),
    /// in a group as here and alone; the presentation layer answers it, in the animation's type.
    @Test(arguments: clockOrigins)
    func aKeyNeverSetAnimatesAloneAndInAGroup(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let progress = CABasicAnimation(keyPath: "animationProgress")
            progress.fromValue = CGFloat(10)
            progress.toValue = CGFloat(50)
            progress.duration = 2
            let group = CAAnimationGroup()
            group.animations = [progress]
            group.duration = 2
            attach(group, to: layer, forKey: "playback")
            let alone = CABasicAnimation(keyPath: "otherProgress")
            alone.fromValue = 0.0
            alone.toValue = 1.0
            alone.duration = 1
            attach(alone, to: layer, forKey: "other")
            #expect(layer.value(forKey: "animationProgress") == nil, "the model never set it")
            for t in [0.5, 1.0, 1.5] {
                let copy = try #require(layer.presentation(at: origin + t))
                let v = try #require(copy.value(forKey: "animationProgress") as? CGFloat, "at \(t) s")
                #expect(abs(Double(v) - (10 + 20 * t)) < 1e-9, "animationProgress at \(t) s")
                if t < 1 {
                    let o = try #require(copy.value(forKey: "otherProgress") as? Double)
                    #expect(abs(o - t) < 1e-9, "otherProgress (Double values) at \(t) s")
                }
            }
        }
    }

    // MARK: Item 3: a keyframe path closed at the end

    /// lottie-ios's position animation: move to p0, lines to p1, p2, then `closeSubpath()`, with
    /// one key time per point drawn ([0, 0.25, 1]). iOS follows p0 → p1 → p2 at those times and
    /// ends at p2; the close adds no keyframe.
    @Test(arguments: clockOrigins)
    func aPathClosedAtTheEndWithAKeyTimePerPointEndsAtItsLastPoint(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 300))
            path.closeSubpath()
            let move = CAKeyframeAnimation(keyPath: "position")
            move.path = path
            move.keyTimes = [0, 0.25, 1]
            move.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .linear)]
            move.duration = 4
            move.fillMode = .forwards
            move.isRemovedOnCompletion = false
            attach(move, to: layer)
            let expected: [(Double, CGPoint)] = [
                (0.5, CGPoint(x: 50, y: 0)), (1, CGPoint(x: 100, y: 0)), (2.5, CGPoint(x: 100, y: 150)),
                (3.997, CGPoint(x: 100, y: 299.7)), (5, CGPoint(x: 100, y: 300)),
            ]
            for (t, point) in expected {
                let s = try shown(layer, at: origin + t)
                let p = s.copy.position
                #expect(abs(p.x - point.x) < 1e-6 && abs(p.y - point.y) < 1e-6, "at \(t) s: \(p)")
                #expect(s.state.position == p, "presentation copy and snapshot agree")
            }
        }
    }

    /// Without key times, a closing line is travelled as a segment (a square path goes round all
    /// four sides in equal times), as before.
    @Test(arguments: clockOrigins)
    func aClosedPathWithoutKeyTimesTravelsItsClosingLine(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let move = CAKeyframeAnimation(keyPath: "position")
            move.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
            move.duration = 4
            attach(move, to: layer)
            for (t, point) in [(0.5, CGPoint(x: 50, y: 0)), (2.5, CGPoint(x: 50, y: 100)), (3.5, CGPoint(x: 0, y: 50))] {
                let p = try #require(layer.presentation(at: origin + t)).position
                #expect(abs(p.x - point.x) < 1e-6 && abs(p.y - point.y) < 1e-6, "at \(t) s: \(p)")
            }
        }
    }

    // MARK: Item 7: key times outside 0…1

    /// lottie-ios writes the keyframes of a layer that lie before and after its range as key times
    /// below 0 and above 1: they are used as given (the stretch between 0 and 1 shows), not
    /// replaced by even spacing. Values 0, 10, 40 at key times −1, 0.5, 2: 6⅔ at 0, 10 at 0.5,
    /// 20 at 1.
    @Test(arguments: clockOrigins)
    func keyTimesOutsideZeroToOneAreUsedAsGiven(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [0, 0.1, 0.4]
            fade.keyTimes = [-1, 0.5, 2]
            fade.duration = 1
            fade.fillMode = .forwards
            fade.isRemovedOnCompletion = false
            attach(fade, to: layer)
            try expectOpacity(layer, at: origin, 0.1 * 2 / 3, "two thirds along the first segment")
            try expectOpacity(layer, at: origin + 0.5, 0.1)
            try expectOpacity(layer, at: origin + 0.75, 0.15)
            try expectOpacity(layer, at: origin + 1.5, 0.2, "held where 1 falls: a third along the last segment")
        }
    }

    /// lottie-ios's `values` animations with keyframes before and after the layer's range: it
    /// inserts key time 0 (repeating the first value) and appends 1 (repeating the last), so the
    /// key times fall back at both ends: [0, −0.5, 0.5, 1.5, 1] for opacity [0, 0, 0.4, 0.8, 0.8].
    /// iOS shows the keyframes between: 0.2 at 0, 0.4 at 0.5, 0.6 at 1.
    @Test(arguments: clockOrigins)
    func lottieKeyTimesPaddedWithZeroAndOneAreReadAsTheKeyframesBetween(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [0, 0, 0.4, 0.8, 0.8]
            fade.keyTimes = [0, -0.5, 0.5, 1.5, 1]
            fade.timingFunctions = Array(repeating: CAMediaTimingFunction(name: .linear), count: 4)
            fade.duration = 2
            fade.fillMode = .both
            fade.isRemovedOnCompletion = false
            attach(fade, to: layer)
            try expectOpacity(layer, at: origin, 0.2)
            try expectOpacity(layer, at: origin + 1, 0.4)
            try expectOpacity(layer, at: origin + 1.5, 0.5)
            try expectOpacity(layer, at: origin + 2, 0.6)
        }
    }

    // MARK: Item 6: spellings

    /// `CGPath(__byStroking:…)` is the stroked outline `copy(strokingWithWidth:…)` makes (a 10-wide
    /// line from (0, 0) to (100, 0): bounds −5…5 in y), mapped by the transform; `__byDashing`
    /// keeps the dashes; `CFArrayGetCount` counts a bridged array.
    @Test func appleSpellingsOfStrokingDashingAndCFArrayCount() throws {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        var shift = CGAffineTransform(translationX: 0, y: 20)
        let stroked = try #require(
            CGPath(__byStroking: line, transform: &shift, lineWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        let box = stroked.boundingBoxOfPath
        #expect(abs(box.minY - 15) < 1e-9 && abs(box.maxY - 25) < 1e-9 && abs(box.width - 100) < 1e-9, "\(box)")
        #expect(stroked.contains(CGPoint(x: 50, y: 20)) && !stroked.contains(CGPoint(x: 50, y: 30)))
        let lengths: [CGFloat] = [10, 10]
        let dashed = try #require(CGPath(__byDashing: line, transform: nil, phase: 0, lengths: lengths, count: 2))
        var moves = 0
        dashed.applyWithBlock { if $0.pointee.type == .moveToPoint { moves += 1 } }
        #expect(moves == 5, "five dashes of 10 along 100")
        #expect(CGPath(__byDashing: line, transform: nil, phase: 0, lengths: nil, count: 0) == nil)
        let colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)] as CFArray
        #expect(CFArrayGetCount(colors) == 2)
        #expect(CFArrayGetCount(nil) == 0)
    }
}
