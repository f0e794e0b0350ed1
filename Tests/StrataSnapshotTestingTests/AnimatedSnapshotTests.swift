import Foundation
import QuartzCore
import SnapshotTesting
import StrataSnapshotTesting
import Testing

/// A 40×40 layer sliding a red square across, and turning in perspective.
private func slidingLayer() -> (CALayer, CALayer) {
    let root = CALayer()
    root.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    root.backgroundColor = CGColor(gray: 1, alpha: 1)
    let square = CALayer()
    square.frame = CGRect(x: 0, y: 10, width: 20, height: 20)
    square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    root.addSublayer(square)
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.fromValue = 10
    slide.toValue = 90
    slide.duration = 1
    square.add(slide, forKey: "slide")
    return (root, square)
}

@Suite("StrataSnapshotTesting: animations at a time")
struct AnimatedSnapshotTests {
    @Test(arguments: [0.0, 0.25, 0.5, 1.5])
    func imageAtATimeShowsThePresentation(seconds: Double) throws {
        let (root, _) = slidingLayer()
        let image = try picture(.image(at: seconds), root)
        #expect(image.width == 100 && image.height == 40)
        // The square's centre: 10 + 80·t while the animation runs, the model (10) after it.
        let centre = seconds < 1 ? 10 + 80 * seconds : 10
        #expect(rgba(image, Int(centre), 20).g < 30, "red at \(centre)")
        #expect(rgba(image, Int(centre) + 15, 20).g > 230, "white beyond the square")
    }

    @Test func theModelImageIgnoresAnimations() throws {
        let (root, _) = slidingLayer()
        let image = try picture(.image, root)
        #expect(rgba(image, 10, 20).g < 30 && rgba(image, 50, 20).g > 230)
    }

    @Test func framesMakeAStripLeftToRight() throws {
        let (root, _) = slidingLayer()
        let strip = try picture(.frames(times: [0, 0.5]), root)
        #expect(strip.width == 200 && strip.height == 40)
        #expect(rgba(strip, 10, 20).g < 30, "frame 0: square at 10")
        #expect(rgba(strip, 100 + 50, 20).g < 30, "frame 1: square at 50")
        #expect(rgba(strip, 100 + 10, 20).g > 230)
    }

    @Test func aFrameStripMatchesItsReference() {
        let (root, _) = slidingLayer()
        assertSnapshot(of: root, as: .frames(times: [0, 0.25, 0.5, 0.75]))
    }
}
