import CoreGraphics
import Foundation
import ImageIO
import SnapshotTesting

extension Diffing where Value == CGImage {
    /// PNG references compared with `ImageComparison`'s rules. A reference is read through ImageIO
    /// with its embedded colour profile honoured (a Display P3 reference recorded on an iOS
    /// simulator is compared in sRGB, as Apple's comparison draws both into one sRGB context);
    /// new references are written by Strata's own encoder, in sRGB.
    /// A failure writes the reference, the failure and a difference image next to the
    /// library's own failure artifact (`$SNAPSHOT_ARTIFACTS`, or the temporary folder) and names
    /// their paths in the message; they are also returned as the library's attachments.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        let comparison = ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision)
        return .diff(
            toData: { $0.pngData() ?? Data() },
            fromData: referenceImage,
            diffV2: { reference, failure in
                guard let (message, result) = comparison.failure(reference: reference, failure: failure) else {
                    return nil
                }
                var attachments: [DiffAttachment] = []
                var files: [String] = []
                let artifacts = FailureArtifacts()
                for (name, image) in [("reference", reference), ("failure", failure), ("difference", result?.difference)] {
                    guard let image, let png = image.pngData() else { continue }
                    attachments.append(.data(png, name: name))
                    if let path = artifacts.write(png, named: name) { files.append("\(name): \(path)") }
                }
                let listing = files.isEmpty ? "" : "\n" + files.joined(separator: "\n")
                return (message + listing, attachments)
            })
    }
}

/// A reference file's picture in sRGB: ImageIO converts pixels of an embedded profile's space
/// (Display P3, Generic RGB, a display's profile) when it decodes them. An unreadable file is a
/// 0×0 picture, which only a 0×0 snapshot matches.
func referenceImage(_ data: Data) -> CGImage {
    guard let source = CGImageSourceCreateWithData(data as CFData, nil), let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
    else { return CGImage(pixels: PixelBuffer(width: 0, height: 0)) }
    return image
}

extension Diffing where Value == LayerImage {
    /// `Diffing<CGImage>.image`'s rules on layer and path pictures; a picture taken without a
    /// scale is drawn again at the scale of the reference's size (1, 2 or 3 pixels a point).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        let images = Diffing<CGImage>.image(precision: precision, perceptualPrecision: perceptualPrecision)
        return .diff(
            toData: { images.toData($0.image) },
            fromData: { LayerImage(image: images.fromData($0)) },
            diffV2: { reference, candidate in images.diffV2(reference.image, candidate.matching(reference.image)) })
    }
}

/// Where a failed comparison's pictures are written: a new folder under `$SNAPSHOT_ARTIFACTS`
/// (the library's variable) or the temporary folder.
private struct FailureArtifacts {
    let folder: URL

    init() {
        let base = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        folder = URL(fileURLWithPath: base, isDirectory: true)
            .appendingPathComponent("StrataSnapshotTesting")
            .appendingPathComponent(UUID().uuidString)
    }

    func write(_ png: Data, named name: String) -> String? {
        let url = folder.appendingPathComponent("\(name).png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try png.write(to: url)
            return url.path
        } catch {
            return nil
        }
    }
}
