import CoreGraphics
import QuartzCore
import Testing

@Suite("CATextLayer: Pango layout (golden images; fonts from fonts-dejavu-core)")
struct TextLayerGoldenTests {
    /// Rows and columns where `image` has dark (text) pixels inside `rect`.
    func inkBox(_ image: CGImage, in rect: CGRect) -> CGRect {
        var xs: [Int] = [], ys: [Int] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where image.rgba(x, y).r < 128 {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    func textLayer(_ frame: CGRect, _ string: String, size: CGFloat = 16) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = frame
        layer.string = string
        layer.fontSize = size
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        layer.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        return layer
    }

    @Test func defaultsAreApples() {
        let layer = CATextLayer()
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor?.components?.first == 1 && layer.foregroundColor?.alpha == 1)
        #expect(layer.isWrapped == false && layer.truncationMode == .none && layer.alignmentMode == .natural)
        #expect(layer.font as? String == "Helvetica")
        let attributed = NSAttributedString(string: "kept as given")
        layer.string = attributed
        #expect(layer.string as? NSAttributedString === attributed)
    }

    /// Issue 29: a NUL inside the string does not cut the text: "ab\0cd" draws as wide as
    /// "abcd" (Core Text draws nothing for the NUL and goes on).
    @Test func aNulDoesNotCutTheText() {
        func ink(_ string: String) -> CGRect {
            let root = scene { () -> CALayer in
                let root = canvas(200, 40)
                root.addSublayer(textLayer(CGRect(x: 0, y: 0, width: 200, height: 40), string))
                return root
            }
            return inkBox(Golden.render(root, width: 200, height: 40), in: CGRect(x: 0, y: 0, width: 200, height: 40))
        }
        let plain = ink("abcd"), withNul = ink("ab\u{0}cd"), cut = ink("ab")
        #expect(withNul == plain, "\(withNul) vs \(plain)")
        #expect(withNul.width > cut.width + 10)
    }

    /// Issue 29: text of thousands of lines draws what shows in its bounds exactly as the same
    /// text cut to those lines does (Pango is given only the paragraphs that can show; laying
    /// out 100,000 took minutes), left, centred and right aligned, unwrapped and wrapped.
    @Test(arguments: [CATextLayerAlignmentMode.left, .center, .right])
    func manyLinesDrawTheLinesThatShow(_ alignment: CATextLayerAlignmentMode) {
        func picture(_ lines: Int, wrapped: Bool) -> CGImage {
            let text = (0..<lines).map { "line \($0) of text" }.joined(separator: "\n")
            let root = scene { () -> CALayer in
                let root = canvas(200, 60)
                let layer = textLayer(CGRect(x: 0, y: 0, width: 200, height: 60), text, size: 12)
                layer.alignmentMode = alignment
                layer.isWrapped = wrapped
                root.addSublayer(layer)
                return root
            }
            return Golden.render(root, width: 200, height: 60)
        }
        for wrapped in [false, true] {
            let many = picture(5000, wrapped: wrapped), few = picture(12, wrapped: wrapped)
            #expect(Golden.compare(many, few, channelTolerance: 0)?.maxChannel == 0, "wrapped \(wrapped)")
            #expect(inkBox(many, in: CGRect(x: 0, y: 0, width: 200, height: 60)).height > 40, "several lines drawn")
        }
    }

    @Test func wrappingAlignmentAndTruncation() {
        let text = "The quick brown fox jumps over the lazy dog"
        let (root, layers) = scene { () -> (CALayer, [CATextLayer]) in
            let root = canvas(320, 200)
            let single = textLayer(CGRect(x: 10, y: 10, width: 300, height: 40), text)
            let wrapped = textLayer(CGRect(x: 10, y: 60, width: 140, height: 80), text)
            wrapped.isWrapped = true
            let right = textLayer(CGRect(x: 160, y: 60, width: 150, height: 30), "right")
            right.alignmentMode = .right
            let centred = textLayer(CGRect(x: 160, y: 100, width: 150, height: 30), "centre")
            centred.alignmentMode = .center
            let truncated = textLayer(CGRect(x: 10, y: 150, width: 120, height: 30), text)
            truncated.truncationMode = .end
            let layers = [single, wrapped, right, centred, truncated]
            for layer in layers { root.addSublayer(layer) }
            return (root, layers)
        }
        _ = layers
        let image = Golden.render(root, width: 320, height: 200)
        // One line: ink only in the first ~20 points, reaching far to the right.
        let single = inkBox(image, in: CGRect(x: 10, y: 10, width: 300, height: 40))
        #expect(single.height < 22 && single.width > 250)
        // Wrapped: several lines inside 140 points.
        let wrapped = inkBox(image, in: CGRect(x: 10, y: 60, width: 140, height: 80))
        #expect(wrapped.height > 40 && wrapped.maxX <= 150)
        // Right-aligned ink ends near the right edge; centred ink is centred.
        let right = inkBox(image, in: CGRect(x: 160, y: 60, width: 150, height: 30))
        #expect(right.maxX > 300 && right.minX > 230)
        let centred = inkBox(image, in: CGRect(x: 160, y: 100, width: 150, height: 30))
        #expect(abs(centred.midX - 235) < 4)
        // Truncated at the end: one line, within the bounds.
        let truncated = inkBox(image, in: CGRect(x: 10, y: 150, width: 120, height: 30))
        #expect(truncated.maxX < 130 && truncated.height < 22)
        Golden.check(image, named: "text-wrap-align-truncate", channelTolerance: 8, allowedPixels: 40)
    }

    @Test func emptyStringsAndHugeFontSizesDrawSafely() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 60)
            root.addSublayer(textLayer(CGRect(x: 0, y: 0, width: 100, height: 30), ""))  // tried: empty
            let huge = textLayer(CGRect(x: 0, y: 30, width: 100, height: 30), "W")
            huge.fontSize = 1e9  // tried: a billion points (held to 2000)
            root.addSublayer(huge)
            return root
        }
        let image = Golden.render(root, width: 100, height: 60)
        #expect(near(image.rgba(50, 15), (242, 242, 242, 255)))  // only the background
        #expect(image.rgba(50, 45).a == 255)  // drawn, clipped to its bounds
    }
}
