import CoreGraphics
import Foundation
import Testing

/// `masking(_:)`, `copy(colorSpace:)`, CMYK colours, colour space queries and affine
/// decomposition, each against values reasoned out from the definitions.
@Suite struct CGImageMaskingTests {
    private func image(_ w: Int, _ h: Int, gray: Bool = false, _ fill: (CGContext) -> Void) -> CGImage {
        let c = gray
            ? CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                        space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)!
            : CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        fill(c)
        return c.makeImage()!
    }

    /// Alpha of (x, y), row 0 at the top, after drawing `image` into a fresh RGBA context.
    private func alpha(_ image: CGImage, _ x: Int, _ y: Int) -> Int {
        let c = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return Int(c.data!.assumingMemoryBound(to: UInt8.self)[y * c.bytesPerRow + x * 4 + 3])
    }

    @Test func grayMaskSamplesAreInverseAlpha() throws {
        let red = image(8, 8) { $0.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1)); $0.fill(CGRect(x: 0, y: 0, width: 8, height: 8)) }
        // A 2×2 mask: black (shows) on the left column, white (hides) on the right; stretched.
        let mask = image(2, 2, gray: true) {
            $0.setFillColor(gray: 0, alpha: 1); $0.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
            $0.setFillColor(gray: 1, alpha: 1); $0.fill(CGRect(x: 1, y: 0, width: 1, height: 2))
        }
        let masked = try #require(red.masking(mask))
        #expect(alpha(masked, 1, 4) == 255 && alpha(masked, 6, 4) == 0)
        // Tried: a mask with alpha (not allowed, as on Apple).
        #expect(red.masking(red) == nil)
    }

    @Test func copyWithAColorSpaceKeepsThePixels() throws {
        let rgb = image(2, 2) { $0.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1)); $0.fill(CGRect(x: 0, y: 0, width: 2, height: 2)) }
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let copy = try #require(rgb.copy(colorSpace: p3))
        #expect(copy.colorSpace == p3 && copy.width == 2)
        #expect(rgb.copy(colorSpace: CGColorSpaceCreateDeviceGray()) == nil, "a different number of components")
    }

    @Test func colourSpaceQueries() throws {
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        #expect(p3.isWideGamutRGB && !CGColorSpaceCreateDeviceRGB().isWideGamutRGB)
        #expect(CGColorSpaceCreateDeviceRGB().supportsOutput && CGColorSpaceCreateDeviceGray().supportsOutput)
        #expect(CGColorSpaceCreateDeviceCMYK().model == .cmyk && CGColorSpaceCreateDeviceCMYK().numberOfComponents == 4)
        #expect(p3.baseColorSpace == nil)
        let cmyk = CGColor(genericCMYKCyan: 0, magenta: 1, yellow: 0, black: 0.5, alpha: 1)
        #expect(cmyk.numberOfComponents == 5 && cmyk.colorSpace?.model == .cmyk)
    }

    @Test(arguments: [
        CGAffineTransformComponents(scale: CGSize(width: 2, height: 3), horizontalShear: 0.5, rotation: 0.7,
                                    translation: CGVector(dx: 4, dy: -5)),
        CGAffineTransformComponents(scale: CGSize(width: 1, height: -1), horizontalShear: 0, rotation: -2.5,
                                    translation: CGVector(dx: 0, dy: 0)),
        CGAffineTransformComponents(),
    ])
    func decompositionRoundTrips(components: CGAffineTransformComponents) {
        let t = CGAffineTransform(components)
        let d = t.decomposed()
        #expect(abs(d.scale.width - components.scale.width) < 1e-9 && abs(d.scale.height - components.scale.height) < 1e-9)
        #expect(abs(d.horizontalShear - components.horizontalShear) < 1e-9 && abs(d.rotation - components.rotation) < 1e-9)
        #expect(d.translation == components.translation)
        // The documented order: scale, shear, rotation, translation.
        let built = CGAffineTransform(scaleX: components.scale.width, y: components.scale.height)
            .concatenating(CGAffineTransform(a: 1, b: 0, c: components.horizontalShear, d: 1, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(rotationAngle: components.rotation))
            .concatenating(CGAffineTransform(translationX: components.translation.dx, y: components.translation.dy))
        #expect(abs(built.a - t.a) < 1e-12 && abs(built.b - t.b) < 1e-12 && abs(built.c - t.c) < 1e-12 && abs(built.d - t.d) < 1e-12)
        #expect(CGAffineTransformDecompose(CGAffineTransformMakeWithComponents(components)).rotation == d.rotation)
    }
}
