import QuartzCore
import Testing

/// Issue 14: animations written as iOS indicator libraries write them, drawn frame by frame
/// through `CARenderer` on a live clock at three origins, many iterations in (repeatCount = HUGE).
/// Each check is a fact about the pixels reasoned out from the animation, not a golden.
@Suite("Library-style animations through CARenderer on a live clock")
struct LibraryStyleAnimationTests {
    /// A renderer drawing `root` into a fresh bitmap of `size`.
    private func renderer(_ root: CALayer, _ w: Int, _ h: Int) -> (CARenderer, CGContext) {
        let context = Golden.makeContext(width: w, height: h)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        return (renderer, context)
    }

    private func draw(_ renderer: CARenderer, _ context: CGContext, at t: Double) throws -> CGImage {
        renderer.beginFrame(atTime: t, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        return try #require(context.makeImage())
    }

    /// Whether a pixel is the spinner's green (not the white background, not blank).
    private func isGreen(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.g > 120 && p.r < 100 }

    /// The pixels of the spinner's green.
    private func greenCount(_ image: CGImage) -> Int {
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width where isGreen(image.rgba(x, y)) { n += 1 }
        }
        return n
    }

    /// A material spinner: strokeEnd 0 → 1 in 0.75 s, then strokeStart 0 → 1 from 0.5 s, in a
    /// 1.25 s group repeated forever (linear, so halves are at exact times).
    @Test(arguments: clockOrigins)
    func aSpinnersStrokeStartFollowsItsStrokeEndEveryIteration(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let (root, spinner) = scene { () -> (CALayer, CAShapeLayer) in
                let root = canvas(100, 100)
                let spinner = CAShapeLayer()
                spinner.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                spinner.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
                spinner.fillColor = nil
                spinner.strokeColor = CGColor(red: 0, green: 0.8, blue: 0, alpha: 1)
                spinner.lineWidth = 6
                root.addSublayer(spinner)
                return (root, spinner)
            }
            let (r, context) = renderer(root, 100, 100)
            let full = greenCount(try draw(r, context, at: origin))
            let end = CABasicAnimation(keyPath: "strokeEnd")
            end.fromValue = 0
            end.toValue = 1
            end.duration = 0.75
            let start = CABasicAnimation(keyPath: "strokeStart")
            start.fromValue = 0
            start.toValue = 1
            start.beginTime = 0.5
            start.duration = 0.75
            let chase = CAAnimationGroup()
            chase.animations = [end, start]
            chase.duration = 1.25
            chase.repeatCount = HUGE
            CATransaction.begin()
            spinner.add(chase, forKey: "stroke")
            CATransaction.commit()
            for iteration in [0.0, 1, 1000] {
                let base = origin + iteration * 1.25
                // 0.375 s: strokeEnd half way, strokeStart not begun → the first half of the ring.
                let first = try draw(r, context, at: base + 0.375)
                // 0.875 s: strokeEnd over (model 1), strokeStart half way → the second half.
                let second = try draw(r, context, at: base + 0.875)
                for (name, image) in [("first", first), ("second", second)] {
                    let ratio = Double(greenCount(image)) / Double(full)
                    #expect(abs(ratio - 0.5) < 0.06, "iteration \(iteration), \(name) half: \(ratio) of the ring")
                }
                // The two halves are complementary: points of the ring away from the halves' ends
                // (its top, bottom and diagonals) are each drawn in exactly one of the frames.
                let probes = [(50, 90), (50, 10), (22, 22), (78, 78), (22, 78), (78, 22)]
                let inFirst = probes.map { isGreen(first.rgba($0.0, $0.1)) }
                let inSecond = probes.map { isGreen(second.rgba($0.0, $0.1)) }
                #expect(zip(inFirst, inSecond).allSatisfy { $0 || $1 }, "iteration \(iteration): \(inFirst) \(inSecond)")
                #expect(zip(inFirst, inSecond).filter { $0 != $1 }.count == probes.count, "iteration \(iteration): \(inFirst) \(inSecond)")
                // 0.2 s: strokeStart not begun (its beginTime counts from the group's start).
                let early = Double(greenCount(try draw(r, context, at: base + 0.2))) / Double(full)
                #expect(abs(early - 0.2 / 0.75) < 0.06, "iteration \(iteration): \(early)")
            }
        }
    }

    /// Three dots whose transform keyframes (NSValue-boxed scales, keyTimes [0, 0.3, 1], eased
    /// segments) start 0.12, 0.24 and 0.36 s after CACurrentMediaTime(), repeated forever.
    @Test(arguments: clockOrigins)
    func ballPulseDotsShrinkInTurn(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let root = scene { canvas(160, 60) }
            var dots: [CALayer] = []
            scene {
                for i in 0..<3 {
                    let dot = solid(CGRect(x: 10 + CGFloat(i) * 50, y: 10, width: 40, height: 40), 1, 0, 0)
                    root.addSublayer(dot)
                    dots.append(dot)
                }
            }
            let ease = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)
            let pulse = CAKeyframeAnimation(keyPath: "transform")
            pulse.keyTimes = [0, 0.3, 1]
            pulse.timingFunctions = [ease, ease]
            pulse.values = [
                NSValue(caTransform3D: CATransform3DIdentity),
                NSValue(caTransform3D: CATransform3DMakeScale(0.3, 0.3, 1)),
                NSValue(caTransform3D: CATransform3DIdentity),
            ]
            pulse.duration = 0.75
            pulse.repeatCount = HUGE
            let begin = CACurrentMediaTime()
            let delays = [0.12, 0.24, 0.36]
            CATransaction.begin()
            for (dot, delay) in zip(dots, delays) {
                pulse.beginTime = begin + delay
                dot.add(pulse, forKey: "pulse")
            }
            CATransaction.commit()
            let (r, context) = renderer(root, 160, 60)
            /// The width of red on the middle row inside dot `i`'s slot.
            func width(_ image: CGImage, _ i: Int) -> Int {
                (10 + i * 50..<50 + i * 50).filter { image.rgba($0, 30).g < 128 }.count
            }
            for iteration in [0.0, 3, 4000] {
                for i in 0..<3 {
                    // At keyTime 0.3 the dot is at 0.3 of its size: 12 points of 40.
                    let t = begin + delays[i] + iteration * 0.75 + 0.3 * 0.75
                    let image = try draw(r, context, at: t)
                    #expect(abs(width(image, i) - 12) <= 2, "dot \(i), iteration \(iteration): \(width(image, i))")
                    // At the start of its cycle the dot is whole: 40 points.
                    let whole = try draw(r, context, at: begin + delays[i] + iteration * 0.75 + 1e-6)
                    #expect(abs(width(whole, i) - 40) <= 1, "dot \(i) whole, iteration \(iteration): \(width(whole, i))")
                }
            }
        }
    }

    /// A ring grown by transform.scale.xy that fades by 70 % of its group (keyTimes [0, 0.7]).
    @Test(arguments: clockOrigins)
    func aPulseRingFadesBy70PercentAndStaysInvisible(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let root = scene { canvas(100, 100) }
            let ring = scene { () -> CALayer in
                let ring = solid(CGRect(x: 0, y: 0, width: 100, height: 100), 0, 0, 1)
                ring.opacity = 0
                root.addSublayer(ring)
                return ring
            }
            let grow = CABasicAnimation(keyPath: "transform.scale.xy")
            grow.fromValue = 0
            grow.toValue = 1
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0]
            fade.keyTimes = [0, 0.7]
            let group = CAAnimationGroup()
            group.animations = [grow, fade]
            group.duration = 2
            group.repeatCount = HUGE
            CATransaction.begin()
            ring.add(group, forKey: "pulse")
            CATransaction.commit()
            let (r, context) = renderer(root, 100, 100)
            for iteration in [0.0, 7, 50_000] {
                let base = origin + iteration * 2
                // 0.7 s of 2: scale 0.35 (35 points across), opacity 1 − 0.5 = 0.5 → half blue.
                let mid = try draw(r, context, at: base + 0.7)
                #expect(abs(mid.rgba(50, 50).r - 128) <= 3, "iteration \(iteration): \(mid.rgba(50, 50))")
                #expect(mid.rgba(50 + 20, 50).r > 250, "outside the 35-point ring")
                // 1.6 s: past 70 % (1.4 s): held at opacity 0 though the ring keeps growing.
                let late = try draw(r, context, at: base + 1.6)
                #expect(late.rgba(50, 50).r > 250, "iteration \(iteration): invisible after 70 %")
            }
        }
    }
}
