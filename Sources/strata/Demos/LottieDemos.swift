import Foundation
import StrataCommandLine
import QuartzCore
import StrataExport
import StrataInput
import StrataLottie

extension Demo {
    /// The Lottie files written for Strata (Demos/Lottie), played by a `LottieLayer`.
    static let lottieDemos: [Demo] = [
        lottie("spinner", "Lottie: a trimmed gradient stroke, a repeater and a star (shape layers)"),
        lottie("masks-and-mattes", "Lottie: masks (add, subtract) and track mattes (alpha, inverted alpha, luma)"),
        lottie("precomp-bounce", "Lottie: one precomposition four times, delayed (st), slowed (sr), time-remapped (tm); text"),
    ]

    /// The demo file `name`.json, as a demo named lottie-`name`.
    static func lottie(_ name: String, _ summary: String) -> Demo {
        let url = Bundle.module.url(forResource: "Lottie/\(name)", withExtension: "json")
            ?? URL(fileURLWithPath: "Sources/strata/Demos/Lottie/\(name).json")
        // Sizes and lengths are the file's (the goldens test that each loads; a missing one draws empty).
        let animation: LottieAnimation?
        do {
            animation = try LottieAnimation(contentsOf: url)
        } catch {
            FileHandle.standardError.write(Data("lottie-\(name): \(error)\n".utf8))
            animation = nil
        }
        let size = animation?.size ?? CGSize(width: 100, height: 100)
        let fps = animation?.frameRate ?? 30
        let duration = animation?.duration ?? 1
        return Demo(
            name: "lottie-\(name)", summary: summary,
            kind: .animation(
                defaults: ExportSettings(size: size, fps: fps, duration: duration, loops: true),
                make: { settings in
                    guard let animation else {
                        return LayerRecording(settings: settings) { CALayer() }
                    }
                    return LottieRendering.recording(animation, settings: settings, loop: false)
                }))
    }

    /// A Lottie file named on the command line, as a demo (for `strata play FILE`).
    static func lottieFile(_ path: String, limits: InputLimits = .standard, choices: LottieChoices = LottieChoices()) throws -> Demo? {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        try InputFile.check(path)
        guard LottieRendering.isLottie(url) else { return nil }
        let animation = try LottieRendering.load(url, limits: limits, choices: choices)
        return Demo(
            name: url.lastPathComponent, summary: "a Lottie file",
            kind: .animation(
                defaults: ExportSettings(size: animation.size, fps: animation.frameRate, duration: animation.duration, loops: true),
                make: { settings in LottieRendering.recording(animation, settings: settings, loop: true) }))
    }
}
