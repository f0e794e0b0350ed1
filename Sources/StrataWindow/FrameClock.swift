/// The window's frame clock: frames are due at steady slots an interval apart (seconds of media
/// time), so frames a second never exceed the rate asked for, and a frame drawn a little late
/// (a sleep that overslept by a millisecond) does not push every later one back.
package enum FrameClock {
    /// The slot after `slot` for a frame drawn at `now` (≥ `slot`): the next slot of the clock while
    /// the frame was less than an interval late; an interval from now when it was later (the clock
    /// starts again rather than drawing frames back to back to catch up).
    package static func nextSlot(after slot: Double, drawnAt now: Double, interval: Double) -> Double {
        let next = slot + interval
        return next > now ? next : now + interval
    }
}
