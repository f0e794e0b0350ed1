import CStrataZlib
import CoreGraphics
import Foundation
import ImageIO
import Testing

/// A PNG's text and colour chunks as Apple's {PNG} keys, and text written back.
@Suite struct PNGTextTests {
    private func dictionary(_ data: Data) -> [String: Any] {
        (Pictures.properties(data)?[kCGImagePropertyPNGDictionary as String] as? [String: Any]) ?? [:]
    }

    /// `png` with `extra` chunks right after its header.
    private func inserting(_ extra: [(String, Data)], into png: Data) -> Data {
        var out = Data(png.prefix(8))
        for chunk in PNGFile.chunks(png) {
            out.append(PNGFile.chunk(chunk.type, chunk.body))
            if chunk.type == "IHDR" { for (type, body) in extra { out.append(PNGFile.chunk(type, body)) } }
        }
        return out
    }

    private func deflated(_ bytes: [UInt8]) -> Data {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        _ = compress(&out, &length, bytes, uLong(bytes.count))
        return Data(out.prefix(Int(length)))
    }

    @Test func textWrittenIsReadBackUnderApplesKeys() throws {
        let given: [String: Any] = [
            kCGImagePropertyPNGAuthor as String: "Zoë", kCGImagePropertyPNGTitle as String: "東京の夜",
            kCGImagePropertyPNGDescription as String: "a plain description",
        ]
        let data = try #require(Pictures.encode([(Pictures.solid(6, 6, 1, 0, 0), [kCGImagePropertyPNGDictionary as String: given])], type: "public.png"))
        let png = dictionary(data)
        #expect(png[kCGImagePropertyPNGAuthor as String] as? String == "Zoë", "Latin-1 text in tEXt")
        #expect(png[kCGImagePropertyPNGTitle as String] as? String == "東京の夜", "other text in iTXt")
        #expect(png[kCGImagePropertyPNGDescription as String] as? String == "a plain description")
        let types = PNGFile.chunks(data).map(\.type)
        #expect(types.filter { $0 == "tEXt" }.count == 2 && types.contains("iTXt"))
    }

    @Test func colourAndCompressedTextChunksAreRead() throws {
        let plain = try #require(Pictures.encode([(Pictures.solid(6, 6, 0, 1, 0), [:])], type: "public.png"))
        func be32(_ v: Int) -> Data { PNGFile.be32(v) }
        let chromaticities = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]
        let file = inserting([
            ("gAMA", be32(45455)), ("sRGB", Data([0])), ("cHRM", chromaticities.reduce(Data()) { $0 + be32($1) }),
            ("zTXt", Data("Comment".utf8) + [0, 0] + deflated(Array("squeezed words".utf8))),
            ("iTXt", Data("Copyright".utf8) + [0, 1, 0] + Data("fr".utf8) + [0] + Data("Droits".utf8) + [0] + deflated(Array("© Strata".utf8))),
            ("tEXt", Data("Private".utf8) + [0] + Data("not one of Apple's keys".utf8)),
        ], into: plain)
        let png = dictionary(file)
        #expect(abs((png[kCGImagePropertyPNGGamma as String] as? Double ?? 0) - 0.45455) < 1e-9)
        #expect(png[kCGImagePropertyPNGsRGBIntent as String] as? Int == 0)
        #expect((png[kCGImagePropertyPNGChromaticities as String] as? [Double])?.first == 0.3127)
        #expect(png[kCGImagePropertyPNGComment as String] as? String == "squeezed words")
        #expect(png[kCGImagePropertyPNGCopyright as String] as? String == "© Strata")
        #expect(png["Private"] == nil, "only Apple's keywords are keys")
    }

    /// Tried: a zTXt chunk inflating to 64 MB of zeros (a 64 KB file), and a text chunk with no
    /// keyword end. Both are left out; the image and the other keys are read.
    @Test func hostileTextChunksAreLeftOut() throws {
        let plain = try #require(Pictures.encode([(Pictures.solid(6, 6, 0, 0, 1), [:])], type: "public.png"))
        let bomb = deflated([UInt8](repeating: 0, count: 64 << 20))
        let file = inserting([
            ("zTXt", Data("Comment".utf8) + [0, 0] + bomb), ("tEXt", Data("Author no end".utf8)),
            ("tEXt", Data("Title".utf8) + [0] + Data("kept".utf8)),
        ], into: plain)
        let png = dictionary(file)
        #expect(png[kCGImagePropertyPNGComment as String] == nil)
        #expect(png[kCGImagePropertyPNGTitle as String] as? String == "kept")
        #expect(Pictures.decode(file)?.width == 6)
    }
}
