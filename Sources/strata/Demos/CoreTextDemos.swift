import CoreText
import Foundation
import QuartzCore
import StrataExport

// Core Text as an iOS app uses it: a paragraph set by a framesetter in a layer's draw(in:)
// (the context flipped back to Core Text's y-up coordinates, as on iOS), and a CATextLayer
// showing an attributed string with a CTFont.

extension Demo {
    static let coreTextDemos: [Demo] = [coreTextParagraph, coreTextInline]

    /// A paragraph with inline images (run delegates give their places; the images are drawn in
    /// them after the frame, as iOS code does) and ruby (pronunciations over words).
    static let coreTextInline = Demo(
        name: "coretext-inline-ruby",
        summary: "CoreText: inline images placed by CTRunDelegate and ruby annotations over words, set by CTFramesetter",
        kind: .still { inlineAndRubyPicture() })

    /// A title and a justified paragraph with coloured, kerned and underlined runs, set into a
    /// column whose width the script changes ten times a second (the layer redraws on each
    /// change: `needsDisplayOnBoundsChange`, so the paragraph reflows).
    static let coreTextParagraph = animation(
        "coretext-paragraph", "CoreText: a paragraph laid out by CTFramesetter in draw(in:), reflowing as its column widens",
        size: CGSize(width: 360, height: 300), duration: 3
    ) { script in
        let root = whiteRoot(CGSize(width: 360, height: 300))
        let column = ParagraphLayer()
        column.anchorPoint = .zero
        column.frame = CGRect(x: 20, y: 16, width: 180, height: 220)
        column.needsDisplayOnBoundsChange = true
        column.contentsScale = 2
        column.backgroundColor = CGColor(red: 0.97, green: 0.96, blue: 0.92, alpha: 1)
        column.setNeedsDisplay()
        root.addSublayer(column)
        for step in 1..<30 {
            let phase = Double(step) / 15
            let eased = (1 - cos(.pi * min(phase, 2 - phase))) / 2
            script.at(Double(step) / 10) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                column.bounds.size.width = 180 + 140 * eased
                CATransaction.commit()
            }
        }

        let caption = CATextLayer()
        caption.frame = CGRect(x: 20, y: 250, width: 320, height: 40)
        caption.contentsScale = 2
        let italic = CTFontCreateWithName("Helvetica-Oblique" as CFString, 15, nil)
        let key = { (name: CFString) in NSAttributedString.Key(name as String) }
        let captionText = NSMutableAttributedString(string: "CATextLayer, attributed: ", attributes: [
            key(kCTFontAttributeName): italic, key(kCTForegroundColorAttributeName): CGColor(gray: 0.35, alpha: 1)])
        captionText.append(NSAttributedString(string: "CTFont runs", attributes: [
            key(kCTFontAttributeName): CTFontCreateWithName("Helvetica-Bold" as CFString, 15, nil),
            key(kCTForegroundColorAttributeName): CGColor(red: 0.8, green: 0.25, blue: 0.1, alpha: 1),
            key(kCTUnderlineStyleAttributeName): CTUnderlineStyle.single.rawValue]))
        caption.string = captionText
        root.addSublayer(caption)
        return root
    }
}

