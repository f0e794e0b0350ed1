import CoreGraphics
import Foundation

/// One image of a file, decoded: its picture and its properties (Apple's keys).
struct DecodedFrame {
    var image: CGImage
    var properties: [String: Any]
}

/// A file decoded: its images in order and the file's own properties.
struct DecodedFile {
    var frames: [DecodedFrame]
    var properties: [String: Any] = [:]
}

/// Why a file gave no images.
enum ImageDecodeFailure: Error, Equatable {
    /// The bytes end before the image does.
    case truncated
    /// The bytes are not a valid file of the format.
    case invalid(String)
    /// The image is larger than the budget (`ImageDecoding.maxPixels`).
    case tooLarge
}

enum ImageDecoding {
    /// The most pixels all of a file's decoded images may hold together (a hostile GIF of many
    /// large frames must not take all memory): Core Graphics' decoding budget, 64 Mpx, 256 MiB
    /// of pixels (a frame is held about three times while it is made).
    static let maxPixels = CGImage.maxDecodedPixels

    /// The most frames an animated file gives (GIF, APNG): each costs an image and its
    /// properties however small (1.5 million 1×1 GIF frames took 2.5 GB). Later frames are
    /// left out; the longest real animations hold a few thousand.
    static let maxFrames = 20_000

    /// The properties every image has: size, alpha, depth, colour model.
    static func basics(_ image: CGImage, hasAlpha: Bool, gray: Bool = false) -> [String: Any] {
        [
            kCGImagePropertyPixelWidth: image.width, kCGImagePropertyPixelHeight: image.height,
            kCGImagePropertyHasAlpha: hasAlpha, kCGImagePropertyDepth: 8,
            kCGImagePropertyColorModel: gray ? kCGImagePropertyColorModelGray : kCGImagePropertyColorModelRGB,
            kCGImagePropertyProfileName: "sRGB IEC61966-2.1",
        ]
    }

    /// Decodes `data` as `format`, the first image's properties with the file's Exif, GPS,
    /// TIFF, IPTC and ExifAux metadata beneath what the codec says.
    static func decode(_ data: Data, as format: ImageFormat) -> Result<DecodedFile, ImageDecodeFailure> {
        decodePixels(data, as: format).map { file in
            guard format.holdsMetadata, !file.frames.isEmpty else { return file }
            let metadata = MetadataProperties.read(data, format: format)
            guard !metadata.isEmpty else { return file }
            var file = file
            file.frames[0].properties = MetadataProperties.merged(file.frames[0].properties, with: metadata)
            return file
        }
    }

    private static func decodePixels(_ data: Data, as format: ImageFormat) -> Result<DecodedFile, ImageDecodeFailure> {
        guard format.isAvailable else { return .failure(.invalid(format.unavailableReason)) }
        switch format {
        case .png: return PNGFile.decode(data)
        case .jpeg: return JPEGFile.decode(data)
        #if GIF
        case .gif: return GIFCodec.decode(data)
        #endif
        #if WebP
        case .webp: return WebPFile.decode(data)
        #endif
        #if TIFF
        case .tiff: return TIFFCodec.decode(data)
        #endif
        #if HEIF
        case .heic, .avif: return HEIFFile.decode(data)
        #endif
        #if !(GIF && WebP && TIFF && HEIF)
        default: return .failure(.invalid(format.unavailableReason))
        #endif
        }
    }
}
