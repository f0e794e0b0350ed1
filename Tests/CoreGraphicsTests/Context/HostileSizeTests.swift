import CoreGraphics
import Foundation
import Testing

/// Issue 42: sizes Apple answers with NULL that used to abort allocating or trap on overflow.
@Suite("Core Graphics: hostile sizes")
struct HostileSizeTests {
    private let rgb = CGColorSpaceCreateDeviceRGB()
    private let info = CGImageAlphaInfo.premultipliedLast.rawValue

    /// Tried: a 32767² context (4 GiB to allocate), a 1×2 one with 2⁴⁰ bytes a row, and caller
    /// memory with rows of Int.max / 2, 2³¹ and 2³³ bytes: each is nil; a 64² one still works.
    @Test func contextsTooLargeForMemoryAreNil() {
        #expect(CGContext(data: nil, width: 32767, height: 32767, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info) == nil)
        #expect(CGContext(data: nil, width: 1, height: 2, bitsPerComponent: 8, bytesPerRow: 1 << 40, space: rgb, bitmapInfo: info) == nil)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { memory.deallocate() }
        for rowBytes in [Int.max / 2, 1 << 31, 1 << 33] {
            #expect(
                CGContext(data: memory, width: 1, height: 2, bitsPerComponent: 8, bytesPerRow: rowBytes, space: rgb, bitmapInfo: info) == nil,
                "bytesPerRow \(rowBytes)")
        }
        #expect(CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0, space: rgb, bitmapInfo: info) != nil)
    }

    /// Tried: an image of 1×2 pixels whose rows are Int.max bytes apart, and a mask likewise: nil,
    /// no overflow trap.
    @Test func imagesWhoseRowsOverflowAreNil() {
        let provider = CGDataProvider(data: Data(count: 16) as CFData)!
        #expect(
            CGImage(
                width: 1, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: Int.max, space: rgb,
                bitmapInfo: CGBitmapInfo(rawValue: info), provider: provider, decode: nil, shouldInterpolate: false,
                intent: .defaultIntent) == nil)
        #expect(
            CGImage(
                maskWidth: 1, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: Int.max, provider: provider,
                decode: nil, shouldInterpolate: false) == nil)
    }

    /// The checked conversions the fixes use: NaN and out-of-range numbers held, overflows nil.
    @Test func checkedConversionsHoldAndRefuse() {
        #expect(Int(clamping: .nan, to: 0...10, nan: 3) == 3)
        #expect(Int(clamping: 1e300, to: 0...10, nan: 3) == 10)
        #expect(Int(clamping: -.infinity, to: 0...10, nan: 3) == 0)
        #expect(Int(clamping: 4.9, to: 0...10, nan: 3) == 4)
        #expect(Int.max.checkedAdding(1) == nil && (Int.max / 2).checkedMultiplying(3) == nil)
        #expect(Double.nan.clamped(to: 0...1, nan: 0.5) == 0.5 && 7.0.clamped(to: 0...1, nan: 0.5) == 1)
    }
}
