import Foundation
import MallocInterposerSwift

#if canImport(Glibc)
import Glibc
#endif

// strata-bench: runs the named scenarios and prints a table of time and heap allocations per
// frame. Allocations are counted by ordo-one's malloc interposer, which must be preloaded: the
// program re-executes itself with LD_PRELOAD when it is not.
//
//   swift run -c release strata-bench [SCENARIO...] [--frames N]

let scenarios: [Scenario] = [
    .evaluate10kLayers, .commit30kImplicit, .transaction30kImplicit, .presentation3, .composite300, .composite300Baseline, .composite300Turning, .composite300TurningBaseline, .composite300Sliding, .composite300SlidingBaseline, .compositeOneMoves,
    .shapeStroke10k, .emitter5k, .text60,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: strata-bench [SCENARIO...] [--frames N]\nscenarios:")
    for s in scenarios { print("  \(s.name)\t\(s.summary)") }
    exit(0)
}

ensureInterposerPreloaded()

var frames = 300
var names: [String] = []
var iterator = arguments.makeIterator()
while let argument = iterator.next() {
    if argument == "--frames" {
        guard let value = iterator.next().flatMap(Int.init), value > 0 else {
            printError("strata-bench: --frames needs a positive whole number\n")
            exit(2)
        }
        frames = value
    } else {
        names.append(argument)
    }
}
let unknown = names.filter { name in !scenarios.contains { $0.name == name } }
guard unknown.isEmpty else {
    printError("strata-bench: unknown scenario \(unknown.joined(separator: ", ")); known: \(scenarios.map(\.name).joined(separator: ", "))\n")
    exit(2)
}
let selected = names.isEmpty ? scenarios : scenarios.filter { names.contains($0.name) }

#if DEBUG
print("warning: a debug build; figures are only meaningful with -c release")
#endif
print(BenchmarkTable.header)
for scenario in selected {
    print(BenchmarkRunner.run(scenario, frames: frames).row)
}
