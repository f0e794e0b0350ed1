import Foundation
import QuartzCore
import StrataExport
import StrataScene

// libFuzzer target: scene files. Any bytes must give a SceneError or a recording whose first
// frames render; never a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard var recording = try? SceneFile.recording(from: bytes) else { return 0 }
    // Keep each input cheap: at most a few small frames.
    var settings = recording.settings
    settings.size = CGSize(width: min(settings.size.width, 64), height: min(settings.size.height, 64))
    settings.scale = 1
    settings.duration = min(settings.duration, 0.2)
    settings.fps = 10
    guard let small = try? SceneFile.recording(from: bytes, settings: settings) else { return 0 }
    recording = small
    try? recording.renderFrames { (_: Int, _: Double, _: CGImage) in }
    return 0
}

#if !STRATA_FUZZING
/// Without libFuzzer (an ordinary build): replays the inputs named on the command line, or every
/// file of the given folders, once each — how CI re-checks the committed corpus.
@main
enum SceneFuzzerReplay {
    static func main() {
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            let url = URL(fileURLWithPath: argument)
            let files = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [url]
            for file in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                _ = data.withUnsafeBytes { raw in
                    sceneFuzzer(raw.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!, data.count)
                }
                count += 1
            }
        }
        print("replayed \(count) inputs")
    }
}
#endif

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main; with libFuzzer the
// entry point hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("strata_fuzz_scene_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in sceneFuzzer(data, size) }
}
#endif
