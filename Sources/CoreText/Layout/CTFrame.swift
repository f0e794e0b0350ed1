import CoreGraphics
import Foundation

/// Lines set into a path, as Apple's CTFrame. Line origins are from the path's bounding box's
/// bottom-left corner (y up).
public final class CTFrame: @unchecked Sendable {
    let lines: [CTLine]
    let origins: [CGPoint]
    let path: CGPath
    let box: CGRect
    let stringRange: CFRange
    let visibleRange: CFRange
    let attributes: CFDictionary?

    init(layout: FrameLayout, path: CGPath, box: CGRect, stringRange: Range<Int>, attributes: CFDictionary?) {
        lines = layout.lines
        origins = layout.origins
        self.path = path
        self.box = box
        self.stringRange = CFRange(location: stringRange.lowerBound, length: stringRange.count)
        visibleRange = CFRange(location: layout.visible.lowerBound, length: layout.visible.count)
        self.attributes = attributes
    }
}

/// Frame progression (Strata sets lines top to bottom only).
public enum CTFrameProgression: UInt32, Sendable {
    case topToBottom = 0, rightToLeft = 1, leftToRight = 2
}

/// How a frame's path fills (Strata sets text in the path's bounding box either way).
public enum CTFramePathFillRule: UInt32, Sendable {
    case evenOdd = 0, windingNumber = 1
}

/// Paths inside the frame's that text flows around (kept; Strata does not flow around them).
public let kCTFrameClippingPathsAttributeName: CFString = "CTFrameClippingPaths"
public let kCTFramePathClippingPathAttributeName: CFString = "CTFramePathClippingPath"

public let kCTFrameProgressionAttributeName: CFString = "CTFrameProgression"
public let kCTFramePathFillRuleAttributeName: CFString = "CTFramePathFillRule"
public let kCTFramePathWidthAttributeName: CFString = "CTFramePathWidth"

public func CTFrameGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTFrame.self).hashValue) }

public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { frame.stringRange }
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { frame.visibleRange }
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }
public func CTFrameGetFrameAttributes(_ frame: CTFrame) -> CFDictionary? { frame.attributes }
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray { frame.lines }

/// Copies the origins of lines `range` (length 0: to the last line) into `origins`.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let count = frame.origins.count
    guard range.location >= 0, range.length >= 0, range.location <= count else { return }
    let end = range.length == 0 ? count : range.location + min(count - range.location, range.length)
    for (n, i) in (range.location..<end).enumerated() { origins[n] = frame.origins[i] }
}

/// Draws each line at its origin (from the path's box), through the context's text matrix.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    for (line, origin) in zip(frame.lines, frame.origins) {
        context.textPosition = CGPoint(x: frame.box.minX + origin.x, y: frame.box.minY + origin.y)
        CTLineDraw(line, context)
    }
}
