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
//   swift run -c release strata-bench files [PATH...]   (real Lottie files beside ThorVG and rlottie)

let scenarios: [Scenario] = [
    .evaluate10kLayers, .evaluate10kLayersBaseline, .evaluate10kLayersStaggered, .present10kLayers, .commit30kImplicit, .commit30kImplicitBaseline, .transaction30kImplicit, .presentation3, .composite300, .composite300Baseline, .composite300Turning, .composite300TurningBaseline, .composite300Sliding, .composite300SlidingBaseline, .compositeOneMoves,
    .shapeStroke10k, .emitter5k, .wideShadows, .text60, .lottieShapes, .lottieShapesRLottie, .spinners50, .spinners50Cairo,
]

let arguments = Array(CommandLine.arguments.dropFirst())
// Real Lottie files beside ThorVG and rlottie (LottieFileBench); a child measures one renderer.
if arguments.first == "--measure-file" {
    exit(LottieFileBench.measureOne(Array(arguments.dropFirst())))
}
if arguments.first == "files" {
    ensureInterposerPreloaded()
    exit(LottieFileBench.run(Array(arguments.dropFirst())))
}
if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: strata-bench [SCENARIO...] [--frames N]\n       strata-bench files [PATH...] [--frames N] (see strata-bench files --help)\nscenarios:")
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
// A scenario's baseline runs beside it (before it, if it was not asked for itself), so its ratio
// comes from the same run.
var results: [String: BenchmarkResult] = [:]
@MainActor func result(_ scenario: Scenario) -> BenchmarkResult {
    if let done = results[scenario.name] { return done }
    let measured = BenchmarkRunner.run(scenario, frames: frames)
    results[scenario.name] = measured
    return measured
}
for scenario in selected {
    let baseline = scenario.baseline.flatMap { name in scenarios.first { $0.name == name } }.map(result)
    print(result(scenario).row(baseline: baseline))
}
