import ArgumentParser
import Foundation
import StrataCommandLine
import StrataInput
import QuartzCore
import StrataExport
import StrataWindow

/// `strata play NAME`: a demo live in a window, on the real clock.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a demo or a Lottie file (.json, .lottie) live in a window (SDL2).",
        discussion: "Scripted clicks happen at their times; close the window or press Escape to quit. "
            + "Without a display, use `strata demo` to render files.")

    @Argument(help: "The demo to play (`strata list` names them), or a Lottie file (looped).")
    var name: String

    @Option(parsing: .unconditional, help: "Quit after this many seconds (default: when the window is closed).")
    var seconds: Double?

    @Option(help: "SDL video driver (e.g. offscreen); SDL's choice when omitted.")
    var videoDriver: String?

    @Flag(help: "Print frame times each second (frames a second, interval and draw-time median/95th percentile/max) and for the whole run at the end.")
    var stats = false

    @Option(name: .customLong("limit"), parsing: .unconditionalSingleValue, help: LottieRendering.limitHelp)
    var limitAssignments: [String] = []

    @OptionGroup var choices: LottieChoices

    func validate() throws {
        _ = try LottieRendering.limits(limitAssignments)
        if let seconds, !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("--seconds must be within (0, 86400]")
        }
    }

    func run() throws {
        let limits = try LottieRendering.limits(limitAssignments)
        // A demo's name, else a file (whose errors are data errors, exit 65).
        guard let demo = try Demo.named(name) ?? Demo.lottieFile(name, limits: limits, choices: choices) else {
            throw ValidationError("unknown demo '\(name)'; known demos: \(Demo.everyDemo.map(\.name).joined(separator: ", "))")
        }
        guard case .animation(let settings, let make) = demo.kind else {
            throw ValidationError("'\(name)' is a still picture; use `strata demo \(name)`")
        }
        let recording = make(settings)
        let (root, events) = recording.buildLive()
        let clicks = recording.clickActions
        let window: LayerWindow
        do {
            window = try LayerWindow(title: "Strata — \(demo.name)", size: settings.size, videoDriver: videoDriver)
        } catch let error as WindowError {
            throw CommandError(.failed, error.message)
        }
        window.rootLayer = root
        window.eventHandler = { [weak window] event in
            switch event {
            case .keyDown("Escape"): window?.stop()
            case .mouseDown: for click in clicks { click() }  // the demo's touchesBegan
            default: break
            }
        }
        for event in events {
            // Scripted changes run on the main queue, which the window serves between frames.
            let action = ScriptedAction(run: event.action)
            DispatchQueue.main.asyncAfter(deadline: .now() + event.time) { action.run() }
        }
        print("playing \(demo.name); close the window or press Escape to quit")
        guard stats else { return window.run(for: seconds) }
        window.statistics = FrameStatistics(capacity: 1 << 16)
        let shown = WindowOnThisThread(window: window)
        let everySecond = Timer(timeInterval: 1, repeats: true) { _ in
            guard let summary = shown.window?.statistics.summary(since: CACurrentMediaTime() - 1) else { return }
            print("last second: \(summary)")
        }
        RunLoop.current.add(everySecond, forMode: .default)
        window.run(for: seconds)
        everySecond.invalidate()
        if let summary = window.statistics.summary { print("whole run: \(summary)") }
    }
}

/// A scripted model change handed to the main queue (it runs there, on the window's thread).
private struct ScriptedAction: @unchecked Sendable {
    let run: () -> Void
}

/// The window, for a timer on the thread that runs it (the window's run loop fires it there).
private struct WindowOnThisThread: @unchecked Sendable {
    weak var window: LayerWindow?
}
