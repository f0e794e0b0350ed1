/// Finds the keyframe segment holding a progress value in a non-decreasing key-time array, with a
/// cached index (the caller's cursor) so that playback, which moves forward a little each frame,
/// costs O(1); any other jump falls back to binary search. Never allocates.
enum SegmentLocator {
    /// The largest `i` in `0..<segmentCount` with `keyTimes[i] ≤ p`, or 0 when `p` precedes
    /// `keyTimes[0]` (NaN counts as before). Equal key times therefore resolve to the later
    /// segment: at a repeated key time the later value wins (spec §4.4).
    ///
    /// - Precondition: `segmentCount ≥ 1` and `keyTimes.count ≥ segmentCount`.
    /// - Parameter cursor: the previous answer; updated to this one.
    @inline(__always)
    static func segment<Times: RandomAccessCollection<Double>>(
        containing p: Double, in keyTimes: Times, segmentCount: Int, cursor: inout Int
    ) -> Int where Times.Index == Int {
        let last = segmentCount - 1
        func fits(_ i: Int) -> Bool {
            keyTimes[i] <= p && (i == last || !(keyTimes[i + 1] <= p))
        }
        let c = cursor
        if c >= 0 && c <= last {
            if fits(c) { return c }
            if c < last && fits(c + 1) {
                cursor = c + 1
                return c + 1
            }
        }
        // Binary search for the last i ≤ last with keyTimes[i] ≤ p.
        guard keyTimes[0] <= p else {
            cursor = 0
            return 0
        }
        var lo = 0
        var hi = last
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyTimes[mid] <= p { lo = mid } else { hi = mid - 1 }
        }
        cursor = lo
        return lo
    }
}
