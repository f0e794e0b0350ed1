import CoreGraphics
import Foundation
import QuartzCore
import StrataWindow
import Testing

/// Under SDL's "offscreen" video driver: a real SDL window and renderer without a display.
@Suite("SDL2 window host and CADisplayLink", .serialized)
struct LayerWindowTests {
    @Test func theWindowShowsTheLayerTreeAsIOSDoes() throws {
        let window = try LayerWindow(size: CGSize(width: 80, height: 60), videoDriver: "offscreen")
        window.rootLayer = scene { () -> CALayer in
            let root = canvas(80, 60)
            root.addSublayer(solid(CGRect(x: 0, y: 0, width: 20, height: 20), 1, 0, 0))
            return root
        }
        window.drawFrame()
        let shown = try #require(window.capture())
        #expect(shown.width == 80 && shown.height == 60)
        #expect(near(shown.rgba(5, 5), (255, 0, 0, 255)))  // top left, as on iOS
        #expect(near(shown.rgba(50, 40), (255, 255, 255, 255)))
        #expect(window.framesPresented == 1)
    }

    /// Frames drawn straight into the window's surface (the default) and frames through SDL's
    /// renderer show the same picture (opaque content: every channel within one level), with
    /// damage-only frames in between.
    @Test func theWindowsSurfaceAndSDLsRendererShowTheSamePicture() throws {
        func shown(_ presentation: WindowPresentation) throws -> CGImage {
            let window = try LayerWindow(
                size: CGSize(width: 60, height: 40), videoDriver: "offscreen", presentation: presentation)
            #expect(window.presentation == presentation, "the offscreen driver has a window surface")
            let (root, mover) = scene { () -> (CALayer, CALayer) in
                let root = canvas(60, 40)
                root.addSublayer(solid(CGRect(x: 30, y: 5, width: 20, height: 30), 0.2, 0.6, 0.9))
                let mover = solid(CGRect(x: 0, y: 0, width: 12, height: 12), 1, 0.3, 0)
                mover.cornerRadius = 4
                root.addSublayer(mover)
                return (root, mover)
            }
            window.rootLayer = root
            for step in 0..<5 {
                scene { mover.position = CGPoint(x: 8 + Double(step) * 7.3, y: 10 + Double(step) * 3.1) }
                window.drawFrame()
            }
            #expect(window.framesPresented == 5)
            return try #require(window.capture())
        }
        let surface = try shown(.automatic), rendered = try shown(.renderer)
        let difference = try #require(Golden.compare(surface, rendered, channelTolerance: 1))
        #expect(difference.differingPixels == 0, "\(difference)")
        #expect(near(surface.rgba(45, 8), (51, 153, 230, 255)), "the blue layer shows")
        #expect(near(surface.rgba(37, 22), (255, 76, 0, 255)), "the mover shows where it went last")
    }

    @Test func changesShowOnTheNextFrameAndIdleFramesAreNotPresented() throws {
        let window = try LayerWindow(size: CGSize(width: 40, height: 40), videoDriver: "offscreen")
        let (root, square) = scene { () -> (CALayer, CALayer) in
            let root = canvas(40, 40)
            let square = solid(CGRect(x: 0, y: 0, width: 40, height: 40), 0, 0, 1)
            root.addSublayer(square)
            return (root, square)
        }
        window.rootLayer = root
        window.run(for: 0.2)
        let presented = window.framesPresented
        #expect(presented == 1)  // nothing changed after the first frame
        scene { square.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        window.run(for: 0.1)
        #expect(window.framesPresented > presented)
        #expect(near(try #require(window.capture()).rgba(20, 20), (0, 255, 0, 255)))
    }

    /// Issue 14: on the real clock (seconds since boot, never 0), a library-style indicator — a
    /// repeating group whose child starts late and reaches its value at 70 % — keeps animating
    /// in the window instead of freezing on its first frame.
    @Test func aRepeatingGroupKeepsAnimatingOnTheSystemClock() throws {
        let window = try LayerWindow(size: CGSize(width: 40, height: 40), videoDriver: "offscreen")
        let (root, dot) = scene { () -> (CALayer, CALayer) in
            let root = canvas(40, 40)
            let dot = solid(CGRect(x: 0, y: 0, width: 40, height: 40), 0, 0, 1)
            root.addSublayer(dot)
            return (root, dot)
        }
        window.rootLayer = root
        #expect(CACurrentMediaTime() > 1, "the system clock: not a recording's clock at 0")
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1, 0]
        fade.keyTimes = [0, 0.7]
        fade.duration = 0.4
        fade.beginTime = 0.1
        let group = CAAnimationGroup()
        group.animations = [fade]
        group.duration = 0.5
        group.repeatCount = HUGE
        scene { dot.add(group, forKey: "indicator") }
        // Blue over white: the red channel shows the fade (0 opaque → 255 transparent).
        let reds = try (0..<12).map { _ -> Int in
            window.run(for: 0.04)
            return try #require(window.capture()).rgba(20, 20).r
        }
        #expect(Set(reds).count >= 4, "the picture changes from frame to frame: \(reds)")
        #expect(reds.contains { $0 < 60 } && reds.contains { $0 > 150 }, "it fades out and comes back: \(reds)")
    }

