import CoreText
import Foundation
import QuartzCore
import StrataExport

// Core Text as an iOS app uses it: a paragraph set by a framesetter in a layer's draw(in:)
// (the context flipped back to Core Text's y-up coordinates, as on iOS), and a CATextLayer
// showing an attributed string with a CTFont.

extension Demo {
    static let coreTextDemos: [Demo] = [coreTextParagraph]

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
