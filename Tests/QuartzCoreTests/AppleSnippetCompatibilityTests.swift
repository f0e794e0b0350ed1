import QuartzCore
import Testing

// Snippets written as for iOS, unchanged: they must compile against `import QuartzCore` alone and
// draw what Apple's would.
@Suite struct AppleSnippetCompatibilityTests {
    @Test func coreGraphicsSnippetCompilesAndDrawsTheExpectedPixels() throws {
        let colorSpace = CGColorSpaceCreateDeviceRGB()
        let bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        guard let context = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: colorSpace, bitmapInfo: bitmapInfo) else {
            Issue.record("context")
            return
        }
        context.setFillColor(UIColorLike.systemBlue.cgColor)
        let path = UIBezierPathLike(roundedRect: CGRect(x: 8, y: 8, width: 48, height: 48), cornerRadius: 8)
        context.addPath(path.cgPath)
        context.fillPath()
        let gradient = CGGradient(colorsSpace: colorSpace,
                                  colors: [UIColorLike.white.cgColor, UIColorLike.black.cgColor] as CFArray,
                                  locations: [0.0, 1.0])!
        context.saveGState()
        context.clip(to: CGRect(x: 0, y: 0, width: 8, height: 64))
        context.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 64), end: .zero, options: [])
        context.restoreGState()
        let image = try #require(context.makeImage())
        #expect(image.width == 64 && image.bitsPerPixel == 32)
        // BGRA bytes in memory: the centre is system blue (0, 122, 255).
        let bytes = try #require(image.dataProvider?.data)
        let centre = (32 * 64 + 32) * 4
        #expect(Array(bytes[centre..<centre + 4]) == [255, 122, 0, 255])
    }

    @Test func transform3DSnippetMatchesAppleSemantics() {
        var transform = CATransform3DIdentity
        transform.m34 = -1.0 / 500.0
        transform = CATransform3DRotate(transform, .pi / 4, 0, 1, 0)
        transform = CATransform3DTranslate(transform, 10, 0, 0)
        #expect(!CATransform3DIsAffine(transform))
        let affine = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(CATransform3DIsAffine(affine))
        #expect(CATransform3DGetAffineTransform(affine) == CGAffineTransform(rotationAngle: .pi / 2))
        let inverse = CATransform3DInvert(transform)
        let product = CATransform3DConcat(transform, inverse)
        for (a, b) in [(product.m11, 1.0), (product.m22, 1), (product.m33, 1), (product.m44, 1), (product.m41, 0), (product.m34, 0)] {
            #expect(abs(a - b) < 1e-12)
        }
    }
}

/// Stand-ins for the UIKit pieces such snippets lean on (UIKit itself is not part of Strata).
private struct UIColorLike {
    let cgColor: CGColor
    static let systemBlue = UIColorLike(cgColor: CGColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
    static let white = UIColorLike(cgColor: CGColor(gray: 1, alpha: 1))
    static let black = UIColorLike(cgColor: CGColor(gray: 0, alpha: 1))
}

private struct UIBezierPathLike {
    let cgPath: CGPath

    init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        cgPath = CGPath(roundedRect: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius, transform: nil)
    }
}
