import CoreGraphics
import Foundation

/// Lines set into a box, top to bottom, as a framesetter sets them: each paragraph's style decides
/// indents, alignment, line heights, spacing and how lines break or are cut.
struct FrameLayout {
    var lines: [CTLine] = []
    /// Baseline origins from the box's bottom-left corner (y up).
    var origins: [CGPoint] = []
    /// The units set into lines.
    var visible: Range<Int>
    /// The width the lines' ink takes (indents included) and the height from the box's top to the last line's bottom.
    var used = CGSize.zero

    /// At most this many lines (a hostile string of a million line breaks must not make a million lines).
    static let maximumLines = 100_000

    init(_ typesetter: CTTypesetter, range: Range<Int>, size: CGSize) {
        visible = range.lowerBound..<range.lowerBound
        let text = typesetter.text
        let width = size.width, height = size.height
        var index = range.lowerBound
        var top: CGFloat = 0
        while index < range.upperBound, lines.count < Self.maximumLines {
            let style = text.paragraphStyle(at: index)
            let startsParagraph = index == 0 || typesetter.breaks.nextMandatory[index - 1] == index
            if startsParagraph, !lines.isEmpty { top += style.paragraphSpacingBefore }
            let head = startsParagraph ? style.firstLineHeadIndent : style.headIndent
            let tail = style.tailIndent > 0 ? style.tailIndent : width + style.tailIndent
            let available = max(0, tail - head)
            let paragraphEnd = min(range.upperBound, typesetter.breaks.nextMandatory[index])
            var count: Int
            switch style.lineBreakMode {
            case .byWordWrapping: count = typesetter.lineBreak(from: index, width: available, words: true)
            case .byCharWrapping: count = typesetter.lineBreak(from: index, width: available, words: false)
            default: count = paragraphEnd - index
            }
            count = max(1, min(count, range.upperBound - index))
            var line = CTLine(text, index..<(index + count))
            line = Self.cut(line, mode: style.lineBreakMode, width: available, text: text)
            let ascent = line.ascent, descent = line.descent, leading = line.leading
            var lineHeight = ascent + descent + leading
            if style.lineHeightMultiple > 0 { lineHeight *= style.lineHeightMultiple }
            if style.minimumLineHeight > 0 { lineHeight = max(lineHeight, style.minimumLineHeight) }
            if style.maximumLineHeight > 0 { lineHeight = min(lineHeight, style.maximumLineHeight) }
            let baseline = top + lineHeight - descent - leading
            guard baseline + descent <= height + 0.01 else { break }
            let endsParagraph = index + count >= paragraphEnd
            var x = head
            switch style.alignment {
            case .right: x += CGFloat(CTLineGetPenOffsetForFlush(line, 1, Double(available)))
            case .center: x += CGFloat(CTLineGetPenOffsetForFlush(line, 0.5, Double(available)))
            case .justified where !endsParagraph: line = CTLineCreateJustifiedLine(line, 1, Double(available)) ?? line
            default: break
            }
            lines.append(line)
            origins.append(CGPoint(x: x, y: height - baseline))
            used.width = max(used.width, x + line.width - line.trailingWhitespaceWidth)
            used.height = top + lineHeight
            top += lineHeight + style.interlineSpacing + (endsParagraph ? style.paragraphSpacing : 0)
            index += count
            visible = range.lowerBound..<index
        }
    }

    /// A line too wide for `width` cut as the break mode says (a truncation token "…" in the
    /// style of the character it replaces); others as they are.
    private static func cut(_ line: CTLine, mode: CTLineBreakMode, width: CGFloat, text: AttributedText) -> CTLine {
        let type: CTLineTruncationType
        switch mode {
        case .byTruncatingHead: type = .start
        case .byTruncatingTail: type = .end
        case .byTruncatingMiddle: type = .middle
        default: return line
        }
        let end = line.stringRange.location + line.stringRange.length
        let at = type == .start ? line.stringRange.location : max(line.stringRange.location, end - 1)
        var attributes: [NSAttributedString.Key: Any] = [:]
        if at < text.units.count {
            for (key, value) in text.string.attributes(at: at, effectiveRange: nil) { attributes[key] = value }
        }
        let token = CTLineCreateWithAttributedString(NSAttributedString(string: "\u{2026}", attributes: attributes))
        return CTLineCreateTruncatedLine(line, Double(width), type, token) ?? line
    }
}
