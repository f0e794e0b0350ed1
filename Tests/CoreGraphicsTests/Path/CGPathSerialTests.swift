import CoreGraphics
import Testing

/// Caches know paths and images by a serial, not by address (a freed path's address is often the
/// next frame's path's): every object gets its own, and a mutable path a new one when it changes.
@Suite struct CGPathSerialTests {
    @Test func everyPathAndImageHasItsOwnSerialAndAChangeGivesANewOne() throws {
        let path = CGMutablePath()
        let first = path.serial
        path.move(to: .zero)
        let moved = path.serial
        path.addLine(to: CGPoint(x: 10, y: 10))
        #expect(first != moved && moved != path.serial)
        let copy = try #require(path.copy())
        #expect(copy.serial != path.serial && copy == path, "equal elements, another object")
        var serials = Set<UInt64>()
        for _ in 0..<1000 { serials.insert(CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).serial) }
        #expect(serials.count == 1000, "paths freed one after another still get new serials")
        let space = CGColorSpaceCreateDeviceRGB()
        let context = try #require(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let a = try #require(context.makeImage()), b = try #require(context.makeImage())
        #expect(a.serial != b.serial)
    }
}
