import CoreGraphics
import Foundation

/// Breaks an attributed string into lines, as Apple's CTTypesetter: widths from one shaping of the
/// whole string, break opportunities from Unicode's rules.
public final class CTTypesetter: @unchecked Sendable {
    let text: AttributedText
    let breaks: LineBreaks
    /// `prefix[i]`: the advance width of the units before `i`.
    let prefix: [CGFloat]

    convenience init(_ string: NSAttributedString) {
        self.init(text: AttributedText(string))
    }

    init(text: AttributedText) {
        self.text = text
        breaks = LineBreaks(text.units)
        var widths = [CGFloat](repeating: 0, count: text.units.count + 1)
        for run in CTLine(text, 0..<text.units.count).runs {
            for i in run.glyphs.indices where run.indices[i] < text.units.count { widths[run.indices[i]] += run.advances[i].width }
        }
        var total: CGFloat = 0
        prefix = widths.map { width in
            defer { total += width }
            return total
        }
    }

    var length: Int { text.units.count }

    /// The width of units `a..<b`, white space at its end left out.
    func visibleWidth(_ a: Int, _ b: Int) -> CGFloat {
        var end = b
        while end > a, isWhitespace(end - 1) { end -= 1 }
        return prefix[end] - prefix[a]
    }

    func isWhitespace(_ i: Int) -> Bool {
        guard let scalar = Unicode.Scalar(text.units[i]) else { return false }
        return scalar.properties.isWhitespace
    }

    /// How many units from `start` fit in `width` points, breaking at a word boundary when one
    /// fits, else between characters; always at least one character, never past a paragraph's end.
    func lineBreak(from start: Int, width: CGFloat, words: Bool) -> Int {
        guard start >= 0, start < length else { return 0 }
        let limit = width.isFinite ? width + 0.001 : .greatestFiniteMagnitude
        let hardEnd = breaks.nextMandatory[start]
        if words {
            var best: Int?
            var b = start + 1
            while b <= hardEnd {
                if breaks.allowed[b] || b == hardEnd {
                    guard visibleWidth(start, b) <= limit else { break }
                    best = b
                }
                b += 1
            }
            if let best { return best - start }
        }
        var fit = start + 1
        while fit < hardEnd, !breaks.clusterStart[fit] { fit += 1 }
        var b = fit + 1
        while b <= hardEnd {
            if breaks.clusterStart[b] || b == hardEnd {
                guard visibleWidth(start, b) <= limit else { break }
                fit = b
            }
            b += 1
        }
        // Trailing spaces stay on the line they end (they hang past its width, as Apple's do).
        while fit < hardEnd, isWhitespace(fit) { fit += 1 }
        return fit - start
    }
}

extension CTTypesetter {
    /// A typesetter of `string` in one set of attributes (Core Text's keys), without an
    /// NSAttributedString: Foundation on Linux keeps every attribute value an NSAttributedString
    /// is given (swift-corelibs-foundation PR #5256), which a process setting many fonts' text
    /// (the font fuzzer) cannot afford.
    package convenience init(string: String, attributes: [String: Any]) {
        self.init(text: AttributedText(string: string, attributes: attributes))
    }

    /// A typesetter of `string` in consecutive runs of attributes (UTF-16 lengths), without an
    /// NSAttributedString (see above): the text-attribute fuzzer's way in.
    package convenience init(string: String, runs: [(length: Int, attributes: [String: Any])]) {
        self.init(text: AttributedText(string: string, runs: runs))
    }

    /// The whole string as one line.
    package var wholeLine: CTLine { CTLine(text, 0..<length) }
}

public func CTTypesetterGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTTypesetter.self).hashValue) }

public func CTTypesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTTypesetter {
    CTTypesetter(string)
}

public func CTTypesetterCreateWithAttributedStringAndOptions(_ string: CFAttributedString, _ options: CFDictionary?) -> CTTypesetter? {
    CTTypesetter(string)
}

/// The number of UTF-16 units from `startIndex` that fit on a line `width` points wide, broken at a word boundary.
public func CTTypesetterSuggestLineBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    typesetter.lineBreak(from: startIndex, width: CGFloat(width), words: true)
}

public func CTTypesetterSuggestLineBreakWithOffset(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double, _ offset: Double) -> CFIndex {
    typesetter.lineBreak(from: startIndex, width: CGFloat(width), words: true)
}

/// As `CTTypesetterSuggestLineBreak`, breaking between characters.
public func CTTypesetterSuggestClusterBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    typesetter.lineBreak(from: startIndex, width: CGFloat(width), words: false)
}

public func CTTypesetterSuggestClusterBreakWithOffset(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double, _ offset: Double) -> CFIndex {
    typesetter.lineBreak(from: startIndex, width: CGFloat(width), words: false)
}

/// A line of the string's `stringRange` (length 0: to the end); an empty line for a range outside the string.
public func CTTypesetterCreateLine(_ typesetter: CTTypesetter, _ stringRange: CFRange) -> CTLine {
    CTLine(typesetter.text, typesetter.clamp(stringRange))
}

public func CTTypesetterCreateLineWithOffset(_ typesetter: CTTypesetter, _ stringRange: CFRange, _ offset: Double) -> CTLine {
    CTTypesetterCreateLine(typesetter, stringRange)
}

extension CTTypesetter {
    /// `range` as units of the string (length 0: to the end), clamped to it.
    func clamp(_ range: CFRange) -> Range<Int> {
        let start = min(max(0, range.location), length)
        let end = range.length <= 0 ? length : min(length, start + min(range.length, length))
        return start..<max(start, end)
    }
}
