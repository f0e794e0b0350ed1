import CoreGraphics
import QuartzCore
import Testing

@Suite("CAScrollLayer and CALayer scrolling")
struct ScrollLayerTests {
    func scrollScene() -> (CALayer, CAScrollLayer, CALayer) {
        scene { () -> (CALayer, CAScrollLayer, CALayer) in
            let root = canvas(100, 100)
            let scroller = CAScrollLayer()
            scroller.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            let content = solid(CGRect(x: 0, y: 0, width: 200, height: 200), 0.9, 0.9, 0.9)
            content.addSublayer(solid(CGRect(x: 100, y: 120, width: 20, height: 20), 1, 0, 0))
            scroller.addSublayer(content)
            root.addSublayer(scroller)
            return (root, scroller, content)
        }
    }

    @Test func scrollLayersClipAndScrollTheirSublayers() {
        let (root, scroller, content) = scrollScene()
        #expect(scroller.masksToBounds)
        scene { content.scroll(CGPoint(x: 90, y: 110)) }  // the red square's corner minus 10
        #expect(scroller.bounds.origin == CGPoint(x: 90, y: 110))
        #expect(content.visibleRect == CGRect(x: 90, y: 110, width: 50, height: 50))
        let image = Golden.render(root, width: 100, height: 100)
        #expect(near(image.rgba(25, 25), (255, 0, 0, 255)))  // (100,120) shows at 10 + (10, 10)
        #expect(near(image.rgba(65, 25), (255, 255, 255, 255)))  // clipped outside the scroll layer
    }

    @Test func scrollModesAndRectsToVisible() {
        let (_, scroller, content) = scrollScene()
        scene {
            scroller.scrollMode = .horizontally
            scroller.scroll(to: CGPoint(x: 30, y: 40))
        }
        #expect(scroller.bounds.origin == CGPoint(x: 30, y: 0))
        scene {
            scroller.scrollMode = .both
            content.scrollRectToVisible(CGRect(x: 150, y: 10, width: 20, height: 20))
        }
        // The least scroll that shows x 150...170: origin.x = 170 − 50; y already shows.
        #expect(scroller.bounds.origin == CGPoint(x: 120, y: 0))
        scene { scroller.scroll(to: CGPoint(x: CGFloat.nan, y: 0)) }  // tried: NaN → ignored
        #expect(scroller.bounds.origin == CGPoint(x: 120, y: 0))
    }
}
