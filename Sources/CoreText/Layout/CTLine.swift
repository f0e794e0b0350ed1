import CoreGraphics
import Foundation

/// Which end of a line `CTLineCreateTruncatedLine` cuts.
public enum CTLineTruncationType: UInt32, Sendable {
    case start = 0, end = 1, middle = 2
}

/// Which bounds `CTLineGetBoundsWithOptions` measures.
public struct CTLineBoundsOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let excludeTypographicLeading = CTLineBoundsOptions(rawValue: 1 << 0)
    public static let excludeTypographicShifts = CTLineBoundsOptions(rawValue: 1 << 1)
    public static let useHangingPunctuation = CTLineBoundsOptions(rawValue: 1 << 2)
    public static let useGlyphPathBounds = CTLineBoundsOptions(rawValue: 1 << 3)
    public static let useOpticalBounds = CTLineBoundsOptions(rawValue: 1 << 4)
    public static let includeLanguageExtents = CTLineBoundsOptions(rawValue: 1 << 5)
}

/// One line of shaped text, as Apple's CTLine: runs in order along the baseline from the line's
/// origin (points, y up). Strings are indexed in UTF-16 code units.
public final class CTLine: @unchecked Sendable {
    let runs: [CTRun]
    let stringRange: CFRange
    /// The whole string's UTF-16 units (for whitespace and carets).
    let units: [UInt16]
    /// The font an empty line takes its height from.
    let emptyFont: CTFont

    init(runs: [CTRun], stringRange: CFRange, units: [UInt16], emptyFont: CTFont) {
        self.runs = runs
        self.stringRange = stringRange
        self.units = units
        self.emptyFont = emptyFont
    }

    /// `range` of `text` shaped into runs: one per attribute run and font (fallback faces for
    /// characters the font lacks), laid end to end. Tabs reaching a right, centre or decimal stop
    /// are widened so the text after them ends, centres or has its decimal point there (measured
    /// by a first shaping of the line; left stops, and every stop of a right-to-left line, place
    /// the text after them as before).
    convenience init(_ text: AttributedText, _ range: Range<Int>) {
        var runs = Self.shape(text, range, tabAdvances: [:])
        if let aligned = Self.alignedTabAdvances(runs, text.units) {
            runs = Self.shape(text, range, tabAdvances: aligned)
        }
        let font = text.style(at: range.lowerBound)?.font ?? RunStyle.defaultFont
        self.init(runs: runs, stringRange: CFRange(location: range.lowerBound, length: range.count), units: text.units, emptyFont: font)
    }

    private static func shape(_ text: AttributedText, _ range: Range<Int>, tabAdvances: [Int: CGFloat]) -> [CTRun] {
        var runs: [CTRun] = []
        var pen: CGFloat = 0
        for (runRange, style) in text.runs where runRange.overlaps(range) {
            let clipped = max(runRange.lowerBound, range.lowerBound)..<min(runRange.upperBound, range.upperBound)
            if let delegate = style.delegate {
                let run = delegateRun(text.units, clipped, style: style, delegate: delegate, pen: pen)
                runs.append(run)
                pen += run.width
                continue
            }
            if let info = style.glyphInfo, let run = glyphInfoRun(text.units, clipped, style: style, info: info, pen: pen) {
                runs.append(run)
                pen += run.width
                continue
            }
            var parts: [CTRun] = []
            for (part, partStyle) in Shaper.fontRuns(text.units, clipped, style: style) {
                let shaped = Shaper.shape(text.units, part, style: partStyle, x: pen, tabAdvances: tabAdvances)
                guard !shaped.glyphs.isEmpty else { continue }
                parts.append(CTRun(style: partStyle, glyphs: shaped.glyphs, positions: shaped.positions, advances: shaped.advances,
                                   indices: shaped.indices, stringRange: CFRange(location: part.lowerBound, length: part.count),
                                   rightToLeft: shaped.rightToLeft, penX: pen))
                pen += parts[parts.count - 1].width
            }
            // Ruby annotates its whole attribute run (cut by a line break, it stays with the first part).
            if let ruby = style.ruby, !parts.isEmpty {
                parts = RubyText.attach(ruby, to: parts, style: style)
                pen = parts[0].penX + parts.reduce(0) { $0 + $1.width }
            }
            runs += parts
        }
        return runs
    }

    /// The run drawn as a glyph info's glyph, when the run's text is exactly the info's base
    /// string and the font has the glyph (else the text is shaped as usual).
    private static func glyphInfoRun(_ units: [UInt16], _ range: Range<Int>, style: RunStyle, info: CTGlyphInfo, pen: CGFloat) -> CTRun? {
        guard Array(info.baseString.utf16) == Array(units[range]), let glyph = info.glyph(in: style.font) else { return nil }
        var glyphs = [glyph], advance = CGSize.zero
        _ = CTFontGetAdvancesForGlyphs(style.font, .horizontal, &glyphs, &advance, 1)
        return CTRun(style: style, glyphs: glyphs, positions: [CGPoint(x: pen, y: style.baselineOffset)], advances: [advance],
                     indices: [range.lowerBound], stringRange: CFRange(location: range.lowerBound, length: range.count),
                     rightToLeft: false, penX: pen)
    }

