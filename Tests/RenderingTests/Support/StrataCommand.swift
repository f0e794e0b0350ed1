import Foundation

/// The `strata` executable built next to the test binary, run as a user runs it.
enum StrataCommand {
    static let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata")

    /// Runs `executable` (strata by default) with `arguments`: its output (standard output and
    /// error together) and exit status. `input` is fed to its standard input; `environment`
    /// replaces the inherited one.
    static func run(
        _ arguments: [String], executable: URL = url, input: Data? = nil, environment: [String: String]? = nil
    ) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let feed = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        try process.run()
        if let input {
            // Written from another thread: a large input must not block on a full pipe while
            // the output pipe fills too.
            let writer = feed.fileHandleForWriting
            DispatchQueue.global().async {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationStatus)
    }
}
