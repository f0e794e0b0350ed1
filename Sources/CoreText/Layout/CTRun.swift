import CoreGraphics
import Foundation

/// What is known of a run's glyph order.
public struct CTRunStatus: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let noStatus = CTRunStatus([])
    public static let rightToLeft = CTRunStatus(rawValue: 1 << 0)
    public static let nonMonotonic = CTRunStatus(rawValue: 1 << 1)
    public static let hasNonIdentityMatrix = CTRunStatus(rawValue: 1 << 2)
}

/// Glyphs of one font and one set of attributes, positioned on a line, as Apple's CTRun.
/// Positions are points from the line's origin (y up).
public final class CTRun: @unchecked Sendable {
    let style: RunStyle
    let glyphs: [CGGlyph]
    let positions: [CGPoint]
    let advances: [CGSize]
    /// The UTF-16 index of each glyph's character in the line's string.
    let indices: [Int]
    let stringRange: CFRange
    let status: CTRunStatus
    /// The pen's x where the run starts (its first glyph's position less HarfBuzz's offset).
    let penX: CGFloat
    /// The run's ruby, laid out over or under it (positions from the line's origin).
    let ruby: RubyText?

    init(style: RunStyle, glyphs: [CGGlyph], positions: [CGPoint], advances: [CGSize], indices: [Int], stringRange: CFRange,
         rightToLeft: Bool, penX: CGFloat, ruby: RubyText? = nil) {
        self.style = style
        self.ruby = ruby
        self.penX = penX
        self.glyphs = glyphs
        self.positions = positions
        self.advances = advances
        self.indices = indices
        self.stringRange = stringRange
        var status: CTRunStatus = rightToLeft ? .rightToLeft : []
        if zip(indices, indices.dropFirst()).contains(where: { rightToLeft ? $0 < $1 : $0 > $1 }) { status.insert(.nonMonotonic) }
        self.status = status
    }

    var font: CTFont { style.font }

    /// Points above the baseline the run needs: its delegate's ascent, or its font's (raised by
    /// its baseline offset), and its ruby's top when above.
    var ascent: CGFloat {
        if let delegate = style.delegate { return delegate.ascent + max(0, style.baselineOffset) }
        let own = CTFontGetAscent(font) + max(0, style.baselineOffset)
        guard let ruby, ruby.above else { return own }
        return max(own, ruby.baseline + CTFontGetAscent(ruby.style.font))
    }

    /// Points below the baseline the run needs (its ruby's bottom when below).
    var descent: CGFloat {
        if let delegate = style.delegate { return delegate.descent - min(0, style.baselineOffset) }
        let own = CTFontGetDescent(font) - min(0, style.baselineOffset)
        guard let ruby, !ruby.above else { return own }
        return max(own, -ruby.baseline + CTFontGetDescent(ruby.style.font))
    }

    /// The run's width: its advances.
    var width: CGFloat { advances.reduce(0) { $0 + $1.width } }

    /// The run moved `dx` along the line.
    func shifted(by dx: CGFloat) -> CTRun {
        CTRun(style: style, glyphs: glyphs, positions: positions.map { CGPoint(x: $0.x + dx, y: $0.y) }, advances: advances,
              indices: indices, stringRange: stringRange, rightToLeft: status.contains(.rightToLeft), penX: penX + dx,
              ruby: ruby?.shifted(by: dx))
    }

    /// The run with its advances widened by `extra[i]` after glyph `i`.
    func widened(by extra: [CGFloat], at x: CGFloat) -> CTRun {
        var pen = x, positions: [CGPoint] = [], advances: [CGSize] = []
        var oldPen = penX
        for i in glyphs.indices {
            positions.append(CGPoint(x: pen + (self.positions[i].x - oldPen), y: self.positions[i].y))
            let advance = self.advances[i].width + (i < extra.count ? extra[i] : 0)
            advances.append(CGSize(width: advance, height: 0))
            oldPen += self.advances[i].width
            pen += advance
        }
        return CTRun(style: style, glyphs: glyphs, positions: positions, advances: advances, indices: indices,
                     stringRange: stringRange, rightToLeft: status.contains(.rightToLeft), penX: x, ruby: ruby?.shifted(by: x - penX))
    }

    /// The glyphs whose string index `keep` accepts, the pen starting again at `x`; nil when none is kept.
    func subrun(keeping keep: (Int) -> Bool, at x: CGFloat) -> CTRun? {
        var pen = x, oldPen = penX
        var kept: [Int] = [], positions: [CGPoint] = []
        for i in glyphs.indices {
            if keep(indices[i]) {
                kept.append(i)
                positions.append(CGPoint(x: pen + (self.positions[i].x - oldPen), y: self.positions[i].y))
                pen += advances[i].width
            }
            oldPen += advances[i].width
        }
        guard !kept.isEmpty else { return nil }
        let keptIndices = kept.map { indices[$0] }
        let low = keptIndices.min() ?? stringRange.location
        let runEnd = stringRange.location + stringRange.length
        let high = keptIndices.max() ?? low
        let end = indices.filter { $0 > high }.min() ?? runEnd
        // Ruby stays with its whole base only.
        return CTRun(style: style, glyphs: kept.map { glyphs[$0] }, positions: positions, advances: kept.map { advances[$0] },
                     indices: keptIndices, stringRange: CFRange(location: low, length: max(0, end - low)),
                     rightToLeft: status.contains(.rightToLeft), penX: x,
                     ruby: kept.count == glyphs.count ? ruby?.shifted(by: x - penX) : nil)
    }
}
