import CoreGraphics
import Foundation
import Testing

/// Colour spaces through ICC profiles (LittleCMS): profiles read back, named spaces made from
/// their primaries and curves, conversions checked against the standards' own matrices.
@Suite struct ICCColorTests {
    private struct Missing: Error { var what: String }

    private func space(_ name: CFString) throws -> CGColorSpace {
        guard let space = CGColorSpace(name: name) else { throw Missing(what: "space \(name)") }
        return space
    }

    private func color(_ space: CGColorSpace, _ components: [CGFloat]) throws -> CGColor {
        CGColor(space: space, components: components)
    }

    private func convert(_ color: CGColor, to name: CFString) throws -> [CGFloat] {
        guard let converted = color.converted(to: try space(name), intent: .defaultIntent, options: nil), let c = converted.components
        else { throw Missing(what: "conversion to \(name)") }
        return c
    }

    private func srgb(_ color: CGColor) throws -> [CGFloat] { try convert(color, to: CGColorSpace.extendedSRGB) }

    private func icc(_ name: CFString) throws -> Data {
        guard let data = try space(name).copyICCData() else { throw Missing(what: "profile of \(name)") }
        return data
    }

    private func close(_ a: [CGFloat], _ b: [CGFloat], _ tolerance: CGFloat) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func anSRGBProfileReadBackIsSRGB() throws {
        let data = try icc(CGColorSpace.sRGB)
        #expect(data.count > 300, "a real profile: \(data.count) bytes")
        let space = try #require(CGColorSpace(iccData: data as NSData))
        #expect(space.model == .rgb && space.numberOfComponents == 3 && space.name == nil)
        let converted = try srgb(try color(space, [0.2, 0.5, 0.8, 0.6]))
        #expect(close(converted, [0.2, 0.5, 0.8, 0.6], 0.002), "\(converted)")
        #expect(space.copyICCData() == data, "the space gives back the bytes it was made from")
        #expect(CGColorSpace(iccProfileData: data) != nil)
        #expect(CGColorSpace(iccData: data as CFData)?.copyICCData() == data, "Apple's spelling, with CFData a value here")
    }

    @Test func displayP3ThroughItsProfileMatchesTheBuiltInConversion() throws {
        let named = try space(CGColorSpace.displayP3)
        let icc = try #require(CGColorSpace(iccData: try self.icc(CGColorSpace.displayP3) as NSData))
        for components: [CGFloat] in [[1, 0, 0, 1], [0.3, 0.7, 0.2, 1], [0.5, 0.5, 0.5, 1]] {
            let a = try srgb(CGColor(space: named, components: components))
            let b = try srgb(CGColor(space: icc, components: components))
            #expect(close(a, b, 0.003), "\(components): \(a) vs \(b)")
        }
    }

    @Test func rec2020GreenIsTheBT2087MatrixInLinearSRGB() throws {
        // ITU-R BT.2087: linear BT.2020 (0, 1, 0) is linear BT.709 (−0.5876, 1.1329, −0.1006).
        let space = try self.space(CGColorSpace.extendedLinearITUR_2020)
        let green = try color(space, [0, 1, 0, 1])
        let linear = try convert(green, to: CGColorSpace.extendedLinearSRGB)
        #expect(close(linear, [-0.5876, 1.1329, -0.1006, 1], 0.005), "\(linear)")
        let destination = try self.space(CGColorSpace.extendedLinearSRGB)
        let info = try #require(CGColorConversionInfo(src: space, dst: destination))
        let converted = try #require(info.convert([0, 1, 0, 1]))
        #expect(close(converted, linear, 1e-9))
    }

    @Test func pqReferenceWhiteIsWhite() throws {
        // SMPTE ST 2084: 203 cd/m² (HDR reference white) encodes as 0.5806.
        let pq = try space(CGColorSpace.itur_2100_PQ)
        let white = try srgb(try color(pq, [0.5806, 0.5806, 0.5806, 1]))
        #expect(close(white, [1, 1, 1, 1], 0.01), "\(white)")
        #expect(CGColorSpaceIsPQBased(pq) && !CGColorSpaceIsHLGBased(pq) && pq.isHDR())
        let hlg = try space(CGColorSpace.itur_2100_HLG)
        #expect(CGColorSpaceIsHLGBased(hlg) && CGColorSpaceUsesITUR_2100TF(hlg))
        #expect(!CGColorSpaceUsesITUR_2100TF(try space(CGColorSpace.sRGB)))
    }

    @Test func linearizedExtendedAndStandardRangeSpaces() throws {
        let srgb = try space(CGColorSpace.sRGB)
        #expect(CGColorSpaceCreateLinearized(srgb)?.name == CGColorSpace.linearSRGB)
        #expect(CGColorSpaceCreateExtended(srgb)?.name == CGColorSpace.extendedSRGB)
        #expect(CGColorSpaceCreateExtendedLinearized(try space(CGColorSpace.displayP3))?.name == CGColorSpace.extendedLinearDisplayP3)
        #expect(CGColorSpaceCreateCopyWithStandardRange(try space(CGColorSpace.extendedITUR_2020)).name == CGColorSpace.itur_2020)
        #expect(CGColorSpaceUsesExtendedRange(try space(CGColorSpace.extendedDisplayP3)))
        #expect(CGColorSpaceCreateLinearized(CGColorSpaceCreateDeviceCMYK()) == nil, "no linear CMYK")
        for name in [CGColorSpace.adobeRGB1998, CGColorSpace.dcip3, CGColorSpace.rommrgb, CGColorSpace.acescgLinear, CGColorSpace.itur_709,
                     CGColorSpace.genericLab, CGColorSpace.linearDisplayP3, CGColorSpace.displayP3_HLG] {
            let space = try self.space(name)
            let mid = try color(space, space.model == .lab ? [50, 0, 0, 1] : [0.5, 0.5, 0.5, 1])
            let rgb = try self.srgb(mid)
            #expect(abs(rgb[0] - rgb[1]) < 0.01 && abs(rgb[1] - rgb[2]) < 0.01, "\(name): a neutral stays neutral \(rgb)")
        }
    }

