import QuartzCore
import Testing

/// `kCARendererColorSpace`: the renderer writes its pixels in the space asked for. Expected
/// values come from the spaces' definitions (sRGB red in Display P3 is (0.9175, 0.2003, 0.1387);
/// sRGB 0.5 gray is 0.2140 in linear light), tolerance 1 level of 255.
@Suite struct RendererColorSpaceTests {
    private func render(_ color: CGColor, space: CGColorSpace?) -> CGImage {
        let root = scene { () -> CALayer in
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.backgroundColor = color
            return layer
        }
        let context = Golden.makeContext(width: 10, height: 10)
        let renderer = CARenderer(cgContext: context, options: space.map { [kCARendererColorSpace: $0] })
        renderer.layer = root
        renderer.beginFrame(atTime: 0, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        return context.makeImage()!
    }

    @Test func displayP3() throws {
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(near(render(red, space: p3).rgba(5, 5), (234, 51, 35, 255)))
        #expect(near(render(red, space: nil).rgba(5, 5), (255, 0, 0, 255)), "without the option: sRGB")
    }

    @Test func linearSRGBAndGray() throws {
        let linear = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
        let gray = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        #expect(near(render(gray, space: linear).rgba(5, 5), (55, 55, 55, 255)))
        let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        // Luminance of sRGB green is 0.7152 in linear light: 0.8621 encoded.
        #expect(near(render(green, space: CGColorSpaceCreateDeviceGray()).rgba(5, 5), (220, 220, 220, 255)))
    }

    @Test func aSpaceThatIsNotAColorSpaceIsRefused() {
        // Tried: a string in place of a colour space: drawn in sRGB, with a warning.
        let context = Golden.makeContext(width: 4, height: 4)
        let renderer = CARenderer(cgContext: context, options: [kCARendererColorSpace: "displayP3"])
        let layer = scene { () -> CALayer in
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            return layer
        }
        renderer.layer = layer
        renderer.beginFrame(atTime: 0, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        #expect(near(context.makeImage()!.rgba(1, 1), (255, 0, 0, 255)))
    }
}
