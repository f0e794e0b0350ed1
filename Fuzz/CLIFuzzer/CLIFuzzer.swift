import Foundation
import FuzzSupport
import StrataCommandLine
import StrataExport

// libFuzzer target: the command line. The input is `strata render` or `strata concat` arguments
// separated by NUL bytes (the first byte picks the command). Parsing and checking them must
// give a clear error or a command; the files a render command plans to write must all lie
// inside its output folder, whatever the input's name (or be the files -o names).

@_cdecl("LLVMFuzzerTestOneInput")
public func cliFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let arguments = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
        .split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    if data[0] & 1 == 0 {
        checkRender(arguments)
    } else {
        do {
            _ = try ConcatCommand.parse(arguments)
        } catch {
            _ = ConcatCommand.message(for: error)
        }
    }
    return 0
}

private func checkRender(_ arguments: [String]) {
    let command: RenderCommand
    do {
        command = try RenderCommand.parse(arguments)
    } catch {
        // Every refusal has a message (ArgumentParser's or ours).
        precondition(!RenderCommand.message(for: error).isEmpty, "an error without a message: \(error)")
        return
    }
    for still in [false, true] {
        guard let outputs = try? command.plannedOutputs(still: still) else { continue }
        // -o names its file wherever the user wants it.
        if !command.outputFiles.isEmpty {
            precondition(outputs == command.outputFiles, "-o \(command.outputFiles) planned \(outputs)")
            continue
        }
        for output in outputs {
            let folder = output.deletingLastPathComponent().standardizedFileURL.path
            let planned = command.outputFolder.standardizedFileURL.path
            precondition(folder == planned, "\(output.path) is outside the output folder \(planned)")
            precondition(!output.lastPathComponent.contains("\n"), "a file name with a newline: \(output.path)")
        }
    }
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_cli_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { cliFuzzer($0, $1) }
}
#else
@main
enum CLIFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { cliFuzzer($0, $1) } }
}
#endif
