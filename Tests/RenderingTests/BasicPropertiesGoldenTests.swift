import CoreGraphics
import QuartzCore
import Testing

@Suite("Compositor: basic properties (golden images)")
struct BasicPropertiesGoldenTests {
    @Test func backgroundCornersAndBorders() {
        let root = scene { () -> CALayer in
            let root = canvas(240, 160)
            let plain = solid(CGRect(x: 10, y: 10, width: 60, height: 40), 0.9, 0.2, 0.2)
            let rounded = solid(CGRect(x: 90, y: 10, width: 60, height: 40), 0.2, 0.5, 0.9)
            rounded.cornerRadius = 12
            let bordered = solid(CGRect(x: 170, y: 10, width: 60, height: 40), 1, 0.9, 0.3)
            bordered.borderWidth = 4
            bordered.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
            bordered.cornerRadius = 10
            let someCorners = solid(CGRect(x: 10, y: 70, width: 60, height: 60), 0.3, 0.7, 0.3)
            someCorners.cornerRadius = 20
            someCorners.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
            let continuous = solid(CGRect(x: 90, y: 70, width: 60, height: 60), 0.6, 0.3, 0.8)
            continuous.cornerRadius = 18
            continuous.cornerCurve = .continuous
            let translucent = solid(CGRect(x: 160, y: 70, width: 70, height: 70), 0, 0, 0, 0.5)
            translucent.borderWidth = 2
            translucent.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            for layer in [plain, rounded, bordered, someCorners, continuous, translucent] { root.addSublayer(layer) }
            return root
        }
        let image = Golden.render(root, width: 240, height: 160)
        // The plain layer is exactly where its frame says (iOS orientation: y down).
        #expect(near(image.rgba(10, 10), (229, 51, 51, 255)))
        #expect(near(image.rgba(9, 9), (255, 255, 255, 255)))
        #expect(near(image.rgba(69, 49), (229, 51, 51, 255)))
        #expect(near(image.rgba(70, 50), (255, 255, 255, 255)))
        // Rounded: the corner pixel shows the canvas, the middle the layer.
        #expect(near(image.rgba(90, 10), (255, 255, 255, 255)))
        #expect(near(image.rgba(120, 30), (51, 127, 229, 255)))
        // Border drawn inside the bounds.
        #expect(near(image.rgba(172, 30), (25, 25, 25, 255)))
        #expect(near(image.rgba(200, 30), (255, 229, 76, 255)))
        Golden.check(image, named: "basic-background-corners-borders")
    }
}
