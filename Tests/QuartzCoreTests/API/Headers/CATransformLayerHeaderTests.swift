import QuartzCore
import Testing

// CATransformLayer.h (iOS 16.5 SDK): the class (no members of its own), with Apple's Swift
// spelling, so that a missing one fails the build.
@Suite struct CATransformLayerHeaderTests {
    @Test func transformLayerIsALayer() {
        let transformLayer = CATransformLayer()
        let _: CALayer = transformLayer
        let _: () -> CATransformLayer = CATransformLayer.init
        let child = CALayer()
        child.transform = CATransform3DMakeTranslation(0, 0, 10)
        transformLayer.addSublayer(child)
        transformLayer.sublayerTransform.m34 = -1.0 / 500
        #expect(child.superlayer === transformLayer)
        #expect(transformLayer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && CATransform3DIsIdentity(transformLayer.transform))
    }
}
