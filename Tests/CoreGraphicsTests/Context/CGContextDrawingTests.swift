import CoreGraphics
import Testing

@Suite struct CGContextDrawingTests {
    @Test func originIsBottomLeftAndMemoryRowZeroIsTheTop() {
        let ctx = makeRGBAContext(width: 10, height: 10)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 2))
        #expect(ctx.pixel(column: 5, row: 9) == .red)
        #expect(ctx.pixel(column: 5, row: 8) == .red)
        #expect(ctx.pixel(column: 5, row: 7) == .clear)
        #expect(ctx.pixel(column: 5, row: 0) == .clear)
    }

    @Test func ctmTranslatesScalesAndRotatesUserSpace() {
        let ctx = makeRGBAContext()
        ctx.translateBy(x: 50, y: 50)
        ctx.rotate(by: .pi / 2)
        ctx.scaleBy(x: 2, y: 1)
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        // Unit square scaled ×2 in x, turned a quarter: it covers x in [49, 50], y in [50, 52].
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.pixel(x: 49, y: 51) == .green)
        #expect(ctx.pixel(x: 50, y: 51) == .clear)
        #expect(ctx.pixel(x: 49, y: 52) == .clear)
        #expect(ctx.paintedPixelCount() == 2)
        let expected = CGAffineTransform.identity.translatedBy(x: 50, y: 50).rotated(by: .pi / 2).scaledBy(x: 2, y: 1)
        #expect(ctx.ctm == expected)
    }

    @Test func saveAndRestoreBringBackColourAndCTM() {
        let ctx = makeRGBAContext(width: 10, height: 10)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.saveGState()
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.translateBy(x: 5, y: 0)
        ctx.restoreGState()
        ctx.restoreGState()  // Bad input: unmatched restore is ignored with a warning.
        #expect(ctx.ctm.isIdentity)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.pixel(x: 0, y: 0) == .red)
    }

    @Test func strokeWidthStraddlesThePath() {
        let ctx = makeRGBAContext()
        ctx.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        ctx.setLineWidth(4)
        ctx.move(to: CGPoint(x: 10, y: 50))
        ctx.addLine(to: CGPoint(x: 90, y: 50))
        ctx.strokePath()
        for y in 48...51 { #expect(ctx.pixel(x: 50, y: y) == .black, "row \(y)") }
        #expect(ctx.pixel(x: 50, y: 47) == .clear)
        #expect(ctx.pixel(x: 50, y: 52) == .clear)
        #expect(ctx.isPathEmpty, "stroking consumes the path")
    }

    @Test func lineCapsExtendOpenEndsAsDocumented() {
        for (cap, extends) in [(CGLineCap.butt, false), (.square, true), (.round, true)] {
            let ctx = makeRGBAContext()
            ctx.setLineWidth(10)
            ctx.setLineCap(cap)
            ctx.move(to: CGPoint(x: 20, y: 50))
            ctx.addLine(to: CGPoint(x: 80, y: 50))
            ctx.strokePath()
            #expect((ctx.pixel(x: 82, y: 50).a == 255) == extends, "\(cap)")
            #expect(ctx.pixel(x: 86, y: 50) == .clear)
            // A round cap is a half disc: its corner stays empty, a square cap's does not.
            #expect((ctx.pixel(x: 84, y: 54).a > 0) == (cap == .square), "\(cap) corner")
        }
    }

    @Test func dashesAlternateOnAndOffFromThePhase() {
        let ctx = makeRGBAContext()
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 5, lengths: [10, 10])
        ctx.move(to: CGPoint(x: 0, y: 50))
        ctx.addLine(to: CGPoint(x: 100, y: 50))
        ctx.strokePath()
        // With phase 5 the first dash covers x 0..5, the gap 5..15, the next dash 15..25.
        #expect(ctx.pixel(x: 2, y: 50).a == 255)
        #expect(ctx.pixel(x: 10, y: 50) == .clear)
        #expect(ctx.pixel(x: 20, y: 50).a == 255)
        #expect(ctx.pixel(x: 30, y: 50) == .clear)
    }

    @Test func invalidLineWidthsAndDashesAreIgnored() {
        // Bad input: negative and NaN widths keep the previous width; all-zero dashes draw solid.
        let ctx = makeRGBAContext()
        ctx.setLineWidth(6)
        ctx.setLineWidth(-3)
        ctx.setLineWidth(.nan)
        ctx.setLineDash(phase: 0, lengths: [0, 0])
        ctx.move(to: CGPoint(x: 0, y: 50))
        ctx.addLine(to: CGPoint(x: 100, y: 50))
        ctx.strokePath()
        #expect(ctx.pixel(x: 10, y: 52).a == 255 && ctx.pixel(x: 10, y: 47).a == 255)
        #expect(ctx.pixel(x: 10, y: 54) == .clear)
    }

    @Test func evenOddAndWindingFillsDifferOnNestedRectangles() {
        for (rule, holeFilled) in [(CGPathFillRule.winding, true), (.evenOdd, false)] {
            let ctx = makeRGBAContext()
            ctx.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
            ctx.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
            ctx.fillPath(using: rule)
            #expect(ctx.pixel(x: 15, y: 15).a == 255)
            #expect((ctx.pixel(x: 50, y: 50).a == 255) == holeFilled, "\(rule)")
        }
    }

    @Test func clipToRectLimitsPaintingAndRestoreLiftsIt() {
        let ctx = makeRGBAContext(width: 20, height: 20)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 5, y: 5, width: 5, height: 5))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ctx.paintedPixelCount() == 25)
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 5, y: 5, width: 5, height: 5))
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ctx.paintedPixelCount() == 400)
    }

    @Test func clipToPathUsesTheFillRule() {
        let ctx = makeRGBAContext()
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        ctx.clip()
        ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(ctx.pixel(x: 50, y: 50).a == 255)
        #expect(ctx.pixel(x: 2, y: 2) == .clear)
        // Covered area (sum of alpha) ≈ π·50² = 7854 px²; allow 0.2% for the Bézier circle and edge rounding.
        #expect(abs(ctx.coveredArea() - 7854) < 16)
    }

    @Test func blendModesFollowTheirFormulas() {
        func blended(_ mode: CGBlendMode, _ source: (CGFloat, CGFloat, CGFloat, CGFloat)) -> Pixel {
            let ctx = makeRGBAContext(width: 2, height: 2)
            ctx.setFillColor(red: 0.5, green: 1, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            ctx.setBlendMode(mode)
            ctx.setFillColor(red: source.0, green: source.1, blue: source.2, alpha: source.3)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            return ctx.pixel(x: 0, y: 0)
        }
        #expect(blended(.normal, (0, 0, 1, 1)) == .blue)
        #expect(blended(.multiply, (0.5, 0.5, 1, 1)).isClose(to: Pixel(r: 64, g: 128, b: 0, a: 255)))
        #expect(blended(.screen, (0.5, 0, 1, 1)).isClose(to: Pixel(r: 191, g: 255, b: 255, a: 255)))
        #expect(blended(.copy, (0, 0, 1, 0.5)).isClose(to: Pixel(r: 0, g: 0, b: 128, a: 128)))
        #expect(blended(.clear, (0, 0, 1, 1)) == .clear)
        #expect(blended(.destinationOver, (0, 0, 1, 1)).isClose(to: Pixel(r: 128, g: 255, b: 0, a: 255)))
        #expect(blended(.plusLighter, (0.5, 0, 0.25, 1)).isClose(to: Pixel(r: 255, g: 255, b: 64, a: 255)))
        #expect(blended(.difference, (1, 1, 1, 1)).isClose(to: Pixel(r: 127, g: 0, b: 255, a: 255)))
        #expect(blended(.darken, (0.25, 0.5, 1, 1)).isClose(to: Pixel(r: 64, g: 128, b: 0, a: 255)))
    }

    @Test func globalAlphaScalesEverythingDrawn() {
        let ctx = makeRGBAContext(width: 4, height: 4)
        ctx.setAlpha(0.5)
        ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ctx.pixel(x: 1, y: 1).isClose(to: Pixel(r: 0, g: 128, b: 0, a: 128)))
    }

    @Test func clearMakesPixelsTransparent() {
        let ctx = makeRGBAContext(width: 4, height: 4)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.setAlpha(0.1)
        ctx.clear(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(ctx.pixel(x: 0, y: 0) == .clear)
        #expect(ctx.pixel(x: 3, y: 0) == .black)
    }

    @Test func nonFiniteCoordinatesAndSingularTransformsDrawNothing() {
        // Bad input: NaN points, infinite rects and a singular CTM are ignored, never a crash or garbage.
        let ctx = makeRGBAContext()
        ctx.move(to: CGPoint(x: CGFloat.nan, y: 0))
        ctx.addLine(to: CGPoint(x: 10, y: CGFloat.infinity))
        ctx.fill(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        ctx.translateBy(x: .nan, y: 0)
        #expect(ctx.ctm.isIdentity)
        ctx.saveGState()
        ctx.scaleBy(x: 0, y: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        ctx.restoreGState()
        #expect(ctx.paintedPixelCount() == 0)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ctx.paintedPixelCount() == 1, "the context still works afterwards")
    }

    @Test func pathQueriesReportTheCurrentPath() {
        let ctx = makeRGBAContext()
        #expect(ctx.isPathEmpty && ctx.path == nil && ctx.boundingBoxOfPath.isNull)
        ctx.translateBy(x: 10, y: 0)
        ctx.addRect(CGRect(x: 0, y: 0, width: 20, height: 10))
        ctx.move(to: CGPoint(x: 5, y: 6))
        #expect(!ctx.isPathEmpty)
        #expect(ctx.currentPointOfPath == CGPoint(x: 5, y: 6))
        #expect(ctx.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(ctx.pathContains(CGPoint(x: 10, y: 5), mode: .fill))
        #expect(!ctx.pathContains(CGPoint(x: 30, y: 5), mode: .fill))
        // The path is kept in device space: after a CTM change it is reported in the new user space.
        ctx.translateBy(x: 10, y: 0)
        #expect(ctx.boundingBoxOfPath == CGRect(x: -10, y: 0, width: 20, height: 10))
    }

    @Test func replacePathWithStrokedPathGivesTheStrokeOutline() {
        let ctx = makeRGBAContext()
        ctx.setLineWidth(10)
        ctx.move(to: CGPoint(x: 20, y: 50))
        ctx.addLine(to: CGPoint(x: 80, y: 50))
        ctx.replacePathWithStrokedPath()
        let box = ctx.boundingBoxOfPath
        #expect(abs(box.minX - 20) < 1e-6 && abs(box.maxX - 80) < 1e-6)
        #expect(abs(box.minY - 45) < 1e-6 && abs(box.maxY - 55) < 1e-6)
        ctx.fillPath()
        #expect(ctx.pixel(x: 50, y: 54).a == 255 && ctx.pixel(x: 50, y: 56) == .clear)
    }
}

extension CGContextDrawingTests {
    /// Issue 44: a quadratic curve that continues a subpath begun by an earlier call (a move,
    /// then `addQuadCurve`) starts at the current point. It started at (0, 0): a straight
    /// marker band along y = 50 (control point on the line) became a 30-point hump toward the
    /// origin. Drawn through the context, it equals the same path added whole, pixel for pixel.
    @Test func aQuadCurveContinuingASubpathStartsAtTheCurrentPoint() {
        let direct = makeRGBAContext()
        direct.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        direct.setLineWidth(4)
        direct.move(to: CGPoint(x: 10, y: 50))
        direct.addQuadCurve(to: CGPoint(x: 90, y: 50), control: CGPoint(x: 50, y: 50))
        direct.addQuadCurve(to: CGPoint(x: 90, y: 90), control: CGPoint(x: 90, y: 70))
        direct.strokePath()
        #expect(direct.pixel(x: 50, y: 50) == .red, "on the band")
        #expect(direct.pixel(x: 50, y: 40) == .clear, "no hump below it")
        #expect(direct.pixel(x: 90, y: 70) == .red, "the second curve goes straight up from the first's end")

        let whole = CGMutablePath()
        whole.move(to: CGPoint(x: 10, y: 50))
        whole.addQuadCurve(to: CGPoint(x: 90, y: 50), control: CGPoint(x: 50, y: 50))
        whole.addQuadCurve(to: CGPoint(x: 90, y: 90), control: CGPoint(x: 90, y: 70))
        let added = makeRGBAContext()
        added.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        added.setLineWidth(4)
        added.addPath(whole)
        added.strokePath()
        let size = direct.bytesPerRow * direct.height
        let same = memcmp(direct.data!, added.data!, size) == 0
        #expect(same, "drawn call by call = drawn as one path")
    }
}
