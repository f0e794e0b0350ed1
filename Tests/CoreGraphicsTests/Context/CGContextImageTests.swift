import CoreGraphics
import Testing

/// A 2×2 image: red, green on its top row; blue, white below.
private let quad = makeImage(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])

@Suite struct CGContextImageTests {
    @Test func imagesAreDrawnUprightWithTheirFirstRowAtTheTopOfTheRect() {
        let ctx = makeRGBAContext(width: 2, height: 2)
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(ctx.pixel(column: 0, row: 0) == .red)
        #expect(ctx.pixel(column: 1, row: 0) == .green)
        #expect(ctx.pixel(column: 0, row: 1) == .blue)
        #expect(ctx.pixel(column: 1, row: 1) == .white)
    }

    @Test func scalingWithoutInterpolationMakesBlocks() {
        let ctx = makeRGBAContext(width: 20, height: 20)
        ctx.interpolationQuality = .none
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ctx.pixel(column: 0, row: 0) == .red)
        #expect(ctx.pixel(column: 9, row: 9) == .red)
        #expect(ctx.pixel(column: 10, row: 9) == .green)
        #expect(ctx.pixel(column: 9, row: 10) == .blue)
        #expect(ctx.pixel(column: 19, row: 19) == .white)
    }

    @Test func scaledEdgesStayOpaque() {
        // Padding the source keeps the drawn rect's edge pixels fully covered.
        let image = makeImage(width: 1, height: 1, rgba: [0, 0, 255, 255])
        let ctx = makeRGBAContext(width: 10, height: 10)
        ctx.interpolationQuality = .high
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ctx.pixel(column: 0, row: 0) == .blue && ctx.pixel(column: 9, row: 9) == .blue)
    }

    @Test func tilingRepeatsTheImageAtTheRectSize() {
        let ctx = makeRGBAContext(width: 8, height: 8)
        ctx.draw(quad, in: CGRect(x: 0, y: 0, width: 2, height: 2), byTiling: true)
        // The rect's top edge (y = 2) is device row 6, so tiles' top rows (red, green) fall on even rows.
        for (column, row) in [(0, 0), (2, 0), (4, 6), (6, 2)] {
            #expect(ctx.pixel(column: column, row: row) == .red, "(\(column), \(row))")
            #expect(ctx.pixel(column: column + 1, row: row) == .green)
            #expect(ctx.pixel(column: column, row: row + 1) == .blue)
            #expect(ctx.pixel(column: column + 1, row: row + 1) == .white)
        }
        // Tiles start at the rect: the rect's top row is device row 6, so row 0 holds a tile's top.
        #expect(ctx.pixel(column: 0, row: 7) == .blue && ctx.pixel(column: 0, row: 6) == .red)
    }

    @Test func clipToMaskUsesGraySamplesAsCoverage() throws {
        let gray = try #require(
            CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                    space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(alphaInfo: .none),
                    provider: CGDataProvider(data: Data([255, 64]))!, decode: nil, shouldInterpolate: false,
                    intent: .defaultIntent))
        let ctx = makeRGBAContext(width: 4, height: 2)
        ctx.interpolationQuality = .none
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2), mask: gray)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(ctx.pixel(x: 0, y: 0) == .red)
        #expect(ctx.pixel(x: 1, y: 0).isClose(to: Pixel(r: 64, g: 0, b: 0, a: 64), tolerance: 2))
        #expect(ctx.pixel(x: 3, y: 0) == .clear, "outside the mask rect nothing is drawn")
    }
}

