import QuartzCore
import Testing

@Suite struct MediaClockTests {
    @Test func systemMediaTimeIsMonotonicSeconds() {
        let a = CACurrentMediaTime()
        let b = CACurrentMediaTime()
        #expect(a > 0 && b >= a)
    }

    @Test func aTaskLocalManualClockControlsMediaTime() {
        let clock = MediaClock.Manual(time: 100)
        MediaClock.withClock(clock) {
            #expect(CACurrentMediaTime() == 100)
            clock.advance(by: 0.25)
            #expect(CACurrentMediaTime() == 100.25)
            // Bad input: media time never runs backwards or by NaN.
            clock.advance(by: -1)
            clock.advance(by: .nan)
            #expect(CACurrentMediaTime() == 100.25)
        }
        #expect(CACurrentMediaTime() != 100.25)
    }
}
