import StrataWindow
import Testing

/// The window's frame clock, at three clock origins (0, ≈ 10⁶ s, a fractional one): frames stay
/// on the clock's slots when each is drawn a little late, never come faster than the rate, and a
/// frame more than an interval late starts the clock again from then.
@Suite struct FrameClockTests {
    static let origins = [0, 1_000_000.0, 4_321.123_456_7]
    static let interval = 1 / 60.0

    /// 600 frames each drawn 0.9 ms after its slot (a sleep rounded up to whole milliseconds):
    /// still 60 a second (the 600th slot 10 s on, within a microsecond); the old rule (an interval
    /// from the late draw, less half a millisecond) drifted 0.4 ms a frame.
    @Test(arguments: origins) func framesDrawnSlightlyLateKeepTheRate(origin: Double) {
        var slot = origin
        for _ in 0..<600 {
            let drawn = slot + 0.0009
            let next = FrameClock.nextSlot(after: slot, drawnAt: drawn, interval: Self.interval)
            #expect(next > drawn, "the next frame is due after this one")
            slot = next
        }
        #expect(abs(slot - (origin + 600 * Self.interval)) < 1e-6, "origin \(origin): \(slot - origin)")
    }

    /// Frames drawn on time or early in their slot: slots exactly an interval apart, never closer.
    @Test(arguments: origins) func slotsAreNeverCloserThanAnInterval(origin: Double) {
        var slot = origin
        for k in 0..<100 {
            let drawn = slot + Double(k % 7) * 0.002  // 0 to 12 ms late
            let next = FrameClock.nextSlot(after: slot, drawnAt: drawn, interval: Self.interval)
            #expect(next - slot >= Self.interval - 1e-9, "origin \(origin), frame \(k)")
            slot = next
        }
    }

    /// A frame drawn 25 ms after its slot (more than an interval): the next is due an interval
    /// after it, not at once (no frames back to back to catch up).
    @Test(arguments: origins) func aFrameMoreThanAnIntervalLateRestartsTheClock(origin: Double) {
        let drawn = origin + 0.025
        let next = FrameClock.nextSlot(after: origin, drawnAt: drawn, interval: Self.interval)
        #expect(abs(next - (drawn + Self.interval)) < 1e-9, "origin \(origin)")
    }
}
