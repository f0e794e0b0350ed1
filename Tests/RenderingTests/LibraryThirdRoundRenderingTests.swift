import CoreGraphics
import Foundation
import QuartzCore
import Testing

/// Issue 45: what a folding cell and a ring view do, where pixels are the point, drawn through
/// `CARenderer` and compared with `render(in:)` (both Strata's; `render(in:)` projects every layer
/// through one matrix and was right where `CARenderer` was not).
@Suite("Real iOS code, third round, through CARenderer")
struct LibraryThirdRoundRenderingTests {
    // MARK: Item 5: a sublayer of a perspective-turned layer

    /// A folding cell's card: anchored at its top edge, turned about x by `degrees` under a
    /// perspective of 1/500, at `origin` in a 240×200 white target; a red bar inside it.
    private func foldingCard(at origin: CGPoint, degrees: Double) -> CALayer {
        scene {
            let root = canvas(240, 200)
            let card = solid(CGRect(x: origin.x, y: origin.y, width: 120, height: 80), 0.2, 0.4, 0.9)
            card.anchorPoint = CGPoint(x: 0.5, y: 0)
            card.position = CGPoint(x: origin.x + 60, y: origin.y)
            var t = CATransform3DIdentity
            t.m34 = -1 / 500
            card.transform = CATransform3DRotate(t, CGFloat(degrees * .pi / 180), 1, 0, 0)
            card.addSublayer(solid(CGRect(x: 10, y: 50, width: 100, height: 20), 0.9, 0.1, 0.1))
            root.addSublayer(card)
            return root
        }
    }

    /// Where the card's local point `p` lands on the target: the card's transform about its
    /// anchor (the top edge's middle), divided by w, placed at its position.
    private func projected(_ p: CGPoint, cardAt origin: CGPoint, degrees: Double) -> CGPoint {
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        t = CATransform3DRotate(t, CGFloat(degrees * .pi / 180), 1, 0, 0)
        let x = p.x - 60, y = p.y
        let X = x * t.m11 + y * t.m21 + t.m41, Y = x * t.m12 + y * t.m22 + t.m42
        let W = x * t.m14 + y * t.m24 + t.m44
        return CGPoint(x: origin.x + 60 + X / W, y: origin.y + Y / W)
    }

    /// Tried at three places in the target and four angles (the fold's −30°, −20°, −10°, and
    /// +25°): points of the bar (red) and of the card around it (blue), projected as Core
    /// Animation projects them, show their colours within 40 levels. Before, pixman's fixed point
    /// overflowed for cards away from the target's origin and the bar vanished or stretched.
    @Test(arguments: [CGPoint(x: 20, y: 20), CGPoint(x: 100, y: 90), CGPoint(x: 60, y: 110)])
    func aSublayerOfAPerspectiveTurnedLayerIsProjectedWithIt(origin: CGPoint) throws {
        let bar = [CGPoint(x: 60, y: 60), CGPoint(x: 20, y: 55), CGPoint(x: 100, y: 65)]
        let card = [CGPoint(x: 60, y: 25), CGPoint(x: 20, y: 30), CGPoint(x: 100, y: 40), CGPoint(x: 60, y: 76)]
        for degrees in [-30.0, -20, -10, 25] {
            let image = Golden.render(foldingCard(at: origin, degrees: degrees), width: 240, height: 200)
            if let dir = ProcessInfo.processInfo.environment["STRATA_FOLD_PNG"] {
                try? image.writePNG(to: URL(fileURLWithPath: "\(dir)/fold-\(Int(origin.x))-\(Int(degrees)).png"))
            }
            for (points, colour) in [(bar, (230, 26, 26)), (card, (51, 102, 230))] {
                for p in points {
                    let q = projected(p, cardAt: origin, degrees: degrees)
                    let pixel = image.rgba(Int(q.x), Int(q.y))
                    let off = max(abs(pixel.r - colour.0), abs(pixel.g - colour.1), abs(pixel.b - colour.2))
                    #expect(off <= 40, "at \(origin), \(degrees)°: local \(p) → \(q) is \(pixel)")
                }
            }
        }
    }
}
