import CoreGraphics
import Foundation

public func CTRunGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTRun.self).hashValue) }

public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphs.count }
public func CTRunGetAttributes(_ run: CTRun) -> CFDictionary { run.style.attributes }
public func CTRunGetStatus(_ run: CTRun) -> CTRunStatus { run.status }
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { run.stringRange }
/// The identity: Strata runs carry no text matrix of their own.
public func CTRunGetTextMatrix(_ run: CTRun) -> CGAffineTransform { .identity }

/// Glyph range `range` of the run (length 0: to the end); empty when out of bounds.
private func glyphRange(_ run: CTRun, _ range: CFRange) -> Range<Int> {
    let count = run.glyphs.count
    guard range.location >= 0, range.length >= 0, range.location <= count else { return 0..<0 }
    let end = range.length == 0 ? count : range.location + min(count - range.location, range.length)
    return range.location..<end
}

public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { nil }
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? { nil }
public func CTRunGetAdvancesPtr(_ run: CTRun) -> UnsafePointer<CGSize>? { nil }
public func CTRunGetStringIndicesPtr(_ run: CTRun) -> UnsafePointer<CFIndex>? { nil }

/// Copies glyphs of `range` (length 0: all) into `buffer`.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (n, i) in glyphRange(run, range).enumerated() { buffer[n] = run.glyphs[i] }
}

/// Copies glyph positions (points from the line's origin) of `range` into `buffer`.
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (n, i) in glyphRange(run, range).enumerated() { buffer[n] = run.positions[i] }
}

/// Copies glyph advances (points) of `range` into `buffer`.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (n, i) in glyphRange(run, range).enumerated() { buffer[n] = run.advances[i] }
}

/// Copies the UTF-16 index of each glyph's character for `range` into `buffer`.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (n, i) in glyphRange(run, range).enumerated() { buffer[n] = run.indices[i] }
}

/// Copies the base advances and origins (Strata's are the advances and positions).
public func CTRunGetBaseAdvancesAndOrigins(_ run: CTRun, _ range: CFRange, _ advancesBuffer: UnsafeMutablePointer<CGSize>?, _ originsBuffer: UnsafeMutablePointer<CGPoint>?) {
    for (n, i) in glyphRange(run, range).enumerated() {
        advancesBuffer?[n] = run.advances[i]
        originsBuffer?[n] = run.positions[i]
    }
}

/// The width of glyphs `range` (points), with the run's font's ascent, descent and leading (its
/// delegate's ascent and descent for a delegate's run).
public func CTRunGetTypographicBounds(
    _ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    ascent?.pointee = run.style.delegate?.ascent ?? CTFontGetAscent(run.font)
    descent?.pointee = run.style.delegate?.descent ?? CTFontGetDescent(run.font)
    leading?.pointee = CTFontGetLeading(run.font)
    return Double(glyphRange(run, range).reduce(CGFloat(0)) { $0 + run.advances[$1].width })
}

/// The ink bounds of glyphs `range`, from the context's text position.
public func CTRunGetImageBounds(_ run: CTRun, _ context: CGContext?, _ range: CFRange) -> CGRect {
    let bounds = glyphBounds(of: [run], range: glyphRange(run, range))
    guard !bounds.isNull else { return .null }
    let origin = context?.textPosition ?? .zero
    return bounds.offsetBy(dx: origin.x, dy: origin.y)
}

/// Draws glyphs `range` (length 0: all) through the context's text matrix (from its text position),
/// in the run's colours (the context's fill colour with `kCTForegroundColorFromContextAttributeName`),
/// with its background, stroke, underline and ruby (drawn with the whole run); a run delegate's
/// run draws nothing of its own.
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    let glyphs = glyphRange(run, range)
    guard !glyphs.isEmpty else { return }
    let style = run.style, font = run.font
    // Text space: the text matrix's translation is the text position.
    let positions = glyphs.map { run.positions[$0] }
    let width = glyphs.reduce(CGFloat(0)) { $0 + run.advances[$1].width }
    let penStart = run.penX + run.advances[..<glyphs.lowerBound].reduce(0) { $0 + $1.width }
    context.saveGState()
    defer { context.restoreGState() }
    if let background = style.backgroundColor {
        let rect = CGRect(x: penStart, y: style.baselineOffset - CTFontGetDescent(font), width: width, height: CTFontGetAscent(font) + CTFontGetDescent(font))
        context.fillInTextSpace(CGPath(rect: rect, transform: nil), color: background)
    }
    if let color = style.color { context.setFillColor(color) }
    var mode = CGTextDrawingMode.fill
    if style.strokeWidth != 0 {
        mode = style.strokeWidth > 0 ? .stroke : .fillStroke
        context.setLineWidth(abs(style.strokeWidth) * font.size / 100)
        if let stroke = style.strokeColor ?? style.color { context.setStrokeColor(stroke) }
    }
    // A delegate's run is a place for something the app draws: its glyphs are not drawn.
    if style.delegate == nil {
        context.drawGlyphs(glyphs.map { run.glyphs[$0] }, at: positions, face: font.face, size: font.size, fontMatrix: font.matrix, mode: mode)
    }
    if let ruby = run.ruby, glyphs.count == run.glyphs.count {
        if let color = ruby.style.color { context.setFillColor(color) }
        let rubyFont = ruby.style.font
        context.drawGlyphs(ruby.glyphs, at: ruby.positions, face: rubyFont.face, size: rubyFont.size, fontMatrix: rubyFont.matrix, mode: mode)
    }
    guard !style.underline.isEmpty else { return }
    let thickness = CTFontGetUnderlineThickness(font) * (style.underline.contains(.thick) ? 2 : 1)
    let top = style.baselineOffset + CTFontGetUnderlinePosition(font)
    let underline = CGMutablePath()
    underline.addRect(CGRect(x: penStart, y: top - thickness, width: width, height: thickness))
    if style.underline.rawValue & 0x08 != 0 {
        underline.addRect(CGRect(x: penStart, y: top - thickness * 3, width: width, height: thickness))
    }
    context.fillInTextSpace(underline, color: style.underlineColor ?? style.color)
}
