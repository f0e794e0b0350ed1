import QuartzCore
import StrataAnimation
import Testing

/// Compact animations share their timings through their table: a frame samples each distinct
/// timing once. What a shared result gives must be exactly what sampling afresh gives, and
/// timings that differ in any property (or curve, or spring) must never be confused.
@Suite struct NumericAnimationTableTests {
    @Test(arguments: [0.0, 1_000_000.0, 0.37])
    func sharedResultsGiveWhatEachAnimationComputes(origin: Double) throws {
        // Animations differing from the first in one timing property each, in one table.
        var table = NumericAnimationTable()
        var compacts: [(String, NumericAnimation)] = []
        for (name, animation) in TimingMemoTests.variants() {
            animation.beginTime += origin
            let record = try #require(try records(animation).first, "\(name)")
            compacts.append((name, try compact(record, in: &table, name)))
        }
        #expect(table.timingCount == compacts.count, "every variant has a timing of its own")
        let underlying = SIMD4<Double>(0.9, 0, 0, 0)
        for step in -8...200 {
            let t = origin + Double(step) / 40
            // One frame; each animation twice (the second time from the frame's result).
            table.withFrame { frame in
                for pass in 0..<2 {
                    for i in compacts.indices {
                        var c1 = 0, c2 = 0
                        let fresh = NumericAnimation.evaluateUncached(
                            &compacts[i].1, in: frame, parentTime: t, underlying: underlying, cursor: &c1)
                        let shared = NumericAnimation.evaluate(
                            &compacts[i].1, in: frame, parentTime: t, underlying: underlying, cursor: &c2)
                        #expect(fresh == shared, "\(compacts[i].0) at t \(t) (pass \(pass))")
                    }
                }
            }
        }
    }

    @Test func animationsAddedTogetherShareOneTiming() throws {
        // 100 layers given the same fade and the same spring in one transaction: two timings,
        // one curve, one spring.
        let fade = basic("opacity", from: 0, to: 1, duration: 2)
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 10
        var table = NumericAnimationTable()
        for _ in 0..<100 {
            for animation in [fade, spring] as [CAAnimation] {
                _ = try compact(try #require(try records(animation).first), in: &table)
            }
        }
        #expect(table.timingCount == 2 && table.curves.count == 1 && table.springs.count == 1,
                "\(table.timingCount) timings, \(table.curves.count) curves, \(table.springs.count) springs")
    }

    @Test func layersBegunAtTheirOwnTimesKeepTheirOwnTimingsAndExactValues() throws {
        var table = NumericAnimationTable()
        var compacts: [NumericAnimation] = []
        for i in 0..<100 {
            let fade = basic("opacity", from: 0, to: 1, duration: 2)
            fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            fade.beginTime = -Double(i) * 0.001
            compacts.append(try compact(try #require(try records(fade).first), in: &table))
        }
        #expect(table.timingCount == 100 && table.curves.count == 1)
        table.withFrame { frame in
            for i in compacts.indices {
                var c1 = 0, c2 = 0
                let direct = NumericAnimation.evaluateUncached(&compacts[i], in: frame, parentTime: 0.7, underlying: SIMD4(), cursor: &c1)
                let shared = NumericAnimation.evaluate(&compacts[i], in: frame, parentTime: 0.7, underlying: SIMD4(), cursor: &c2)
                #expect(direct == shared && direct != nil, "layer \(i)")
            }
        }
    }

    @Test func aNaNTimeGivesNothingAndLeavesOtherTimesAlone() throws {
        // Tried: NaN as the frame time (also the bits a timing's result holds before any frame).
        let fade = basic("opacity", from: 0, to: 1, duration: 1)
        fade.fillMode = .both
        var table = NumericAnimationTable()
        var compact = try compact(try #require(try records(fade).first), in: &table)
        var cursor = 0
        for _ in 0..<3 {
            let v = table.withFrame { NumericAnimation.evaluate(&compact, in: $0, parentTime: .nan, underlying: SIMD4(), cursor: &cursor) }
            #expect(v == nil)
        }
        // A real time after it is computed, not taken from the NaN's result.
        let v = table.withFrame { NumericAnimation.evaluate(&compact, in: $0, parentTime: 0.5, underlying: SIMD4(), cursor: &cursor) }
        #expect(abs((v?.x ?? -1) - 0.5) < 1e-12, "half way: \(String(describing: v))")
    }

    @Test func compactRecordsFitInTwoCacheLines() {
        // Issue 16: a frame over 30,000 animations streams their records; at most 128 bytes each.
        #expect(MemoryLayout<NumericAnimation>.stride <= 128, "\(MemoryLayout<NumericAnimation>.stride) bytes")
    }
}
