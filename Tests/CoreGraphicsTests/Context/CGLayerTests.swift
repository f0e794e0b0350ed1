import CoreGraphics
import Foundation
import Testing

/// CGLayer: drawn once, drawn again at its size, stretched, and at its context's resolution.
@Suite("CGLayer")
struct CGLayerTests {
    static func bitmap(_ width: Int, _ height: Int) -> CGContext {
        PDFContextTests.bitmap(width, height)
    }

    @Test func aLayerIsDrawnAtItsSizeWhereverItIsPut() throws {
        let target = Self.bitmap(100, 60)
        let layer = try #require(CGLayer(target, size: CGSize(width: 20, height: 10), auxiliaryInfo: nil))
        #expect(layer.size == CGSize(width: 20, height: 10))
        let c = try #require(layer.context)
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))  // the left half red
        for x in [0, 40] { target.draw(layer, at: CGPoint(x: CGFloat(x), y: 0)) }
        // y up: the layer's 10 points are the bottom rows 50…59.
        #expect(PDFContextTests.pixel(target, 5, 55) == (255, 255, 0, 0) && PDFContextTests.pixel(target, 45, 55) == (255, 255, 0, 0))
        #expect(PDFContextTests.pixel(target, 15, 55).a == 0, "the layer's right half is empty")
        #expect(PDFContextTests.pixel(target, 5, 45).a == 0, "nothing above its 10 points")
        target.draw(layer, in: CGRect(x: 60, y: 20, width: 40, height: 40))
        #expect(PDFContextTests.pixel(target, 70, 20) == (255, 255, 0, 0) && PDFContextTests.pixel(target, 90, 20).a == 0, "stretched twice")
    }

    @Test func aLayerHasItsContextsResolution() throws {
        let target = Self.bitmap(80, 80)
        target.scaleBy(x: 4, y: 4)
        let layer = try #require(CGLayer(target, size: CGSize(width: 20, height: 20), auxiliaryInfo: nil))
        let c = try #require(layer.context)
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(c.width == 80 && c.height == 80, "4 pixels a point, as the context it was made for: \(c.width)")
        target.draw(layer, at: .zero)
        #expect(PDFContextTests.pixel(target, 40, 40) == (255, 0, 0, 255), "the circle's middle")
        #expect(PDFContextTests.pixel(target, 2, 2).a == 0, "the corner outside it")
        #expect(CFGetTypeID(layer) == CGLayer.typeID)
        #expect(CGLayer(target, size: .zero, auxiliaryInfo: nil) == nil, "an empty size")
    }
}
