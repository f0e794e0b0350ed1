import Foundation

/// Frame times a window host measured: when each presented frame was shown and how long it took
/// to make (evaluate, composite, upload, present), in seconds. Keeps the last `capacity` frames in
/// buffers allocated once, so recording costs nothing a frame.
public struct FrameStatistics: Sendable {
    /// A summary of the frames kept.
    public struct Summary: Sendable, Equatable, CustomStringConvertible {
        /// Frames presented (of those kept).
        public var frames: Int
        /// Frames a second over the span from the first to the last frame kept.
        public var framesPerSecond: Double
        /// Time from one presented frame to the next (seconds): median, 95th percentile, largest.
        public var medianInterval: Double, p95Interval: Double, maxInterval: Double
        /// Time spent making a frame (seconds): median, 95th percentile, largest.
        public var medianDrawTime: Double, p95DrawTime: Double, maxDrawTime: Double

        public var description: String {
            func ms(_ s: Double) -> String { String(format: "%.2f", s * 1000) }
            return "\(frames) frames, \(String(format: "%.1f", framesPerSecond)) fps; "
                + "interval ms median \(ms(medianInterval)) p95 \(ms(p95Interval)) max \(ms(maxInterval)); "
                + "draw ms median \(ms(medianDrawTime)) p95 \(ms(p95DrawTime)) max \(ms(maxDrawTime))"
        }
    }

    /// How many recent frames are kept.
    public let capacity: Int
    private var presentedAt: [Double]
    private var drawTimes: [Double]
    private var next = 0
    /// Frames recorded since the last reset (may exceed `capacity`).
    public private(set) var count = 0

    public init(capacity: Int = 4096) {
        self.capacity = max(2, capacity)
        presentedAt = Array(repeating: 0, count: self.capacity)
        drawTimes = Array(repeating: 0, count: self.capacity)
    }

    /// Records a frame presented at `time` (media time, seconds) that took `drawTime` seconds.
    public mutating func record(presentedAt time: Double, drawTime: Double) {
        presentedAt[next] = time
        drawTimes[next] = drawTime
        next = (next + 1) % capacity
        count += 1
    }

    /// Forgets the frames recorded so far.
    public mutating func reset() {
        next = 0
        count = 0
    }

    /// The kept frames in the order they were presented.
    private func kept(_ values: [Double]) -> [Double] {
        guard count > capacity else { return Array(values[0..<count]) }
        return Array(values[next...] + values[..<next])
    }

    /// Nil until at least one frame was recorded.
    public var summary: Summary? { summary(since: -.infinity) }

    /// The frames kept that were presented at or after `time` (media time, seconds); nil if none.
    public func summary(since time: Double) -> Summary? {
        let all = kept(presentedAt)
        let start = all.firstIndex { $0 >= time } ?? all.count
        let times = Array(all[start...]), draws = Array(kept(drawTimes)[start...])
        guard let first = times.first, let last = times.last else { return nil }
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }
        let span = last - first
        return Summary(
            frames: times.count,
            framesPerSecond: span > 0 ? Double(times.count - 1) / span : 0,
            medianInterval: Self.percentile(intervals, 0.5), p95Interval: Self.percentile(intervals, 0.95),
            maxInterval: intervals.max() ?? 0,
            medianDrawTime: Self.percentile(draws, 0.5), p95DrawTime: Self.percentile(draws, 0.95),
            maxDrawTime: draws.max() ?? 0)
    }

    /// The value at fraction `p` of the sorted values (nearest rank); 0 for none.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