/// A layer that sets a paragraph with Core Text in `draw(in:)`, as iOS code does.
private final class ParagraphLayer: CALayer {
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func draw(in ctx: CGContext) {
        let key = { (name: CFString) in NSAttributedString.Key(name as String) }
        let body = CTFontCreateWithName("Helvetica" as CFString, 13, nil)
        let title = CTFontCreateWithName("Helvetica-Bold" as CFString, 20, nil)
        var justified = CTTextAlignment.justified
        var spacing: CGFloat = 6
        let style = withUnsafeBytes(of: &justified) { alignment in
            withUnsafeBytes(of: &spacing) { space in
                CTParagraphStyleCreate([
                    CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: alignment.baseAddress!),
                    CTParagraphStyleSetting(spec: .paragraphSpacing, valueSize: MemoryLayout<CGFloat>.size, value: space.baseAddress!),
                ], 2)
            }
        }
        let text = NSMutableAttributedString(string: "Core Text on Linux\n", attributes: [
            key(kCTFontAttributeName): title, key(kCTParagraphStyleAttributeName): style,
            key(kCTForegroundColorAttributeName): CGColor(red: 0.1, green: 0.2, blue: 0.45, alpha: 1)])
        text.append(NSAttributedString(string: "Lines are shaped by HarfBuzz and broken at Unicode's line-break opportunities, "
            + "then set into the column from its top, justified, with ", attributes: [
                key(kCTFontAttributeName): body, key(kCTParagraphStyleAttributeName): style]))
        text.append(NSAttributedString(string: "coloured", attributes: [
            key(kCTFontAttributeName): body, key(kCTParagraphStyleAttributeName): style,
            key(kCTForegroundColorAttributeName): CGColor(red: 0.85, green: 0.3, blue: 0.1, alpha: 1)]))
        text.append(NSAttributedString(string: ", kerned and underlined runs. As the column widens, the paragraph reflows: "
            + "every frame draw(in:) asks CTFramesetter again.", attributes: [
                key(kCTFontAttributeName): body, key(kCTParagraphStyleAttributeName): style,
                key(kCTKernAttributeName): 0.3]))
        // iOS gives draw(in:) a y-down context; Core Text draws y up: flip, as iOS code does.
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        ctx.textMatrix = .identity
        let framesetter = CTFramesetterCreateWithAttributedString(text)
        let path = CGPath(rect: bounds.insetBy(dx: 10, dy: 10), transform: nil)
        CTFrameDraw(CTFramesetterCreateFrame(framesetter, CFRange(), path, nil), ctx)
    }
}

/// The size of an inline image, where a run delegate's callbacks read it.
private final class InlineImageSize {
    let width: CGFloat, ascent: CGFloat, descent: CGFloat
    init(width: CGFloat, ascent: CGFloat, descent: CGFloat) { (self.width, self.ascent, self.descent) = (width, ascent, descent) }
}

/// A run delegate for an image of `size` (the way iOS code makes one: a retained object as refCon).
private func imageDelegate(_ size: InlineImageSize) -> CTRunDelegate? {
    var callbacks = CTRunDelegateCallbacks(
        version: kCTRunDelegateVersion1,
        dealloc: { Unmanaged<InlineImageSize>.fromOpaque($0).release() },
        getAscent: { Unmanaged<InlineImageSize>.fromOpaque($0).takeUnretainedValue().ascent },
        getDescent: { Unmanaged<InlineImageSize>.fromOpaque($0).takeUnretainedValue().descent },
        getWidth: { Unmanaged<InlineImageSize>.fromOpaque($0).takeUnretainedValue().width })
    return CTRunDelegateCreate(&callbacks, Unmanaged.passRetained(size).toOpaque())
}

