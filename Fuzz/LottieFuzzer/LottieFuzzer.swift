import Foundation
import FuzzSupport
import QuartzCore
import StrataLottie

// libFuzzer target: Lottie files, JSON and .lottie (zip), with slots, themes and markers. Any bytes must give a LottieError or an
// animation whose layer tree builds and renders a small frame; never a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func lottieFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fuzz-lottie-\(getpid())")
    // Through the file path too: it tells archives from JSON by content, as `strata render` does.
    guard (try? bytes.write(to: url)) != nil else { return 0 }
    defer { try? FileManager.default.removeItem(at: url) }
    guard let animation = try? LottieAnimation(contentsOf: url) else { return 0 }
    // Slots set from outside (of whatever kind the properties are), and an archive's last
    // animation and theme: errors or animations, never a crash.
    if !animation.slotIDs.isEmpty {
        _ = try? LottieAnimation(contentsOf: url, slots: Dictionary(animation.slotIDs.map { ($0, "[0.5,0.5,0.5]") }, uniquingKeysWith: { a, _ in a }))
    }
    if let archive = animation.archiveContents {
        _ = try? LottieAnimation(contentsOf: url, animationID: archive.animations.last, themeID: archive.themes.last)
    }
    let player = LottieLayer(animation: animation)
    player.frame = CGRect(x: 0, y: 0, width: 48, height: 48)
    player.currentProgress = 0.5
    guard let context = CGContext(
        data: nil, width: 48, height: 48, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue)
    else { return 0 }
    player.render(in: context)
    // No run loop commits the implicit transaction here (an app's would): commit it, or every
    // input's layers stay in it.
    CATransaction.flush()
    return 0
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_lottie_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { lottieFuzzer($0, $1) }
}
#else
@main
enum LottieFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { lottieFuzzer($0, $1) } }
}
#endif
