import CoreGraphics
import Foundation

public func CTLineGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTLine.self).hashValue) }

/// The whole of `attrString` as one line (line breaks are not honoured: use a framesetter or typesetter).
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine {
    let text = AttributedText(attrString)
    return CTLine(text, 0..<text.units.count)
}

public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.runs.reduce(0) { $0 + $1.glyphs.count } }
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray { line.runs }
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.stringRange }

/// The line's width (points, its trailing white space included), with its ascent, descent and
/// leading (the largest of its fonts') written where asked.
public func CTLineGetTypographicBounds(
    _ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    ascent?.pointee = line.ascent
    descent?.pointee = line.descent
    leading?.pointee = line.leading
    return Double(line.width)
}

/// The line's bounds from its origin: typographic (leading below the descent unless excluded), or
/// its glyphs' outlines with `.useGlyphPathBounds`.
public func CTLineGetBoundsWithOptions(_ line: CTLine, _ options: CTLineBoundsOptions) -> CGRect {
    if options.contains(.useGlyphPathBounds) { return glyphBounds(of: line.runs, range: nil) }
    let leading = options.contains(.excludeTypographicLeading) ? 0 : line.leading
    return CGRect(x: 0, y: -line.descent - leading, width: line.width, height: line.ascent + line.descent + leading)
}

public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double { Double(line.trailingWhitespaceWidth) }

/// The bounds of the line's ink (glyph outlines) where the context would draw it (from its text position).
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    let bounds = glyphBounds(of: line.runs, range: nil)
    guard !bounds.isNull else { return .null }
    let origin = context?.textPosition ?? .zero
    return bounds.offsetBy(dx: origin.x, dy: origin.y)
}

/// The pen offset that flushes the line (its trailing white space left out) within `flushWidth`:
/// 0 left, 0.5 centred, 1 right.
public func CTLineGetPenOffsetForFlush(_ line: CTLine, _ flushFactor: CGFloat, _ flushWidth: Double) -> Double {
    let factor = flushFactor.isFinite ? min(1, max(0, flushFactor)) : 0
    let visible = Double(line.width - line.trailingWhitespaceWidth)
    guard flushWidth.isFinite, flushWidth > visible else { return 0 }
    return (flushWidth - visible) * Double(factor)
}

/// The x of the caret before UTF-16 index `charIndex` (the same for the secondary caret: Strata
/// lines run in one direction).
public func CTLineGetOffsetForStringIndex(_ line: CTLine, _ charIndex: CFIndex, _ secondaryOffset: UnsafeMutablePointer<CGFloat>?) -> CGFloat {
    let offset = line.offset(of: charIndex)
    secondaryOffset?.pointee = offset
    return offset
}

/// The UTF-16 index of the caret position nearest `position.x`.
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    guard position.x.isFinite else { return kCFNotFound }
    var best = line.stringRange.location + line.stringRange.length
    var bestDistance = abs(position.x - line.width)
    for run in line.runs {
        var pen = run.penX
        for i in run.glyphs.indices {
            if abs(position.x - pen) < bestDistance {
                bestDistance = abs(position.x - pen)
                best = run.indices[i]
            }
            pen += run.advances[i].width
        }
    }
    return best
}

public let kCFNotFound: CFIndex = -1

/// Calls `block` with each caret offset: its x, UTF-16 index, whether it leads the character, and a stop flag.
public func CTLineEnumerateCaretOffsets(_ line: CTLine, _ block: (Double, CFIndex, Bool, UnsafeMutablePointer<Bool>) -> Void) {
    var stop = false
    for run in line.runs {
        var pen = run.penX
        for i in run.glyphs.indices {
            block(Double(pen), run.indices[i], true, &stop)
            if stop { return }
            pen += run.advances[i].width
            block(Double(pen), run.indices[i], false, &stop)
            if stop { return }
        }
    }
}

