import QuartzCore
import Testing

// Issue 14 item 7: custom layer subclasses written as on iOS compile unchanged, and their
// presentation copies are the subclass with the state their `init(layer:)` copied. Each class
// below is one shape of subclass found in real code; this file compiling is half the test.

/// No initialiser at all (a layer that only draws).
private final class DrawingOnlyLayer: CALayer {
    override func draw(in ctx: CGContext) {}
}

/// The standard iOS spelling: all three of CALayer's initialisers, state copied in init(layer:).
private final class ProgressLayer: CALayer {
    var progress: CGFloat = 0
    var label = "none"

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressLayer {
            progress = other.progress
            label = other.label
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A designated initialiser of its own, plus the three overrides.
private final class RingLayer: CALayer {
    var ringColor: CGColor

    init(ringColor: CGColor) {
        self.ringColor = ringColor
        super.init()
    }

    override init() {
        ringColor = CGColor(gray: 0, alpha: 1)
        super.init()
    }

    override init(layer: Any) {
        ringColor = (layer as? RingLayer)?.ringColor ?? CGColor(gray: 0, alpha: 1)
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// The one shape that needs a line more than on iOS: its own designated initialiser without
/// `override init()`. (Documented in CALayer's `init(presentationCopyOf:)` and the README.)
private final class BadgeLayer: CALayer {
    let count: Int

    init(count: Int) {
        self.count = count
        super.init()
    }

    override init(layer: Any) {
        count = (layer as? BadgeLayer)?.count ?? 0
        super.init(layer: layer)
    }

    required convenience init(presentationCopyOf layer: CALayer) {
        self.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A subclass of a specialised layer, iOS spelling.
private final class SpinnerLayer: CAShapeLayer {
    var turns = 1

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        turns = (layer as? SpinnerLayer)?.turns ?? 1
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A subclass of a subclass, with no initialisers of its own.
private final class FastSpinnerLayer: CAShapeLayer {}

@Suite struct LayerSubclassShapesTests {
    private func committed<L: CALayer>(_ layer: L, _ configure: (L) -> Void = { _ in }) -> L {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        configure(layer)
        layer.opacity = 0.5
        CATransaction.commit()
        return layer
    }

    @Test func aLayerWithoutInitialisersCopiesAsItsClass() throws {
        let copy = try #require(committed(DrawingOnlyLayer()).presentation())
        #expect(type(of: copy) == DrawingOnlyLayer.self && copy.opacity == 0.5)
    }

    @Test func theStandardSpellingCopiesItsState() throws {
        let layer = committed(ProgressLayer()) {
            $0.progress = 0.75
            $0.label = "x"
        }
        let copy = try #require(layer.presentation())
        #expect(copy.progress == 0.75 && copy.label == "x" && copy.opacity == 0.5)
        #expect(copy.model() === layer)
    }

    @Test func aDesignatedInitialiserOfItsOwnCopiesItsState() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let copy = try #require(committed(RingLayer(ringColor: red)).presentation())
        #expect(copy.ringColor == red)
    }

    @Test func theDocumentedExtraLineMakesTheRemainingShapeWork() throws {
        let copy = try #require(committed(BadgeLayer(count: 3)).presentation())
        #expect(copy.count == 3)
    }

    @Test func subclassesOfSpecialisedLayersCopyTheirAndTheirParentsState() throws {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let layer = committed(SpinnerLayer()) {
            $0.turns = 4
            $0.path = path
            $0.strokeEnd = 0.3
        }
        let copy = try #require(layer.presentation())
        #expect(copy.turns == 4 && copy.path == path && copy.strokeEnd == 0.3)
        let plain = try #require(committed(FastSpinnerLayer()) { $0.lineWidth = 7 }.presentation())
        #expect(type(of: plain) == FastSpinnerLayer.self && plain.lineWidth == 7)
    }
}