    @Test func colorsConvertToCMYKAndGray() throws {
        let red = CGColor(space: try space(CGColorSpace.sRGB), components: [1, 0, 0, 1])
        #expect(red.converted(to: CGColorSpaceCreateDeviceCMYK(), intent: .defaultIntent, options: nil)?.components == [0, 1, 1, 0, 1])
        let p3 = try convert(red, to: CGColorSpace.displayP3)
        let back = try srgb(try color(try space(CGColorSpace.displayP3), p3))
        #expect(close(back, [1, 0, 0, 1], 0.002), "sRGB → P3 → sRGB: \(back)")
    }

    @Test func bytesThatAreNotAProfileGiveNil() throws {
        // Tried: empty bytes, text, the first 100 bytes of a real profile, a number.
        #expect(CGColorSpace(iccData: Data() as NSData) == nil)
        #expect(CGColorSpace(iccData: Data("not a profile".utf8) as NSData) == nil)
        let real = try icc(CGColorSpace.sRGB)
        #expect(CGColorSpace(iccData: real.prefix(100) as NSData) == nil)
        #expect(CGColorSpace(iccData: NSNumber(value: 3)) == nil)
    }

    @Test func imagesInOtherSpacesDrawAsTheirColours() throws {
        // One pixel of Display P3 (0.3, 0.7, 0.2) and one of linear-sRGB gray 0.5, drawn into sRGB.
        let p3 = try space(CGColorSpace.displayP3)
        let expected = try convert(try color(p3, [0.3, 0.7, 0.2, 1]), to: CGColorSpace.sRGB)
        for (space, bytes, want): (CGColorSpace, [UInt8], [CGFloat]) in [
            (p3, [77, 179, 51, 255], expected.map { min(1, max(0, $0)) }),
            (try space(CGColorSpace.linearSRGB), [128, 128, 128, 255], [0.7373, 0.7373, 0.7373, 1]),
        ] {
            let provider = try #require(CGDataProvider(data: Data(bytes) as CFData))
            let image = try #require(CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4, space: space,
                                             bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue), provider: provider,
                                             decode: nil, shouldInterpolate: false, intent: .defaultIntent))
            let context = makeRGBAContext(width: 1, height: 1)
            context.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 1))
            let p = context.pixel(x: 0, y: 0)
            let got = [CGFloat(p.r), CGFloat(p.g), CGFloat(p.b)].map { $0 / 255 }
            // 8-bit input (77/255 is not exactly 0.3): within 3 levels.
            #expect(close(got, Array(want.prefix(3)), 3 / 255), "\(space): \(got) vs \(want)")
        }
    }

    @Test func calibratedIndexedAndPropertyListSpaces() throws {
        // sRGB's primaries as XYZ (IEC 61966-2-1) with gamma 1: linear sRGB.
        var white: [CGFloat] = [0.9505, 1, 1.089]
        var matrix: [CGFloat] = [0.4124, 0.2126, 0.0193, 0.3576, 0.7152, 0.1192, 0.1805, 0.0722, 0.9505]
        var gamma: [CGFloat] = [1, 1, 1]
        let calibrated = try #require(CGColorSpace(calibratedRGBWhitePoint: &white, blackPoint: nil, gamma: &gamma, matrix: &matrix))
        let a = try srgb(try color(calibrated, [0.2, 0.5, 0.8, 1]))
        let b = try srgb(try color(try space(CGColorSpace.linearSRGB), [0.2, 0.5, 0.8, 1]))
        #expect(close(a, b, 0.01), "calibrated sRGB primaries, gamma 1 = linear sRGB: \(a) vs \(b)")
        var bad: [CGFloat] = [0.9505, 0, 1.089]
        #expect(CGColorSpace(calibratedGrayWhitePoint: &bad, blackPoint: nil, gamma: 2.2) == nil, "a white point with Y = 0")
        let gray = try #require(CGColorSpace(calibratedGrayWhitePoint: &white, blackPoint: nil, gamma: 1))
        #expect(gray.model == .monochrome)

        let table: [UInt8] = [255, 0, 0, 0, 0, 255]
        let indexed = try #require(table.withUnsafeBufferPointer { CGColorSpace(indexedBaseSpace: CGColorSpaceCreateDeviceRGB(), last: 1, colorTable: $0.baseAddress!) })
        #expect(indexed.model == .indexed && indexed.numberOfComponents == 1 && indexed.colorTable == table)
        #expect(close(try srgb(try color(indexed, [1, 1])), [0, 0, 1, 1], 1e-9), "index 1 is the table's blue")

        let named = try space(CGColorSpace.displayP3)
        let namedList = try #require(named.copyPropertyList())
        #expect(CGColorSpace(propertyListPlist: namedList)?.name == CGColorSpace.displayP3)
        let icc = try #require(CGColorSpace(iccData: try self.icc(CGColorSpace.adobeRGB1998) as NSData))
        let iccList = try #require(icc.copyPropertyList())
        let restored = try #require(CGColorSpace(propertyListPlist: iccList))
        #expect(restored.copyICCData() == icc.copyICCData())
    }
}
