import Foundation

/// How a paragraph's lines are placed horizontally.
public enum CTTextAlignment: UInt8, Sendable {
    case left = 0, right = 1, center = 2, justified = 3, natural = 4
    public static let kCTLeftTextAlignment = CTTextAlignment.left
}

/// Where a paragraph's lines break, and how a line too long for its width is cut.
public enum CTLineBreakMode: UInt8, Sendable {
    case byWordWrapping = 0, byCharWrapping = 1, byClipping = 2, byTruncatingHead = 3, byTruncatingTail = 4, byTruncatingMiddle = 5
}

/// The direction of a paragraph's text.
public enum CTWritingDirection: Int8, Sendable {
    case natural = -1, leftToRight = 0, rightToLeft = 1
}

/// Which value a `CTParagraphStyleSetting` holds.
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    case alignment = 0, firstLineHeadIndent = 1, headIndent = 2, tailIndent = 3, tabStops = 4, defaultTabInterval = 5
    case lineBreakMode = 6, lineHeightMultiple = 7, maximumLineHeight = 8, minimumLineHeight = 9, lineSpacing = 10
    case paragraphSpacing = 11, paragraphSpacingBefore = 12, baseWritingDirection = 13, maximumLineSpacing = 14
    case minimumLineSpacing = 15, lineSpacingAdjustment = 16, lineBoundsOptions = 17, count = 18
}

/// One setting of a paragraph style: a specifier and a pointer to its value.
public struct CTParagraphStyleSetting {
    public var spec: CTParagraphStyleSpecifier
    public var valueSize: Int
    public var value: UnsafeRawPointer

    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}

/// A paragraph's alignment, indents, line heights and spacing (points), as Apple's CTParagraphStyle.
public final class CTParagraphStyle: @unchecked Sendable {
    var alignment: CTTextAlignment = .natural
    var firstLineHeadIndent: CGFloat = 0
    var headIndent: CGFloat = 0
    /// Positive: the trailing margin's distance from the leading one; 0 or negative: from the trailing edge.
    var tailIndent: CGFloat = 0
    var defaultTabInterval: CGFloat = 0
    /// Apple's default: twelve left-aligned stops, 28 points apart.
    var tabStops: [CTTextTab] = CTParagraphStyle.defaultTabStops
    static let defaultTabStops = (1...12).map { CTTextTab(alignment: .left, location: Double($0) * 28, options: nil) }
    var lineBreakMode: CTLineBreakMode = .byWordWrapping
    var lineHeightMultiple: CGFloat = 0
    var maximumLineHeight: CGFloat = 0
    var minimumLineHeight: CGFloat = 0
    var lineSpacing: CGFloat = 0
    var paragraphSpacing: CGFloat = 0
    var paragraphSpacingBefore: CGFloat = 0
    var baseWritingDirection: CTWritingDirection = .natural
    var maximumLineSpacing: CGFloat = 0
    var minimumLineSpacing: CGFloat = 0
    var lineSpacingAdjustment: CGFloat = 0

    init() {}

    /// A style's value by specifier, as the bytes `CTParagraphStyleGetValueForSpecifier` copies.
    fileprivate func withValue<R>(_ spec: CTParagraphStyleSpecifier, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        switch spec {
        case .alignment: return withUnsafeBytes(of: alignment.rawValue, body)
        case .lineBreakMode: return withUnsafeBytes(of: lineBreakMode.rawValue, body)
        case .baseWritingDirection: return withUnsafeBytes(of: baseWritingDirection.rawValue, body)
        case .tabStops:
            // A CFArray of CTTextTab, as the caller's `CFArray` variable holds it.
            let array: CFArray = tabStops
            return withUnsafeBytes(of: array, body)
        case .lineBoundsOptions, .count: return nil
        default:
            guard let path = Self.floats[spec] else { return nil }
            return withUnsafeBytes(of: self[keyPath: path], body)
        }
    }

