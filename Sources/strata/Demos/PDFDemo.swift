import Foundation
import QuartzCore
import StrataExport

// A layer tree written to a PDF as report code does it: a PDF CGContext, a page per state of the
// tree, `render(in:)` through a flip (layers are y-down, PDF pages y-up); then the document read
// back with CGPDFDocument and its first page drawn to a PNG to look at.

extension Demo {
    static let pdfDemos: [Demo] = [pdfLayerTree]

    static let pdfLayerTree = Demo(
        name: "pdf-layer-tree",
        summary: "a layer tree rendered into a PDF CGContext, two pages; page 1 read back with CGPDFDocument as PNG",
        kind: .document(writeLayerTreePDF))
}

private func writeLayerTreePDF(into folder: URL) throws -> [URL] {
    let pdfURL = folder.appendingPathComponent("pdf-layer-tree.pdf")
    var box = CGRect(x: 0, y: 0, width: 400, height: 260)
    guard let pdf = CGContext(pdfURL as CFURL, mediaBox: &box, [kCGPDFContextTitle: "Strata: a layer tree"] as CFDictionary) else {
        throw ExportError("cannot write \(pdfURL.path)")
    }
    for progress in [0.35, 0.8] {
        let tree = reportCard(progress: progress)
        pdf.beginPDFPage(nil)
        pdf.saveGState()
        pdf.translateBy(x: 0, y: box.height)
        pdf.scaleBy(x: 1, y: -1)
        tree.render(in: pdf)
        pdf.restoreGState()
        pdf.endPDFPage()
    }
    pdf.closePDF()
    guard let document = CGPDFDocument(pdfURL as CFURL), let page = document.page(at: 1),
        let bitmap = CGContext(
            data: nil, width: 800, height: 520, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    else { throw ExportError("the PDF just written could not be read back") }
    bitmap.setFillColor(CGColor(gray: 1, alpha: 1))
    bitmap.fill(CGRect(x: 0, y: 0, width: 800, height: 520))
    bitmap.scaleBy(x: 2, y: 2)
    bitmap.drawPDFPage(page)
    let pngURL = folder.appendingPathComponent("pdf-layer-tree-page1.png")
    guard let image = bitmap.makeImage() else { throw ExportError("no image of the page") }
    try image.writePNG(to: pngURL)
    return [pdfURL, pngURL]
}

/// A report card: a title, a progress ring (CAShapeLayer, `strokeEnd` = progress), a gradient
/// bar and a caption.
private func reportCard(progress: Double) -> CALayer {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    defer { CATransaction.commit() }
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 400, height: 260)
    root.backgroundColor = CGColor(red: 0.96, green: 0.97, blue: 1, alpha: 1)
    let title = CATextLayer()
    title.frame = CGRect(x: 24, y: 18, width: 352, height: 34)
    title.string = "Quarterly progress"
    title.font = "DejaVu Sans Bold" as CFTypeRef
    title.fontSize = 24
    title.foregroundColor = CGColor(red: 0.1, green: 0.15, blue: 0.3, alpha: 1)
    root.addSublayer(title)
    let ring = CAShapeLayer()
    ring.frame = CGRect(x: 24, y: 70, width: 150, height: 150)
    ring.path = CGPath(ellipseIn: CGRect(x: 12, y: 12, width: 126, height: 126), transform: nil)
    ring.fillColor = nil
    ring.strokeColor = CGColor(red: 0.2, green: 0.5, blue: 0.95, alpha: 1)
    ring.lineWidth = 16
    ring.lineCap = .round
    ring.strokeEnd = progress
    let track = CAShapeLayer()
    track.frame = ring.frame
    track.path = ring.path
    track.fillColor = nil
    track.strokeColor = CGColor(gray: 0.85, alpha: 1)
    track.lineWidth = 16
    root.addSublayer(track)
    root.addSublayer(ring)
    let label = CATextLayer()
    label.frame = CGRect(x: 24, y: 128, width: 150, height: 36)
    label.string = "\(Int((progress * 100).rounded())) %"
    label.font = "DejaVu Sans" as CFTypeRef
    label.fontSize = 26
    label.alignmentMode = .center
    label.foregroundColor = CGColor(red: 0.1, green: 0.15, blue: 0.3, alpha: 1)
    root.addSublayer(label)
    let bar = CAGradientLayer()
    bar.frame = CGRect(x: 200, y: 130, width: 176 * progress, height: 28)
    bar.cornerRadius = 14
    bar.masksToBounds = true
    bar.startPoint = CGPoint(x: 0, y: 0.5)
    bar.endPoint = CGPoint(x: 1, y: 0.5)
    bar.colors = [CGColor(red: 0.3, green: 0.8, blue: 0.6, alpha: 1), CGColor(red: 0.2, green: 0.5, blue: 0.95, alpha: 1)]
    root.addSublayer(bar)
    return root
}
