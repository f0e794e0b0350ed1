import Foundation

/// One tab stop of a paragraph: where it is (points from the line's start) and how the text after
/// the tab sits against it (left, right, centre; a right stop with column terminators is a decimal stop).
public final class CTTextTab: @unchecked Sendable {
    let alignment: CTTextAlignment
    let location: Double
    let options: CFDictionary?

    init(alignment: CTTextAlignment, location: Double, options: CFDictionary?) {
        self.alignment = alignment
        self.location = location
        self.options = options
    }
}

/// The option key naming the characters that end a decimal tab's column (an NSCharacterSet).
public let kCTTabColumnTerminatorsAttributeName: CFString = "NSTabColumnTerminatorsAttributeName"

public func CTTextTabGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTTextTab.self).hashValue) }

/// A tab stop at `location` points (a non-finite location is 0).
public func CTTextTabCreate(_ alignment: CTTextAlignment, _ location: Double, _ options: CFDictionary?) -> CTTextTab {
    CTTextTab(alignment: alignment, location: location.isFinite ? location : 0, options: options)
}

public func CTTextTabGetAlignment(_ tab: CTTextTab) -> CTTextAlignment { tab.alignment }

public func CTTextTabGetLocation(_ tab: CTTextTab) -> Double { tab.location }

public func CTTextTabGetOptions(_ tab: CTTextTab) -> CFDictionary? { tab.options }
