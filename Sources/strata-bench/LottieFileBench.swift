import Foundation
import MallocInterposerSwift

#if canImport(Glibc)
import Glibc
#endif

/// `strata-bench files [PATH...]`: every frame of real Lottie files at their own size, one thread,
/// into a memory buffer, by Strata, ThorVG and rlottie in the same run (issue 26's table). Each
/// file and renderer is measured in a child process of its own, so peak memory is that
/// renderer's alone and a crash in a peer costs one cell.
enum LottieFileBench {
    /// What one renderer measured on one file.
    struct Measurement: Codable {
        var medianMilliseconds: Double
        /// The whole run's time over its frames: what rendering the animation costs, where a median
        /// lands on whichever class of frames (held or moving) is larger.
        var meanMilliseconds: Double
        var minimumMilliseconds: Double
        /// Peak resident memory above what the process held before the renderer loaded the file (MiB).
        var peakGrowthMiB: Double
        var mallocsPerFrame: Double
        var frames: Int
        var width: Int
        var height: Int
    }

    static let usage = """
        usage: strata-bench files [PATH...] [--frames N] [--passes N] [--renderers strata,thorvg,rlottie] [--png DIR]
          PATH: Lottie files or folders of them (default Benchmarks/Lottie, the ten real files
                of ../shared/lottie/bench vendored, run from the package folder)
          --frames N: at most N frames a file, spread over the animation (default: every frame)
          --passes N: time the frames N times over (default 1; steadier medians for short files)
          --png DIR: also write each renderer's middle frame as DIR/FILE-RENDERER.png
        ThorVG comes from scripts/bench-peers.sh (or STRATA_THORVG=path/to/libthorvg.so).
        """

    // MARK: - The parent: one table

