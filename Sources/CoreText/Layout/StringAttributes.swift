import Foundation

// Attributed-string keys (Apple's names and string values: "NSFont" is also UIKit's `.font`).
public let kCTFontAttributeName: CFString = "NSFont"
public let kCTForegroundColorFromContextAttributeName: CFString = "CTForegroundColorFromContext"
public let kCTKernAttributeName: CFString = "NSKern"
public let kCTTrackingAttributeName: CFString = "CTTracking"
public let kCTLigatureAttributeName: CFString = "NSLigature"
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
public let kCTBackgroundColorAttributeName: CFString = "CTBackgroundColor"
public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"
public let kCTStrokeWidthAttributeName: CFString = "NSStrokeWidth"
public let kCTStrokeColorAttributeName: CFString = "CTStrokeColor"
public let kCTUnderlineStyleAttributeName: CFString = "NSUnderline"
public let kCTSuperscriptAttributeName: CFString = "NSSuperScript"
public let kCTUnderlineColorAttributeName: CFString = "CTUnderlineColor"
public let kCTVerticalFormsAttributeName: CFString = "CTVerticalForms"
public let kCTBaselineOffsetAttributeName: CFString = "CTBaselineOffset"
public let kCTLanguageAttributeName: CFString = "NSLanguage"
public let kCTWritingDirectionAttributeName: CFString = "NSWritingDirection"
/// UIKit's and AppKit's foreground colour key (`NSAttributedString.Key.foregroundColor`), read with a CGColor value.
let foregroundColorKey = "NSColor"

/// Underline styles (`kCTUnderlineStyleAttributeName`).
public struct CTUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let single = CTUnderlineStyle(rawValue: 0x01)
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}

/// What one attribute run asks for, read once from its dictionary.
struct RunStyle {
    var font: CTFont
    /// nil: the context's fill colour (`kCTForegroundColorFromContextAttributeName`).
    var color: CGColor?
    var backgroundColor: CGColor?
    /// Points added after each character; 0 also turns the font's kerning off.
    var kern: CGFloat?
    var tracking: CGFloat = 0
    /// 0 none, 1 standard, 2 all ligatures.
    var ligatures = 1
    var underline: CTUnderlineStyle = []
    var underlineColor: CGColor?
    /// Percent of the font size; positive strokes only, negative fills and strokes.
    var strokeWidth: CGFloat = 0
    var strokeColor: CGColor?
    var baselineOffset: CGFloat = 0
    var paragraphStyle: CTParagraphStyle?
    /// Sizes the run from callbacks; its glyphs are not drawn (an inline image's place).
    var delegate: CTRunDelegate?
    /// Small text over or under the run.
    var ruby: CTRubyAnnotation?
    /// The glyph the run's text is drawn as, when the text is its base string.
    var glyphInfo: CTGlyphInfo?
    /// The dictionary as given (`CTRunGetAttributes`).
    var attributes: [String: Any]

    /// Apple's default when a string has no font attribute: Helvetica 12.
    static let defaultFont = CTFontCreateWithName("Helvetica" as CFString, 12, nil)

