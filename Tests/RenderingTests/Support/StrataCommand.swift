import Foundation

/// The `strata` executable built next to the test binary, run as a user runs it.
enum StrataCommand {
    static let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata")

    /// Runs `executable` (strata by default) with `arguments`: its output (standard output and
    /// error together) and exit status.
    static func run(_ arguments: [String], executable: URL = url) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationStatus)
    }
}