/// The line cut to `width` points at its start, end or middle, `truncationToken` (when given) drawn
/// where it was cut; the line itself when it fits; nil when not even the token fits.
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType, _ truncationToken: CTLine?) -> CTLine? {
    guard width.isFinite, width >= 0 else { return nil }
    let limit = CGFloat(width)
    guard line.width - line.trailingWhitespaceWidth > limit + 0.001 else { return line }
    let tokenWidth = truncationToken?.width ?? 0
    guard tokenWidth <= limit else { return nil }
    // Characters (cluster starts) in string order, with each one's advance.
    var clusters: [(index: Int, width: CGFloat)] = []
    for run in line.runs {
        for i in run.glyphs.indices {
            if let last = clusters.last, last.index == run.indices[i] { clusters[clusters.count - 1].width += run.advances[i].width }
            else { clusters.append((run.indices[i], run.advances[i].width)) }
        }
    }
    clusters.sort { $0.index < $1.index }
    let budget = limit - tokenWidth
    var keepHead = 0, keepTail = 0, used: CGFloat = 0
    switch truncationType {
    case .end:
        while keepHead < clusters.count, used + clusters[keepHead].width <= budget { used += clusters[keepHead].width; keepHead += 1 }
    case .start:
        while keepTail < clusters.count, used + clusters[clusters.count - 1 - keepTail].width <= budget {
            used += clusters[clusters.count - 1 - keepTail].width
            keepTail += 1
        }
    case .middle:
        var front = true
        while keepHead + keepTail < clusters.count {
            let next = front ? clusters[keepHead].width : clusters[clusters.count - 1 - keepTail].width
            guard used + next <= budget else { break }
            used += next
            if front { keepHead += 1 } else { keepTail += 1 }
            front.toggle()
        }
    }
    let headEnd = keepHead < clusters.count ? clusters[keepHead].index : Int.max
    let tailStart = keepTail > 0 ? clusters[clusters.count - keepTail].index : Int.max
    let head = line.keeping { $0 < headEnd }
    let tail = line.keeping { $0 >= tailStart }
    var runs = keepHead > 0 ? head : []
    var pen = runs.reduce(0) { $0 + $1.width }
    for run in truncationToken?.runs ?? [] {
        runs.append(run.shifted(by: pen))
    }
    pen += tokenWidth
    for run in keepTail > 0 ? tail : [] {
        runs.append(run.shifted(by: pen))
    }
    return CTLine(runs: runs, stringRange: line.stringRange, units: line.units, emptyFont: line.emptyFont)
}

/// The line stretched to `justificationWidth` (its trailing white space left out): `factor` of the
/// gap, spread over the spaces between words (between all characters when there are none).
/// Factor 1 or more justifies fully, 0 or less returns the line as it is.
public func CTLineCreateJustifiedLine(_ line: CTLine, _ justificationFactor: CGFloat, _ justificationWidth: Double) -> CTLine? {
    guard justificationFactor.isFinite, justificationWidth.isFinite else { return nil }
    let visible = line.width - line.trailingWhitespaceWidth
    let gap = (CGFloat(justificationWidth) - visible) * min(1, justificationFactor)
    guard justificationFactor > 0, gap > 0 else { return line }
    // Glyphs before the trailing white space, and which of them are spaces.
    let trailingStart = trailingWhitespaceStart(of: line)
    var spaces = 0, glyphs = 0
    for run in line.runs {
        for i in run.glyphs.indices where run.indices[i] < trailingStart {
            glyphs += 1
            if line.isWhitespace(run.indices[i]) { spaces += 1 }
        }
    }
    let bySpaces = spaces > 0
    let share = gap / CGFloat(bySpaces ? spaces : max(1, glyphs - 1))
    var pen: CGFloat = 0
    var runs: [CTRun] = []
    var seen = 0
    for run in line.runs {
        var extra = [CGFloat](repeating: 0, count: run.glyphs.count)
        for i in run.glyphs.indices where run.indices[i] < trailingStart {
            seen += 1
            if bySpaces ? line.isWhitespace(run.indices[i]) : seen < glyphs { extra[i] = share }
        }
        let widened = run.widened(by: extra, at: pen)
        runs.append(widened)
        pen += widened.width
    }
    return CTLine(runs: runs, stringRange: line.stringRange, units: line.units, emptyFont: line.emptyFont)
}

/// The first UTF-16 index of the line's trailing white space.
private func trailingWhitespaceStart(of line: CTLine) -> Int {
    var start = line.stringRange.location + line.stringRange.length
    while start > line.stringRange.location, line.isWhitespace(start - 1) { start -= 1 }
    return start
}

/// The union of the outlines' bounds of `runs` (glyph range `range` of each when given), from the line's origin.
func glyphBounds(of runs: [CTRun], range: Range<Int>?) -> CGRect {
    var union = CGRect.null
    for run in runs {
        let font = run.font
        let place = CGAffineTransform(scaleX: font.scale, y: font.scale).concatenating(font.matrix)
        for i in range.map({ $0.clamped(to: run.glyphs.indices) }) ?? run.glyphs.indices {
            let extents = font.face.extents(of: run.glyphs[i])
            guard extents.width > 0 || extents.height > 0 else { continue }
            union = union.union(extents.applying(place).offsetBy(dx: run.positions[i].x, dy: run.positions[i].y))
        }
    }
    return union
}

/// Draws the line's runs from the context's text position, through its text matrix.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    for run in line.runs { CTRunDraw(run, context, CFRange(location: 0, length: 0)) }
}
