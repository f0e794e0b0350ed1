import StrataWindow
import Testing

/// The window host's frame-time record: a fixed ring of the last frames and its summary.
@Suite struct FrameStatisticsTests {
    @Test func summarisesIntervalsDrawTimesAndRate() throws {
        var stats = FrameStatistics(capacity: 8)
        #expect(stats.summary == nil, "no frames: no summary")
        // Frames at 0, 0.02, 0.04, 0.07, 0.09 s taking 1, 2, 3, 4, 10 ms.
        for (t, d) in zip([0, 0.02, 0.04, 0.07, 0.09], [0.001, 0.002, 0.003, 0.004, 0.010]) {
            stats.record(presentedAt: 1_000_000 + t, drawTime: d)
        }
        let s = try #require(stats.summary)
        #expect(s.frames == 5)
        #expect(abs(s.framesPerSecond - 4 / 0.09) < 1e-6)
        #expect(abs(s.medianInterval - 0.02) < 1e-9)  // intervals 0.02, 0.02, 0.03, 0.02
        #expect(abs(s.maxInterval - 0.03) < 1e-9)
        #expect(abs(s.medianDrawTime - 0.003) < 1e-12)
        #expect(abs(s.p95DrawTime - 0.010) < 1e-12)
        let recent = try #require(stats.summary(since: 1_000_000.05))
        #expect(recent.frames == 2, "frames at 0.07 and 0.09 s")
        #expect(stats.summary(since: 1_000_001) == nil)
    }

    @Test func keepsOnlyTheLastFramesInOrder() throws {
        var stats = FrameStatistics(capacity: 4)
        for i in 0..<10 { stats.record(presentedAt: Double(i) * 0.5, drawTime: Double(i)) }
        #expect(stats.count == 10)
        let s = try #require(stats.summary)
        #expect(s.frames == 4, "frames 6…9 kept")
        #expect(s.maxDrawTime == 9 && s.medianDrawTime == 7)
        #expect(abs(s.medianInterval - 0.5) < 1e-12 && abs(s.maxInterval - 0.5) < 1e-12, "wrapped in order, no negative gap")
        stats.reset()
        #expect(stats.summary == nil)
    }
}
