import Foundation
import FuzzSupport
import QuartzCore
import StrataExport
import StrataScene

// libFuzzer target: scene files. Any bytes must give a SceneError or a recording whose first
// frames render; never a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard var recording = try? SceneFile.recording(from: bytes) else { return 0 }
    // Keep each input cheap: a few small frames (four, so that still layers are drawn from
    // their placed copies in the last ones).
    var settings = recording.settings
    settings.size = CGSize(width: min(settings.size.width, 64), height: min(settings.size.height, 64))
    settings.scale = 1
    settings.duration = min(settings.duration, 0.3)
    settings.fps = 10
    guard let small = try? SceneFile.recording(from: bytes, settings: settings) else { return 0 }
    recording = small
    try? recording.renderFrames { (_: Int, _: Double, _: CGImage) in }
    return 0
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_scene_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { sceneFuzzer($0, $1) }
}
#else
@main
enum SceneFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { sceneFuzzer($0, $1) } }
}
#endif
