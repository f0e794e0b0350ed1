import CoreGraphics
import Foundation
import Testing

/// One document's objects read from several threads at once: nodes fill their caches under the
/// document's lock, and every thread sees the same objects (run under ThreadSanitizer by
/// scripts/sanitize.sh).
@Suite struct PDFObjectConcurrencyTests {
    /// Objects reachable from `object` (each dictionary and array walked once; depth bounded).
    static func count(_ object: CGPDFObjectRef, depth: Int = 0, seen: inout Set<OpaquePointer>) -> Int {
        guard depth < 16, seen.insert(object).inserted else { return 0 }
        var total = 1
        var dictionary: CGPDFDictionaryRef?, array: CGPDFArrayRef?
        if CGPDFObjectGetValue(object, .dictionary, &dictionary), let dictionary {
            var children: [CGPDFObjectRef] = []
            CGPDFDictionaryApplyBlock(dictionary, { _, value, _ in children.append(value); return true }, nil)
            for child in children { total += count(child, depth: depth + 1, seen: &seen) }
        } else if CGPDFObjectGetValue(object, .array, &array), let array {
            for index in 0..<CGPDFArrayGetCount(array) {
                var child: CGPDFObjectRef?
                if CGPDFArrayGetObject(array, index, &child), let child { total += count(child, depth: depth + 1, seen: &seen) }
            }
        }
        return total
    }

    @Test func eightThreadsWalkingOneDocumentSeeTheSameObjects() throws {
        // A fresh document each run, so that the threads race to fill the same caches.
        let document = try #require(PDFContextTests.document(PDFObjectTests.file))
        let counts = Locked<[Int]>([])
        let pages = Locked<Set<OpaquePointer>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let catalog = document.catalog else { return }
            var seen = Set<OpaquePointer>()
            let total = Self.count(catalog, seen: &seen)
            counts.withLock { $0.append(total) }
            if let page = document.page(at: 1)?.dictionary { pages.withLock { _ = $0.insert(page) } }
        }
        let all = counts.withLock { $0 }
        #expect(all.count == 8 && Set(all).count == 1, "every thread walked the same objects: \(all)")
        #expect((all.first ?? 0) > 10)
        #expect(pages.withLock { $0.count } == 1, "one page dictionary for every thread")
    }
}

/// A value behind a lock (test support).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
