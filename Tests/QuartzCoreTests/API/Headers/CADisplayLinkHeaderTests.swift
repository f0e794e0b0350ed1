import QuartzCore
import Testing

// CADisplayLink.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a CGFloat converts implicitly to Double).
@Suite struct CADisplayLinkHeaderTests {
    @Test func creationAndRunLoop() {
        // Linux: Apple's `CADisplayLink(target: self, selector: #selector(step(_:)))` needs the
        // Objective-C runtime; on Linux the selector is a block receiving the link,
        // `CADisplayLink(handler:)`.
        let link = CADisplayLink(handler: { (_: CADisplayLink) in })
        let _: (RunLoop, RunLoop.Mode) -> Void = link.add(to:forMode:)
        let _: (RunLoop, RunLoop.Mode) -> Void = link.remove(from:forMode:)
        let _: () -> Void = link.invalidate
        #expect(!link.isPaused, "initial state is not paused")
        link.invalidate()
    }

    @Test func timingProperties() {
        let link = CADisplayLink(handler: { _ in })  // Linux: CADisplayLink(target:selector:) on Apple
        let _: CFTimeInterval.Type = type(of: link.timestamp)
        let _: CFTimeInterval.Type = type(of: link.duration)
        let _: CFTimeInterval.Type = type(of: link.targetTimestamp)
        let _: Bool = link.isPaused
        link.isPaused = true
        #expect(link.isPaused)
        link.isPaused = false
        let _: Int = link.frameInterval  // deprecated since iOS 10, still declared
        #expect(link.frameInterval == 1, "default value is one")
        let _: Int = link.preferredFramesPerSecond
        #expect(link.preferredFramesPerSecond == 0, "zero, the default, is the display's native cadence")
        link.preferredFramesPerSecond = 30
        #expect(link.preferredFramesPerSecond == 30)
        let _: CAFrameRateRange = link.preferredFrameRateRange
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 60, preferred: 30)
        #expect(link.preferredFrameRateRange.maximum == 60)
        #expect(link.duration >= 0)
        link.invalidate()
    }
}
