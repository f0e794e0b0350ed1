import Foundation
import QuartzCore
import StrataLottie
import Testing

/// The demo Lottie files (Sources/strata/Demos/Lottie, written for Strata) at chosen frames against golden
/// images that were looked at (metric: `Golden.check`, a channel off by more than 4 levels
/// counts a pixel; 0.5 % of the pixels may differ, for antialiasing between machines).
@Suite("Lottie goldens")
struct LottieGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/strata/Demos/Lottie")

    static func render(_ name: String, frame: Double) throws -> CGImage {
        let animation = try LottieAnimation(contentsOf: folder.appendingPathComponent("\(name).json"))
        #expect(animation.warnings.isEmpty, "\(name): \(animation.warnings)")
        let player = scene { () -> LottieLayer in
            let player = LottieLayer(animation: animation)
            player.frame = CGRect(origin: .zero, size: animation.size)
            player.currentFrame = frame
            return player
        }
        return Golden.render(player, width: Int(animation.size.width), height: Int(animation.size.height), at: 1_000_000.25)
    }

    @Test(arguments: [("spinner", 20.0), ("spinner", 62), ("masks-and-mattes", 30), ("precomp-bounce", 14.5), ("precomp-bounce", 45)])
    func demoFramesMatchTheirGoldens(name: String, frame: Double) throws {
        let image = try Self.render(name, frame: frame)
        let pixels = image.width * image.height
        Golden.check(image, named: "lottie-\(name)-\(RenderFrameLabel.label(frame))", allowedPixels: pixels / 200)
    }
}

enum RenderFrameLabel {
    static func label(_ frame: Double) -> String { frame == frame.rounded() ? String(Int(frame)) : String(frame) }
}
