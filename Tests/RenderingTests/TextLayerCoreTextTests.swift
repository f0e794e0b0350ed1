import CoreGraphics
import CoreText
import QuartzCore
import Testing

/// CATextLayer with Core Text's objects: a CTFont or CGFont as its font, and attributed strings
/// whose runs carry Core Text attributes (fonts from fonts-dejavu-core, pinned).
@Suite struct TextLayerCoreTextTests {
    private func render(_ configure: (CATextLayer) -> Void) -> CGImage {
        let root = scene { () -> CALayer in
            let root = canvas(240, 60)
            let layer = CATextLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 240, height: 60)
            layer.fontSize = 24
            layer.foregroundColor = CGColor(gray: 0, alpha: 1)
            configure(layer)
            root.addSublayer(layer)
            return root
        }
        return Golden.render(root, width: 240, height: 60)
    }

    /// How many pixels differ by more than `tolerance` in any channel.
    private func differing(_ a: CGImage, _ b: CGImage, tolerance: Int = 0) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.rgba(x, y), q = b.rgba(x, y)
                if abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance || abs(Int(p.b) - Int(q.b)) > tolerance { count += 1 }
            }
        }
        return count
    }

    @Test func aCTFontOrCGFontDrawsAsItsFamilyAndStyleNamed() throws {
        let byName = render { $0.font = "DejaVu Sans-Bold" as CFTypeRef; $0.string = "Bold text" }
        let ctFont = CTFontCreateWithName("DejaVuSans-Bold" as CFString, 80, nil)
        let byCTFont = render { $0.font = ctFont; $0.string = "Bold text" }
        #expect(differing(byName, byCTFont) == 0, "a CTFont is its face; its own size (80) is not used, fontSize is")
        let cgFont = try #require(CGFont("DejaVuSans-Bold" as CFString))
        let byCGFont = render { $0.font = cgFont; $0.string = "Bold text" }
        #expect(differing(byName, byCGFont) == 0)
        let regular = render { $0.string = "Bold text" }
        #expect(differing(regular, byName) > 50, "bold differs from the default face")
        let layer = CATextLayer()
        layer.font = ctFont
        #expect(layer.font === ctFont, "the font reads back as set")
    }

    @Test func attributedRunsKeepTheirFontsAndColours() {
        let key = { (name: CFString) in NSAttributedString.Key(name as String) }
        let big = CTFontCreateWithName("DejaVuSans" as CFString, 30, nil)
        let small = CTFontCreateWithName("DejaVuSans" as CFString, 10, nil)
        let string = NSMutableAttributedString(string: "RedBlue")
        string.addAttributes([key(kCTFontAttributeName): big, key(kCTForegroundColorAttributeName): CGColor(red: 1, green: 0, blue: 0, alpha: 1)],
                             range: NSRange(location: 0, length: 3))
        string.addAttributes([key(kCTFontAttributeName): small, key(kCTForegroundColorAttributeName): CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                             range: NSRange(location: 3, length: 4))
        let image = render { $0.foregroundColor = CGColor(gray: 0.5, alpha: 1); $0.string = string }
        var red: (minX: Int, maxX: Int, minY: Int, maxY: Int) = (.max, -1, .max, -1)
        var blue = red
        var grey = 0
        for y in 0..<60 {
            for x in 0..<240 {
                let p = image.rgba(x, y)
                if p.r > 200 && p.g < 60 && p.b < 60 { red = (min(red.minX, x), max(red.maxX, x), min(red.minY, y), max(red.maxY, y)) }
                if p.b > 200 && p.r < 60 && p.g < 60 { blue = (min(blue.minX, x), max(blue.maxX, x), min(blue.minY, y), max(blue.maxY, y)) }
                if p.r > 100 && p.r < 150 && abs(Int(p.r) - Int(p.b)) < 5 && p.a == 255 { grey += 1 }
            }
        }
        #expect(red.maxX >= 0 && blue.maxX >= 0, "both runs drawn in their colours")
        #expect(red.maxX < blue.minX + 2, "red first, then blue: \(red) \(blue)")
        #expect(red.maxY - red.minY > 2 * (blue.maxY - blue.minY), "the 30-point run is taller than the 10-point one: \(red) \(blue)")
        #expect(grey == 0, "the layer's own colour is not used for an attributed string")
    }

    @Test func anAttributedStringWithoutAttributesIsCoreTextsDefault() {
        let plain = render { $0.fontSize = 36; $0.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1); $0.string = NSAttributedString(string: "Hm") }
        let twelve = render { $0.fontSize = 12; $0.foregroundColor = CGColor(gray: 0, alpha: 1); $0.string = "Hm" }
        #expect(differing(plain, twelve, tolerance: 2) == 0, "Helvetica 12 in black, as Core Text draws an attribute-less string")
    }
}
