// Validation of CAKeyframeAnimation's optional arrays, done once when the track is built. Every
// rejected input has a documented fallback and produces one warning string for the caller to
// report; nothing here traps (unsupported input is not a programmer error).

/// The build-time checks of keyframe inputs.
enum KeyframeValidation {
    /// Even spacing: `count` entries i/(count − 1). For n interpolated keyframes pass n (i/(n−1));
    /// for n discrete values pass n + 1 (i/n, spec §4.3 default discrete spacing (?)).
    static func evenKeyTimes(count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        let last = Double(count - 1)
        return (0..<count).map { Double($0) / last }
    }

    /// `keyTimes` if valid for `count` entries, else even spacing plus a warning. Valid means:
    /// exactly `count` entries, all finite, non-decreasing (spec §4.3; Apple ignores invalid key
    /// times). Key times need not start at 0 nor end at 1: as observed on iOS (`keyTimes = [0,
    /// 0.7]`), the first value holds before the first key time and the last value after the last.
    /// Entries outside 0…1 are kept as given, so the animation shows the stretch of its keyframes
    /// between 0 and 1 (`[-0.5, 0.5, 1.5]` starts and ends halfway along its segments): lottie-ios
    /// writes the keyframes of a layer that lie before and after its range so, and on iOS a key
    /// time past 1 is not ignored: its value is simply never reached.
    static func keyTimes(
        _ keyTimes: [Double]?, count: Int, mode: CalculationMode, warnings: inout [String]
    ) -> [Double] {
        guard let keyTimes else { return evenKeyTimes(count: count) }
        if let problem = problem(keyTimes, count: count, mode: mode) {
            warnings.append("keyTimes ignored: \(problem); using even spacing")
            return evenKeyTimes(count: count)
        }
        return keyTimes
    }

    /// Drops a repeated keyframe at either end whose key time lies past its neighbour's:
    /// lottie-ios puts a key time of 0 before a first key time below 0 (`[0, −0.1, 0.4, …]`, the
    /// first value twice) and of 1 after a last one above 1 (`[…, 0.8, 1.3, 1]`, the last value
    /// twice). Searched as Core Animation's segments are (the first whose end lies past the
    /// progress), such a segment is never chosen, and the value is the same either way; what
    /// remains then increases. Only repeated values are dropped, so no reading of other reversed
    /// key times is assumed (they still fall back to even spacing). The key times count n
    /// values (n + 1 for discrete); `curves` (one a segment) follow. nil when nothing is dropped.
    static func trimmingUnreachableEnds<Value: Equatable>(
        values: [Value], keyTimes: [Double]?, curves: [TimingCurve]?, mode: CalculationMode
    ) -> (values: [Value], keyTimes: [Double], curves: [TimingCurve]?)? {
        guard mode == .linear || mode == .discrete, var k = keyTimes else { return nil }
        let extra = mode == .discrete ? 1 : 0
        guard k.count == values.count + extra, k.allSatisfy(\.isFinite) else { return nil }
        var v = values
        var c = curves.flatMap { $0.count == values.count - 1 ? $0 : nil }
        var changed = false
        while v.count > 2, k[0] > k[1], v[0] == v[1] {
            k.removeFirst()
            v.removeFirst()
            c?.removeFirst()
            changed = true
        }
        while v.count > 2, k[k.count - 1] < k[k.count - 2], v[v.count - 1] == v[v.count - 2] {
            k.removeLast()
            v.removeLast()
            c?.removeLast()
            changed = true
        }
        guard changed else { return nil }
        return (v, k, c ?? curves)
    }

    private static func problem(_ k: [Double], count: Int, mode: CalculationMode) -> String? {
        if k.count != count {
            let per = mode == .discrete ? "one more than the number of values" : "one per keyframe"
            return "expected \(count) entries (\(per)) for calculationMode '\(mode.rawValue)', got \(k.count)"
        }
        if let i = k.firstIndex(where: \.isNaN) { return "entry \(i) is NaN" }
        if let i = k.firstIndex(where: { !$0.isFinite }) { return "entry \(i) (\(k[i])) is not finite" }
        for i in 1..<k.count where k[i] < k[i - 1] {
            return "entries must not decrease (entry \(i) is \(k[i]) after \(k[i - 1]))"
        }
        return nil
    }

    /// Per-segment curve indices into the deduplicated `curves` (−1 = linear, which is skipped
    /// at evaluation). Timing functions apply only in linear and cubic modes (discrete and paced
    /// ignore them, spec §4.4 step 3, §4.5) and need exactly one per segment.
    static func curves(
        _ functions: [TimingCurve]?, segmentCount: Int, mode: CalculationMode, warnings: inout [String]
    ) -> (indices: [Int32], curves: [TimingCurve]) {
        guard let functions, !functions.isEmpty else { return ([], []) }
        guard mode == .linear || mode == .cubic else {
            warnings.append("timingFunctions ignored in calculationMode '\(mode.rawValue)'")
            return ([], [])
        }
        guard functions.count == segmentCount else {
            warnings.append(
                "timingFunctions ignored: expected \(segmentCount) (one per segment), got \(functions.count)")
            return ([], [])
        }
        // Dedupe; linear curves are identities and become −1 (evaluation skips them).
        var curves: [TimingCurve] = []
        var lookup: [TimingCurve: Int32] = [:]
        var indices: [Int32] = []
        indices.reserveCapacity(segmentCount)
        for f in functions {
            if f == .linear {
                indices.append(-1)
            } else if let i = lookup[f] {
                indices.append(i)
            } else {
                let i = Int32(curves.count)
                curves.append(f)
                lookup[f] = i
                indices.append(i)
            }
        }
        if curves.isEmpty { return ([], []) }
        return (indices, curves)
    }

    /// One of tension / continuity / bias: `count` entries each clamped to −1…1 (NaN → 0), or
    /// all zeros when missing or of the wrong count (spec §4.6: unspecified ⇒ 0).
    static func splineParameter(
        _ values: [Double]?, name: String, count: Int, warnings: inout [String]
    ) -> [Double] {
        let zeros = [Double](repeating: 0, count: count)
        guard let values else { return zeros }
        guard values.count == count else {
            warnings.append("\(name) ignored: expected \(count) (one per keyframe), got \(values.count); using 0")
            return zeros
        }
        return values.enumerated().map { i, v in
            if v.isNaN {
                warnings.append("\(name) entry \(i) is NaN; using 0")
                return 0
            }
            if v < -1 || v > 1 {
                warnings.append("\(name) entry \(i) (\(v)) clamped to -1…1")
                return min(1, max(-1, v))
            }
            return v
        }
    }
}