@Suite struct CGContextGradientTests {
    private let blackToWhite = CGGradient(
        colorsSpace: CGColorSpaceCreateDeviceRGB(),
        colors: [CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)] as CFArray,
        locations: [0, 1])!

    @Test func linearGradientInterpolatesAlongTheAxis() {
        let ctx = makeRGBAContext(width: 101, height: 4)
        ctx.drawLinearGradient(blackToWhite, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 101, y: 0), options: [])
        // Pixel centres sit at x + 0.5: expect 255·(x + 0.5)/101 within 2 levels.
        for x in [0, 25, 50, 75, 100] {
            let expected = Int((255 * (Double(x) + 0.5) / 101).rounded())
            #expect(abs(ctx.pixel(x: x, y: 1).r - expected) <= 2, "x \(x)")
        }
    }

    /// Core Graphics mixes a gradient in its colour space: black → white is half the light at its
    /// middle in linear sRGB (level 188), level 128 in sRGB; red → yellow passes green 148 there
    /// in Display P3 (iOS's wide-colour mix), 129 in sRGB. Pixel 50 of 100 samples t = 0.505.
    @Test func aGradientMixesInItsColourSpace() throws {
        func middle(_ name: CFString, _ a: CGColor, _ b: CGColor) throws -> Pixel {
            let space = try #require(CGColorSpace(name: name))
            let gradient = try #require(CGGradient(colorsSpace: space, colors: [a, b] as CFArray, locations: [0, 1]))
            let ctx = makeRGBAContext(width: 100, height: 2)
            ctx.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
            return ctx.pixel(x: 50, y: 1)
        }
        let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1), white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        let linear = try middle(CGColorSpace.linearSRGB, black, white)
        #expect(abs(linear.r - 188) <= 2 && linear.r == linear.g && linear.g == linear.b, "\(linear)")
        #expect(abs(try middle(CGColorSpace.sRGB, black, white).r - 129) <= 2)
        let p3 = try middle(CGColorSpace.displayP3, red, yellow)
        #expect(abs(p3.g - 148) <= 2 && p3.r == 255, "\(p3)")
        #expect(abs(try middle(CGColorSpace.sRGB, red, yellow).g - 129) <= 2)
    }

    @Test func gradientOptionsPadEachEndIndependently() {
        let line = { (options: CGGradientDrawingOptions) -> (Pixel, Pixel) in
            let ctx = makeRGBAContext(width: 100, height: 2)
            ctx.drawLinearGradient(
                self.blackToWhite, start: CGPoint(x: 40, y: 0), end: CGPoint(x: 60, y: 0), options: options)
            return (ctx.pixel(x: 10, y: 0), ctx.pixel(x: 90, y: 0))
        }
        #expect(line([]) == (.clear, .clear))
        #expect(line(.drawsBeforeStartLocation) == (.black, .clear))
        #expect(line(.drawsAfterEndLocation) == (.clear, .white))
        #expect(line([.drawsBeforeStartLocation, .drawsAfterEndLocation]) == (.black, .white))
    }

    @Test func radialGradientRunsFromTheStartCircleToTheEndCircle() {
        let ctx = makeRGBAContext(width: 100, height: 100)
        ctx.drawRadialGradient(
            blackToWhite, startCenter: CGPoint(x: 50, y: 50), startRadius: 0, endCenter: CGPoint(x: 50, y: 50),
            endRadius: 40, options: [])
        #expect(ctx.pixel(x: 50, y: 50).r < 8)
        #expect(abs(ctx.pixel(x: 70, y: 50).r - 128) <= 4, "half way out")
        #expect(ctx.pixel(x: 95, y: 50) == .clear)
        let padded = makeRGBAContext(width: 100, height: 100)
        padded.drawRadialGradient(
            blackToWhite, startCenter: CGPoint(x: 50, y: 50), startRadius: 10, endCenter: CGPoint(x: 50, y: 50),
            endRadius: 40, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(padded.pixel(x: 50, y: 50) == .black && padded.pixel(x: 95, y: 95) == .white)
    }

    @Test func gradientsRefuseNonColourEntries() {
        // Bad input: an array holding something other than CGColor.
        #expect(CGGradient(colorsSpace: nil, colors: [CGColor.black, "red"] as CFArray, locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [] as CFArray, locations: nil) == nil)
        let components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil, count: 2) != nil)
    }
}

@Suite struct CGContextShadowTests {
    @Test func sharpShadowIsOffsetInBaseSpace() {
        let ctx = makeRGBAContext()
        ctx.setShadow(offset: CGSize(width: 10, height: -10), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 20, y: 50, width: 20, height: 20))
        #expect(ctx.pixel(x: 25, y: 65) == .red)
        #expect(ctx.pixel(x: 45, y: 45) == .black, "shadow right of and below the square")
        #expect(ctx.pixel(x: 45, y: 75) == .clear)
        #expect(ctx.pixel(x: 15, y: 45) == .clear)
    }

    /// A white `rect` filled over a black shadow blurred with blur 8 (σ = 4 px), no offset.
    private func shadowedFill(_ rect: CGRect) -> CGContext {
        let ctx = makeRGBAContext()
        ctx.setShadow(offset: .zero, blur: 8, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        ctx.fill(rect)
        return ctx
    }

    /// The standard normal distribution function.
    private func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    @Test func blurredShadowFallsOffLikeAGaussian() {
        let ctx = shadowedFill(CGRect(x: 30, y: 0, width: 40, height: 100))
        // σ = blur / 2 = 4 px. The rect's edge is at x = 70; pixel x's centre lies x + 0.5 − 70 px
        // outside it, where a Gaussian-blurred edge has alpha 255·Φ(−d/σ). Allow 3 levels.
        for x in 70...80 {
            let expected = 255 * phi(-(Double(x) + 0.5 - 70) / 4)
            #expect(abs(Double(ctx.pixel(x: x, y: 50).a) - expected) <= 3, "x \(x)")
        }
        #expect(ctx.pixel(x: 29, y: 50).a == ctx.pixel(x: 70, y: 50).a, "both edges blur alike")
        #expect(ctx.pixel(x: 90, y: 50).a == 0)
        #expect(GaussianBlur.kernel(sigma: 4).reduce(0, +) == 65536)
    }

    /// The blur runs as two passes (across, then down): near a corner both must have applied, so
    /// alpha is the product of the two edge profiles, 255·Φ(−dx/σ)·Φ(−dy/σ).
    @Test func blurredCornerIsTheProductOfBothEdgeProfiles() {
        let ctx = shadowedFill(CGRect(x: 20, y: 20, width: 40, height: 40))
        // Pixels around the rect's corner at (60, 60), in base space (y up).
        for (x, y) in [(60, 60), (62, 61), (64, 66), (58, 63), (61, 57)] {
            let dx = Double(x) + 0.5 - 60, dy = Double(y) + 0.5 - 60
            let expected = 255 * phi(-dx / 4) * phi(-dy / 4)
            #expect(abs(Double(ctx.pixel(x: x, y: y).a) - expected) <= 3, "x \(x) y \(y)")
        }
    }

    @Test func defaultShadowColourIsBlackAtOneThird() {
        let ctx = makeRGBAContext()
        ctx.setShadow(offset: CGSize(width: 30, height: 0), blur: 0)
        ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(ctx.pixel(x: 45, y: 15).isClose(to: Pixel(r: 0, g: 0, b: 0, a: 85)))
    }
}
