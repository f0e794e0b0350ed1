import QuartzCore
import Testing

// CARenderer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so that
// a missing or differently typed one fails the build; where Linux must differ, the Linux spelling,
// marked `// Linux:`. Not here: kCARendererMetalCommandQueue (Metal).
@Suite struct CARendererHeaderTests {
    @Test func renderingAFrame() throws {
        let context = try #require(CGContext(
            data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        let _: String = kCARendererColorSpace
        // Linux: Apple's `CARenderer(mtlTexture:options:)` renders into a Metal texture; on Linux
        // CARenderer renders into a bitmap CGContext: `CARenderer(cgContext:options:)`.
        let _: (CGContext, [AnyHashable: Any]?) -> CARenderer = CARenderer.init(cgContext:options:)
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let renderer = CARenderer(cgContext: context, options: [kCARendererColorSpace: space])

        let _: CALayer?.Type = type(of: renderer.layer)
        let _: CGRect = renderer.bounds
        let _: (CFTimeInterval, UnsafeMutablePointer<CVTimeStamp>?) -> Void = renderer.beginFrame(atTime:timeStamp:)
        let _: () -> CGRect = renderer.updateBounds
        let _: (CGRect) -> Void = renderer.addUpdate(_:)
        let _: () -> Void = renderer.render
        let _: () -> CFTimeInterval = renderer.nextFrameTime
        let _: () -> Void = renderer.endFrame
        // Linux: Apple's `setDestination(_:)` takes an MTLTexture; on Linux a CGContext.
        let _: (CGContext) -> Void = renderer.setDestination(_:)

        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)  // no implicit animations: a still frame
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.commit()
        renderer.layer = layer
        renderer.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        #expect(renderer.layer === layer && renderer.bounds == CGRect(x: 0, y: 0, width: 8, height: 8))

        var timeStamp = CVTimeStamp()
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: &timeStamp)
        _ = renderer.updateBounds()
        renderer.addUpdate(renderer.bounds)
        renderer.render()
        #expect(renderer.nextFrameTime() == .infinity, "nothing animates: no update needs scheduling")
        renderer.endFrame()

        let image = try #require(context.makeImage())
        let bytes = try #require(image.dataProvider?.data) as Data
        let centre = 4 * image.bytesPerRow + 4 * 4
        #expect(Array(bytes[centre..<centre + 4]) == [255, 0, 0, 255], "BGRA: opaque blue")

        renderer.setDestination(context)
        renderer.beginFrame(atTime: CACurrentMediaTime(), timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        renderer.layer = nil
    }
}