    /// A run sized by its delegate: a glyph a character (the font's glyph, not drawn), each as
    /// wide as the delegate says.
    private static func delegateRun(_ units: [UInt16], _ range: Range<Int>, style: RunStyle, delegate: CTRunDelegate, pen: CGFloat) -> CTRun {
        let width = delegate.width
        let indices = range.filter { !UTF16.isTrailSurrogate(units[$0]) }
        let glyph = style.font.face.glyph(for: 0xFFFC) ?? 0
        let positions = indices.indices.map { CGPoint(x: pen + CGFloat($0) * width, y: style.baselineOffset) }
        return CTRun(style: style, glyphs: [CGGlyph](repeating: glyph, count: indices.count), positions: positions,
                     advances: [CGSize](repeating: CGSize(width: width, height: 0), count: indices.count), indices: indices,
                     stringRange: CFRange(location: range.lowerBound, length: range.count), rightToLeft: false, penX: pen)
    }

    /// The advances of the tabs that reach a right, centre or decimal stop (by string index), from
    /// a first shaping; nil when the line has none (or runs right to left, where stops are not applied).
    private static func alignedTabAdvances(_ runs: [CTRun], _ units: [UInt16]) -> [Int: CGFloat]? {
        guard units.contains(0x09), !runs.contains(where: { $0.status.contains(.rightToLeft) }) else { return nil }
        // The line's glyphs in order: string index, advance, paragraph style.
        var glyphs: [(index: Int, advance: CGFloat, style: CTParagraphStyle?)] = []
        for run in runs {
            for k in 0..<run.glyphs.count { glyphs.append((run.indices[k], run.advances[k].width, run.style.paragraphStyle)) }
        }
        var advances: [Int: CGFloat] = [:]
        var pen: CGFloat = 0
        var any = false
        for (k, glyph) in glyphs.enumerated() {
            guard glyph.index < units.count, units[glyph.index] == 0x09 else {
                pen += glyph.advance
                continue
            }
            let (stop, tab) = Shaper.tabStopAndTab(after: pen, in: glyph.style)
            var advance = stop - pen
            if let tab, tab.alignment == .right || tab.alignment == .center {
                // The text up to the next tab (or the line's end).
                var width: CGFloat = 0, toDecimal: CGFloat?
                // A right stop with column terminators is a decimal stop: the column's first
                // terminator (its decimal point) goes at the stop.
                let terminators = Self.columnTerminators(tab)
                for next in glyphs[(k + 1)...] {
                    if next.index < units.count, units[next.index] == 0x09 { break }
                    if toDecimal == nil, next.index < units.count, terminators.contains(units[next.index]) { toDecimal = width }
                    width += next.advance
                }
                let before = tab.alignment == .center ? width / 2 : toDecimal ?? width
                advance = max(0, CGFloat(tab.location) - before - pen)
                any = true
            }
            advances[glyph.index] = advance
            pen += advance
        }
        return any ? advances : nil
    }

    /// The characters a stop's column ends at (`kCTTabColumnTerminatorsAttributeName`: a string
    /// or an NSCharacterSet of them); empty for an ordinary stop.
    private static func columnTerminators(_ tab: CTTextTab) -> Set<UInt16> {
        switch tab.options?[kCTTabColumnTerminatorsAttributeName] {
        case let string as String: return Set(string.utf16)
        case let set as CharacterSet:
            return Set([0x2E, 0x2C, 0x3A, 0x2F, 0x20].filter { Unicode.Scalar($0).map(set.contains) ?? false })
        default: return []
        }
    }

    /// The sum of the runs' advances (points).
    var width: CGFloat { runs.reduce(0) { $0 + $1.width } }

    var ascent: CGFloat { runs.isEmpty ? CTFontGetAscent(emptyFont) : runs.map(\.ascent).max() ?? 0 }
    var descent: CGFloat { runs.isEmpty ? CTFontGetDescent(emptyFont) : runs.map(\.descent).max() ?? 0 }
    var leading: CGFloat { runs.isEmpty ? CTFontGetLeading(emptyFont) : runs.map { CTFontGetLeading($0.font) }.max() ?? 0 }

    /// Whether the UTF-16 unit at `index` is white space (a space, tab or line end).
    func isWhitespace(_ index: Int) -> Bool {
        guard index >= 0, index < units.count, let scalar = Unicode.Scalar(units[index]) else { return false }
        return scalar.properties.isWhitespace
    }

    /// The width of the white space glyphs at the line's end.
    var trailingWhitespaceWidth: CGFloat {
        var total: CGFloat = 0
        for run in runs.reversed() {
            for i in run.glyphs.indices.reversed() {
                guard isWhitespace(run.indices[i]) else { return total }
                total += run.advances[i].width
            }
        }
        return total
    }

    /// A line of the glyphs whose string index `keep` accepts, laid end to end again.
    func keeping(_ keep: (Int) -> Bool) -> [CTRun] {
        var pen: CGFloat = 0
        var kept: [CTRun] = []
        for run in runs {
            guard let part = run.subrun(keeping: keep, at: pen) else { continue }
            kept.append(part)
            pen += part.width
        }
        return kept
    }

    /// The x of the caret before UTF-16 index `index` (the line's width past its end).
    func offset(of index: Int) -> CGFloat {
        var best: CGFloat?
        for run in runs {
            var pen = run.penX
            for i in run.glyphs.indices {
                if run.indices[i] >= index, best == nil || pen < best! { best = pen }
                pen += run.advances[i].width
            }
        }
        return best ?? width
    }
}
