import Foundation

/// Reads a fuzzer's input as a sequence of choices: bytes, whole numbers in a range, and doubles
/// that are often the values that break code (NaN, infinities, 1e300, −0, huge and tiny). Past
/// the end every read gives zero, so any input is a complete program.
public struct FuzzReader {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    public var isAtEnd: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A whole number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let raw = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % (range.upperBound - range.lowerBound + 1)
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A double: one of the troublesome values, a small ordinary number, or any 64 bits.
    public mutating func double() -> Double {
        let kind = byte()
        switch kind % 8 {
        case 0: return [Double.nan, .infinity, -.infinity, 1e300, -1e300, 0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-307, Double(Int.max), -1][Int(kind / 8) % 12]
        case 1, 2, 3: return Double(int(0...2000)) / 10 - 50
        case 4, 5: return Double(int(0...100)) / 100
        default:
            var raw: UInt64 = 0
            for _ in 0..<8 { raw = raw << 8 | UInt64(byte()) }
            return Double(bitPattern: raw)
        }
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
}
