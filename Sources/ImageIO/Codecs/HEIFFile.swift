#if HEIF
import CHEIF
import CoreGraphics
import Foundation

/// HEIC (HEVC) and AVIF (AV1) files through libheif: every top-level image decoded, the primary
/// one marked; written from RGBA at a lossy quality (lossless at 1).
enum HEIFFile {
    static func decode(_ data: Data) -> Result<DecodedFile, ImageDecodeFailure> {
        guard let context = heif_context_alloc() else { return .failure(.invalid("libheif")) }
        defer { heif_context_free(context) }
        let read = data.withUnsafeBytes { heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil) }
        guard read.code == heif_error_Ok else {
            return .failure(read.code == heif_error_Invalid_input && data.count < 64 ? .truncated : .invalid(message(read)))
        }
        let count = Int(heif_context_get_number_of_top_level_images(context))
        guard count > 0, count < 10_000 else { return .failure(.invalid("no image in the HEIF file")) }
        var ids = [heif_item_id](repeating: 0, count: count)
        _ = heif_context_get_list_of_top_level_image_IDs(context, &ids, Int32(count))
        var frames: [DecodedFrame] = [], budget = ImageDecoding.maxPixels, primary = 0
        for id in ids {
            var handle: OpaquePointer?
            guard heif_context_get_image_handle(context, id, &handle).code == heif_error_Ok, let handle else { continue }
            defer { heif_image_handle_release(handle) }
            let w = Int(heif_image_handle_get_width(handle)), h = Int(heif_image_handle_get_height(handle))
            // The size the file claims is checked before anything is decoded.
            guard CGImage.validSize(width: w, height: h) else { continue }
            guard w * h <= budget else { if frames.isEmpty { return .failure(.tooLarge) } else { break } }
            budget -= w * h
            // libheif decodes what an image is made from (tiles, auxiliary planes, the coded
            // picture under a crop) at the sizes those declare, up to 32768² by default: a 589-byte
            // AVIF's 16×12 image brought a 25223×14080 plane (2.4 GB, 4.6 s). Nothing it needs
            // is much larger than the image itself.
            heif_context_set_maximum_image_size_limit(context, Int32(min(32_768, max(w, h) + 1_024)))
            guard let image = decode(handle, width: w, height: h) else { continue }
            if heif_image_handle_is_primary_image(handle) != 0 { primary = frames.count }
            let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
            frames.append(DecodedFrame(image: image, properties: ImageDecoding.basics(image, hasAlpha: hasAlpha)))
        }
        guard !frames.isEmpty else { return .failure(.invalid("no decodable image in the HEIF file")) }
        return .success(DecodedFile(frames: frames, properties: [kCGImagePropertyPrimaryImage: primary]))
    }

    /// The primary image's Exif block (from its TIFF header on) and XMP packet; nil when libheif
    /// cannot read the file.
    static func metadataBlocks(_ data: Data) -> (exif: Data?, xmp: Data?)? {
        guard let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        let read = data.withUnsafeBytes { heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil) }
        var handle: OpaquePointer?
        guard read.code == heif_error_Ok, heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else {
            return nil
        }
        defer { heif_image_handle_release(handle) }
        // HEIF's Exif item starts with the offset of the TIFF header after its 4 bytes.
        let exif = block(handle, type: "Exif").flatMap { item -> Data? in
            guard item.count > 8 else { return nil }
            let offset = Int(item[0]) << 24 | Int(item[1]) << 16 | Int(item[2]) << 8 | Int(item[3])
            guard offset >= 0, 4 + offset < item.count else { return nil }
            return item.dropFirst(4 + offset)
        }
        return (exif, block(handle, type: "mime", contentType: "application/rdf+xml"))
    }

    /// The first metadata item of `type` (and content type) of an image; at most 16 MB.
    private static func block(_ handle: OpaquePointer, type: String, contentType: String? = nil) -> Data? {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
        guard count > 0, count < 1_000 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        _ = heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(count))
        for id in ids {
            if let contentType, let given = heif_image_handle_get_metadata_content_type(handle, id),
                String(cString: given) != contentType { continue }
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0, size < 16 << 20 else { continue }
            var bytes = Data(count: size)
            let got = bytes.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
            if got.code == heif_error_Ok { return bytes }
        }
        return nil
    }

    /// One image, as premultiplied BGRA.
    private static func decode(_ handle: OpaquePointer, width w: Int, height h: Int) -> CGImage? {
        var decoded: OpaquePointer?
        guard heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil).code == heif_error_Ok,
            let decoded
        else { return nil }
        defer { heif_image_release(decoded) }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride), Int(stride) >= w * 4,
            Int(heif_image_get_width(decoded, heif_channel_interleaved)) >= w,
            Int(heif_image_get_height(decoded, heif_channel_interleaved)) >= h
        else { return nil }
        let buffer = PixelBuffer(width: w, height: h) { out in
            for y in 0..<h {
                let row = plane + y * Int(stride)
                for x in 0..<w {
                    let r = UInt32(row[x * 4]), g = UInt32(row[x * 4 + 1]), b = UInt32(row[x * 4 + 2]), a = UInt32(row[x * 4 + 3])
                    func pre(_ c: UInt32) -> UInt32 { a == 255 ? c : (c * a + 127) / 255 }
                    out[y * w + x] = a << 24 | pre(r) << 16 | pre(g) << 8 | pre(b)
                }
            }
        }
        return CGImage(pixels: buffer, opaque: false)
    }

    /// `images` as a HEIC (HEVC) or AVIF (AV1) file, the first the primary image; quality 0…1 (1 lossless).
    /// Encodes `images`; the first carries `metadata` (an Exif block, an XMP packet) when given.
    static func encode(
        _ images: [CGImage], quality: Double?, avif: Bool, metadata: (exif: Data?, xmp: Data?) = (nil, nil)
    ) -> Result<Data, ImageDestinationFailure> {
        guard let context = heif_context_alloc() else { return .failure(.encoder("libheif")) }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        let format = avif ? heif_compression_AV1 : heif_compression_HEVC
        guard heif_context_get_encoder_for_format(context, format, &encoder).code == heif_error_Ok, let encoder else {
            return .failure(.encoder("libheif has no \(avif ? "AV1" : "HEVC") encoder"))
        }
        defer { heif_encoder_release(encoder) }
        let q = min(max(quality ?? 0.9, 0), 1)
        if q >= 1 { _ = heif_encoder_set_lossless(encoder, 1) } else { _ = heif_encoder_set_lossy_quality(encoder, Int32(q * 100)) }
        for (i, image) in images.enumerated() {
            guard let heifImage = rgbaImage(image) else { return .failure(.encoder("HEIF image \(image.width)×\(image.height)")) }
            defer { heif_image_release(heifImage) }
            var handle: OpaquePointer?
            let encoded = heif_context_encode_image(context, heifImage, encoder, nil, &handle)
            guard encoded.code == heif_error_Ok else { return .failure(.encoder(message(encoded))) }
            defer { if let handle { heif_image_handle_release(handle) } }
            if i == 0, let handle { addMetadata(metadata, to: handle, in: context) }
        }
        let sink = NSMutableData()
        var writer = heif_writer(writer_api_version: 1, write: { _, bytes, size, userdata in
            if let bytes, let userdata { Unmanaged<NSMutableData>.fromOpaque(userdata).takeUnretainedValue().append(bytes, length: size) }
            return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: nil)
        })
        let written = heif_context_write(context, &writer, Unmanaged.passUnretained(sink).toOpaque())
        guard written.code == heif_error_Ok else { return .failure(.encoder(message(written))) }
        return .success(sink as Data)
    }

    /// Stores an Exif block and an XMP packet as the image's metadata items (a warning when libheif refuses one).
    private static func addMetadata(_ metadata: (exif: Data?, xmp: Data?), to handle: OpaquePointer, in context: OpaquePointer) {
        for (name, data) in [("Exif", metadata.exif), ("XMP", metadata.xmp)] {
            guard let data, data.count < Int(Int32.max) else { continue }
            let added = data.withUnsafeBytes { raw in
                name == "Exif"
                    ? heif_context_add_exif_metadata(context, handle, raw.baseAddress, Int32(raw.count))
                    : heif_context_add_XMP_metadata(context, handle, raw.baseAddress, Int32(raw.count))
            }
            if added.code != heif_error_Ok { Diagnostics.warn("CGImageDestination: HEIF \(name) metadata not stored (\(message(added)))") }
        }
    }

    /// A libheif RGBA image of `image`'s straight pixels.
    private static func rgbaImage(_ image: CGImage) -> OpaquePointer? {
        let w = image.width, h = image.height
        var heifImage: OpaquePointer?
        guard heif_image_create(Int32(w), Int32(h), heif_colorspace_RGB, heif_chroma_interleaved_RGBA, &heifImage).code == heif_error_Ok,
            let heifImage
        else { return nil }
        guard heif_image_add_plane(heifImage, heif_channel_interleaved, Int32(w), Int32(h), 8).code == heif_error_Ok else {
            heif_image_release(heifImage)
            return nil
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(heifImage, heif_channel_interleaved, &stride) else {
            heif_image_release(heifImage)
            return nil
        }
        let words = image.pixels.words
        for y in 0..<h {
            let row = plane + y * Int(stride)
            for x in 0..<w {
                let p = words[y * w + x], a = p >> 24
                func straight(_ shift: UInt32) -> UInt8 {
                    let c = (p >> shift) & 0xFF
                    return UInt8(a == 0 ? 0 : a == 255 ? c : min(255, (c * 255 + a / 2) / a))
                }
                row[x * 4] = straight(16)
                row[x * 4 + 1] = straight(8)
                row[x * 4 + 2] = straight(0)
                row[x * 4 + 3] = UInt8(a)
            }
        }
        return heifImage
    }

    private static func message(_ error: heif_error) -> String {
        error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
    }
}
#endif
