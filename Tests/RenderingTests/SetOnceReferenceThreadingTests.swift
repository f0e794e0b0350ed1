import Foundation
import StrataRender
import Testing

/// `SetOnceReference` (a snapshot's table and topology, made by whichever thread asks first): of
/// objects stored by racing threads exactly one is kept and every thread gets it back; the
/// others are released, and the kept one with the reference. Run under ThreadSanitizer by
/// scripts/sanitize.sh (its filter matches "Threading").
@Suite("Render: set-once reference (threading)")
struct SetOnceReferenceThreadingTests {
    private final class Box: Sendable {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    /// A weak hold on an object, readable from any thread after the race.
    private final class WeakBox: @unchecked Sendable {
        weak var object: Box?
    }

    @Test func racingStoresKeepOneObjectEveryThreadSeesAndReleaseTheRest() {
        for round in 0..<200 {
            let threads = 8
            let weaks = (0..<threads).map { _ in WeakBox() }
            let kept = UnsafeMutableBufferPointer<Int>.allocate(capacity: threads)
            defer { kept.deallocate() }
            nonisolated(unsafe) let results = kept
            do {
                let reference = SetOnceReference<Box>()
                #expect(reference.load() == nil)
                DispatchQueue.concurrentPerform(iterations: threads) { i in
                    let mine = Box(round * 100 + i)
                    weaks[i].object = mine
                    results[i] = (reference.load() ?? reference.storeIfNil(mine)).id
                }
                let winner = reference.load()?.id
                #expect(winner != nil)
                #expect(kept.allSatisfy { $0 == winner }, "round \(round): threads saw \(Array(kept)), kept \(String(describing: winner))")
                let alive = weaks.compactMap { $0.object?.id }
                #expect(alive == [winner].compactMap { $0 }, "round \(round): alive while held \(alive)")
            }
            #expect(weaks.allSatisfy { $0.object == nil }, "round \(round): the kept object outlived its reference")
        }
    }
}
