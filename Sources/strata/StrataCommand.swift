import StrataCommandLine
import ArgumentParser

/// The `strata` command line: renders Lottie files, scene files and the demos; plays them live.
@main
struct StrataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Core Animation for Linux: render Lottie files, scene files and layer trees to PNG, GIF, MP4, WebM.",
        discussion: "Exit codes: 0 done; 64 a wrong command line; 65 bad input data; 66 an input that cannot be read; "
            + "73 an output that cannot be written; 1 any other failure (ffmpeg missing or failing).",
        version: StrataVersion.current,
        subcommands: [DemoCommand.self, RenderCommand.self, InfoCommand.self, ConcatCommand.self, PlayCommand.self, ListCommand.self])

    static func main() { CommandError.run(self) }
}
