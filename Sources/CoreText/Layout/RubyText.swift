import CoreGraphics
import Foundation

/// A run's ruby laid out: its glyphs (positions from the line's origin, y up) in the ruby's own
/// style, over its base (`above`) or under it, on the baseline `baseline` points above the line's.
struct RubyText {
    let style: RunStyle
    let glyphs: [CGGlyph]
    let positions: [CGPoint]
    let above: Bool
    let baseline: CGFloat

    func shifted(by dx: CGFloat) -> RubyText {
        RubyText(style: style, glyphs: glyphs, positions: positions.map { CGPoint(x: $0.x + dx, y: $0.y) }, above: above, baseline: baseline)
    }

    /// `base` (the runs one attribute run with ruby became, laid from its pen) with `annotation`
    /// laid over or under it: centred on it (or at its start or end as the alignment says); a
    /// ruby wider than its base spreads the base's glyphs to its width, or, with scale-to-fit,
    /// is made smaller. Interline and inline positions are drawn above, as `before`.
    static func attach(_ annotation: CTRubyAnnotation, to base: [CTRun], style: RunStyle) -> [CTRun] {
        guard let first = base.first, let text = annotation.texts[0] ?? annotation.texts[1] ?? annotation.texts[2] ?? annotation.texts[3],
            !text.isEmpty else { return base }
        let above = annotation.texts[0] != nil || annotation.texts[1] == nil
        let start = first.penX
        let baseWidth = base.reduce(0) { $0 + $1.width }
        var rubyStyle = rubyRunStyle(annotation, base: style, size: style.font.size * annotation.sizeFactor)
        let units = Array(text.utf16)
        var shaped = Shaper.shape(units, 0..<units.count, style: rubyStyle, x: 0)
        var rubyWidth = shaped.advances.reduce(0) { $0 + $1.width }
        if annotation.scaleToFit, rubyWidth > baseWidth, baseWidth > 0 {
            rubyStyle = rubyRunStyle(annotation, base: style, size: rubyStyle.font.size * baseWidth / rubyWidth)
            shaped = Shaper.shape(units, 0..<units.count, style: rubyStyle, x: 0)
            rubyWidth = shaped.advances.reduce(0) { $0 + $1.width }
        }
        var runs = base
        if rubyWidth > baseWidth {
            let count = base.reduce(0) { $0 + $1.glyphs.count }
            let extra = (rubyWidth - baseWidth) / CGFloat(max(count, 1))
            var pen = start
            runs = base.map { run in
                let widened = run.widened(by: [CGFloat](repeating: extra, count: run.glyphs.count), at: pen)
                pen += widened.width
                return widened
            }
        }
        let total = max(baseWidth, rubyWidth)
        let x: CGFloat
        switch annotation.alignment {
        case .start: x = start
        case .end: x = start + total - rubyWidth
        default: x = start + (total - rubyWidth) / 2
        }
        let baseline = above
            ? style.baselineOffset + CTFontGetAscent(style.font) + CTFontGetDescent(rubyStyle.font)
            : style.baselineOffset - CTFontGetDescent(style.font) - CTFontGetAscent(rubyStyle.font)
        let ruby = RubyText(style: rubyStyle, glyphs: shaped.glyphs, positions: shaped.positions.map { CGPoint(x: $0.x + x, y: $0.y + baseline) },
                            above: above, baseline: baseline)
        let head = runs[0]
        runs[0] = CTRun(style: head.style, glyphs: head.glyphs, positions: head.positions, advances: head.advances, indices: head.indices,
                        stringRange: head.stringRange, rightToLeft: head.status.contains(.rightToLeft), penX: head.penX, ruby: ruby)
        return runs
    }

    /// The ruby's style: its own attributes over the base's (without the ruby and delegate), its
    /// font the given one or the base's at `size`.
    private static func rubyRunStyle(_ annotation: CTRubyAnnotation, base: RunStyle, size: CGFloat) -> RunStyle {
        var attributes = base.attributes
        attributes[kCTRubyAnnotationAttributeName] = nil
        attributes[kCTRunDelegateAttributeName] = nil
        attributes[kCTUnderlineStyleAttributeName] = nil
        for (key, value) in annotation.attributes { attributes[key] = value }
        if annotation.attributes[kCTFontAttributeName] == nil {
            attributes[kCTFontAttributeName] = CTFontCreateCopyWithAttributes(base.font, max(size, 1), nil, nil)
        }
        var style = RunStyle(attributes)
        style.baselineOffset = 0
        return style
    }
}
