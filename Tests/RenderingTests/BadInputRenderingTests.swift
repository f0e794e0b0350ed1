import CoreGraphics
import Foundation
import QuartzCore
import StrataCompositor
import StrataRender
import Testing

@Suite("Compositor: hostile input draws something documented, never crashes")
struct BadInputRenderingTests {
    @Test func zeroAndNegativeBoundsDrawNothingOrTheirStandardRectangle() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 100)
            let empty = solid(.zero, 1, 0, 0)
            empty.position = CGPoint(x: 50, y: 50)
            empty.borderWidth = 5
            let negative = CALayer()
            negative.bounds = CGRect(x: 0, y: 0, width: -20, height: -20)  // tried: negative size
            negative.position = CGPoint(x: 20, y: 20)
            negative.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(empty)
            root.addSublayer(negative)
            return root
        }
        let image = Golden.render(root, width: 100, height: 100)
        #expect(near(image.rgba(50, 50), (255, 255, 255, 255)))  // zero size: nothing
        // Negative sizes are drawn as the standardized rectangle (CGRect semantics): 20×20 about (20, 20).
        #expect(near(image.rgba(20, 20), (0, 0, 255, 255)))
        #expect(near(image.rgba(5, 5), (255, 255, 255, 255)))
    }

    /// The model refuses NaN; a snapshot carrying one anyway (built by hand here) skips that
    /// layer and its sublayers. An absurd but finite scale draws without overflow.
    @Test func nonFiniteAndHugeTransformsAreHandled() {
        var rootState = RenderLayerState()
        rootState.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        rootState.position = CGPoint(x: 50, y: 50)
        rootState.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        var broken = RenderLayerState()
        broken.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        broken.position = CGPoint(x: 25, y: 25)
        broken.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        broken.transform.m11 = .nan  // tried: NaN in a transform
        var child = broken
        child.transform = CATransform3DIdentity
        var huge = RenderLayerState()
        huge.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        huge.position = CGPoint(x: 75, y: 75)
        huge.transform = CATransform3DMakeScale(1e30, 1e30, 1)  // tried: an absurd scale
        huge.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let snapshot = RenderTreeSnapshot(
            nodes: [
                RenderNode(layerID: 1, state: rootState, parent: -1, sublayers: [1, 3]),
                RenderNode(layerID: 2, state: broken, parent: 0, sublayers: [2]),
                RenderNode(layerID: 3, state: child, parent: 1),
                RenderNode(layerID: 4, state: huge, parent: 0),
            ], commitTime: 0, version: 1)
        let context = Golden.makeContext(width: 100, height: 100)
        context.withCairo { cr, base, clip in
            Compositor().draw(
                snapshot, states: snapshot.nodes.map(\.state), placement: .inSuperlayer, into: cr, base: base, clip: clip)
        }
        let image = context.makeImage()!
        // No red (the NaN layer and its sublayer are skipped, with a warning); a layer magnified
        // more than 10⁶ times is not drawn either (documented): all white.
        for (x, y) in [(10, 10), (30, 30), (75, 75), (90, 90)] {
            #expect(near(image.rgba(x, y), (255, 255, 255, 255)))
        }
    }

    /// A layer pushed past the eye (w ≤ 0) is not drawn; one crossing the eye plane is drawn
    /// only where it is in front.
    @Test func layersBehindTheEyeAreClippedAway() {
        let root = scene { () -> CALayer in
            let root = canvas(200, 100)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 100
            root.sublayerTransform = perspective
            let behind = solid(CGRect(x: 20, y: 20, width: 40, height: 40), 1, 0, 0)
            behind.zPosition = 150  // beyond the eye at 100
            let crossing = solid(CGRect(x: 120, y: 20, width: 60, height: 60), 0, 0, 1)
            crossing.transform = CATransform3DMakeRotation(.pi * 0.45, 0, 1, 0)
            crossing.zPosition = 60
            root.addSublayer(behind)
            root.addSublayer(crossing)
            return root
        }
        let image = Golden.render(root, width: 200, height: 100)
        var red = 0
        for y in 0..<100 { for x in 0..<200 where image.rgba(x, y).r > 200 && image.rgba(x, y).g < 50 { red += 1 } }
        #expect(red == 0)
    }

    /// A 100,000 × 100,000-point layer draws the part that shows, with bounded memory.
    @Test func aHundredThousandPointLayer() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 100)
            let plain = solid(CGRect(x: 50, y: -50_000, width: 100_000, height: 100_000), 0, 0.5, 0)
            let rounded = solid(CGRect(x: -99_950, y: -50_000, width: 100_000, height: 100_000), 0, 0, 1)
            rounded.cornerRadius = 1000
            root.addSublayer(plain)
            root.addSublayer(rounded)
            return root
        }
        let image = Golden.render(root, width: 100, height: 100)
        #expect(near(image.rgba(75, 75), (0, 127, 0, 255)))
        // The rounded one's right edge (its corners are far away) ends at x = 50.
        #expect(near(image.rgba(5, 50), (0, 0, 255, 255), tolerance: 2))
        #expect(near(image.rgba(48, 50), (0, 0, 255, 255), tolerance: 2))
    }

    /// A mask layer that has a mask itself: the outer mask's alpha is its own masked rendering.
    @Test func aMaskWithAMask() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 100)
            let layer = solid(CGRect(x: 0, y: 0, width: 100, height: 100), 1, 0, 0)
            let mask = solid(CGRect(x: 0, y: 0, width: 60, height: 100), 0, 0, 0)
            let maskOfMask = solid(CGRect(x: 0, y: 40, width: 100, height: 60), 0, 0, 0)
            mask.mask = maskOfMask
            layer.mask = mask
            root.addSublayer(layer)
            return root
        }
        let image = Golden.render(root, width: 100, height: 100)
        #expect(near(image.rgba(30, 70), (255, 0, 0, 255)))  // inside both
        #expect(near(image.rgba(30, 20), (255, 255, 255, 255)))  // outside the mask's mask
        #expect(near(image.rgba(80, 70), (255, 255, 255, 255)))  // outside the mask
    }

    /// 10,000 nested layers draw without overflowing the stack; translucent ones past 64 nested
    /// groups are drawn without isolation (documented) instead of holding 10,000 group surfaces.
    @Test func treesTenThousandLevelsDeep() async {
        for translucent in [false, true] {
            let root = scene { () -> CALayer in
                let root = canvas(100, 100)
                var parent = root
                for i in 0..<10_000 {
                    let child = CALayer()
                    child.frame = CGRect(x: i == 0 ? 10 : 0.005, y: i == 0 ? 10 : 0.005, width: 80, height: 80)
                    if translucent { child.opacity = 0.9999 }
                    parent.addSublayer(child)
                    parent = child
                }
                parent.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                parent.addSublayer(solid(CGRect(x: 0, y: 0, width: 5, height: 5), 0, 0, 0))
                return root
            }
            let image = Golden.render(root, width: 100, height: 100)
            // 9,999 steps of 0.005 move the deepest layer by ≈ 50 points; 0.9999^10000 ≈ e⁻¹
            // of red over white for the translucent chain.
            let expectedGreen = translucent ? Int((255 * (1 - pow(0.9999, 10_000))).rounded()) : 0
            #expect(image.rgba(80, 80).r == 255)
            #expect(abs(image.rgba(80, 80).g - expectedGreen) <= 3)
            if !translucent { #expect(near(image.rgba(62, 62), (0, 0, 0, 255))) }  // the deepest layer's black square
        }
    }

    /// Found by the scene fuzzer: a shadowRadius of 6·10²⁴ trapped in the blur kernel. Radii are
    /// held to 1,000 points; the layer still draws.
    @Test func absurdShadowRadiiAreHeld() {
        let root = scene { () -> CALayer in
            let root = canvas(60, 60)
            let card = CALayer()
            card.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            card.shadowOpacity = 0.5
            card.shadowRadius = 6e24  // tried: an absurd radius on a layer with sublayers
            card.addSublayer(solid(CGRect(x: 0, y: 0, width: 40, height: 40), 0, 0, 1))
            let plain = solid(CGRect(x: 0, y: 0, width: 5, height: 5), 1, 0, 0)
            plain.shadowOpacity = 1
            plain.shadowRadius = .greatestFiniteMagnitude  // and on a plain layer
            root.addSublayer(card)
            root.addSublayer(plain)
            return root
        }
        let image = Golden.render(root, width: 60, height: 60)
        #expect(near(image.rgba(30, 30), (0, 0, 255, 255)))
        #expect(near(image.rgba(2, 2), (255, 0, 0, 255)))
    }
}
