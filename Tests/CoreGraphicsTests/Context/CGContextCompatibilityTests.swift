import CoreGraphics
import Foundation
import Testing

/// CMYK colours, sizes between spaces, the text calls deprecated since iOS 7, and callback data providers.
@Suite struct CGContextCompatibilityTests {
    @Test func cmykFillsAndSizesBetweenSpaces() {
        let context = makeRGBAContext(width: 10, height: 10)
        context.setFillColor(cyan: 0, magenta: 1, yellow: 1, black: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(context.pixel(x: 5, y: 5).isClose(to: .red, tolerance: 1), "CMYK (0, 1, 1, 0) is red")
        context.scaleBy(x: 2, y: 3)
        // Sizes go through the linear part of the user-to-device transform (Strata's device rows run down).
        let t = context.userSpaceToDeviceSpaceTransform
        #expect(context.convertToDeviceSpace(CGSize(width: 1, height: 1)) == CGSize(width: t.a + t.c, height: t.b + t.d))
        #expect(abs(t.a) == 2 && abs(t.d) == 3)
        #expect(context.convertToUserSpace(context.convertToDeviceSpace(CGSize(width: 4, height: 5))) == CGSize(width: 4, height: 5))
    }

    @Test func showTextDrawsAtTheTextPositionAndMovesIt() throws {
        let context = makeRGBAContext(width: 200, height: 40)
        "DejaVuSans".withCString { context.selectFont(name: $0, size: 20, textEncoding: .encodingMacRoman) }
        context.textPosition = CGPoint(x: 5, y: 10)
        "Hello".withCString { context.showText(string: $0, length: 5) }
        let font = try #require(CGFont("DejaVuSans" as CFString))
        let glyphs = "Hello".unicodeScalars.map { font.getGlyphWithGlyphName(name: String($0) as CFString) }
        var advances = [Int32](repeating: 0, count: glyphs.count)
        _ = font.getGlyphAdvances(glyphs: glyphs, count: glyphs.count, advances: &advances)
        let width = CGFloat(advances.reduce(0, +)) * 20 / CGFloat(font.unitsPerEm)
        #expect(abs(context.textPosition.x - (5 + width)) < 1e-9, "the text position moved by the advances: \(context.textPosition.x)")
        #expect(context.coveredArea() > 50, "the text was drawn")
        let again = makeRGBAContext(width: 200, height: 40)
        again.setFont(font)
        again.setFontSize(20)
        again.textPosition = CGPoint(x: 5, y: 10)
        glyphs.withUnsafeBufferPointer { again.showGlyphs(g: $0.baseAddress, count: glyphs.count) }
        #expect(abs(again.coveredArea() - context.coveredArea()) < 0.5, "showGlyphs(g:count:) draws the same text")
    }

    @Test func sequentialDirectAndBorrowedProvidersHoldTheirBytes() throws {
        final class Source { var bytes = Array("0123456789abcdef".utf8); var offset = 0; var released = 0 }
        let source = Source()
        let info = Unmanaged.passUnretained(source).toOpaque()
        var sequential = CGDataProviderSequentialCallbacks(
            version: 0,
            getBytes: { info, buffer, count in
                let s = Unmanaged<Source>.fromOpaque(info!).takeUnretainedValue()
                let n = min(count, 5, s.bytes.count - s.offset)
                for i in 0..<n { buffer.storeBytes(of: s.bytes[s.offset + i], toByteOffset: i, as: UInt8.self) }
                s.offset += n
                return n
            },
            skipForward: nil, rewind: { info in Unmanaged<Source>.fromOpaque(info!).takeUnretainedValue().offset = 0 },
            releaseInfo: { info in Unmanaged<Source>.fromOpaque(info!).takeUnretainedValue().released += 1 })
        let provider = try #require(CGDataProvider(sequentialInfo: info, callbacks: &sequential))
        #expect(provider.data == Data("0123456789abcdef".utf8), "read five bytes at a time to the end")
        #expect(source.released == 1 && provider.info == info)

        var direct = CGDataProviderDirectCallbacks(
            version: 0, getBytePointer: nil, releaseBytePointer: nil,
            getBytesAtPosition: { info, buffer, position, count in
                let s = Unmanaged<Source>.fromOpaque(info!).takeUnretainedValue()
                let n = min(count, 3)
                for i in 0..<n { buffer.storeBytes(of: s.bytes[Int(position) + i], toByteOffset: i, as: UInt8.self) }
                return n
            }, releaseInfo: nil)
        let random = try #require(CGDataProvider(directInfo: info, size: 10, callbacks: &direct))
        #expect(random.data == Data("0123456789".utf8))
        #expect(CGDataProvider(directInfo: nil, size: -1, callbacks: &direct) == nil, "a negative size")

        let memory = UnsafeMutableRawPointer.allocate(byteCount: 4, alignment: 4)
        memory.storeBytes(of: 0x0403_0201, as: UInt32.self)
        let release: CGDataProviderReleaseDataCallback = { _, data, _ in UnsafeMutableRawPointer(mutating: data).deallocate() }
        do {
            let borrowed = try #require(CGDataProvider(dataInfo: nil, data: memory, size: 4, releaseData: release))
            #expect(borrowed.data == Data([1, 2, 3, 4]))
        }
    }
}
