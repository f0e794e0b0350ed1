import Foundation

/// Where a JSON document first breaks the grammar (RFC 8259) or the limits every reader here
/// keeps: nesting at most `maxDepth` levels, numbers that fit a Double. Foundation's decoder
/// on Linux says only "not valid JSON"; this names the line and column, with no allocation.
public enum JSONSyntax {
    /// The deepest nesting of arrays and objects accepted (Foundation's own limit).
    public static let maxDepth = 512

    /// A syntax problem: what is wrong, and where (1-based line and column, in bytes).
    public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        public let message: String
        public let line: Int
        public let column: Int
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    /// The first problem in `data`, or nil for a well-formed document nested at most
    /// `maxDepth` levels.
    public static func firstProblem(in data: Data, maxDepth: Int = JSONSyntax.maxDepth) -> Problem? {
        data.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            scanner.maxDepth = maxDepth
            guard let (offset, message) = scanner.scanDocument() else { return nil }
            return problem(message, at: offset, in: raw.bindMemory(to: UInt8.self))
        }
    }

    /// The keys of the top-level object of a well-formed document (nil for anything else),
    /// read without building the document: telling file kinds apart costs no memory.
    public static func topLevelKeys(in data: Data) -> Set<String>? {
        data.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            scanner.keepsTopLevelKeys = true
            guard scanner.scanDocument() == nil, scanner.isObject else { return nil }
            return scanner.topLevelKeys
        }
    }

    private static func problem(_ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Problem {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return Problem(message: message, line: line, column: offset - lineStart + 1)
    }

    /// An iterative scanner (input depth never becomes stack depth).
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        /// Open containers, innermost last: true for an object.
        var stack: [Bool] = []
        var maxDepth = JSONSyntax.maxDepth
        var keepsTopLevelKeys = false
        var topLevelKeys: Set<String> = []
        /// True when the document is an object.
        var isObject = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            stack.reserveCapacity(64)
        }

        typealias Failure = (Int, String)

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0A, 0x0D: i += 1
                default: return
                }
            }
        }

        var current: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func scanDocument() -> Failure? {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
            skipSpace()
            isObject = current == UInt8(ascii: "{")
            if let failure = scanValues() { return failure }
            skipSpace()
            if let c = current { return (i, "unexpected \(Self.name(c)) after the document's end") }
            return nil
        }

        /// One value, with everything nested in it.
        mutating func scanValues() -> Failure? {
            while true {
                skipSpace()
                guard let c = current else { return (i, "the document ends where a value was expected") }
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard stack.count < maxDepth else {
                        return (i, "arrays and objects nested deeper than \(maxDepth) levels")
                    }
                    let isObject = c == UInt8(ascii: "{")
                    stack.append(isObject)
                    i += 1
                    skipSpace()
                    if current == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        i += 1
                        stack.removeLast()
                    } else if isObject {
                        if let failure = scanKey() { return failure }
                        continue
                    } else {
                        continue
                    }
                case UInt8(ascii: "\""):
                    if let failure = scanString() { return failure }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if let failure = scanNumber() { return failure }
                default:
                    if let failure = scanLiteral() { return failure }
                }
                // A value ended: close containers or move to the next member.
                while let isObject = stack.last {
                    skipSpace()
                    guard let c = current else { return (i, "the document ends inside an \(isObject ? "object" : "array")") }
                    if c == UInt8(ascii: ",") {
                        i += 1
                        if isObject, let failure = scanKey() { return failure }
                        break
                    }
                    guard c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                        return (i, "expected ',' or '\(isObject ? "}" : "]")', found \(Self.name(c))")
                    }
                    i += 1
                    stack.removeLast()
                }
                if stack.isEmpty { return nil }
            }
        }

        /// `"key" :` inside an object.
        mutating func scanKey() -> Failure? {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                return (i, current.map { "expected a quoted key, found \(Self.name($0))" } ?? "the document ends inside an object")
            }
            let start = i
            if let failure = scanString() { return failure }
            if keepsTopLevelKeys, stack.count == 1 {
                // Escapes are kept as written: the keys looked for have none.
                topLevelKeys.insert(String(decoding: bytes[(start + 1)..<(i - 1)], as: UTF8.self))
            }
            skipSpace()
            guard current == UInt8(ascii: ":") else {
                return (i, current.map { "expected ':' after a key, found \(Self.name($0))" } ?? "the document ends inside an object")
            }
            i += 1
            return nil
        }

        mutating func scanString() -> Failure? {
            let start = i
            i += 1
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    return nil
                }
                if c < 0x20 { return (i, "a control character (\(c)) inside a string; escape it") }
                if c == UInt8(ascii: "\\") {
                    guard i + 1 < bytes.count else { break }
                    let e = bytes[i + 1]
                    if e == UInt8(ascii: "u") {
                        guard i + 6 <= bytes.count, bytes[(i + 2)..<(i + 6)].allSatisfy(Self.isHex) else {
                            return (i, "\\u must be followed by four hex digits")
                        }
                        i += 6
                        continue
                    }
                    guard Array("\"\\/bfnrt".utf8).contains(e) else { return (i, "unknown escape \\\(Self.character(e))") }
                    i += 2
                    continue
                }
                i += 1
            }
            return (start, "a string that is never closed")
        }

        mutating func scanNumber() -> Failure? {
            let start = i
            if current == UInt8(ascii: "-") { i += 1 }
            if current == UInt8(ascii: "I") { return (start, "-Infinity is not a JSON number") }
            guard let first = current, Self.isDigit(first) else { return (start, "a '-' without digits") }
            i += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if current == UInt8(ascii: ".") {
                i += 1
                guard let c = current, Self.isDigit(c) else { return (i, "a '.' without digits after it") }
                skipDigits()
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                i += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
                guard let c = current, Self.isDigit(c) else { return (i, "an exponent without digits") }
                skipDigits()
            }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                return (start, "the number \(text.prefix(40)) is too large (beyond ±1.8e308)")
            }
            return nil
        }

        mutating func skipDigits() {
            while let c = current, Self.isDigit(c) { i += 1 }
        }

        mutating func scanLiteral() -> Failure? {
            for word in ["true", "false", "null"] where bytes[i...].starts(with: word.utf8) {
                i += word.utf8.count
                return nil
            }
            for word in ["NaN", "Infinity"] where bytes[i...].starts(with: word.utf8) {
                return (i, "\(word) is not a JSON number")
            }
            return (i, "unexpected \(Self.name(bytes[i])) where a value was expected")
        }

        static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        static func isHex(_ c: UInt8) -> Bool {
            isDigit(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
        }
        static func character(_ c: UInt8) -> String {
            c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : String(format: "0x%02X", c)
        }
        static func name(_ c: UInt8) -> String { "'\(character(c))'" }
    }
}
