import CStrataZlib
import CoreGraphics
import Foundation

/// The ICC profile a PNG (iCCP chunk) or JPEG (APP2 "ICC_PROFILE" segments) file embeds: the
/// image is read in that colour space, as on Apple (its pixels converted to sRGB by LittleCMS,
/// `colorSpace` the profile's), and its description is the `ProfileName` property.
enum EmbeddedProfile {
    /// The largest profile read (bytes): real ones are a few kilobytes, a hostile file may claim more.
    static let maximumSize = 4 << 20

    /// A PNG's iCCP profile: a name, a NUL, compression method 0, the profile deflated.
    static func png(_ chunks: [(type: String, body: Data)]) -> Data? {
        guard let chunk = chunks.first(where: { $0.type == "iCCP" }),
            let nul = chunk.body.prefix(80).firstIndex(of: 0), nul + 1 < chunk.body.endIndex,
            chunk.body[nul + 1] == 0
        else { return nil }
        return inflate(chunk.body[(nul + 2)...])
    }

    /// A JPEG's profile: APP2 segments "ICC_PROFILE\0", sequence number, count, then the bytes,
    /// joined in sequence order; nil when one is missing.
    static func jpeg(_ segments: [(marker: UInt8, body: Data)]) -> Data? {
        let signature = Array("ICC_PROFILE\0".utf8)
        var parts: [Int: Data] = [:]
        var count = 0
        for segment in segments where segment.marker == 0xE2 && segment.body.starts(with: signature) {
            let body = segment.body, s = body.startIndex + signature.count
            guard body.endIndex >= s + 2 else { continue }
            parts[Int(body[s])] = body[(s + 2)...]
            count = Int(body[s + 1])
        }
        guard count > 0, (1...count).allSatisfy({ parts[$0] != nil }) else { return nil }
        let profile = (1...count).reduce(into: Data()) { $0.append(parts[$1] ?? Data()) }
        return profile.count <= maximumSize ? profile : nil
    }

    /// `image` read in `profile`'s space (when the profile describes an RGB space and the image is
    /// RGB), and the profile's description.
    /// An sRGB profile (what most files embed) leaves the pixels as they are: converting sRGB to
    /// sRGB would only cost a pass over every pixel.
    static func apply(_ profile: Data?, to image: CGImage) -> (image: CGImage, name: String?) {
        guard let profile, let space = CGColorSpace(iccData: profile as NSData), space.model == image.colorSpace?.model
        else { return (image, nil) }
        let name = space.profileDescription
        if name?.hasPrefix("sRGB") == true { return (image, name) }
        guard let tagged = image.copy(colorSpace: space) else { return (image, nil) }
        return (tagged, name)
    }

    /// zlib data inflated, at most `limit` bytes (`maximumSize` by default); nil when damaged or larger.
    static func inflate(_ data: Data, limit: Int = maximumSize) -> Data? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: 16384)
        let input = [UInt8](data)
        return input.withUnsafeBufferPointer { source -> Data? in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CStrataZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                out.append(contentsOf: chunk.prefix(produced))
                guard out.count <= limit else { return nil }
                if status == Z_STREAM_END { return out }
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }
}