    fileprivate static var floats: [CTParagraphStyleSpecifier: ReferenceWritableKeyPath<CTParagraphStyle, CGFloat>] { [
        .firstLineHeadIndent: \.firstLineHeadIndent, .headIndent: \.headIndent, .tailIndent: \.tailIndent,
        .defaultTabInterval: \.defaultTabInterval, .lineHeightMultiple: \.lineHeightMultiple,
        .maximumLineHeight: \.maximumLineHeight, .minimumLineHeight: \.minimumLineHeight, .lineSpacing: \.lineSpacing,
        .paragraphSpacing: \.paragraphSpacing, .paragraphSpacingBefore: \.paragraphSpacingBefore,
        .maximumLineSpacing: \.maximumLineSpacing, .minimumLineSpacing: \.minimumLineSpacing,
        .lineSpacingAdjustment: \.lineSpacingAdjustment,
    ] }

    /// The extra space between lines: `lineSpacing` (deprecated) or the adjustment, within the minimum and maximum.
    var interlineSpacing: CGFloat {
        var spacing = max(lineSpacing, lineSpacingAdjustment)
        if minimumLineSpacing > 0 { spacing = max(spacing, minimumLineSpacing) }
        if maximumLineSpacing > 0 { spacing = min(spacing, maximumLineSpacing) }
        return spacing
    }
}

public func CTParagraphStyleGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTParagraphStyle.self).hashValue) }

/// A paragraph style with `settings` (the rest at Apple's defaults). Settings whose value size does
/// not match their type, or whose value is not finite, are ignored with a message.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    let style = CTParagraphStyle()
    guard let settings, settingCount > 0 else { return style }
    for setting in UnsafeBufferPointer(start: settings, count: settingCount) {
        switch setting.spec {
        case .alignment where setting.valueSize == 1:
            style.alignment = CTTextAlignment(rawValue: setting.value.load(as: UInt8.self)) ?? .natural
        case .lineBreakMode where setting.valueSize == 1:
            style.lineBreakMode = CTLineBreakMode(rawValue: setting.value.load(as: UInt8.self)) ?? .byWordWrapping
        case .baseWritingDirection where setting.valueSize == 1:
            style.baseWritingDirection = CTWritingDirection(rawValue: setting.value.load(as: Int8.self)) ?? .natural
        case .tabStops where setting.valueSize == MemoryLayout<CFArray>.size:
            // The value points to a CFArray of CTTextTab (Apple: a CFArrayRef).
            let array = setting.value.assumingMemoryBound(to: CFArray.self).pointee
            style.tabStops = array.compactMap { $0 as? CTTextTab }.sorted { $0.location < $1.location }
        default:
            guard let path = CTParagraphStyle.floats[setting.spec], setting.valueSize == MemoryLayout<CGFloat>.size else {
                if setting.spec != .tabStops, setting.spec != .lineBoundsOptions {
                    FileHandle.standardError.write(Data("CTParagraphStyleCreate: ignored setting \(setting.spec) of \(setting.valueSize) bytes\n".utf8))
                }
                continue
            }
            let value = setting.value.loadUnaligned(as: CGFloat.self)
            guard value.isFinite else { continue }
            style[keyPath: path] = value
        }
    }
    return style
}

public func CTParagraphStyleCreateCopy(_ paragraphStyle: CTParagraphStyle) -> CTParagraphStyle {
    let copy = CTParagraphStyle()
    copy.alignment = paragraphStyle.alignment
    copy.lineBreakMode = paragraphStyle.lineBreakMode
    copy.baseWritingDirection = paragraphStyle.baseWritingDirection
    copy.tabStops = paragraphStyle.tabStops
    for (_, path) in CTParagraphStyle.floats { copy[keyPath: path] = paragraphStyle[keyPath: path] }
    return copy
}

/// Copies the value of `spec` into `valueBuffer`; false when the buffer's size is not the value's.
public func CTParagraphStyleGetValueForSpecifier(
    _ paragraphStyle: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier, _ valueBufferSize: Int, _ valueBuffer: UnsafeMutableRawPointer
) -> Bool {
    if spec == .tabStops {
        // The caller's buffer holds a CFArray (a reference): assigned, so it is retained.
        guard valueBufferSize == MemoryLayout<CFArray>.size else { return false }
        valueBuffer.assumingMemoryBound(to: CFArray.self).pointee = paragraphStyle.tabStops
        return true
    }
    return paragraphStyle.withValue(spec) { bytes in
        guard bytes.count == valueBufferSize else { return false }
        valueBuffer.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        return true
    } ?? false
}
