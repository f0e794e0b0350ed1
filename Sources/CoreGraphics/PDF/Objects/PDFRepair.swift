#if PDF
import Foundation

/// A file that lost its trailer with its cross-reference table (cut short after its objects):
/// poppler rebuilds a lost table by scanning the objects, but without a trailer it has no
/// catalog and refused the file; Apple's reader opens it. The catalog is found by its type.
enum PDFRepair {
    /// `data` with a trailer naming the last object typed `/Catalog` appended, or nil when no
    /// such object is found.
    static func withTrailer(_ data: Data) -> Data? {
        guard let (number, generation) = lastCatalog(in: data) else { return nil }
        return data + Data("\ntrailer\n<< /Root \(number) \(generation) R >>\nstartxref\n0\n%%EOF\n".utf8)
    }

    /// The object number and generation of the last `N G obj << … /Type /Catalog` in `data`
    /// (looked for within 4 KB of its `obj`), in one pass.
    static func lastCatalog(in data: Data) -> (Int, Int)? {
        let catalog = Array("/Catalog".utf8)
        let type = Array("/Type".utf8)
        return data.withUnsafeBytes { raw -> (Int, Int)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var found: (Int, Int)?
            var objectStart: (Int, Int, Int)?  // number, generation, offset of "obj"
            var i = 0
            while i + 3 <= bytes.count {
                if bytes[i] == UInt8(ascii: "o"), bytes[i + 1] == UInt8(ascii: "b"), bytes[i + 2] == UInt8(ascii: "j"),
                    let (number, generation) = numbers(before: i, in: bytes)
                {
                    objectStart = (number, generation, i)
                } else if bytes[i] == UInt8(ascii: "/"), matches(catalog, at: i, in: bytes), let start = objectStart, i - start.2 < 4096,
                    typeKey(type, before: i, in: bytes)
                {
                    found = (start.0, start.1)
                }
                i += 1
            }
            return found
        }
    }

    private static func matches(_ word: [UInt8], at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard i + word.count <= bytes.count else { return false }
        for k in 0..<word.count where bytes[i + k] != word[k] { return false }
        // A name ends at a delimiter or white space.
        let end = i + word.count
        return end == bytes.count || !isRegular(bytes[end])
    }

    /// `/Type` then white space just before `i`.
    private static func typeKey(_ type: [UInt8], before i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var j = i - 1
        while j >= 0, isSpace(bytes[j]) { j -= 1 }
        let start = j - type.count + 1
        guard start >= 0 else { return false }
        for k in 0..<type.count where bytes[start + k] != type[k] { return false }
        return true
    }

    /// The two whole numbers before `obj` at `i` ("12 0 obj"), or nil.
    private static func numbers(before i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        var j = i - 1
        func number() -> Int? {
            guard j >= 0, isSpace(bytes[j]) else { return nil }
            while j >= 0, isSpace(bytes[j]) { j -= 1 }
            var value = 0
            var scale = 1
            var digits = 0
            while j >= 0, bytes[j] >= 0x30, bytes[j] <= 0x39, digits < 10 {
                value += Int(bytes[j] - 0x30) * scale
                scale *= 10
                digits += 1
                j -= 1
            }
            return digits > 0 ? value : nil
        }
        guard let generation = number(), let object = number() else { return nil }
        return (object, generation)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C || b == 0x00 }

    private static func isRegular(_ b: UInt8) -> Bool {
        !isSpace(b) && !"()<>[]{}/%".utf8.contains(b)
    }
}
#endif
