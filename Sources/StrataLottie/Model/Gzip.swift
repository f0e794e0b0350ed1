import CStrataZlib
import Foundation
import StrataInput

/// gzip streams (RFC 1952) as Telegram's `.tgs` stickers hold their Lottie JSON: told apart by
/// their magic bytes, unpacked by zlib up to a limit.
enum Gzip {
    /// True when `data` starts with gzip's magic bytes 1F 8B.
    static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// The unpacked bytes; throws when the stream is damaged or would unpack to more than
    /// `limit` bytes (a 1 KB bomb must not ask for gigabytes).
    static func unpack(_ data: Data, limit: Int) throws -> Data {
        var stream = z_stream()
        // 15 + 16: a gzip header and trailer around deflate data with a 32 KiB window.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw LottieError.unreadable("the gzip stream could not be opened")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let input = [UInt8](data)
        return try input.withUnsafeBufferPointer { source -> Data in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= limit else {
                    throw LottieError.unreadable(
                        "the gzip stream unpacks to more than \(InputLimits.millions(limit)) MB, the most a Lottie file may have (--limit json-mb)")
                }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END: return output
                case Z_OK: continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    throw LottieError.unreadable("the gzip stream is cut short")
                default:
                    throw LottieError.unreadable("the gzip stream is damaged (zlib error \(status))")
                }
            }
        }
    }
}
