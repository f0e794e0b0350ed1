import CoreGraphics
import Foundation

/// An image file being written (Apple's `CGImageDestination`): images are added with their
/// properties, and the file is encoded and written when finalized.
public final class CGImageDestination: @unchecked Sendable {
    enum Output {
        case data(NSMutableData)
        case url(URL)
        case consumer(CGDataConsumer)
    }

    let format: ImageFormat
    let expectedCount: Int
    let output: Output
    private let lock = NSLock()
    private var images: [(image: CGImage, properties: [String: Any])] = []
    private var properties: [String: Any] = [:]
    /// The first image's XMP metadata (`CGImageDestinationAddImageAndMetadata`).
    private var xmp: CGImageMetadata?
    private var finalized = false

    init?(format: ImageFormat, count: Int, output: Output) {
        guard count >= 1 else {
            Diagnostics.warn("CGImageDestination: an image count of \(count) (at least 1)")
            return nil
        }
        if count > 1, format == .png || format == .jpeg {
            Diagnostics.warn("CGImageDestination: \(format.identifier) holds one image, not \(count) (GIF, WebP and TIFF hold several)")
            return nil
        }
        self.format = format
        self.expectedCount = count
        self.output = output
    }

    func add(_ image: CGImage, properties: [String: Any]?) {
        lock.withLock {
            guard !finalized else { return Diagnostics.warn("CGImageDestination: image added after finalizing (ignored)") }
            guard images.count < expectedCount else {
                return Diagnostics.warn("CGImageDestination: more than the \(expectedCount) images declared (ignored)")
            }
            images.append((image, properties ?? [:]))
        }
    }

    /// Adds an image with XMP metadata (kept for the first image: the formats written hold one set).
    func add(_ image: CGImage, metadata: CGImageMetadata?, properties: [String: Any]?) {
        lock.withLock {
            if images.isEmpty, xmp == nil { xmp = metadata }
        }
        add(image, properties: properties)
    }

    func setProperties(_ new: [String: Any]?) {
        lock.withLock { properties.merge(new ?? [:]) { _, b in b } }
    }

    func finalize() -> Bool {
        let (images, properties, xmp, done) = lock.withLock {
            () -> ([(image: CGImage, properties: [String: Any])], [String: Any], CGImageMetadata?, Bool) in
            defer { finalized = true }
            return (self.images, self.properties, self.xmp, finalized)
        }
        guard !done else {
            Diagnostics.warn("CGImageDestination: finalized twice")
            return false
        }
        let result = ImageEncoding.encode(images, fileProperties: properties, as: format, xmp: xmp).flatMap { bytes -> Result<Void, ImageDestinationFailure> in
            write(withMetadata(bytes, images.first?.properties ?? [:], xmp: xmp))
        }
        if case .failure(let failure) = result {
            Diagnostics.warn("CGImageDestinationFinalize: \(Self.describe(failure, images.count, expectedCount))")
            return false
        }
        if images.count < expectedCount {
            Diagnostics.warn("CGImageDestinationFinalize: \(images.count) of the \(expectedCount) images declared were added")
            return false
        }
        return true
    }

    /// Encoded `bytes` with the Exif, GPS, TIFF, IPTC and ExifAux metadata the first image's
    /// properties give (a GIF holds none; HEIC and AVIF got theirs while encoding).
    private func withMetadata(_ bytes: Data, _ properties: [String: Any], xmp: CGImageMetadata?) -> Data {
        guard format.takesMetadata else { return bytes }
        if format == .webp, properties[kCGImagePropertyIPTCDictionary] != nil {
            Diagnostics.warn("CGImageDestination: WebP holds no IPTC: the {IPTC} dictionary is left out")
        }
        return MetadataProperties.writing(properties, xmp: xmp, into: bytes)
    }

    /// Finishes the destination with `bytes` as its file (a source copied whole); false when it
    /// was finished already or has images.
    func finish(with bytes: Data) -> Result<Void, ImageDestinationFailure> {
        let free = lock.withLock { () -> Bool in
            guard !finalized, images.isEmpty else { return false }
            finalized = true
            return true
        }
        guard free else { return .failure(.unsupported("the destination was finalized or has images added")) }
        return write(bytes)
    }

