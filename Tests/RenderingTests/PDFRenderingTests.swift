import Foundation
import QuartzCore
import Testing

/// A layer tree rendered into a PDF context (`render(in:)` through a flip, as report code does),
/// read back with CGPDFDocument and drawn into a bitmap, against the same tree drawn by
/// CARenderer. Metric: a pixel differs when a channel is off by more than 48 levels; at most 2 %
/// of the pixels may (edges: vectors in the PDF, the compositor's rasters on screen), and the mean
/// channel difference stays below 3 levels.
@Suite("Layer trees as PDF")
struct PDFRenderingTests {
    static func tree() -> CALayer {
        scene { () -> CALayer in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 130)
            root.backgroundColor = CGColor(red: 0.95, green: 0.96, blue: 1, alpha: 1)
            let ring = CAShapeLayer()
            ring.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
            ring.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
            ring.fillColor = nil
            ring.strokeColor = CGColor(red: 0.2, green: 0.5, blue: 0.95, alpha: 1)
            ring.lineWidth = 12
            ring.strokeEnd = 0.6
            root.addSublayer(ring)
            let bar = CAGradientLayer()
            bar.frame = CGRect(x: 120, y: 50, width: 70, height: 24)
            bar.cornerRadius = 12
            bar.masksToBounds = true
            bar.startPoint = CGPoint(x: 0, y: 0.5)
            bar.endPoint = CGPoint(x: 1, y: 0.5)
            bar.colors = [CGColor(red: 0.3, green: 0.8, blue: 0.6, alpha: 1), CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)]
            root.addSublayer(bar)
            let square = CALayer()
            square.frame = CGRect(x: 140, y: 90, width: 30, height: 30)
            square.backgroundColor = CGColor(red: 0.9, green: 0.7, blue: 0.1, alpha: 1)
            square.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            square.opacity = 0.8
            root.addSublayer(square)
            return root
        }
    }

    @Test func aLayerTreeInAPDFLooksAsOnScreen() throws {
        let data = NSMutableData()
        var box = CGRect(x: 0, y: 0, width: 200, height: 130)
        let consumer = try #require(CGDataConsumer(data: data as CFMutableData))
        let pdf = try #require(CGContext(consumer: consumer, mediaBox: &box, nil))
        pdf.beginPDFPage(nil)
        pdf.translateBy(x: 0, y: 130)
        pdf.scaleBy(x: 1, y: -1)
        Self.tree().render(in: pdf)
        pdf.endPDFPage()
        pdf.closePDF()
        let provider = try #require(CGDataProvider(data: data as Data as CFData))
        let page = try #require(CGPDFDocument(provider)?.page(at: 1))
        let bitmap = Golden.makeContext(width: 200, height: 130)
        bitmap.drawPDFPage(page)
        let fromPDF = try #require(bitmap.makeImage())
        let onScreen = Golden.render(Self.tree(), width: 200, height: 130, at: 1_000_000.25)
        let difference = try #require(Golden.compare(fromPDF, onScreen, channelTolerance: 48))
        #expect(difference.differingPixels <= 200 * 130 / 50, "\(difference)")
        let a = fromPDF.pixels.words, b = onScreen.pixels.words
        var total = 0
        for i in 0..<(200 * 130) {
            for shift in stride(from: UInt32(0), to: 32, by: 8) { total += abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF)) }
        }
        #expect(Double(total) / Double(200 * 130 * 4) < 3, "mean channel difference \(Double(total) / Double(200 * 130 * 4))")
        try? fromPDF.writePNG(to: Golden.output.appendingPathComponent("pdf-layer-tree.png"))
    }
}
