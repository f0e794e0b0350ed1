import CStrataZlib
import CoreGraphics
import Foundation
import ImageIO
import Testing

/// PNG and JPEG files that embed an ICC profile are read in that profile's space (converted to
/// sRGB for drawing, as Apple draws them), and name it in their properties.
@Suite struct EmbeddedProfileTests {
    /// Display P3's profile as LittleCMS writes it.
    static let p3Profile: Data = CGColorSpace(name: CGColorSpace.displayP3)?.copyICCData() ?? Data()
    /// The colour the test pictures hold, as bytes: (204, 77, 51) read as P3 or as sRGB.
    static let colour: (CGFloat, CGFloat, CGFloat) = (204 / 255, 77 / 255, 51 / 255)

    /// What (204, 77, 51) in Display P3 is in sRGB bytes.
    static func expectedSRGB() throws -> (Int, Int, Int) {
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let srgb = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let color = try #require(CGColor(colorSpace: p3, components: [colour.0, colour.1, colour.2, 1]))
        let c = try #require(color.converted(to: srgb, intent: .defaultIntent, options: nil)?.components)
        return (Int((c[0] * 255).rounded()), Int((c[1] * 255).rounded()), Int((c[2] * 255).rounded()))
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> Data {
        let typed = Array(type.utf8) + body
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        var out = Data()
        for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: body.count >> shift)) }
        out.append(contentsOf: typed)
        for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift))) }
        return out
    }

    static func deflated(_ data: Data) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let bytes = [UInt8](data)
        _ = compress2(&out, &size, bytes, uLong(bytes.count), 9)
        return Array(out.prefix(Int(size)))
    }

    /// `png` with an iCCP chunk holding `compressed` after its header chunk.
    static func withICCP(_ png: Data, _ compressed: [UInt8]) -> Data {
        var out = png.prefix(33)  // signature (8) and IHDR (25)
        out.append(chunk("iCCP", Array("Display P3\0".utf8) + [0] + compressed))
        out.append(png.dropFirst(33))
        return Data(out)
    }

    /// `jpeg` with the profile in `parts` APP2 segments after its start marker.
    static func withAPP2(_ jpeg: Data, _ profile: Data, parts: Int, skip: Int? = nil) -> Data {
        var out = Data(jpeg.prefix(2))
        let size = (profile.count + parts - 1) / parts
        for k in 0..<parts where k + 1 != skip {
            let piece = profile.dropFirst(k * size).prefix(size)
            let body = Array("ICC_PROFILE\0".utf8) + [UInt8(k + 1), UInt8(parts)] + piece
            out.append(contentsOf: [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)])
            out.append(contentsOf: body)
        }
        out.append(jpeg.dropFirst(2))
        return out
    }

    @Test func aPNGIsReadInItsEmbeddedProfile() throws {
        #expect(Self.p3Profile.count > 300)
        let plain = try #require(Pictures.encode([(Pictures.solid(8, 8, Self.colour.0, Self.colour.1, Self.colour.2), [:])], type: "public.png"))
        let untagged = try #require(Pictures.decode(plain))
        let bytes = Pictures.argb(untagged, 3, 3)
        #expect((bytes.r, bytes.g, bytes.b) == (204, 77, 51), "without a profile the bytes are sRGB as they are")
        let tagged = Self.withICCP(plain, Self.deflated(Self.p3Profile))
        let image = try #require(Pictures.decode(tagged))
        let p = Pictures.argb(image, 3, 3), e = try Self.expectedSRGB()
        #expect(abs(p.r - e.0) <= 2 && abs(p.g - e.1) <= 2 && abs(p.b - e.2) <= 2, "P3 bytes drawn as sRGB \(e): \(p)")
        #expect(p.r > 204 && p.g < 77, "P3's red is more saturated than sRGB's")
        #expect(image.colorSpace?.copyICCData() == Self.p3Profile, "the image's space is the embedded profile's")
        let name = try #require(Pictures.properties(tagged)?[kCGImagePropertyProfileName] as? String)
        #expect(!name.isEmpty)
        // The encoder embeds sRGB's profile, as Apple's does: named, the pixels left as they are.
        #expect(Pictures.properties(plain)?[kCGImagePropertyProfileName] as? String == "sRGB IEC61966-2.1")
    }

    @Test func aJPEGIsReadInItsProfileJoinedFromItsSegments() throws {
        let plain = try #require(Pictures.encode([(Pictures.solid(16, 16, Self.colour.0, Self.colour.1, Self.colour.2), [kCGImageDestinationLossyCompressionQuality as String: 1.0])],
                                                 type: "public.jpeg"))
        let reference = Pictures.argb(try #require(Pictures.decode(plain)), 8, 8)
        let tagged = Self.withAPP2(plain, Self.p3Profile, parts: 3)
        let image = try #require(Pictures.decode(tagged))
        let p = Pictures.argb(image, 8, 8), e = try Self.expectedSRGB()
        // JPEG's own rounding (±3 on this flat colour) on top of the conversion's.
        #expect(abs(p.r - e.0) <= 5 && abs(p.g - e.1) <= 5 && abs(p.b - e.2) <= 5, "\(p) against \(e); unconverted \(reference)")
        #expect(Pictures.properties(tagged)?[kCGImagePropertyProfileName] is String)
        // A segment missing: the profile is not used (and nothing breaks).
        let broken = try #require(Pictures.decode(Self.withAPP2(plain, Self.p3Profile, parts: 3, skip: 2)))
        #expect(Pictures.argb(broken, 8, 8) == reference)
    }

    /// Hostile profiles: damaged deflate data, a profile LittleCMS refuses, a deflate bomb.
    @Test func aDamagedOrHugeProfileIsIgnored() throws {
        let plain = try #require(Pictures.encode([(Pictures.solid(8, 8, Self.colour.0, Self.colour.1, Self.colour.2), [:])], type: "public.png"))
        let reference = Pictures.argb(try #require(Pictures.decode(plain)), 3, 3)
        let damaged = Self.withICCP(plain, [0x78, 0x9C, 0xFF, 0xFF, 0x00, 0x13])
        #expect(Pictures.argb(try #require(Pictures.decode(damaged)), 3, 3) == reference)
        let notAProfile = Self.withICCP(plain, Self.deflated(Data("not an ICC profile".utf8)))
        #expect(Pictures.argb(try #require(Pictures.decode(notAProfile)), 3, 3) == reference)
        let bomb = Self.withICCP(plain, Self.deflated(Data(count: 64 << 20)))
        #expect(Pictures.argb(try #require(Pictures.decode(bomb)), 3, 3) == reference, "64 MB of zeros: over the 4 MB bound")
    }
}
