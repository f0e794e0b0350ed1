import Foundation

/// A PNG's text chunks (`tEXt`, `zTXt`, `iTXt`) and colour chunks (`gAMA`, `sRGB`, `cHRM`) as
/// Apple's `{PNG}` keys, and text written back as chunks.
enum PNGText {
    /// The standard keywords Apple's `{PNG}` dictionary names (the keyword is the key's value).
    static let keywords: [String] = [
        kCGImagePropertyPNGAuthor, kCGImagePropertyPNGComment, kCGImagePropertyPNGCopyright, kCGImagePropertyPNGCreationTime,
        kCGImagePropertyPNGDescription, kCGImagePropertyPNGDisclaimer, kCGImagePropertyPNGSoftware, kCGImagePropertyPNGSource,
        kCGImagePropertyPNGTitle, kCGImagePropertyPNGWarning, kCGImagePropertyPNGModificationTime,
    ]

    /// A text chunk's text is at most this many bytes once inflated (a hostile zTXt may claim gigabytes).
    static let maximumText = 1 << 20

    /// The `{PNG}` entries the chunks give: text under Apple's keys, gamma, sRGB intent, chromaticities.
    static func properties(_ chunks: [(type: String, body: Data)]) -> [String: Any] {
        var out: [String: Any] = [:]
        for chunk in chunks {
            switch chunk.type {
            case "tEXt", "zTXt", "iTXt":
                if let (keyword, text) = text(chunk.type, chunk.body), keywords.contains(keyword), out[keyword] == nil { out[keyword] = text }
            case "gAMA" where chunk.body.count == 4:
                out[kCGImagePropertyPNGGamma] = Double(PNGFile.uint32(chunk.body, 0)) / 100_000
            case "sRGB" where chunk.body.count == 1:
                out[kCGImagePropertyPNGsRGBIntent] = Int(chunk.body[chunk.body.startIndex])
            case "cHRM" where chunk.body.count == 32:
                out[kCGImagePropertyPNGChromaticities] = (0..<8).map { Double(PNGFile.uint32(chunk.body, $0 * 4)) / 100_000 }
            default:
                break
            }
        }
        return out
    }

    /// A text chunk's keyword and text; nil when damaged.
    static func text(_ type: String, _ body: Data) -> (String, String)? {
        let bytes = [UInt8](body)
        guard let nul = bytes.firstIndex(of: 0), nul > 0, nul < 80 else { return nil }
        let keyword = String(decoding: bytes[..<nul], as: UTF8.self)
        let rest = bytes[(nul + 1)...]
        switch type {
        case "tEXt":
            return (keyword, latin1(rest))
        case "zTXt":
            guard let method = rest.first, method == 0, let inflated = EmbeddedProfile.inflate(Data(rest.dropFirst()), limit: maximumText) else {
                return nil
            }
            return (keyword, latin1(inflated))
        default:  // iTXt: compression flag and method, language tag, translated keyword, UTF-8 text.
            guard rest.count >= 2 else { return nil }
            let compressed = rest[rest.startIndex] == 1
            var tail = rest.dropFirst(2)
            for _ in 0..<2 {
                guard let end = tail.firstIndex(of: 0) else { return nil }
                tail = tail[(end + 1)...]
            }
            let data = compressed ? EmbeddedProfile.inflate(Data(tail), limit: maximumText) : Data(tail)
            return data.map { (keyword, String(decoding: $0, as: UTF8.self)) }
        }
    }

    private static func latin1<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// `png` with text chunks for the `{PNG}` text entries of `properties` after its header: `tEXt`
    /// when the text is Latin-1, `iTXt` (UTF-8) otherwise.
    static func inserting(_ properties: [String: Any], into png: Data) -> Data {
        guard let given = properties[kCGImagePropertyPNGDictionary] as? [String: Any] else { return png }
        let texts = keywords.compactMap { key in (given[key] as? String).map { (key, $0) } }
        guard !texts.isEmpty else { return png }
        let chunks = PNGFile.chunks(png)
        guard chunks.first?.type == "IHDR" else { return png }
        var out = Data(png.prefix(8))
        for chunk in chunks {
            out.append(PNGFile.chunk(chunk.type, chunk.body))
            guard chunk.type == "IHDR" else { continue }
            for (keyword, text) in texts {
                if text.unicodeScalars.allSatisfy({ $0.value < 256 && $0.value != 0 }) {
                    out.append(PNGFile.chunk("tEXt", Data(keyword.utf8) + [0] + Data(text.unicodeScalars.map { UInt8($0.value) })))
                } else {
                    out.append(PNGFile.chunk("iTXt", Data(keyword.utf8) + [0, 0, 0, 0, 0] + Data(text.utf8)))
                }
            }
        }
        return out
    }
}
