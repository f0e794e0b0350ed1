import CoreGraphics
import Foundation
import QuartzCore
import Testing

/// Issue 29: wide shadows are blurred on a coarse raster (σ at most 8 raster pixels, then
/// magnified bilinearly): 200 layers with shadowRadius 150 took 17–33 s a frame. The coarse
/// blur must still equal the full-resolution Gaussian that CoreGraphics' `setShadow` draws.
@Suite("Wide shadows")
struct WideShadowTests {
    /// A 40-point black square with a shadow of σ = `radius` at the centre of a 300-point
    /// transparent picture, drawn by the compositor (CALayer) and by CoreGraphics (blur = 2σ).
    func pictures(radius: Double) -> (layer: CGImage, reference: CGImage) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let square = CALayer()
        square.frame = CGRect(x: 130, y: 130, width: 40, height: 40)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        square.shadowOpacity = 1
        square.shadowRadius = radius
        square.shadowOffset = .zero
        root.addSublayer(square)
        let layer = Golden.render(root, width: 300, height: 300)
        let context = Golden.makeContext(width: 300, height: 300)
        context.setShadow(offset: .zero, blur: CGFloat(2 * radius), color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 130, y: 130, width: 40, height: 40))
        return (layer, context.makeImage()!)
    }

    /// σ of 12 to 45 points (blurred at 8 raster pixels): every channel within 4 levels of 255 of
    /// CoreGraphics' full-size blur (1.6 %; the coarse raster's bilinear magnification and its edge
    /// coverage are the only differences).
    @Test(arguments: [12.0, 20.0, 30.0, 45.0])
    func aCoarseWideBlurEqualsTheFullResolutionOne(_ radius: Double) {
        let (layer, reference) = pictures(radius: radius)
        let difference = Golden.compare(layer, reference, channelTolerance: 4)
        #expect(difference?.differingPixels == 0, "σ \(radius): \(String(describing: difference))")
        // The shadow is really there: 1σ out from the square's side it is well visible.
        let x = 170 + Int(radius)
        #expect(layer.rgba(x, 150).a > 8 && reference.rgba(x, 150).a > 8, "\(layer.rgba(x, 150)) \(reference.rgba(x, 150))")
    }
}
