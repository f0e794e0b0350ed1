import ArgumentParser
import Foundation
import StrataExport

/// A failure that is not a wrong command line: printed alone (no usage block), with an exit code
/// from `sysexits.h` that scripts can tell apart. A wrong command line is a `ValidationError`
/// (exit 64, with the usage).
public struct CommandError: Error, CustomStringConvertible {
    /// What went wrong, for the exit code.
    public enum Kind: Int32, Sendable {
        /// The input's content is bad: not JSON, a wrong value, an unknown theme or marker (65, EX_DATAERR).
        case badData = 65
        /// The input cannot be read: missing, a folder, a pipe, no permission (66, EX_NOINPUT).
        case noInput = 66
        /// An output cannot be written, or would overwrite a file without `--force` (73, EX_CANTCREAT).
        case cannotWrite = 73
        /// Anything else: ffmpeg missing or failing, a frame that could not be drawn (1).
        case failed = 1
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// Runs a command as `strata`'s entry point: a `CommandError` or an `ExportError` is printed
    /// as `strata: error: …` with its code; every other error goes to ArgumentParser (a wrong
    /// command line prints the usage and exits 64).
    public static func run(_ command: ParsableCommand.Type, arguments: [String]? = nil) -> Never {
        do {
            var parsed = try command.parseAsRoot(arguments)
            try parsed.run()
            exit(0)
        } catch let error as CommandError {
            fail(error.message, code: error.kind.rawValue)
        } catch let error as ExportError {
            fail(error.message, code: Kind.failed.rawValue)
        } catch {
            command.exit(withError: error)
        }
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("strata: error: \(message)\n".utf8))
        exit(code)
    }
}