    init(_ attributes: [String: Any]) {
        self.attributes = attributes
        font = attributes[kCTFontAttributeName] as? CTFont ?? Self.defaultFont
        let fromContext = (attributes[kCTForegroundColorFromContextAttributeName] as? Bool)
            ?? (attributes[kCTForegroundColorFromContextAttributeName] as? NSNumber)?.boolValue ?? false
        let given = Self.color(attributes[kCTForegroundColorAttributeName]) ?? Self.color(attributes[foregroundColorKey])
        color = fromContext ? nil : given ?? CGColor.black
        backgroundColor = Self.color(attributes[kCTBackgroundColorAttributeName])
        kern = number(attributes[kCTKernAttributeName])
        tracking = number(attributes[kCTTrackingAttributeName]) ?? 0
        // Numbers from the caller: NaN and out-of-range values are held, never trapped on.
        ligatures = number(attributes[kCTLigatureAttributeName]).map { Int(clamping: Double($0), to: 0...2, nan: 1) } ?? 1
        if let style = attributes[kCTUnderlineStyleAttributeName] as? CTUnderlineStyle { underline = style }
        else if let raw = number(attributes[kCTUnderlineStyleAttributeName]) {
            underline = CTUnderlineStyle(rawValue: Int32(Int(clamping: Double(raw), to: 0...Int(Int32.max), nan: 0)))
        }
        underlineColor = Self.color(attributes[kCTUnderlineColorAttributeName])
        strokeWidth = number(attributes[kCTStrokeWidthAttributeName]) ?? 0
        strokeColor = Self.color(attributes[kCTStrokeColorAttributeName])
        baselineOffset = number(attributes[kCTBaselineOffsetAttributeName]) ?? 0
        if let superscript = number(attributes[kCTSuperscriptAttributeName]), superscript != 0 {
            baselineOffset += superscript * CTFontGetXHeight(font) * 0.6
        }
        paragraphStyle = attributes[kCTParagraphStyleAttributeName] as? CTParagraphStyle
        delegate = attributes[kCTRunDelegateAttributeName] as? CTRunDelegate
        ruby = attributes[kCTRubyAnnotationAttributeName] as? CTRubyAnnotation
        glyphInfo = attributes[kCTGlyphInfoAttributeName] as? CTGlyphInfo
        for value in [kern, tracking, strokeWidth, baselineOffset] where !(value ?? 0).isFinite {
            kern = nil; tracking = 0; strokeWidth = 0; baselineOffset = 0
        }
    }

    private static func color(_ value: Any?) -> CGColor? {
        guard let value else { return nil }
        return value as? CGColor
    }

    /// A copy with another font (a fallback face for characters the font lacks).
    func with(font: CTFont) -> RunStyle {
        var copy = self
        copy.font = font
        copy.attributes[kCTFontAttributeName] = font
        return copy
    }
}

/// An attributed string read once for layout: its UTF-16 units and its attribute runs.
struct AttributedText {
    let string: NSAttributedString
    let units: [UInt16]
    /// Consecutive, covering `0..<units.count`.
    let runs: [(range: Range<Int>, style: RunStyle)]

    init(_ string: NSAttributedString) {
        self.string = string
        units = Array(string.string.utf16)
        var runs: [(Range<Int>, RunStyle)] = []
        let length = units.count
        if length > 0 {
            string.enumerateAttributes(in: NSRange(location: 0, length: length), options: []) { attributes, range, _ in
                var keyed: [String: Any] = [:]
                for (key, value) in attributes { keyed[key.rawValue] = value }
                runs.append((range.location..<(range.location + range.length), RunStyle(keyed)))
            }
        }
        self.runs = runs
    }

    /// `string` in one style (no NSAttributedString: Foundation on Linux keeps every attribute
    /// value an NSAttributedString is given, swift-corelibs-foundation PR #5256).
    init(string: String, attributes: [String: Any]) {
        self.string = NSAttributedString(string: string)
        units = Array(string.utf16)
        runs = units.isEmpty ? [] : [(0..<units.count, RunStyle(attributes))]
    }

    /// `string` in consecutive runs of attributes (each a UTF-16 length), without an
    /// NSAttributedString; runs past the end are cut, a rest is left plain.
    init(string: String, runs given: [(length: Int, attributes: [String: Any])]) {
        self.string = NSAttributedString(string: string)
        units = Array(string.utf16)
        var runs: [(Range<Int>, RunStyle)] = []
        var start = 0
        for run in given where start < units.count && run.length > 0 {
            let end = start + min(run.length, units.count - start)
            runs.append((start..<end, RunStyle(run.attributes)))
            start = end
        }
        if start < units.count { runs.append((start..<units.count, RunStyle([:]))) }
        self.runs = runs
    }

    /// The style at UTF-16 index `index` (the last one past the end).
    func style(at index: Int) -> RunStyle? {
        runs.first { $0.range.contains(index) }?.style ?? runs.last?.style
    }

    /// The paragraph style of the paragraph at `index`, or Apple's defaults.
    func paragraphStyle(at index: Int) -> CTParagraphStyle {
        style(at: index)?.paragraphStyle ?? CTParagraphStyle()
    }
}
