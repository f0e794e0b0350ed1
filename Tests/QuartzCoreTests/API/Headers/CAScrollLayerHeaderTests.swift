import QuartzCore
import Testing

// CAScrollLayer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build: CAScrollLayer, its scroll modes, and
// the CALayer (CALayerScrolling) additions.
@Suite struct CAScrollLayerHeaderTests {
    @Test func scrollLayer() {
        let scroll = CAScrollLayer()
        let _: CALayer = scroll
        let _: (CGPoint) -> Void = scroll.scroll(to:)
        let _: (CGRect) -> Void = scroll.scroll(to:)
        let _: CAScrollLayerScrollMode = scroll.scrollMode
        #expect(scroll.scrollMode == .both, "the default")
        scroll.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        // scrollToPoint: changes the origin of the layer (its bounds origin) to the point.
        scroll.scroll(to: CGPoint(x: 10, y: 20))
        #expect(scroll.bounds.origin == CGPoint(x: 10, y: 20) && scroll.bounds.size == CGSize(width: 50, height: 50))
        scroll.scrollMode = .horizontally
        scroll.scroll(to: CGPoint(x: 30, y: 40))
        #expect(scroll.bounds.origin == CGPoint(x: 30, y: 20), "only the x axis scrolls")
        scroll.scrollMode = .none
        scroll.scroll(to: CGRect(x: 200, y: 200, width: 10, height: 10))
        #expect(scroll.bounds.origin == CGPoint(x: 30, y: 20), "no axis scrolls")
    }

    @Test func layerScrollingAdditions() {
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        scroll.addSublayer(content)
        let _: (CGPoint) -> Void = content.scroll(_:)
        let _: (CGRect) -> Void = content.scrollRectToVisible(_:)
        let _: CGRect = content.visibleRect
        #expect(content.visibleRect == CGRect(x: 0, y: 0, width: 50, height: 50))
        // scrollPoint: asks the closest CAScrollLayer ancestor to scroll to the point.
        content.scroll(CGPoint(x: 10, y: 20))
        #expect(scroll.bounds.origin == CGPoint(x: 10, y: 20))
        #expect(content.visibleRect == CGRect(x: 10, y: 20, width: 50, height: 50))
        let target = CGRect(x: 120, y: 130, width: 10, height: 10)
        content.scrollRectToVisible(target)
        #expect(content.visibleRect.contains(target))
    }

    @Test func scrollModes() {
        let _: CAScrollLayerScrollMode = CAScrollLayerScrollMode(rawValue: "both")
        #expect(CAScrollLayerScrollMode.none.rawValue == "none")
        #expect(CAScrollLayerScrollMode.vertically.rawValue == "vertically")
        #expect(CAScrollLayerScrollMode.horizontally.rawValue == "horizontally")
        #expect(CAScrollLayerScrollMode.both.rawValue == "both")
    }
}