/// A small picture: a star of `color` on a rounded tile.
private func starImage(_ color: CGColor) -> CGImage? {
    guard let context = CGContext(
        data: nil, width: 44, height: 44, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    else { return nil }
    context.addPath(CGPath(roundedRect: CGRect(x: 1, y: 1, width: 42, height: 42), cornerWidth: 9, cornerHeight: 9, transform: nil))
    context.setFillColor(CGColor(red: 0.93, green: 0.94, blue: 0.98, alpha: 1))
    context.fillPath()
    let star = CGMutablePath()
    for k in 0..<10 {
        let radius: CGFloat = k % 2 == 0 ? 18 : 7.5
        let angle = CGFloat(k) * .pi / 5 + .pi / 2
        let point = CGPoint(x: 22 + radius * cos(angle), y: 22 + radius * sin(angle))
        if k == 0 { star.move(to: point) } else { star.addLine(to: point) }
    }
    star.closeSubpath()
    context.addPath(star)
    context.setFillColor(color)
    context.fillPath()
    return context.makeImage()
}

/// The coretext-inline-ruby demo's picture.
private func inlineAndRubyPicture() -> CGImage? {
    let key = { (name: CFString) in NSAttributedString.Key(name as String) }
    let body = CTFontCreateWithName("DejaVuSans" as CFString, 16, nil)
    let images = [starImage(CGColor(red: 0.95, green: 0.7, blue: 0.1, alpha: 1)), starImage(CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1))]
    let text = NSMutableAttributedString(string: "", attributes: [key(kCTFontAttributeName): body])
    func plain(_ s: String) { text.append(NSAttributedString(string: s, attributes: [key(kCTFontAttributeName): body])) }
    func ruby(_ base: String, _ reading: String) {
        let annotation = CTRubyAnnotationCreateWithAttributes(
            .center, .auto, .before, reading as CFString,
            [kCTForegroundColorAttributeName: CGColor(red: 0.75, green: 0.2, blue: 0.2, alpha: 1), kCTRubyAnnotationSizeFactorAttributeName: 0.55] as CFDictionary)
        text.append(NSAttributedString(string: base, attributes: [key(kCTFontAttributeName): body, key(kCTRubyAnnotationAttributeName): annotation]))
    }
    func image(_ index: Int) {
        guard let delegate = imageDelegate(InlineImageSize(width: 30, ascent: 24, descent: 6)) else { return }
        text.append(NSAttributedString(string: "\u{FFFC}", attributes: [
            key(kCTFontAttributeName): body, key(kCTRunDelegateAttributeName): delegate, NSAttributedString.Key("StrataImage"): index]))
    }
    plain("Images sit in the text ")
    image(0)
    plain(" where run delegates leave room, and ruby reads words aloud: ")
    ruby("Strata", "ˈstrɑː.tə")
    plain(" draws ")
    ruby("metadata", "ˈmɛt.ə.deɪ.tə")
    plain(" and ")
    ruby("glyphs", "ɡlɪfs")
    plain(" alike ")
    image(1)
    plain(" on Linux.")

    let size = CGSize(width: 420, height: 200)
    guard let context = CGContext(
        data: nil, width: Int(size.width) * 2, height: Int(size.height) * 2, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    else { return nil }
    context.scaleBy(x: 2, y: 2)
    context.setFillColor(CGColor(gray: 1, alpha: 1))
    context.fill(CGRect(origin: .zero, size: size))
    context.textMatrix = .identity
    let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(text), CFRange(),
                                         CGPath(rect: CGRect(x: 16, y: 12, width: size.width - 32, height: size.height - 24), transform: nil), nil)
    CTFrameDraw(frame, context)
    // The images, in the places their delegates' runs hold (as iOS code finds them).
    let lines = CTFrameGetLines(frame) as? [CTLine] ?? []
    var origins = [CGPoint](repeating: .zero, count: lines.count)
    CTFrameGetLineOrigins(frame, CFRange(), &origins)
    for (line, origin) in zip(lines, origins) {
        for run in CTLineGetGlyphRuns(line) as? [CTRun] ?? [] {
            let attributes = CTRunGetAttributes(run)
            guard let index = attributes[NSAttributedString.Key("StrataImage")] as? Int ?? attributes["StrataImage"] as? Int,
                index < images.count, let picture = images[index] else { continue }
            var ascent: CGFloat = 0, descent: CGFloat = 0
            let width = CTRunGetTypographicBounds(run, CFRange(), &ascent, &descent, nil)
            let x = CTLineGetOffsetForStringIndex(line, CTRunGetStringRange(run).location, nil)
            context.draw(picture, in: CGRect(x: 16 + origin.x + x, y: 12 + origin.y - descent, width: CGFloat(width), height: ascent + descent))
        }
    }
    return context.makeImage()
}
