import CoreGraphics
import Foundation
import Testing

/// CGPattern fills: cells repeated every step in base space (not moved by the CTM, as Core
/// Graphics places patterns), coloured or as a stencil in the colour given.
@Suite struct CGPatternTests {
    /// A 40×40 RGBA context; straight RGBA of (x, y), row 0 at the top.
    private func context() -> CGContext {
        CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    private func pixel(_ c: CGContext, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let p = c.data!.assumingMemoryBound(to: UInt8.self) + y * c.bytesPerRow + x * 4
        return (Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
    }

    /// A 10×10 cell with a 5×5 square at its origin, drawn red (the stencil ignores the colour).
    private func squares(colored: Bool) throws -> CGPattern {
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: { _, ctx in
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }, releaseInfo: nil)
        return try #require(CGPattern(
            info: nil, bounds: CGRect(x: 0, y: 0, width: 10, height: 10), matrix: .identity, xStep: 10, yStep: 10,
            tiling: .constantSpacing, isColored: colored, callbacks: &callbacks))
    }

    @Test func aColouredPatternRepeatsInBaseSpace() throws {
        let c = context()
        c.setFillColorSpace(try #require(CGColorSpace(patternBaseSpace: nil)))
        var alpha: CGFloat = 1
        c.setFillPattern(try squares(colored: true), colorComponents: &alpha)
        c.translateBy(x: 3, y: 0)  // the CTM moves the filled area, not the pattern
        c.fill(CGRect(x: -3, y: 0, width: 40, height: 40))
        // Base y 0…5 is rows 35…40: squares at x 0…5, 10…15, …; y 10…15 is rows 25…30.
        #expect(pixel(c, 2, 37) == (255, 0, 0, 255) && pixel(c, 12, 37) == (255, 0, 0, 255))
        #expect(pixel(c, 2, 27) == (255, 0, 0, 255))
        #expect(pixel(c, 7, 37).3 == 0 && pixel(c, 2, 32).3 == 0, "between the squares: nothing")
    }

    @Test func thePatternPhaseMovesWherePatternsStart() throws {
        let c = context()
        c.setFillColorSpace(try #require(CGColorSpace(patternBaseSpace: nil)))
        var alpha: CGFloat = 1
        c.setFillPattern(try squares(colored: true), colorComponents: &alpha)
        c.saveGState()
        c.setPatternPhase(CGSize(width: 5, height: 0))
        c.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        c.restoreGState()
        // Squares now at x 5…10, 15…20, …: x 2 is empty, x 7 red.
        #expect(pixel(c, 2, 37).3 == 0 && pixel(c, 7, 37) == (255, 0, 0, 255))
        // Restored with the graphics state: the squares start at 0 again.
        c.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(c, 2, 37) == (255, 0, 0, 255))
    }

    @Test func anUncolouredPatternIsAStencilInTheGivenColour() throws {
        let c = context()
        let space = try #require(CGColorSpace(patternBaseSpace: CGColorSpaceCreateDeviceRGB()))
        #expect(space.model == .pattern && space.baseColorSpace == CGColorSpaceCreateDeviceRGB())
        var blue: [CGFloat] = [0, 0, 1, 1]
        let color = try #require(CGColor(patternSpace: space, pattern: try squares(colored: false), components: &blue))
        c.setFillColor(color)
        c.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(pixel(c, 2, 37) == (0, 0, 255, 255), "the cell's coverage in blue, not its red")
        // A plain colour ends the pattern.
        c.setFillColor(CGColor(gray: 0, alpha: 1))
        c.fill(CGRect(x: 5, y: 0, width: 5, height: 5))
        #expect(pixel(c, 7, 37) == (0, 0, 0, 255))
    }

    @Test func badPatternsAreRefused() {
        // Tried: no draw callback; infinite steps.
        var none = CGPatternCallbacks(version: 0, drawPattern: nil, releaseInfo: nil)
        #expect(CGPattern(info: nil, bounds: .zero, matrix: .identity, xStep: 1, yStep: 1, tiling: .noDistortion,
                          isColored: true, callbacks: &none) == nil)
        var some = CGPatternCallbacks(version: 0, drawPattern: { _, _ in }, releaseInfo: nil)
        #expect(CGPattern(info: nil, bounds: .zero, matrix: .identity, xStep: .infinity, yStep: 1, tiling: .noDistortion,
                          isColored: true, callbacks: &some) == nil)
    }
}
