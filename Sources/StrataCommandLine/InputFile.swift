import ArgumentParser
import Foundation

/// Checks a file named on the command line before anything reads it: it must exist and be a
/// regular file. A folder, a pipe (which would block forever) or a device (`/dev/zero`, endless)
/// is refused with a message that says which.
public enum InputFile {
    public static func check(_ path: String) throws {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw CommandError(.noInput, "cannot read '\(path)': no such file")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?:
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw CommandError(.noInput, "cannot read '\(path)': permission denied")
            }
        case .typeDirectory?:
            throw CommandError(.noInput, "'\(path)' is a folder, not a scene or Lottie file")
        case .typeSymbolicLink?:
            // attributesOfItem does not follow links: check what it points to.
            try check(URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        default:
            throw CommandError(.noInput, "'\(path)' is not a regular file (a pipe, socket or device cannot be read as a scene)")
        }
    }
}
