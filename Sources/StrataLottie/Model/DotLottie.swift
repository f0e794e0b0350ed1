import CoreGraphics
import Foundation
import ZIPFoundation

/// `.lottie` archives: a zip holding `manifest.json`, the animations (`animations/ID.json`, or
/// `a/ID.json` in version 2) and their images (`images/`, or `i/`). The manifest's first
/// animation is the one played.
enum DotLottie {
    /// Zip files start with a local file header ("PK\u{3}\u{4}").
    static func isArchive(_ data: Data) -> Bool {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// Upper bounds on what an archive may unpack to (a zip bomb must fail, not fill memory).
    static let maxEntryBytes: UInt64 = 64 << 20
    static let maxEntries = 10_000

    private struct Manifest: Decodable {
        struct Entry: Decodable { var id: String }
        var animations: [Entry]?
    }

    /// The archive's first animation with its images. Read from the file: ZIPFoundation's
    /// in-memory archives trap on some malformed zips (found by the fuzzer), its file reads do not.
    static func animation(at url: URL) throws -> LottieAnimation {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw LottieError.unreadable(".lottie: not a readable zip archive (\(error))")
        }
        var entries: [String: Entry] = [:]
        for (n, entry) in archive.enumerated() {
            guard n < maxEntries else { throw LottieError.unreadable(".lottie: more than \(maxEntries) entries") }
            guard entry.type == .file else { continue }
            entries[entry.path.hasPrefix("/") ? String(entry.path.dropFirst()) : entry.path] = entry
        }
        func read(_ path: String) throws -> Data? {
            guard let entry = entries[path] else { return nil }
            guard entry.uncompressedSize <= maxEntryBytes else {
                throw LottieError.unreadable(".lottie: \(path) is larger than \(maxEntryBytes >> 20) MB")
            }
            var out = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    out.append(chunk)
                    if UInt64(out.count) > maxEntryBytes { throw LottieError.unreadable(".lottie: \(path) unpacks too large") }
                }
            } catch let error as LottieError {
                throw error
            } catch {
                throw LottieError.unreadable(".lottie: \(path) cannot be unpacked (\(error))")
            }
            return out
        }
        var id: String?
        if let manifestData = try read("manifest.json") {
            do {
                id = try JSONDecoder().decode(Manifest.self, from: manifestData).animations?.first?.id
            } catch let error as DecodingError {
                throw LottieError.unreadable(".lottie: manifest.json: \(LottieError.from(error))")
            }
        }
        let candidates = id.map { ["animations/\($0).json", "a/\($0).json"] }
            ?? entries.keys.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }.sorted()
        guard let path = candidates.first(where: { entries[$0] != nil }), let json = try read(path) else {
            throw LottieError.unreadable(".lottie: no animation found (manifest.json names \(id ?? "none"))")
        }
        var animation: LottieAnimation
        do {
            animation = try LottieAnimation(data: json)
        } catch let error as LottieError {
            throw LottieError.invalid(path: path, error.description)
        }
        for (assetID, asset) in animation.assets where asset.isImage && !asset.isEmbedded {
            let name = asset.file ?? ""
            let folder = (asset.folder ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let paths = [folder.isEmpty ? name : "\(folder)/\(name)", "images/\(name)", "i/\(name)"]
            if let p = paths.first(where: { entries[$0] != nil }), let bytes = try read(p),
                let image = LottieAsset.decodeImage(bytes)
            {
                animation.images[assetID] = image
            } else {
                animation.warnings.append("image asset '\(assetID)' (\(name)) is not in the archive or not a PNG/JPEG; drawn empty")
            }
        }
        return animation
    }
}
