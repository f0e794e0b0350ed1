// Fallbacks for timing input that the maths cannot use. Unsupported input is a recorded
// issue, never a crash (architecture.md §2 rule 11): the caller logs the returned warnings.

extension MediaTiming {
    /// A copy with every unusable property replaced by a documented fallback, and one warning
    /// per replacement. Call it once, when the animation is added (not per frame).
    ///
    /// | property | input | becomes |
    /// |---|---|---|
    /// | `duration` | NaN, ±∞, < 0 | `defaultDuration` (0 is kept: "not yet substituted") |
    /// | `beginTime`, `timeOffset` | NaN, ±∞ | 0 |
    /// | `speed` | NaN, ±∞ | 1 (0 = paused and negative = reversed are valid) |
    /// | `repeatCount` | NaN, < 0 | 0 |
    /// | `repeatCount` | ≥ `Float.greatestFiniteMagnitude`, +∞ | +∞ (forever; no warning) |
    /// | `repeatDuration` | NaN, < 0 | 0 (+∞ = forever is valid) |
    ///
    /// Setting both `repeatCount` and `repeatDuration` (> 0) is undefined in Apple's API; it is
    /// kept (`repeatDuration` wins, see ``activeDuration``) but reported.
    ///
    /// - Parameter defaultDuration: the duration substituted for a bad one, in seconds.
    /// - Returns: the usable timing and human-readable warnings (empty when nothing changed).
    package func sanitized(defaultDuration: Double = MediaTiming.defaultDuration)
        -> (timing: MediaTiming, warnings: [String])
    {
        var t = self
        var warnings: [String] = []

        if duration.isNaN || duration.isInfinite || duration < 0 {
            warnings.append("duration \(duration) is not usable; using \(defaultDuration) s")
            t.duration = defaultDuration
        }
        if !beginTime.isFinite {
            warnings.append("beginTime \(beginTime) is not finite; using 0")
            t.beginTime = 0
        }
        if !timeOffset.isFinite {
            warnings.append("timeOffset \(timeOffset) is not finite; using 0")
            t.timeOffset = 0
        }
        if !speed.isFinite {
            warnings.append("speed \(speed) is not finite; using 1")
            t.speed = 1
        }
        if repeatCount.isNaN || repeatCount < 0 {
            warnings.append("repeatCount \(repeatCount) is not usable; using 0")
            t.repeatCount = 0
        } else if repeatCount >= Self.foreverRepeatCount {
            t.repeatCount = .infinity  // Apple's documented "forever"; normalised silently
        }
        if repeatDuration.isNaN || repeatDuration < 0 {
            warnings.append("repeatDuration \(repeatDuration) is not usable; using 0")
            t.repeatDuration = 0
        }
        if t.repeatCount > 0 && t.repeatDuration > 0 {
            warnings.append(
                "repeatCount and repeatDuration are both set (undefined in Core Animation); "
                    + "repeatDuration \(t.repeatDuration) s wins")
        }
        return (t, warnings)
    }
}
