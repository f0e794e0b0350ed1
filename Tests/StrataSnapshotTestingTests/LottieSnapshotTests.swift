import Foundation
import QuartzCore
import SnapshotTesting
import StrataLottie
import StrataSnapshotTesting
import Testing

/// A Lottie animation (a 60×60 blue square sliding x 20 → 80 over 30 frames at 30 fps in a
/// 100×40 composition, on white) as a snapshot test would write it.
private func slidingLottie() throws -> LottieLayer {
    let json = """
        {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":40,"layers":[
        {"ty":4,"ind":1,"ip":0,"op":30,"ks":{"p":{"a":1,"k":[{"t":0,"s":[20,20],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[80,20]}]}},
         "shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[20,20]},"r":{"k":0}},{"ty":"fl","c":{"k":[0,0,1]},"o":{"k":100}},{"ty":"tr"}]}]},
        {"ty":1,"ind":2,"ip":0,"op":30,"ks":{},"sc":"#ffffff","sw":100,"sh":40}]}
        """
    let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
    player.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    return player
}

@Suite("StrataSnapshotTesting: Lottie animations")
struct LottieSnapshotTests {
    @Test func aPlayingLottieLayerIsSnapshotAtATime() throws {
        let player = try slidingLottie()
        player.play()
        // 0.5 s = frame 15: the square's centre at x 50.
        let image = try picture(.image(at: 0.5), player)
        #expect(rgba(image, 50, 20).b > 230 && rgba(image, 50, 20).r < 30, "blue at 50")
        #expect(rgba(image, 25, 20).r > 230, "white where it was")
    }

    @Test func aLottieFrameMatchesItsReference() throws {
        let player = try slidingLottie()
        player.currentFrame = 10
        // Paused, the model shows the frame too: `.image` (render(in:), model values) has the
        // square at frame 10, centre x 40.
        let image = try picture(.image, player)
        #expect(rgba(image, 40, 20).b > 230 && rgba(image, 40, 20).r < 30 && rgba(image, 55, 20).r > 230)
        assertSnapshot(of: player, as: .image)
    }
}
