import Foundation
import MallocInterposerSwift

#if canImport(Glibc)
import Glibc
#endif

/// What one scenario measured.
struct BenchmarkResult {
    let scenario: Scenario
    /// Milliseconds per frame: the median and the fastest of the measured frames.
    let medianMilliseconds: Double
    let minimumMilliseconds: Double
    /// Heap allocations per measured frame (after warm-up).
    let mallocsPerFrame: Double

    /// The row, with the ratio to `baseline` (the same run's result for the scenario's baseline)
    /// and the figure adjusted to the reference machine when the baseline ran slower than there.
    func row(baseline: BenchmarkResult? = nil) -> String {
        let perUnit = medianMilliseconds * 1e6 / Double(scenario.units)
        var ratioCell = "-", adjustedCell = "-"
        var judged = medianMilliseconds
        var verdicts: [String] = []
        if let baseline {
            let ratio = medianMilliseconds / baseline.medianMilliseconds
            ratioCell = String(format: "%.3f", ratio)
            if let reference = scenario.referenceBaselineMilliseconds, baseline.medianMilliseconds > reference {
                judged = medianMilliseconds * reference / baseline.medianMilliseconds
            }
            adjustedCell = String(format: "%.3f", judged)
            if let limit = scenario.ratioBudget { verdicts.append(ratio <= limit ? "×\(limit) ✓" : "×\(limit) ✗") }
        }
        if let limit = scenario.budgetMilliseconds { verdicts.insert(judged <= limit ? "≤ \(limit) ms ✓" : "≤ \(limit) ms ✗", at: 0) }
        return BenchmarkTable.format([
            scenario.name, String(format: "%.3f", medianMilliseconds), String(format: "%.3f", minimumMilliseconds),
            ratioCell, adjustedCell, String(format: "%.1f ns/%@", perUnit, scenario.unitName),
            String(format: "%.2f", mallocsPerFrame), verdicts.isEmpty ? "-" : verdicts.joined(separator: " "),
        ])
    }
}

enum BenchmarkRunner {
    static func run(_ scenario: Scenario, frames: Int) -> BenchmarkResult {
        let frame = scenario.prepare()
        for i in 0..<20 {  // warm-up: caches, lazily built state (frames as measured)
            scenario.beforeFrame?()
            frame(i)
        }
        var times: [Double] = []
        times.reserveCapacity(frames)
        let clock = ContinuousClock()
        for i in 0..<frames {
            scenario.beforeFrame?()
            let elapsed = clock.measure { frame(20 + i) }
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        // Every measured frame's milliseconds, in order (a scene whose cost follows its animation).
        if getenv("STRATA_BENCH_FRAME_TIMES") != nil { print(times.map { String(format: "%.2f", $0) }.joined(separator: " ")) }
        MallocInterposerSwift.initialize()
        var mallocs = 0
        for i in 0..<frames {
            scenario.beforeFrame?()
            let start = MallocInterposerSwift.getStatistics().mallocCount
            MallocInterposerSwift.hook()
            frame(20 + frames + i)
            MallocInterposerSwift.unhook()
            mallocs += MallocInterposerSwift.getStatistics().mallocCount - start
        }
        // The counter must see allocations it is shown, or a 0 above would mean nothing.
        let probeBefore = MallocInterposerSwift.getStatistics().mallocCount
        MallocInterposerSwift.hook()
        for n in 1...10 { blackHole(Array(repeating: n, count: n * 64)) }
        MallocInterposerSwift.unhook()
        if MallocInterposerSwift.getStatistics().mallocCount - probeBefore < 10 {
            printError("strata-bench: the malloc interposer is not counting; mallocs/frame is not measured\n")
        }
        times.sort()
        return BenchmarkResult(
            scenario: scenario, medianMilliseconds: times[times.count / 2], minimumMilliseconds: times[0],
            mallocsPerFrame: Double(mallocs) / Double(frames))
    }
}

enum BenchmarkTable {
    static let widths = [46, 10, 10, 8, 11, 20, 14, 14]

    static var header: String {
        format(["scenario", "median ms", "min ms", "ratio", "adjusted", "per unit", "mallocs/frame", "budget"]) + "\n"
            + String(repeating: "-", count: widths.reduce(0, +) + widths.count * 2)
    }

    static func format(_ cells: [String]) -> String {
        zip(cells, widths).map { cell, width in cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0) }
            .joined(separator: "  ")
    }
}

/// Re-executes the program with the malloc interposer preloaded, unless it already is.
func ensureInterposerPreloaded() {
    if let preload = getenv("LD_PRELOAD"), String(cString: preload).contains("MallocInterposer") { return }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let library = executable.deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so").path
    guard FileManager.default.fileExists(atPath: library) else {
        printError("strata-bench: \(library) not found; allocation counts will read 0\n")
        return
    }
    setenv("LD_PRELOAD", library, 1)
    var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
    execv(executable.path, &argv)
    printError("strata-bench: could not re-execute with the interposer: \(String(cString: strerror(errno)))\n")
}

/// Keeps `value` alive so the optimiser cannot drop the work that made it. Not optimised itself:
/// an empty specialisation would let the optimiser drop the argument, and with it the work (an
/// integer sum passed here measured 0.000 ms).
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
