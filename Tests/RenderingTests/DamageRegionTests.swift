import CoreGraphics
import Foundation
import Testing

@testable import StrataCompositor

@Suite("Damage region: merging a frame's boxes")
struct DamageRegionTests {
    /// The pair rule written plainly, as it was before each row kept its cheapest pair: every
    /// choice scans every live pair, the first of equal costs in row order wins.
    private static func referenceMergedByPairs(_ input: [CGRect]) -> [CGRect] {
        var rects = input
        var alive = [Bool](repeating: true, count: rects.count)
        func cost(_ a: CGRect, _ b: CGRect) -> Double {
            let sum = a.width * a.height + b.width * b.height
            let w = max(a.maxX, b.maxX) - min(a.minX, b.minX)
            let h = max(a.maxY, b.maxY) - min(a.minY, b.minY)
            return (w * h - sum) / max(sum, 1)
        }
        var remaining = rects.count
        while remaining > 1 {
            var best = (i: 0, j: 0, cost: Double.infinity)
            for i in rects.indices where alive[i] {
                for j in (i + 1)..<rects.count where alive[j] && cost(rects[i], rects[j]) < best.cost {
                    best = (i, j, cost(rects[i], rects[j]))
                }
            }
            guard best.cost <= 0.25 || remaining > DamageRegion.maxRectangles, best.cost.isFinite else { break }
            rects[best.i] = rects[best.i].union(rects[best.j])
            alive[best.j] = false
            remaining -= 1
        }
        return rects.indices.filter { alive[$0] }.map { rects[$0] }
    }

    /// Whole-pixel boxes on a coarse grid (many equal costs, so ties are exercised), from a seed.
    private static func boxes(count: Int, seed: UInt64) -> [CGRect] {
        var state = seed | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        return (0..<count).map { _ in
            CGRect(x: 8 * next(40), y: 8 * next(40), width: 8 * (1 + next(6)), height: 8 * (1 + next(6)))
        }
    }

    @Test func pairsMergeExactlyAsEveryPairScannedAtEachChoice() {
        // 600 random sets of 2 to 64 boxes (the most the pair rule is given), many of them tied.
        for seed in 1...600 as ClosedRange<UInt64> {
            let input = Self.boxes(count: 2 + Int(seed % 63), seed: seed &* 0x9E37_79B9_7F4A_7C15)
            let fast = DamageRegion.mergedByPairs(input)
            let reference = Self.referenceMergedByPairs(input)
            #expect(fast == reference, "seed \(seed): \(input.count) boxes")
            if fast != reference { return }
        }
    }

    @Test func manyBoxesEndAtMostTheLimitAndCoverEveryBox() {
        let input = Self.boxes(count: 64, seed: 7)
        let merged = DamageRegion.mergedByPairs(input)
        #expect(merged.count <= DamageRegion.maxRectangles)
        for box in input { #expect(merged.contains { $0.contains(box) }, "\(box) is not inside any merged rectangle") }
    }

    @Test func boxesFarApartStaySeparate() {
        let input = [CGRect(x: 0, y: 0, width: 8, height: 8), CGRect(x: 400, y: 400, width: 8, height: 8)]
        #expect(DamageRegion.mergedByPairs(input) == input)
    }
}
