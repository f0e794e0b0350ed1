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
}
