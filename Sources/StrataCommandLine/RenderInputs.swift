import Foundation
import StrataInput

/// The files `strata render` reads: the paths given, the Lottie and scene files of a folder
/// given (sorted by name), and standard input (`-`) kept in a temporary file named `stdin`.
public enum RenderInputs {
    /// What a folder's files must end in to be rendered.
    static let extensions: Set<String> = ["json", "lottie", "tgs"]

    /// One input: where to read it, and whether it is a temporary copy of standard input.
    public struct File {
        public let url: URL
        let isTemporary: Bool
    }

    public static func expand(_ inputs: [String], limits: InputLimits) throws -> [File] {
        try inputs.flatMap { input -> [File] in
            if input == "-" { return [try readStandardInput(limit: max(limits.jsonBytes, limits.archiveBytes))] }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue {
                return try filesOfFolder(input)
            }
            try InputFile.check(input)
            return [File(url: URL(fileURLWithPath: input), isTemporary: false)]
        }
    }

    static func filesOfFolder(_ path: String) throws -> [File] {
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw CommandError(.noInput, "cannot list the folder '\(path)': \(error.localizedDescription)")
        }
        let files = names.filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0) }
            .filter { (try? InputFile.check($0.path)) != nil }
        guard !files.isEmpty else {
            throw CommandError(.noInput, "the folder '\(path)' has no .json, .lottie or .tgs files")
        }
        return files.map { File(url: $0, isTemporary: false) }
    }

    /// Standard input, up to `limit` bytes, in a temporary folder as `stdin`.
    static func readStandardInput(limit: Int) throws -> File {
        var data = Data()
        let input = FileHandle.standardInput
        while true {
            let chunk: Data
            do {
                chunk = try input.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw CommandError(.noInput, "cannot read standard input: \(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            data.append(chunk)
            guard data.count <= limit else {
                throw CommandError(.badData, "standard input holds more than \(InputLimits.millions(limit)) MB, the most a file may have (--limit json-mb, archive-mb)")
            }
        }
        guard !data.isEmpty else { throw CommandError(.noInput, "standard input (-) is empty") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-stdin-\(UUID().uuidString)", isDirectory: true)
        let url = folder.appendingPathComponent("stdin")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw CommandError(.failed, "cannot keep standard input in \(folder.path): \(error.localizedDescription)")
        }
        return File(url: url, isTemporary: true)
    }

    /// Removes the temporary copies.
    public static func cleanUp(_ files: [File]) {
        for file in files where file.isTemporary { try? FileManager.default.removeItem(at: file.url.deletingLastPathComponent()) }
    }
}
