// The eight CAMediaTiming properties as one pure value, plus the durations derived from them.
// Spec: timing-and-animations.md §1.1 (properties and defaults), §1.2 (duration 0 → default),
// §1.4 (cycle and active duration). The pipeline that samples it is in TimingModel.swift.

// MARK: - FillMode

/// What a timed object shows outside its active interval (spec §1.5).
///
/// - `removed`: nothing (the layer shows its model value).
/// - `forwards`: after the end, the value at the end of the active duration persists.
/// - `backwards`: before the start, the first frame (progress at τ = 0) is shown.
/// - `both`: forwards and backwards.
package enum FillMode: Hashable, Sendable, CaseIterable {
    case removed, forwards, backwards, both

    /// True for `forwards` and `both`: the after phase holds the end-of-active value.
    package var fillsForwards: Bool { self == .forwards || self == .both }

    /// True for `backwards` and `both`: the before phase holds the start value.
    package var fillsBackwards: Bool { self == .backwards || self == .both }
}

// MARK: - MediaTiming

/// The CAMediaTiming properties of one animation (or layer), without any animation record
/// state such as `isRemovedOnCompletion`: timing stays pure and value-typed.
///
/// All times are in seconds. `beginTime` is in the **parent's** time; `duration`,
/// `timeOffset` and `repeatDuration` are in the object's own (active local) time.
/// `speed` and `repeatCount` are `Float` in Apple's API and arrive here widened to `Double`.
///
/// The defaults are Apple's (spec §1.1). `duration == 0` means "not yet substituted": Core
/// Animation replaces a non-positive duration with the transaction's animation duration
/// (0.25 s by default) when the animation is added to a layer — call
/// ``resolvingDefaultDuration(_:)`` at add time. Until then ``activeDuration`` is 0.
///
/// Evaluation (``sample(parentTime:)``) never reads a clock: the time is passed in.
package struct MediaTiming: Hashable, Sendable {
    /// When the object starts, in parent time (s). For animations, 0 is replaced by "now"
    /// at commit by the caller (spec §1.3); here it is taken literally.
    package var beginTime: Double
    /// Basic duration of one iteration (one leg), in seconds. ≤ 0 means "use the default".
    package var duration: Double
    /// Rate of local time relative to parent time. 0 pauses; negative runs backwards.
    package var speed: Double
    /// Offset added to active local time (s); shifts *where* in the animation sampling
    /// happens, wrapping around, without moving the active interval (spec §1.4).
    package var timeOffset: Double
    /// Number of iterations (cycles), may be fractional; 0 ⇒ one cycle; ∞ ⇒ forever.
    package var repeatCount: Double
    /// How long to keep repeating (s); 0 ⇒ ignored; wins over `repeatCount` when > 0.
    package var repeatDuration: Double
    /// Whether each cycle plays forwards then backwards (one cycle = two legs).
    package var autoreverses: Bool
    /// Behaviour outside the active interval.
    package var fillMode: FillMode

    /// Creates a timing with Apple's defaults for every omitted property.
    package init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// The duration Core Animation substitutes when none (≤ 0) is set: 1/4 s (spec §1.2).
    package static let defaultDuration: Double = 0.25

    /// `repeatCount` at or above this value (Swift's `Float.greatestFiniteMagnitude`, which
    /// Apple documents as "forever") repeats forever, like +∞ (`HUGE_VALF`).
    package static let foreverRepeatCount = Double(Float.greatestFiniteMagnitude)

    /// This timing with a non-positive or NaN `duration` replaced by `defaultDuration`
    /// (the transaction's `animationDuration`, 0.25 s unless overridden). Done once, at add
    /// time, on the layer's copy (spec §1.2, §5.5).
    package func resolvingDefaultDuration(_ defaultDuration: Double = MediaTiming.defaultDuration)
        -> MediaTiming
    {
        var copy = self
        if !(duration > 0) { copy.duration = defaultDuration }
        return copy
    }

    /// Whether `repeatCount` or `repeatDuration` asks to repeat forever.
    package var repeatsForever: Bool {
        if repeatDuration > 0 { return repeatDuration == .infinity }
        return repeatCount >= Self.foreverRepeatCount
    }

    /// The duration of one cycle, in seconds: `d`, or `2d` with autoreverses (a cycle is the
    /// forward leg plus the backward leg). 0 when `duration` is not a finite positive number
    /// (unresolved, or invalid input that ``sanitized(defaultDuration:)`` would replace).
    package var cycleDuration: Double {
        guard duration > 0, duration.isFinite else { return 0 }
        return autoreverses ? 2 * duration : duration
    }

    /// The active duration AD in seconds of active local time (spec §1.4):
    ///
    ///     repeatDuration > 0   → repeatDuration            (∞ allowed)
    ///     else repeatCount > 0 → repeatCount × cycle       (fractional allowed; forever → ∞)
    ///     else                 → cycle
    ///
    /// Setting both repeat properties is undefined in Apple's API; `repeatDuration` wins here.
    /// 0 when ``cycleDuration`` is 0 (an unresolved duration plays no active interval at all).
    package var activeDuration: Double {
        let cycle = cycleDuration
        guard cycle > 0 else { return 0 }
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatsForever ? .infinity : repeatCount * cycle }
        return cycle
    }
}
