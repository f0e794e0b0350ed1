import QuartzCore
import Testing

// The macOS-only parts of CALayer.h (macOS 13 SDK): CAAutoresizingMask, CALayer's layoutManager,
// autoresizingMask, resizeSublayers(withOldSize:) and resize(withOldSuperlayerSize:), and the
// CALayoutManager protocol, with Apple's Swift spelling and types, so that a missing or
// differently typed one fails the build. (`kCALayerNotSizable`, 0, has no Swift member: `[]`.)
// CALayer's `constraints` and `addConstraint(_:)` are in CAConstraintLayoutManagerHeaderTests.swift.

/// Implements every method of CALayoutManager (all optional on Apple).
private final class RecordingLayoutManager: NSObject, CALayoutManager {
    var invalidated = 0
    var laidOut = 0
    func preferredSize(of layer: CALayer) -> CGSize { CGSize(width: 7, height: 9) }
    func invalidateLayout(of layer: CALayer) { invalidated += 1 }
    func layoutSublayers(of layer: CALayer) { laidOut += 1 }
}

@Suite struct CALayerMacOSHeaderTests {
    @Test func autoresizingMaskOptions() {
        let _: UInt32 = CAAutoresizingMask.layerMinXMargin.rawValue
        let _: CAAutoresizingMask = CAAutoresizingMask(rawValue: 2)
        #expect(CAAutoresizingMask.layerMinXMargin.rawValue == 1 << 0)
        #expect(CAAutoresizingMask.layerWidthSizable.rawValue == 1 << 1)
        #expect(CAAutoresizingMask.layerMaxXMargin.rawValue == 1 << 2)
        #expect(CAAutoresizingMask.layerMinYMargin.rawValue == 1 << 3)
        #expect(CAAutoresizingMask.layerHeightSizable.rawValue == 1 << 4)
        #expect(CAAutoresizingMask.layerMaxYMargin.rawValue == 1 << 5)
    }

    @Test func autoresizing() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        parent.addSublayer(child)
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        let _: CAAutoresizingMask = child.autoresizingMask
        let _: (CGSize) -> Void = parent.resizeSublayers(withOldSize:)
        let _: (CGSize) -> Void = child.resize(withOldSuperlayerSize:)
        #expect(child.autoresizingMask == [], "kCALayerNotSizable by default")
        child.autoresizingMask = [.layerWidthSizable]
        // The superlayer was 50 wide: the only flexible part, the width, takes all 50 points.
        child.resize(withOldSuperlayerSize: CGSize(width: 50, height: 100))
        #expect(child.frame == CGRect(x: 10, y: 10, width: 70, height: 20))
        // resizeSublayers(withOldSize:) asks each sublayer to resize.
        parent.resizeSublayers(withOldSize: CGSize(width: 50, height: 100))
        #expect(child.frame == CGRect(x: 10, y: 10, width: 120, height: 20))
        child.autoresizingMask = [.layerMinXMargin, .layerMaxXMargin, .layerMinYMargin, .layerHeightSizable, .layerMaxYMargin]
    }

    @Test func layoutManager() {
        let layer = CALayer()
        let _: CALayoutManager?.Type = type(of: layer.layoutManager)
        #expect(layer.layoutManager == nil)
        let manager = RecordingLayoutManager()
        layer.layoutManager = manager
        #expect(layer.layoutManager === manager)
        // preferredFrameSize() asks the layout manager.
        #expect(layer.preferredFrameSize() == CGSize(width: 7, height: 9))
        layer.setNeedsLayout()
        #expect(manager.invalidated >= 1, "setNeedsLayout invalidates the manager's layout")
        layer.layoutIfNeeded()
        #expect(manager.laidOut >= 1, "the default layoutSublayers asks the layout manager")
        layer.layoutManager = nil

        // (The requirements are optional on Apple, so they are not called through the existential:
        // `manager?.preferredSize?(of:)` is Objective-C only.)
        let _: CALayoutManager = manager
        let _: (CALayer) -> CGSize = manager.preferredSize(of:)
        let _: (CALayer) -> Void = manager.invalidateLayout(of:)
        let _: (CALayer) -> Void = manager.layoutSublayers(of:)
    }
}