    private func write(_ bytes: Data) -> Result<Void, ImageDestinationFailure> {
        switch output {
        case .data(let data):
            data.append(bytes)
            return .success(())
        case .consumer(let consumer):
            let taken = bytes.withUnsafeBytes { raw in raw.baseAddress.map { consumer.put($0, count: raw.count) } ?? 0 }
            return taken == bytes.count ? .success(()) : .failure(.cannotWrite("the data consumer took \(taken) of \(bytes.count) bytes"))
        case .url(let url):
            do {
                try bytes.write(to: url, options: .atomic)
                return .success(())
            } catch {
                return .failure(.cannotWrite("\(url.path): \(error.localizedDescription)"))
            }
        }
    }

    private static func describe(_ failure: ImageDestinationFailure, _ added: Int, _ expected: Int) -> String {
        switch failure {
        case .noImages: "no image was added"
        case .tooFewImages(let a, let e): "\(a) of the \(e) images declared were added"
        case .unsupported(let why), .encoder(let why), .cannotWrite(let why): why
        }
    }

    public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGImageDestination.self) }
}

/// A destination writing a file of `type` ("public.png", "public.jpeg", "com.compuserve.gif",
/// "org.webmproject.webp", "public.tiff") with `count` images into `data` (appended when
/// finalized); nil for another type.
public func CGImageDestinationCreateWithData(
    _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    CGImageDestination(type: type, count: count, output: .data(data))
}

/// A destination handing the file to `consumer` when finalized; nil for a type not written here.
public func CGImageDestinationCreateWithDataConsumer(
    _ consumer: CGDataConsumer, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    CGImageDestination(type: type, count: count, output: .consumer(consumer))
}

/// A destination writing a file at `url` when finalized; nil for a type not written here.
public func CGImageDestinationCreateWithURL(
    _ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    CGImageDestination(type: type, count: count, output: .url(url))
}

extension CGImageDestination {
    /// A destination for the format `type` names; nil (with a warning) for one not written here.
    convenience init?(type: String, count: Int, output: Output) {
        guard let format = ImageFormat(identifier: type) else {
            Diagnostics.warn("CGImageDestination: type '\(type)' is not written here (\(CGImageDestinationCopyTypeIdentifiers()))")
            return nil
        }
        guard format.isAvailable else {
            Diagnostics.warn("CGImageDestination: \(format.unavailableReason)")
            return nil
        }
        self.init(format: format, count: count, output: output)
    }
}

/// Adds an image with its properties (quality, orientation, DPI, a GIF frame's delay…).
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.add(image, properties: stringKeyed(properties))
}

/// Adds image `index` of a source, its properties merged with `properties`.
public func CGImageDestinationAddImageFromSource(
    _ idst: CGImageDestination, _ isrc: CGImageSource, _ index: Int, _ properties: CFDictionary?
) {
    guard let frame = isrc.frame(index) else {
        return Diagnostics.warn("CGImageDestinationAddImageFromSource: the source has no image \(index)")
    }
    idst.add(frame.image, properties: frame.properties.merging(stringKeyed(properties) ?? [:]) { _, b in b })
}

/// The file's own properties (a GIF's loop count, a default quality…).
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?) {
    idst.setProperties(stringKeyed(properties))
}

/// Encodes and writes the file; false (with a warning saying why) when it cannot, when fewer
/// images than declared were added, or when called twice.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool { idst.finalize() }

/// The type identifiers destinations write: PNG, JPEG, GIF, WebP, TIFF.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray { ImageFormat.available.map(\.identifier) }

public func CGImageDestinationGetTypeID() -> CFTypeID { CGImageDestination.typeID }

/// A dictionary's entries with string keys (the keys Apple's constants are).
func stringKeyed(_ dictionary: CFDictionary?) -> [String: Any]? {
    guard let dictionary else { return nil }
    var out: [String: Any] = [:]
    for (key, value) in dictionary {
        if let key = key.base as? String { out[key] = value }
    }
    return out
}
