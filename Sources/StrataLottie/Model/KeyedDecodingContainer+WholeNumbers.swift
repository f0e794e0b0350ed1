import Foundation

extension KeyedDecodingContainer {
    /// A whole number (an index, a type code, a count) read as a JSON number, so that 1.5 or
    /// 1e20 is an error naming its key: Foundation's decoder on Linux reports those as "not valid
    /// JSON" with no place.
    func decodeWholeNumber(forKey key: Key) throws -> Int {
        let value = try decode(Double.self, forKey: key)
        guard value == value.rounded(), abs(value) <= 2_147_483_647 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath + [key], debugDescription: "expected a whole number within ±2147483647, found \(value)"))
        }
        return Int(value)
    }

    /// `decodeWholeNumber` for a key that may be missing (or null).
    func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeWholeNumber(forKey: key)
    }
}
