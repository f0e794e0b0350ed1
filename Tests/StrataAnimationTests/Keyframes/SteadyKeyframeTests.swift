import StrataAnimation
import Testing

@Suite("Keyframe tracks: where they hold still")
struct SteadyKeyframeTests {
    /// Discrete keyframes hold each value over its segment, neighbours showing an equal value
    /// joining it; the first and last runs are open-ended (values hold beyond the key times).
    @Test func discreteRunsOfEqualValuesHoldOverTheirKeyTimes() throws {
        let track = try #require(scalarTrack([1, 2, 2, 3], keyTimes: [0, 0.25, 0.5, 0.75, 1], mode: .discrete))
        #expect(track.steadyProgress(around: 0.1)! == (-.infinity, 0.25))
        #expect(track.steadyProgress(around: 0.3)! == (0.25, 0.75))
        #expect(track.steadyProgress(around: 0.6)! == (0.25, 0.75))
        #expect(track.steadyProgress(around: 0.9)! == (0.75, .infinity))
    }

    /// Linear keyframes hold only over flat segments (equal neighbours), which chain; a moving
    /// segment has no steady range, and a cubic track none unless constant.
    @Test func linearTracksHoldOnlyOverFlatSegments() throws {
        let track = try #require(scalarTrack([0, 1, 1, 1, 2], keyTimes: [0, 0.25, 0.5, 0.75, 1]))
        #expect(track.steadyProgress(around: 0.1) == nil)
        #expect(track.steadyProgress(around: 0.3)! == (0.25, 0.75))
        #expect(track.steadyProgress(around: 0.74)! == (0.25, 0.75))
        #expect(track.steadyProgress(around: 0.8) == nil)
        let held = try #require(scalarTrack([5, 5, 7], keyTimes: [0, 0.5, 1]))
        #expect(held.steadyProgress(around: -0.5)! == (-.infinity, 0.5), "the first segment extrapolates its held value")
        let cubic = try #require(scalarTrack([0, 1, 1, 2], keyTimes: [0, 0.3, 0.6, 1], mode: .cubic))
        #expect(cubic.steadyProgress(around: 0.45) == nil)
        let constant = try #require(scalarTrack([4, 4, 4], mode: .cubic))
        #expect(constant.steadyProgress(around: 0.5)! == (-.infinity, .infinity))
    }

    /// Inside every range it gives, the track's value is the one at the probe, exactly.
    @Test func theValueIsTheSameEverywhereInARange() throws {
        let track = try #require(scalarTrack([0, 3, 3, 3, 1, 1, 8], keyTimes: [0, 0.1, 0.2, 0.45, 0.6, 0.9, 1]))
        for k in 0...200 {
            let p = Double(k) / 200
            guard let range = track.steadyProgress(around: p) else { continue }
            var cursor = 0
            let value = track.value(at: p, cursor: &cursor)
            for j in 1..<50 {
                let lo = max(range.lo, -1), hi = min(range.hi, 2)
                let q = lo + (hi - lo) * Double(j) / 50
                #expect(track.value(at: q, cursor: &cursor) == value, "p = \(p), q = \(q) in \(range)")
            }
        }
    }
}
