import ArgumentParser
import QuartzCore

/// `strata demo [NAME] [--out DIR]`: renders one demo, or all of them, to PNG files.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Render a demo (or every demo) to PNG files.")

    @Argument(help: "The demo to render; all of them when omitted. `strata list` names them.")
    var name: String?

    @Option(help: "The folder to write into (created when missing).")
    var out: String = "out"

    func validate() throws {
        if let name, Demo.named(name) == nil {
            throw ValidationError("unknown demo '\(name)'; known demos: \(Demo.all.map(\.name).joined(separator: ", "))")
        }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let demos = name.flatMap(Demo.named).map { [$0] } ?? Demo.all
        for demo in demos {
            let file = folder.appendingPathComponent("\(demo.name).png")
            guard let image = demo.render() else {
                throw DemoError(message: "demo '\(demo.name)' could not be rendered")
            }
            try image.writePNG(to: file)
            print("wrote \(file.path)")
        }
    }
}

struct DemoError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// `strata list`: the demos and what each shows.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the demos.")

    func run() {
        for demo in Demo.all { print("\(demo.name)\t\(demo.summary)") }
    }
}
