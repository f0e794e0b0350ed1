import Foundation

extension WebPCodec {
    /// True when `data` starts as a WebP file does (`RIFF`, size, `WEBP`).
    package static func isWebP(_ data: Data) -> Bool {
        data.count >= 12 && data.prefix(4).elementsEqual("RIFF".utf8) && data.dropFirst(8).prefix(4).elementsEqual("WEBP".utf8)
    }
}
