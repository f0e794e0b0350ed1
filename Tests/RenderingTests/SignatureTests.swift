import CoreGraphics
import Foundation
import StrataRender
import Testing

/// A `Signature` tells a layer's frame from its last: equal words give equal signatures, a
/// change of any one word always gives another (metric: exact equality of the results).
@Suite("Render: change signatures")
struct SignatureTests {
    private func signature(_ words: [UInt64]) -> Int {
        var s = Signature()
        for word in words { s.combine(word) }
        return s.finalize()
    }

    @Test func equalWordsGiveEqualSignaturesAndOneChangedWordAnother() {
        var random = SplitMix(seed: 64)
        var missed: [String] = []
        for trial in 0..<2_000 {
            let count = Int(random.next() % 24) + 1
            let words = (0..<count).map { _ in random.next() }
            #expect(signature(words) == signature(words))
            // Tried: one word changed by a single bit, by a random value, and to 0 and ~0.
            var changed = words
            let at = Int(random.next() % UInt64(count))
            switch trial % 3 {
            case 0: changed[at] ^= 1 << (random.next() % 64)
            case 1: changed[at] &+= random.next() | 1
            default: changed[at] = changed[at] == 0 ? ~0 : 0
            }
            if signature(changed) == signature(words) { missed.append("trial \(trial): word \(at) of \(count)") }
        }
        #expect(missed.isEmpty, "\(missed.prefix(5))")
        // Order matters; so does length (a trailing zero word is a word).
        #expect(signature([1, 2]) != signature([2, 1]))
        #expect(signature([7]) != signature([7, 0]))
    }

    @Test func valuesAreCombinedAsTheyDraw() {
        func of(_ body: (inout Signature) -> Void) -> Int {
            var s = Signature()
            body(&s)
            return s.finalize()
        }
        // Zero of either sign draws the same: one value. A colour, an absent colour and an
        // absent list are each told apart from the others.
        #expect(of { $0.combine(0.0) } == of { $0.combine(-0.0) })
        #expect(of { $0.combine(1.0) } != of { $0.combine(-1.0) })
        #expect(of { $0.combine(Float(0.5)) } == of { $0.combine(0.5) })
        #expect(of { $0.combine(RGBA?.none) } != of { $0.combine(RGBA(r: 0, g: 0, b: 0, a: 0)) })
        #expect(of { $0.combine([Double]?.none) } != of { $0.combine([Double]()) })
        #expect(of { $0.combine([0.25, 0.5]) } != of { $0.combine([0.5, 0.25]) })
        #expect(of { $0.combine(UInt64?.none) } != of { $0.combine(UInt64?.some(0)) })
    }
}
