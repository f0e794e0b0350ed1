import Foundation
import StrataExport

/// The files a command writes, named from its input: always inside the output folder.
public enum OutputNames {
    /// The file (or, for PNG frames, folder) that `format` output named `name` goes to in `folder`.
    public static func target(for name: String, format: ExportFormat, in folder: URL, still: Bool) -> URL {
        let name = safe(name)
        switch format {
        case .png: return folder.appendingPathComponent(name, isDirectory: true)
        case .gif: return folder.appendingPathComponent("\(name).gif")
        case .mp4: return folder.appendingPathComponent("\(name).mp4")
        case .sheet: return folder.appendingPathComponent(still ? "\(name).png" : "\(name)-sheet.png")
        case .apng: return folder.appendingPathComponent("\(name).apng")
        case .webp: return folder.appendingPathComponent("\(name).webp")
        case .webm: return folder.appendingPathComponent("\(name).webm")
        }
    }

    /// The base name of the outputs made from `input` (its file name without extension).
    public static func baseName(of input: URL) -> String {
        safe(input.deletingPathExtension().lastPathComponent)
    }

    /// `name` as one path component: no slashes, not `.` or `..`, not empty, no NUL or newline
    /// (an input named `..` made frames land beside the output folder, not in it).
    static func safe(_ name: String) -> String {
        let cleaned = String(name.map { $0 == "/" || $0 == "\0" || $0.isNewline ? "_" : $0 })
        return cleaned.isEmpty || cleaned.allSatisfy({ $0 == "." }) ? "untitled" : cleaned
    }

    /// The still PNG of Lottie frame `frame` (its label: "12.5") of `input`.
    public static func still(of input: URL, frame: String, in folder: URL) -> URL {
        folder.appendingPathComponent(safe("\(baseName(of: input))-frame-\(frame)") + ".png")
    }

    /// The outputs `strata render` makes of `input` in `folder`: one per format, named as a
    /// segment (`name-00000-00149`) when only frames `range` are rendered, a still's PNG when
    /// `still`.
    public static func renderTargets(
        of input: URL, formats: [ExportFormat], range: ClosedRange<Int>?, in folder: URL, still: Bool
    ) -> [(ExportFormat, URL)] {
        let name = baseName(of: input)
        // A segment's file names say which frames it holds (two ranges rendered into one folder
        // must not overwrite each other).
        let segmentName = range.map { String(format: "%@-%05d-%05d", name, $0.lowerBound, $0.upperBound) }
        return formats.map { format in
            (format, target(for: format == .png ? name : segmentName ?? name, format: format, in: folder, still: still))
        }
    }
}
