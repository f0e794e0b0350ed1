import CoreGraphics
import Foundation
import Testing

/// Issue 42: work budgets, not only memory ones — a gradient of a million stops, a line of a
/// million glyphs mostly off the canvas.
@Suite("CoreGraphics: hostile amounts of work")
struct HostileWorkTests {
    /// Tried: 100,000 stops from red to blue, evenly spaced. The gradient keeps 4,096 (pixman
    /// walked every stop for every pixel: a million never finished drawing), and draws what the
    /// two-stop gradient draws, within one level a channel.
    @Test func aGradientOfManyStopsIsResampledAndDrawsTheSame() throws {
        let count = 100_000
        var components: [CGFloat] = []
        for i in 0..<count {
            let t = CGFloat(i) / CGFloat(count - 1)
            components += [1 - t, 0, t, 1]
        }
        let space = CGColorSpace(name: CGColorSpace.sRGB)!
        let dense = try #require(CGGradient(colorSpace: space, colorComponents: components, locations: nil, count: count))
        #expect(dense.stops.count == CGGradient.maxStops, "\(dense.stops.count) stops kept")
        let plain = try #require(CGGradient(colorSpace: space, colorComponents: [1, 0, 0, 1, 0, 0, 1, 1], locations: nil, count: 2))
        func draw(_ gradient: CGGradient) throws -> [UInt8] {
            let context = try #require(CGContext(
                data: nil, width: 200, height: 1, bitsPerComponent: 8, bytesPerRow: 800, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 200, y: 0), options: [])
            let data = try #require(context.data)
            return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: 800))
        }
        let a = try draw(dense), b = try draw(plain)
        let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest channel difference \(worst)")
    }

    /// Tried: 200,000 glyphs on one line into a 100-point-wide context. Only the glyphs that meet
    /// the canvas become outlines (the path held every glyph: 3 GB for a million, then a crash).
    @Test func glyphsOffTheCanvasAreLeftOut() throws {
        let font = try #require(CGFont("DejaVuSans" as CFString))
        let context = try #require(CGContext(
            data: nil, width: 100, height: 20, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let glyphs = [CGGlyph](repeating: 36, count: 200_000)  // DejaVu Sans' "A"
        let positions = (0..<glyphs.count).map { CGPoint(x: CGFloat($0) * 10, y: 5) }
        let visible = context.boundingBoxOfClipPath
        let culled = context.glyphsPath(glyphs, at: positions, face: font.face, size: 12, fontMatrix: .identity, within: visible)
        let kept = culled.boundingBoxOfPath
        #expect(kept.maxX <= 112 && kept.minX >= 0, "only glyphs near the 100-point canvas: \(kept)")
        context.setFont(font)
        context.setFontSize(12)
        context.showGlyphs(Array(glyphs.prefix(20_000)), at: Array(positions.prefix(20_000)))
        let data = try #require(context.data)
        let row = data.assumingMemoryBound(to: UInt8.self) + 12 * context.bytesPerRow
        let inked = (0..<100).contains { row[$0 * 4 + 3] > 0 }
        #expect(inked, "the glyphs on the canvas are drawn")
    }

    /// Tried: a zigzag stroked 10⁶ and 10³⁰⁰ points wide with round joins and caps, and a segment
    /// 10⁹ wide with butt caps, into a 64×40 context (cairo's round joins grow with the pen: a
    /// text outline stroked that wide took seconds). Drawn at the width that covers the clip:
    /// every pixel painted by the round pen, and the butt segment exactly its rows.
    @Test func aStrokeWiderThanTheCanvasIsDrawnAtTheWidthThatCoversIt() throws {
        let space = CGColorSpace(name: CGColorSpace.sRGB)!
        func draw(width: CGFloat, cap: CGLineCap, _ points: [CGPoint]) throws -> [UInt8] {
            let context = try #require(CGContext(
                data: nil, width: 64, height: 40, bitsPerComponent: 8, bytesPerRow: 256, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            context.setStrokeColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
            context.setLineWidth(width)
            context.setLineCap(cap)
            context.setLineJoin(.round)
            context.addLines(between: points)
            context.strokePath()
            let data = try #require(context.data)
            return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: 256 * 40))
        }
        let zigzag = (0..<40).map { CGPoint(x: 20 + CGFloat($0 % 2) * 10, y: 5 + CGFloat($0) * 0.5) }
        for width in [1e6, 1e300] as [CGFloat] {
            let pixels = try draw(width: width, cap: .round, zigzag)
            let unpainted = stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0] != 255 || pixels[$0 + 3] != 255 }.count
            #expect(unpainted == 0, "width \(width): \(unpainted) pixels not painted")
        }
        // A vertical segment from y = 10 to y = 30 (device rows 10..<30), butt caps: only its rows.
        let butt = try draw(width: 1e9, cap: .butt, [CGPoint(x: 32, y: 10), CGPoint(x: 32, y: 30)])
        for row in 0..<40 {
            let painted = (0..<64).filter { butt[row * 256 + $0 * 4 + 3] == 255 }.count
            let expected = (10..<30).contains(39 - row) ? 64 : 0
            #expect(painted == expected, "row \(row): \(painted) pixels painted")
        }
    }
}