    static func run(_ arguments: [String]) -> Int32 {
        var paths: [String] = [], frameCap: Int?, passes: Int?, kinds = LottieFileRendererKind.allCases, pngFolder: String?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--frames":
                guard let n = iterator.next().flatMap(Int.init), n > 0 else { return fail("--frames needs a positive whole number") }
                frameCap = n
            case "--passes":
                guard let n = iterator.next().flatMap(Int.init), n > 0 else { return fail("--passes needs a positive whole number") }
                passes = n
            case "--renderers":
                let names = (iterator.next() ?? "").split(separator: ",").map(String.init)
                let parsed = names.compactMap(LottieFileRendererKind.init(rawValue:))
                guard !parsed.isEmpty, parsed.count == names.count else { return fail("--renderers takes strata, thorvg, rlottie") }
                kinds = parsed
            case "--png":
                guard let folder = iterator.next() else { return fail("--png needs a folder") }
                pngFolder = folder
            case "--help", "-h":
                print(usage)
                return 0
            default:
                paths.append(argument)
            }
        }
        if paths.isEmpty {
            paths = [FileManager.default.fileExists(atPath: "Benchmarks/Lottie") ? "Benchmarks/Lottie" : "../shared/lottie/bench"]
        }
        let files = lottieFiles(in: paths)
        guard !files.isEmpty else { return fail("no .json Lottie files in \(paths.joined(separator: ", "))") }
        if kinds.contains(.thorvg), case .failure(let missing) = ThorVGLibrary.load() {
            print("note: \(missing.reason); ThorVG's column is left out")
            kinds.removeAll { $0 == .thorvg }
        }
        #if DEBUG
        print("warning: a debug build; figures are only meaningful with -c release")
        #endif
        print("one thread, every frame at the file's own size (ms a frame: median / mean / min; ÷: of medians / of means; peak: resident MiB above the loaded process)")
        var table = FileBenchTable(kinds: kinds)
        print(table.header)
        for file in files {
            var cells: [LottieFileRendererKind: Result<Measurement, BenchPeerMissing>] = [:]
            for kind in kinds {
                cells[kind] = measureInChild(kind: kind, file: file, frameCap: frameCap, passes: passes, pngFolder: pngFolder)
            }
            print(table.row(file: file, cells: cells))
        }
        print(table.footer)
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        printError("strata-bench files: \(message)\n\(usage)\n")
        return 2
    }

    static func lottieFiles(in paths: [String]) -> [URL] {
        paths.flatMap { path -> [URL] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
            guard isFolder.boolValue else { return [URL(fileURLWithPath: path)] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { URL(fileURLWithPath: path).appendingPathComponent($0) }
        }
    }

    private static func measureInChild(
        kind: LottieFileRendererKind, file: URL, frameCap: Int?, passes: Int?, pngFolder: String?
    ) -> Result<Measurement, BenchPeerMissing> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var arguments = ["--measure-file", kind.rawValue, file.path]
        if let frameCap { arguments += ["--frames", String(frameCap)] }
        if let passes { arguments += ["--passes", String(passes)] }
        if let pngFolder { arguments += ["--png", pngFolder] }
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return .failure(BenchPeerMissing(reason: "could not start: \(error)")) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("RESULT ") }
        guard process.terminationStatus == 0, let line,
            let measurement = try? JSONDecoder().decode(Measurement.self, from: Data(line.dropFirst(7).utf8))
        else {
            let reason = errorText.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .failure(BenchPeerMissing(reason: reason))
        }
        return .success(measurement)
    }

    // MARK: - The child: one renderer, one file

    /// A /proc file read to its end (its reported size is 0: a sized read gets one page).
    static func procFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).flatMap { String(data: $0, encoding: .utf8) }
    }

    static func measureOne(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2, let kind = LottieFileRendererKind(rawValue: arguments[0]) else {
            return fail("--measure-file needs a renderer and a file")
        }
        let file = URL(fileURLWithPath: arguments[1])
        let frameCap = arguments.firstIndex(of: "--frames").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
        let pngFolder = arguments.firstIndex(of: "--png").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        let passes = arguments.firstIndex(of: "--passes").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 1
        guard let json = try? Data(contentsOf: file) else { return fail("cannot read \(file.path)") }
        if let out = ProcessInfo.processInfo.environment["STRATA_BENCH_SMAPS"],
            let maps = Self.procFile("/proc/self/smaps")
        {
            try? maps.write(toFile: out + ".before", atomically: true, encoding: .utf8)
        }
        let residentBefore = ResidentMemory.current()
        let renderer: LottieFileRenderer
        do { renderer = try kind.make(json: json) } catch {
            printError("\((error as? BenchPeerMissing)?.reason ?? "\(error)")\n")
            return 1
        }
        let count = min(renderer.frameCount, frameCap ?? renderer.frameCount)
        var indices = (0..<count).map { $0 * renderer.frameCount / count }
        // STRATA_BENCH_FRAME_RANGE=A-B: only frames A through B (to profile a file's busy stretch).
        if let range = ProcessInfo.processInfo.environment["STRATA_BENCH_FRAME_RANGE"]?.split(separator: "-").compactMap({ Int($0) }),
            range.count == 2, case let kept = indices.filter({ (range[0]...max(range[0], range[1])).contains($0) }), !kept.isEmpty
        {
            indices = kept
        }
        for index in indices.prefix(30) { renderer.render(frame: index) }  // warm-up: caches as in a player
        var times: [Double] = []
        times.reserveCapacity(count * max(1, passes))
        let clock = ContinuousClock()
        for _ in 0..<max(1, passes) {
            for index in indices {
                let elapsed = clock.measure { renderer.render(frame: index) }
                times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
            }
        }
        // STRATA_BENCH_FRAME_TIMES=1: every timed frame's ms on standard error, in the order drawn.
        if getenv("STRATA_BENCH_FRAME_TIMES") != nil {
            printError(times.map { String(format: "%.3f", $0) }.joined(separator: " ") + "\n")
        }
        let peak = ResidentMemory.peak()
        // STRATA_BENCH_SMAPS=FILE: the process's memory map at the end, to see where memory went.
        if let out = ProcessInfo.processInfo.environment["STRATA_BENCH_SMAPS"],
            let maps = Self.procFile("/proc/self/smaps")
        {
            try? maps.write(toFile: out, atomically: true, encoding: .utf8)
        }
        MallocInterposerSwift.initialize()
        let counted = Array(indices.prefix(60))
        let before = MallocInterposerSwift.getStatistics().mallocCount
        MallocInterposerSwift.hook()
        for index in counted { renderer.render(frame: index) }
        MallocInterposerSwift.unhook()
        let mallocs = MallocInterposerSwift.getStatistics().mallocCount - before
        if let pngFolder {
            // STRATA_BENCH_PNG_FRAME=N: that frame instead (to compare one frame across renderers).
            let asked = ProcessInfo.processInfo.environment["STRATA_BENCH_PNG_FRAME"].flatMap { Int($0) }
            renderer.render(frame: asked ?? renderer.frameCount / 2)
            writePNG(renderer, to: URL(fileURLWithPath: pngFolder).appendingPathComponent(
                "\(file.deletingPathExtension().lastPathComponent)-\(kind.rawValue).png"))
        }
        let mean = times.reduce(0, +) / Double(max(1, times.count))
        times.sort()
        let measurement = Measurement(
            medianMilliseconds: times[times.count / 2], meanMilliseconds: mean, minimumMilliseconds: times[0],
            peakGrowthMiB: max(0, Double(peak - residentBefore)) / 1_048_576,
            mallocsPerFrame: Double(mallocs) / Double(max(1, counted.count)), frames: count,
            width: renderer.width, height: renderer.height)
        guard let encoded = try? JSONEncoder().encode(measurement) else { return 1 }
        print("RESULT " + String(decoding: encoded, as: UTF8.self))
        return 0
    }
}
