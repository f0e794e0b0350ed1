import StrataCommandLine
import ArgumentParser

/// The `strata` command line: renders the demos and, in later versions, scenes and live windows.
@main
struct StrataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Core Animation for Linux: render layer trees and the project's demos.",
        subcommands: [DemoCommand.self, RenderCommand.self, InfoCommand.self, ConcatCommand.self, PlayCommand.self, ListCommand.self])
}
