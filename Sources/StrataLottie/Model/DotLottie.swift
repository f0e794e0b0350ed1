import CoreGraphics
import Foundation
import StrataInput
import ZIPFoundation

/// `.lottie` archives: a zip holding `manifest.json`, the animations (`animations/ID.json`, or
/// `a/ID.json` in version 2) and their images (`images/`, or `i/`). The manifest's first
/// animation is the one played.
enum DotLottie {
    /// Zip files start with a local file header ("PK\u{3}\u{4}").
    static func isArchive(_ data: Data) -> Bool {
        // A local file header, or the end record an empty archive begins with.
        data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// Entries an archive may list (a zip bomb must fail, not fill memory; what all the reads
    /// of one archive may unpack together is `InputLimits.archiveBytes`: 1,000 image assets
    /// naming one 63 MB entry read it 1,000 times, minutes and gigabytes).
    static let maxEntries = 10_000

    private struct Manifest: Decodable {
        struct Entry: Decodable {
            var id: String
            /// dotLottie 2: the theme an animation starts with.
            var initialTheme: String?
        }
        var animations: [Entry]?
        var themes: [Entry]?
    }

    /// The archive's first animation with its images. The archive is opened from its file
    /// (ZIPFoundation's in-memory archives trap on some malformed zips: found by the fuzzer), and
    /// compressed entries are inflated from `data` (the file's bytes) by `inflate(_:of:in:)`.
    ///
    /// `animationID` picks another of the archive's animations, `themeID` one of its themes
    /// (dotLottie 2: `t/ID.json`, rules that set slots), `slots` sets slots over both.
    static func animation(
        at url: URL, data fileData: Data, limits: InputLimits = .standard, animationID: String? = nil, themeID: String? = nil,
        slots: [String: String] = [:]
    ) throws -> LottieAnimation {
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
        guard !entries.isEmpty else { throw LottieError.unreadable(".lottie: the archive holds no files") }
        let maxArchiveBytes = UInt64(limits.archiveBytes)
        // One entry: the animation's JSON or an image file.
        let maxEntryBytes = min(maxArchiveBytes, UInt64(max(limits.jsonBytes, 64 << 20)))
        var unpacked: UInt64 = 0
        func read(_ path: String) throws -> Data? {
            guard let entry = entries[path] else { return nil }
            guard entry.uncompressedSize <= maxEntryBytes else {
                throw LottieError.unreadable(".lottie: \(path) is larger than \(InputLimits.millions(Int(maxEntryBytes))) MB (--limit json-mb, archive-mb)")
            }
            unpacked += entry.uncompressedSize
            guard unpacked <= maxArchiveBytes else {
                throw LottieError.unreadable(".lottie: the archive unpacks to more than \(InputLimits.millions(Int(maxArchiveBytes))) MB (at \(path); --limit archive-mb)")
            }
            var out = Data()
            let keep: (Data) throws -> Void = { chunk in
                out.append(chunk)
                if UInt64(out.count) > maxEntryBytes { throw LottieError.unreadable(".lottie: \(path) unpacks too large") }
            }
            do {
                if entry.isCompressed {
                    try inflate(entry, of: path, in: fileData, into: keep)
                } else {
                    _ = try archive.extract(entry, skipCRC32: false, consumer: keep)
                }
            } catch let error as LottieError {
                throw error
            } catch {
                throw LottieError.unreadable(".lottie: \(path) cannot be unpacked (\(error))")
            }
            return out
        }
        var manifest = Manifest()
        if let manifestData = try read("manifest.json") {
            // Syntax and nesting first, with the line and column (the decoder's own message
            // names no place for a manifest nested too deep).
            if let problem = JSONSyntax.firstProblem(in: manifestData, maxDepth: LottieAnimation.maxJSONDepth) {
                throw LottieError.unreadable(".lottie: manifest.json: not a JSON document: \(problem)")
            }
            do {
                manifest = try JSONDecoder().decode(Manifest.self, from: manifestData)
            } catch let error as DecodingError {
                throw LottieError.unreadable(".lottie: manifest.json: \(LottieError.from(error))")
            }
        }
        let listed = manifest.animations ?? []
        let themes = (manifest.themes ?? []).map(\.id)
        if let animationID, !listed.contains(where: { $0.id == animationID }) {
            throw LottieError.unreadable(
                ".lottie: no animation '\(animationID)' (the archive's: \(listed.map { "'\($0.id)'" }.joined(separator: ", ")))")
        }
        let chosen = animationID.flatMap { wanted in listed.first { $0.id == wanted } } ?? listed.first
        let id = chosen?.id
        let theme = themeID ?? chosen?.initialTheme
        if let theme, !themes.contains(theme) {
            throw LottieError.unreadable(".lottie: no theme '\(theme)' (the archive's: \(themes.isEmpty ? "none" : themes.map { "'\($0)'" }.joined(separator: ", ")))")
        }
        var allSlots = try theme.map { try DotLottieTheme.slots(fromThemeJSON: try read("t/\($0).json") ?? read("themes/\($0).json"), id: $0) } ?? [:]
        allSlots.merge(slots) { _, given in given }
        let candidates = id.map { ["animations/\($0).json", "a/\($0).json"] }
            ?? entries.keys.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }.sorted()
        guard let path = candidates.first(where: { entries[$0] != nil }), let json = try read(path) else {
            throw LottieError.unreadable(".lottie: no animation found (manifest.json names \(id ?? "none"))")
        }
        var animation: LottieAnimation
        do {
            animation = try LottieAnimation(data: json, limits: limits, slots: allSlots)
        } catch let error as LottieError {
            throw LottieError.invalid(path: path, error.description)
        }
        animation.archiveContents = DotLottieContents(animations: listed.map(\.id), themes: themes, theme: theme)
        // Each entry is read and decoded once, however many assets name it.
        var decoded: [String: CGImage?] = [:]
        for (assetID, asset) in animation.assets.sorted(by: { $0.key < $1.key }) where asset.isImage && !asset.isEmbedded {
            let name = asset.file ?? ""
            let folder = (asset.folder ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let paths = [folder.isEmpty ? name : "\(folder)/\(name)", "images/\(name)", "i/\(name)"]
            if let p = paths.first(where: { entries[$0] != nil }), decoded[p] == nil {
                let bytes = try read(p)
                do {
                    decoded[p] = try bytes.flatMap(animation.reading.image(for:))
                } catch {
                    animation.warnings.append("image asset '\(assetID)' (\(name)): \(error); drawn empty")
                    decoded[p] = .some(nil)
                    continue
                }
            }
            if let p = paths.first(where: { entries[$0] != nil }), let image = decoded[p] ?? nil {
                animation.images[assetID] = image
            } else {
                animation.warnings.append("image asset '\(assetID)' (\(name)) is not in the archive or not a PNG, JPEG or WebP; drawn empty")
            }
        }
        // Fonts the archive carries (`f/`, or `fonts/` of earlier archives) for its text.
        for path in entries.keys.sorted() where (path.hasPrefix("f/") || path.hasPrefix("fonts/"))
            && LottieAnimation.fontExtensions.contains((path as NSString).pathExtension.lowercased())
        {
            let faces = LottieAnimation.faces(in: try read(path) ?? Data())
            if faces.isEmpty { animation.warnings.append("font \(path) in the archive could not be read; not used") }
            faces.forEach { animation.addFace($0) }
        }
        return animation
    }

    /// Inflates a compressed entry from the archive's bytes, reading no further than its
    /// compressed size: ZIPFoundation's own extraction reads on to the end of the file and then
    /// loops for ever when a deflate stream never ends (found by the fuzzer). Its public
    /// decompressor is used with a provider that stops at the entry's end; the CRC is checked.
    static func inflate(_ entry: Entry, of path: String, in data: Data, into consumer: (Data) throws -> Void) throws {
        guard let start = localDataOffset(of: entry.path, in: data),
            entry.compressedSize <= UInt64(data.count - start)
        else { throw LottieError.unreadable(".lottie: \(path): the entry's data is not inside the archive") }
        let end = start + Int(entry.compressedSize)
        var position = start
        let crc = try Data.decompress(
            size: Int64(entry.compressedSize), bufferSize: 64 << 10, skipCRC32: false,
            provider: { _, size in
                let n = min(size, end - position)
                guard n > 0 else { throw LottieError.unreadable(".lottie: \(path): the compressed data ends early") }
                // A whole chunk of `size` bytes (the decompressor reads that many), zeros past the data.
                var chunk = Data(count: size)
                chunk.replaceSubrange(0..<n, with: data[(data.startIndex + position)..<(data.startIndex + position + n)])
                position += n
                return chunk
            },
            consumer: consumer)
        guard crc == entry.checksum else { throw LottieError.unreadable(".lottie: \(path): checksum mismatch") }
    }

    /// Where the data of the entry named `name` starts: after its local header (30 bytes, the
    /// name, the extra field), found by the header's signature and name.
    static func localDataOffset(of name: String, in data: Data) -> Int? {
        let nameBytes = Array(name.utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var i = 0
            while i + 30 <= bytes.count {
                if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x03, bytes[i + 3] == 0x04 {
                    let nameLength = Int(bytes[i + 26]) | Int(bytes[i + 27]) << 8
                    let extraLength = Int(bytes[i + 28]) | Int(bytes[i + 29]) << 8
                    let nameEnd = i + 30 + nameLength
                    if nameLength == nameBytes.count, nameEnd <= bytes.count,
                        bytes[(i + 30)..<nameEnd].elementsEqual(nameBytes)
                    {
                        let dataStart = nameEnd + extraLength
                        return dataStart <= bytes.count ? dataStart : nil
                    }
                }
                i += 1
            }
            return nil
        }
    }
}
