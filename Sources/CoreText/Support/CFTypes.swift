// Core Foundation spellings Core Text's API uses, for Linux (where Foundation exports no Core
// Foundation): indices are Ints, ranges are UTF-16 code unit ranges as on Apple.

public typealias CFIndex = Int
public typealias UniChar = UInt16
public typealias CFAttributedString = NSAttributedString
public typealias CFMutableAttributedString = NSMutableAttributedString
public typealias CFSet = Set<AnyHashable>
public typealias CFNumber = NSNumber
public typealias CFBoolean = NSNumber

/// A range of UTF-16 code units (or glyphs), as Core Foundation's.
public struct CFRange: Hashable, Sendable {
    public var location: CFIndex
    public var length: CFIndex

    public init() {
        location = 0
        length = 0
    }

    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }
}

public func CFRangeMake(_ loc: CFIndex, _ len: CFIndex) -> CFRange {
    CFRange(location: loc, length: len)
}

extension CFRange {
    /// `location..<location+length`, or nil when the range is negative.
    var span: Range<Int>? {
        guard location >= 0, length >= 0, location <= Int.max - length else { return nil }
        return location..<(location + length)
    }
}

