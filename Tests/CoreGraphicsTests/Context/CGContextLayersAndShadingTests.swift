import CoreGraphics
import Foundation
import Testing

/// Transparency layers, shadings, colour spaces for components, and the text matrix. Pixels are
/// checked against values reasoned out from the drawing (tolerance 2 levels of 255).
@Suite struct CGContextLayersAndShadingTests {
    private func context(_ w: Int = 20, _ h: Int = 20) -> CGContext {
        CGContext(
            data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    /// Straight RGBA at (x, y), row 0 at the top.
    private func pixel(_ c: CGContext, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let p = c.data!.assumingMemoryBound(to: UInt8.self) + y * c.bytesPerRow + x * 4
        let a = Int(p[3])
        func un(_ v: UInt8) -> Int { a == 0 ? 0 : Int((Double(v) * 255 / Double(a)).rounded()) }
        return (un(p[0]), un(p[1]), un(p[2]), a)
    }

    private func near(_ a: (Int, Int, Int, Int), _ b: (Int, Int, Int, Int), _ tolerance: Int = 2) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance && abs(a.3 - b.3) <= tolerance
    }

    @Test func aTransparencyLayerIsCompositedAsOneObject() {
        // Two overlapping opaque squares at alpha 0.5: drawn one by one, the overlap is darker
        // (0.75 coverage); inside a transparency layer the group is made first: 0.5 everywhere.
        let c = context()
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 12, height: 20))
        c.fill(CGRect(x: 8, y: 0, width: 12, height: 20))
        c.endTransparencyLayer()
        #expect(pixel(c, 4, 10).3 == 128 || pixel(c, 4, 10).3 == 127)
        #expect(pixel(c, 10, 10).3 == pixel(c, 4, 10).3, "the overlap is no darker than the rest")
        // Without the layer, for comparison.
        let plain = context()
        plain.setAlpha(0.5)
        plain.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        plain.fill(CGRect(x: 0, y: 0, width: 12, height: 20))
        plain.fill(CGRect(x: 8, y: 0, width: 12, height: 20))
        #expect(abs(pixel(plain, 10, 10).3 - 191) <= 1)
    }

    @Test func insideALayerTheStateIsResetAndRestoredAfter() {
        let c = context()
        c.setAlpha(0.5)
        c.setBlendMode(.multiply)
        c.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 10, height: 20), auxiliaryInfo: nil)
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))  // cut to the layer's rect
        c.endTransparencyLayer()
        #expect(pixel(c, 15, 10).3 == 0, "outside the layer's rect nothing is drawn")
        #expect(pixel(c, 5, 10).3 > 100)
        // Tried: an end without a begin: ignored.
        c.endTransparencyLayer()
    }

    @Test func anAxialShadingSamplesItsFunction() throws {
        // t ↦ (t, 0, 1 − t, 1): red grows left to right across 0…20.
        var callbacks = CGFunctionCallbacks(version: 0, evaluate: { _, input, output in
            output[0] = input[0]
            output[1] = 0
            output[2] = 1 - input[0]
            output[3] = 1
        }, releaseInfo: nil)
        var domain: [CGFloat] = [0, 1]
        var range: [CGFloat] = [0, 1, 0, 1, 0, 1, 0, 1]
        let function = try #require(CGFunction(
            info: nil, domainDimension: 1, domain: &domain, rangeDimension: 4, range: &range, callbacks: &callbacks))
        let shading = try #require(CGShading(
            axialSpace: CGColorSpaceCreateDeviceRGB(), start: CGPoint(x: 0, y: 0), end: CGPoint(x: 20, y: 0),
            function: function, extendStart: false, extendEnd: false))
        let c = context()
        c.drawShading(shading)
        let left = pixel(c, 0, 10), middle = pixel(c, 10, 10), right = pixel(c, 19, 10)
        #expect(near(middle, (134, 0, 121, 255), 3), "t = 10.5/20: \(middle)")
        #expect(left.0 < 15 && left.2 > 240 && right.0 > 240 && right.2 < 15)
        // A function of the wrong shape is refused.
        #expect(CGShading(
            axialSpace: CGColorSpaceCreateDeviceGray(), start: .zero, end: CGPoint(x: 1, y: 0), function: function,
            extendStart: false, extendEnd: false) == nil)
    }

    @Test func aRadialShadingExtendsWhereItSays() throws {
        var callbacks = CGFunctionCallbacks(version: 0, evaluate: { _, input, output in
            output[0] = input[0]
            output[1] = 1
        }, releaseInfo: nil)
        let function = try #require(CGFunction(
            info: nil, domainDimension: 1, domain: nil, rangeDimension: 2, range: nil, callbacks: &callbacks))
        let shading = try #require(CGShading(
            radialSpace: CGColorSpaceCreateDeviceGray(), start: CGPoint(x: 10, y: 10), startRadius: 0,
            end: CGPoint(x: 10, y: 10), endRadius: 5, function: function, extendStart: false, extendEnd: true))
        let c = context()
        c.drawShading(shading)
        #expect(pixel(c, 10, 10).0 < 40, "the centre is dark")
        #expect(pixel(c, 19, 10) == (255, 255, 255, 255), "beyond the end circle: the end colour, extended")
    }

    @Test func componentColoursAreReadInTheSpaceSet() {
        let c = context()
        c.setFillColorSpace(CGColorSpaceCreateDeviceCMYK())
        var cyan: [CGFloat] = [1, 0, 0, 0, 1]
        c.setFillColor(&cyan)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(pixel(c, 5, 10) == (0, 255, 255, 255), "CMYK cyan, converted naively")
        c.setStrokeColorSpace(CGColorSpaceCreateDeviceGray())
        var gray: [CGFloat] = [0.5, 1]
        c.setStrokeColor(&gray)
        c.setLineWidth(4)
        c.stroke(CGRect(x: 14, y: 4, width: 2, height: 10))
        #expect(near(pixel(c, 15, 4), (128, 128, 128, 255)))
        c.setRenderingIntent(.perceptual)  // kept, no effect on sRGB drawing
    }

    @Test func theTextMatrixIsNotPartOfTheGraphicsState() {
        let c = context()
        c.textMatrix = CGAffineTransform(scaleX: 2, y: 2)
        c.textPosition = CGPoint(x: 3, y: 4)
        c.saveGState()
        c.textMatrix = .identity
        c.restoreGState()
        #expect(c.textMatrix == .identity, "restoreGState does not bring it back, as on Apple")
        #expect(c.textPosition == .zero, "the text position is the text matrix's translation, as in Quartz")
        c.textMatrix = CGAffineTransform(translationX: 5, y: 6)
        #expect(c.textPosition == CGPoint(x: 5, y: 6))
        c.textPosition = CGPoint(x: 1, y: 2)
        #expect(c.textMatrix.tx == 1 && c.textMatrix.ty == 2)
    }
}