    /// While something animates the window draws at the rate the animations want (60 a second
    /// by default), not once in its quarter-second idle wait. Bounds are loose: a busy machine
    /// drops frames, but never draws more than asked.
    @Test func animatingWindowsDrawAtTheRateTheAnimationsWant() throws {
        func framesDrawn(preferring rate: Float?) throws -> Int {
            let window = try windowWithAMovingDot(preferring: rate)
            window.run(for: 0.05)
            let before = window.framesPresented
            window.run(for: 0.5)
            return window.framesPresented - before
        }
        let byDefault = try framesDrawn(preferring: nil)
        #expect(byDefault >= 10 && byDefault <= 32, "about 30 frames in half a second at 60 fps: \(byDefault)")
        let slow = try framesDrawn(preferring: 8)
        #expect(slow >= 2 && slow <= 6, "about 4 frames in half a second at 8 fps: \(slow)")
    }

    /// Wake-ups between frames (here a 2 ms run-loop timer, as another window's events or a
    /// display link would be) never draw extra frames; the statistics hold every presented frame.
    @Test func wakeUpsBetweenFramesDrawNoExtraFrames() throws {
        let window = try windowWithAMovingDot(preferring: nil)
        final class Count: @unchecked Sendable { var value = 0 }  // touched on this thread only
        let wakeUps = Count()
        let busy = Timer(timeInterval: 0.002, repeats: true) { _ in wakeUps.value += 1 }
        RunLoop.current.add(busy, forMode: .default)
        defer { busy.invalidate() }
        window.run(for: 0.05)
        window.statistics.reset()
        let before = window.framesPresented
        window.run(for: 0.4)
        let summary = try #require(window.statistics.summary)
        #expect(wakeUps.value > 60, "the timer woke the loop often: \(wakeUps.value)")
        #expect(summary.frames == window.framesPresented - before)
        #expect(summary.frames >= 6 && summary.frames <= 26, "at most 60 a second: \(summary)")
        // The gate is 1/60 s less half a millisecond; the tolerance is that half millisecond.
        let smallest = summary.frames > 1 ? summary.medianInterval : 1
        #expect(smallest >= 1.0 / 60 - 0.0006, "\(summary)")
    }

    /// A 20-point window whose red dot slides 10 points over 10 seconds (animating throughout),
    /// at `rate` frames a second if given.
    private func windowWithAMovingDot(preferring rate: Float?) throws -> LayerWindow {
        let window = try LayerWindow(size: CGSize(width: 20, height: 20), videoDriver: "offscreen")
        let (root, dot) = scene { () -> (CALayer, CALayer) in
            let root = canvas(20, 20)
            let dot = solid(CGRect(x: 0, y: 0, width: 10, height: 10), 1, 0, 0)
            root.addSublayer(dot)
            return (root, dot)
        }
        window.rootLayer = root
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5
        move.toValue = 15
        move.duration = 10
        if let rate { move.preferredFrameRateRange = CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate) }
        scene { dot.add(move, forKey: "move") }
        return window
    }

    @Test func displayLinksFireFromTheWindowsRunLoop() throws {
        let window = try LayerWindow(size: CGSize(width: 20, height: 20), videoDriver: "offscreen")
        window.rootLayer = scene { canvas(20, 20) }
        var ticks: [CFTimeInterval] = []
        let link = CADisplayLink { link in ticks.append(link.timestamp) }
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 30, preferred: 30)
        link.add(to: .current, forMode: .default)
        window.run(for: 0.5)
        link.invalidate()
        // 30 a second for half a second: about 15 (timers on a busy machine may slip).
        #expect(ticks.count >= 8 && ticks.count <= 17)
        #expect(abs(link.duration - 1.0 / 30) < 1e-12)
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 < $1 })
        let count = ticks.count
        window.run(for: 0.1)
        #expect(ticks.count == count)  // invalidated: no more calls
    }

    @Test func withoutADisplayTheErrorSuggestsDemo() {
        do {
            _ = try LayerWindow(size: CGSize(width: 20, height: 20), videoDriver: "no-such-driver")
            Issue.record("expected an error")
        } catch let error as WindowError {
            #expect(error.message.contains("strata demo"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: WindowError.self) { try LayerWindow(size: CGSize(width: 0, height: 20), videoDriver: "offscreen") }
    }
}
