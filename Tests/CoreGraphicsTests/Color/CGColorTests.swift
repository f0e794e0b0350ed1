import CoreGraphics
import Testing

@Suite struct CGColorTests {
    @Test func rgbColorsReportComponentsAlphaAndSpace() {
        let c = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        #expect(c.components == [0.2, 0.4, 0.6, 0.8])
        #expect(c.numberOfComponents == 4)
        #expect(c.alpha == 0.8)
        #expect(c.colorSpace?.model == .rgb)
        #expect(c.colorSpace?.name == CGColorSpace.sRGB)
    }

    @Test func grayColorsAndTheNamedConstants() {
        #expect(CGColor(gray: 0.5, alpha: 1).components == [0.5, 1])
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.alpha == 0)
        #expect(CGColor.black.colorSpace?.model == .monochrome)
    }

    @Test func copyWithAlphaKeepsTheColourComponents() {
        let c = CGColor(red: 1, green: 0, blue: 0, alpha: 1).copy(alpha: 0.25)
        #expect(c?.components == [1, 0, 0, 0.25])
    }

    @Test func equalityComparesSpaceAndComponents() {
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) == CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(gray: 1, alpha: 1) != CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    }

    @Test func colorFromSpaceAndComponentsReadsComponentsPlusAlpha() {
        let values: [CGFloat] = [0.1, 0.2, 0.3, 0.4]
        let c = CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: values)
        #expect(c?.components == values)
        #expect(CGColorSpace(name: "kCGColorSpaceGenericCMYK")?.numberOfComponents == 4)
        #expect(CGColorSpace(name: "kCGColorSpaceICCProfileUnknown") == nil)
        #expect(CGColorSpace(name: CGColorSpace.displayP3)?.numberOfComponents == 3)
    }

    @Test func linearColoursAreConvertedToSRGBForDrawing() {
        let linear = CGColorSpace(name: CGColorSpace.linearSRGB)!
        let c = CGColor(colorSpace: linear, components: [0.5, 0.5, 0.5, 1])!
        // The sRGB encoding of linear 0.5 is 0.7354 (IEC 61966-2-1).
        #expect(abs(c.sRGBComponents.r - 0.735357) < 1e-5)
        let back = CGColor(red: 0.735357, green: 0, blue: 0, alpha: 1).converted(
            to: linear, intent: .defaultIntent, options: nil)
        #expect(abs((back?.components?[0] ?? 0) - 0.5) < 1e-5)
    }

    @Test func convertingToGrayUsesRec709Luma() {
        let gray = CGColor(red: 1, green: 0, blue: 0, alpha: 1).converted(
            to: CGColorSpaceCreateDeviceGray(), intent: .defaultIntent, options: nil)
        #expect(abs((gray?.components?[0] ?? 0) - 0.2126) < 1e-12)
    }

    @Test func nonFiniteComponentsAreReplacedByZero() {
        // Bad input: NaN and infinity must never reach drawing.
        let c = CGColor(red: .nan, green: .infinity, blue: 0.5, alpha: 1)
        #expect(c.components == [0, 0, 0.5, 1])
    }
}
