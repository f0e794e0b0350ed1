import Foundation

/// How a long export shows where it is: on a terminal, a live line with a bar, frames done,
/// frames a second and time left; otherwise (a log, CI) nothing until one plain line per file
/// written.
public final class ExportProgress {
    /// What the report names (a file's name, or "demo gif").
    public let label: String
    private let started = Date()
    private let isTerminal: Bool
    private var lastDrawn = Date.distantPast

    /// - Parameters:
    ///   - label: what the live line names.
    ///   - isTerminal: whether standard output is a terminal (asked when nil).
    public init(label: String, isTerminal: Bool? = nil) {
        self.label = label
        self.isTerminal = isTerminal ?? (isatty(STDOUT_FILENO) != 0)
    }

    /// After each frame: `done` of `total` frames are written.
    public func update(done: Int, total: Int) {
        guard isTerminal, Date().timeIntervalSince(lastDrawn) > 0.1 || done == total else { return }
        lastDrawn = Date()
        FileHandle.standardOutput.write(Data(("\r" + Self.line(label, done: done, total: total, elapsed: elapsed)).utf8))
    }

    /// Once the file is written: the plain line (the live line is cleared first on a terminal).
    public func finish(path: String, frames: Int) {
        if isTerminal { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
        print(Self.summary(path: path, frames: frames, elapsed: elapsed))
    }

    private var elapsed: TimeInterval { Date().timeIntervalSince(started) }

    /// The live line: `label [#####.....] 12/40 frames, 30 fps, 0.9 s left`.
    package static func line(_ label: String, done: Int, total: Int, elapsed: TimeInterval) -> String {
        let rate = Double(done) / max(elapsed, 1e-6)
        let left = Double(max(total - done, 0)) / max(rate, 1e-6)
        let width = 24, filled = width * min(max(done, 0), max(total, 1)) / max(total, 1)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        return String(format: "%@ [%@] %d/%d frames, %.0f fps, %.1f s left ", label, bar, done, total, rate, left)
    }

    /// The plain line: `wrote out/a.gif (40 frames in 1.2 s, 33 fps)`.
    package static func summary(path: String, frames: Int, elapsed: TimeInterval) -> String {
        String(format: "wrote %@ (%d frames in %.1f s, %.0f fps)", path, frames, elapsed, Double(frames) / max(elapsed, 1e-6))
    }
}
