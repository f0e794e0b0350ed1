import CoreGraphics
import Foundation

/// Text set from the glyph outlines a file carries (`chars`), as After Effects sets it: each
/// character advances by its glyph's `w` (scaled from size 100) plus the tracking; lines break at
/// `\r`, `\n` and `\u{3}`, and box text also between words that pass the box's width; each line
/// is moved by its justification. Point text has its first baseline at y = 0, box text at the
/// box's top plus the font's ascent; later lines are `lh` lower (1.2 × size when not given).
struct GlyphLayout {
    /// One drawn character: its glyph, and where its pen starts on its baseline (points).
    struct Placed {
        var glyph: LottieGlyph
        var origin: CGPoint
        /// The character's index in the document's text.
        var index: Int
    }

    private(set) var placed: [Placed] = []
    /// Points a size-100 glyph is scaled by.
    let scale: Double

    /// The advance of a whitespace character the file has no glyph for (ems): about a space's.
    static let spaceAdvance = 0.28

    /// The font's glyphs, or nil when a character other than whitespace has none (the document
    /// is then drawn with installed fonts).
    init?(_ document: LottieTextDocument, glyphs: LottieGlyphs, family: String, style: String, ascent: Double?) {
        let size = document.size
        scale = size / 100
        let tracking = document.tracking.isFinite ? document.tracking / 1000 * size : 0
        let characters = Array(document.text)
        var found: [LottieGlyph?] = []
        for ch in characters {
            let glyph = glyphs.glyph(ch, family: family, style: style)
            if glyph == nil, !ch.isWhitespace { return nil }
            found.append(glyph)
        }
        let advances = Self.advances(of: characters, glyphs: found, size: size, tracking: tracking)
        let box = document.boxSize.flatMap { $0.count >= 2 && $0[0].isFinite && $0[1].isFinite ? CGSize(width: $0[0], height: $0[1]) : nil }
        let lines = Self.lines(characters, advances: advances, width: box.map { Double($0.width) })
        let lineHeight = document.lineHeight.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? size * 1.2
        var top = 0.0, left = 0.0
        if box != nil {
            let origin = document.boxPosition ?? [0, 0]
            left = origin.nth(0).flatMap { $0.isFinite ? $0 : nil } ?? 0
            top = (origin.count > 1 && origin[1].isFinite ? origin[1] : 0)
                + (ascent.map { $0 * scale } ?? Self.tallest(found.compactMap { $0 }) * scale)
        }
        for (n, line) in lines.enumerated() {
            let width = line.reduce(0) { $0 + advances[$1] }
            let room = box.map { Double($0.width) } ?? 0
            var x: Double
            switch document.justification {
            case 1, 4: x = box == nil ? -width : room - width
            case 2, 5: x = box == nil ? -width / 2 : (room - width) / 2
            default: x = 0
            }
            x += left
            let y = top + Double(n) * lineHeight
            for i in line {
                if let glyph = found[i] { placed.append(Placed(glyph: glyph, origin: CGPoint(x: x, y: y), index: i)) }
                x += advances[i]
            }
        }
    }

    /// Each character's advance (points): its glyph's, else a space's (nothing for a line
    /// break), plus the tracking.
    static func advances(of characters: [Character], glyphs: [LottieGlyph?], size: Double, tracking: Double) -> [Double] {
        zip(characters, glyphs).map { ch, glyph in
            (glyph.map { $0.advance * size / 100 } ?? (isBreak(ch) ? 0 : spaceAdvance * size)) + tracking
        }
    }

    /// The whole text as one outline (points, in the text layer's coordinates).
    var outline: CGPath {
        let path = CGMutablePath()
        for p in placed where !p.glyph.outline.isEmpty {
            let m = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: p.origin.x, ty: p.origin.y)
            path.addPath(p.glyph.outline, transform: m)
        }
        return path
    }

    private static func isBreak(_ ch: Character) -> Bool { ch == "\r" || ch == "\n" || ch == "\u{3}" || ch == "\r\n" }

    /// The characters of each line, by index: broken at line breaks and, within `width`, before a
    /// word that would pass it (the spaces at a break are dropped; a word longer than the
    /// width is broken between characters).
    private static func lines(_ characters: [Character], advances: [Double], width: Double?) -> [[Int]] {
        var paragraphs: [[Int]] = [[]]
        for (i, ch) in characters.enumerated() {
            if isBreak(ch) { paragraphs.append([]) } else { paragraphs[paragraphs.count - 1].append(i) }
        }
        guard let width, width > 0 else { return paragraphs }
        var lines: [[Int]] = []
        for paragraph in paragraphs {
            var line: [Int] = [], used = 0.0
            var word: [Int] = [], wordWidth = 0.0
            func breakLine() {
                while let last = line.last, characters[last].isWhitespace { line.removeLast() }
                lines.append(line)
                line = []
                used = 0
            }
            func place() {
                if !line.isEmpty, used + wordWidth > width { breakLine() }
                for i in word {
                    if !line.isEmpty, used + advances[i] > width { breakLine() }
                    line.append(i)
                    used += advances[i]
                }
                word = []
                wordWidth = 0
            }
            for i in paragraph {
                if characters[i].isWhitespace {
                    place()
                    if !line.isEmpty {
                        line.append(i)
                        used += advances[i]
                    }
                } else {
                    word.append(i)
                    wordWidth += advances[i]
                }
            }
            place()
            lines.append(line)
        }
        return lines
    }

    /// The highest top of `glyphs` above the baseline (points at size 100): the ascent of a
    /// font the file gives none for.
    private static func tallest(_ glyphs: [LottieGlyph]) -> Double {
        let top = glyphs.reduce(0.0) { max($0, -Double($1.outline.boundingBoxOfPath.minY)) }
        return top > 0 ? top : 75
    }
}
