import CoreGraphics
import Foundation
import SnapshotTesting

extension Diffing where Value == CGImage {
    /// PNG references written by Strata's own encoder, compared with `ImageComparison`'s rules.
    /// A failure writes the reference, the failure and a difference image next to the
    /// library's own failure artifact (`$SNAPSHOT_ARTIFACTS`, or the temporary folder) and names
    /// their paths in the message; they are also returned as the library's attachments.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        let comparison = ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision)
        return .diff(
            toData: { $0.pngData() ?? Data() },
            fromData: { data in
                CGDataProvider(data: data).flatMap {
                    CGImage(pngDataProviderSource: $0, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
                } ?? CGImage(pixels: PixelBuffer(width: 0, height: 0))
            },
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
