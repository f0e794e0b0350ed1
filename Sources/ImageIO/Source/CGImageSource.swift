import CoreGraphics
import Foundation

/// An image file being read: its format, images and properties (Apple's `CGImageSource`). The
/// file is decoded once, when first asked for an image or properties, and kept; an incremental
/// source decodes again as more data comes.
public final class CGImageSource: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data
    private var isFinal: Bool
    private var hint: ImageFormat?
    private var decoded: Result<DecodedFile, ImageDecodeFailure>?
    /// What the bytes of an incomplete JPEG show so far, as Apple's sources give it: the rows
    /// (or a progressive file's scans) that arrived, the rest grey.
    private var partial: DecodedFile?

    init(data: Data, final: Bool, options: CFDictionary?) {
        self.data = data
        self.isFinal = final
        if let hint = options?[kCGImageSourceTypeIdentifierHint] as? String { self.hint = ImageFormat(identifier: hint) }
    }

    /// The format the bytes show (the hint when they are too few to tell).
    var format: ImageFormat? {
        ImageFormat.sniff(data) ?? (data.count < ImageFormat.sniffLength ? hint : nil)
    }

    /// Forgets the decoded images (they are decoded again when next asked for).
    func removeCache() { lock.withLock { decoded = nil; partial = nil } }

    /// The file's bytes as they are now.
    var bytes: Data { lock.withLock { data } }

    func update(_ data: Data, final: Bool) {
        lock.withLock {
            self.data = data
            self.isFinal = final
            decoded = nil
        }
    }

    /// How many bytes the last decoding of an incomplete source had.
    private var attemptedBytes = 0

    /// The decoded file (decoding it the first time). While an incremental source is incomplete
    /// it is decoded again only once its bytes have grown by half since the last try: fed 16 KB
    /// at a time, a large file was decoded whole at every update (quadratic; 36 s for a JPEG).
    var file: Result<DecodedFile, ImageDecodeFailure> {
        lock.withLock {
            if let decoded { return decoded }
            if !isFinal, attemptedBytes > 0, data.count < attemptedBytes + attemptedBytes / 2 { return .failure(.truncated) }
            attemptedBytes = isFinal ? 0 : data.count
            let result: Result<DecodedFile, ImageDecodeFailure>
            if let format = ImageFormat.sniff(data) {
                result = ImageDecoding.decode(data, as: format)
            } else {
                result = .failure(.invalid("unknown format"))
            }
            decoded = result
            if !isFinal, case .failure(.truncated) = result, ImageFormat.sniff(data) == .jpeg,
                case .success(let sofar) = JPEGFile.decode(data, partial: true) {
                partial = sofar
            }
            return result
        }
    }

    /// The frames to show: the file's, or while it is incomplete what has arrived of it.
    private var frames: (frames: [DecodedFrame], properties: [String: Any], complete: Bool)? {
        let file = self.file
        if case .success(let f) = file { return (f.frames, f.properties, true) }
        return lock.withLock { isFinal ? nil : partial.map { ($0.frames, $0.properties, false) } }
    }

    /// Whether image `index` is all there (false for what an incomplete source shows so far).
    func isComplete(_ index: Int) -> Bool {
        guard let frames, index >= 0, index < frames.frames.count else { return false }
        return frames.complete
    }

    var status: CGImageSourceStatus {
        let (bytes, final) = lock.withLock { (data.count, isFinal) }
        if bytes < ImageFormat.sniffLength && !final { return .statusReadingHeader }
        guard format != nil else { return bytes == 0 && !final ? .statusReadingHeader : .statusUnknownType }
        switch file {
        case .success: return .statusComplete
        case .failure(.truncated): return final ? .statusUnexpectedEOF : .statusIncomplete
        case .failure: return final ? .statusInvalidData : .statusIncomplete
        }
    }

    var count: Int { frames?.frames.count ?? 0 }

    func frame(_ index: Int) -> DecodedFrame? {
        guard let frames, index >= 0, index < frames.frames.count else { return nil }
        return frames.frames[index]
    }

    var fileProperties: [String: Any]? {
        guard var properties = frames?.properties else { return nil }
        properties[kCGImagePropertyFileSize] = lock.withLock { data.count }
        return properties
    }

    /// The class's type number (`CFGetTypeID` of any source).
    public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGImageSource.self) }
}

/// A source over bytes in memory; nil when `data` is empty.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    guard !data.isEmpty else { return nil }
    return CGImageSource(data: data, final: true, options: options)
}

/// A source over a file; nil when it cannot be read.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = try? Data(contentsOf: url), !data.isEmpty else { return nil }
    return CGImageSource(data: data, final: true, options: options)
}

/// A source over a data provider's bytes; nil when it has none.
public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    guard let data = provider.data, !data.isEmpty else { return nil }
    return CGImageSource(data: data, final: true, options: options)
}

/// An empty source that is given its bytes as they arrive (`CGImageSourceUpdateData`).
public func CGImageSourceCreateIncremental(_ options: CFDictionary?) -> CGImageSource {
    CGImageSource(data: Data(), final: false, options: options)
}

/// Gives an incremental source all the bytes that arrived so far; `final` when they are all.
public func CGImageSourceUpdateData(_ isrc: CGImageSource, _ data: CFData, _ final: Bool) {
    isrc.update(data, final: final)
}

/// Gives an incremental source the bytes a provider holds so far.
public func CGImageSourceUpdateDataProvider(_ isrc: CGImageSource, _ provider: CGDataProvider, _ final: Bool) {
    isrc.update(provider.data ?? Data(), final: final)
}

/// The file's type identifier ("public.png", "com.compuserve.gif"…); nil before it can be told.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? { isrc.format?.identifier }

/// How many images the file holds (frames of a GIF or WebP animation, pages of a TIFF); 0 when
/// it cannot be read.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { isrc.count }

/// The index of the file's main image (always 0 for the formats read here).
public func CGImageSourceGetPrimaryImageIndex(_ isrc: CGImageSource) -> Int { 0 }

public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus { isrc.status }

/// The status of one image: complete when it is decoded, else the source's.
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    if isrc.frame(index) != nil { return isrc.isComplete(index) ? .statusComplete : .statusIncomplete }
    let status = isrc.status
    return status == .statusComplete ? .statusInvalidData : status
}

/// The file's own properties (a GIF's loop count, …, and its byte size).
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    isrc.fileProperties
}

/// Image `index`'s properties: pixel size, DPI, orientation, alpha, depth, colour model and the
/// format's own dictionary (GIF, PNG, JFIF, EXIF, TIFF, WebP keys).
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    isrc.frame(index)?.properties
}

/// Image `index`, decoded (premultiplied ARGB32, 8 bits a channel, sRGB); nil when there is no
/// such image or it cannot be decoded.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    isrc.frame(index)?.image
}

/// Frees the decoded images (Strata decodes a file whole: every image's, decoded again when
/// next asked for).
public func CGImageSourceRemoveCacheAtIndex(_ isrc: CGImageSource, _ index: Int) { isrc.removeCache() }

/// The type identifiers sources read: PNG, JPEG, GIF, WebP, TIFF.
public func CGImageSourceCopyTypeIdentifiers() -> CFArray { ImageFormat.available.map(\.identifier) }

public func CGImageSourceGetTypeID() -> CFTypeID { CGImageSource.typeID }
