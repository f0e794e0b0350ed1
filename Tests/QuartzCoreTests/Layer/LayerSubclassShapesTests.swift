import QuartzCore
import Testing

// Issues 14 (item 7) and 28 (item 7): custom layer subclasses written as on iOS compile
// unchanged, and their presentation copies are the subclass with the state their `init(layer:)`
// copied. Each class below is one shape of subclass found in real code; this file compiling is
// half the test. (CALayer has no required initialiser beyond NSCoding's, so no shape needs a
// line that iOS code lacks.)

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

/// lottie-ios's shape (and much UIKit-era code): a designated initialiser of its own,
/// `override init(layer: Any)`, `required init?(coder:)`, and no `override init()`.
private final class LottieShapeLayer: CALayer {
    let name2: String
    var frameNumber: CGFloat = 0

    init(name: String) {
        name2 = name
        super.init()
    }

    override init(layer: Any) {
        guard let other = layer as? LottieShapeLayer else {
            fatalError("init(layer:) incorrectly called with \(type(of: layer))")
        }
        name2 = other.name2
        frameNumber = other.frameNumber
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// The same shape with convenience initialisers on top (lottie-ios's animation layers).
private class AnimationBaseLayer: CALayer {
    let tag: Int

    init(tag: Int) {
        self.tag = tag
        super.init()
    }

    convenience init(tagString: String) {
        self.init(tag: Int(tagString) ?? -1)
    }

    override init(layer: Any) {
        tag = (layer as? AnimationBaseLayer)?.tag ?? -2
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A subclass of that shape with no initialisers: it inherits them all, copies as itself.
private final class DerivedAnimationLayer: AnimationBaseLayer {
    var extra = 5
}

/// That shape over a specialised layer.
private final class LottieStrokeLayer: CAShapeLayer {
    let dash: [CGFloat]

    init(dash: [CGFloat]) {
        self.dash = dash
        super.init()
    }

    override init(layer: Any) {
        dash = (layer as? LottieStrokeLayer)?.dash ?? []
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A generic subclass (its class is made at run time per argument).
private final class ValueLayer<Value>: CALayer {
    var value: Value?

    override init() {
        super.init()
    }

    override init(layer: Any) {
        value = (layer as? ValueLayer<Value>)?.value
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// Stored properties with defaults and no initialisers: copies are the class, and (as on iOS,
/// where CALayer's initWithLayer: knows nothing of them) the properties have their defaults.
private final class DefaultsLayer: CALayer {
    var count = 3
}

/// `override init()` only (with NSCoding's required one): compiles as on iOS. Its presentation
/// copies stop with "Use of unimplemented initializer 'init(layer:)'", as on iOS, so it is only
/// used as a model here.
private final class ModelOnlyLayer: CALayer {
    var weight: Double

    override init() {
        weight = 1
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// The line earlier versions of Strata asked for in the lottie-ios shape still compiles.
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

    @Test func theLineEarlierVersionsAskedForStillWorks() throws {
        let copy = try #require(committed(BadgeLayer(count: 3)).presentation())
        #expect(copy.count == 3)
    }

    @Test func lottieIOSShapeCopiesAsItsClassWithItsState() throws {
        let layer = committed(LottieShapeLayer(name: "heart")) { $0.frameNumber = 12.5 }
        let copy = try #require(layer.presentation())
        #expect(type(of: copy) == LottieShapeLayer.self)
        #expect(copy.name2 == "heart" && copy.frameNumber == 12.5 && copy.opacity == 0.5)
        #expect(copy !== layer && copy.model() === layer)
    }

    @Test func conveniencesAndInheritedInitialisersOfThatShapeCopy() throws {
        let base = try #require(committed(AnimationBaseLayer(tagString: "42")).presentation())
        #expect(type(of: base) == AnimationBaseLayer.self && base.tag == 42)
        let derived = DerivedAnimationLayer(tag: 7)
        derived.extra = 9
        let copy = try #require(committed(derived).presentation())
        #expect(type(of: copy) == DerivedAnimationLayer.self && copy.tag == 7)
        #expect(copy.extra == 5, "its own property is not copied by the inherited init(layer:): its default")
    }

    @Test func thatShapeOverASpecialisedLayerCopiesBothStates() throws {
        let layer = committed(LottieStrokeLayer(dash: [2, 3])) { $0.lineWidth = 4 }
        let copy = try #require(layer.presentation())
        #expect(type(of: copy) == LottieStrokeLayer.self && copy.dash == [2, 3] && copy.lineWidth == 4)
    }

    @Test func genericSubclassesCopyAsTheirSpecialisation() throws {
        let layer = committed(ValueLayer<String>()) { $0.value = "v" }
        let copy = try #require(layer.presentation())
        #expect(type(of: copy) == ValueLayer<String>.self && copy.value == "v")
        let numbers = try #require(committed(ValueLayer<[Int]>()) { $0.value = [1, 2] }.presentation())
        #expect(numbers.value == [1, 2])
    }

    @Test func propertiesWithDefaultsAndNoInitialisersCopyAsTheirDefaults() throws {
        let layer = committed(DefaultsLayer()) { $0.count = 8 }
        let copy = try #require(layer.presentation())
        #expect(type(of: copy) == DefaultsLayer.self && copy.count == 3 && copy.opacity == 0.5)
    }

    @Test func aLayerWithOnlyOverrideInitWorksAsAModel() {
        let layer = committed(ModelOnlyLayer()) { $0.weight = 2 }
        #expect(layer.weight == 2 && layer.opacity == 0.5 && layer.model() === layer)
    }

    @Test func presentationCopiesOfPresentationCopiesAreThemselves() throws {
        let copy = try #require(committed(LottieShapeLayer(name: "a")).presentation())
        #expect(copy.presentation() === copy)
    }

    @Test func manyCopiesReleaseTheirLayers() throws {
        weak var weakCopy: LottieShapeLayer?
        let layer = committed(LottieShapeLayer(name: "b"))
        for _ in 0..<1000 {
            let copy = try #require(layer.presentation())
            weakCopy = copy
        }
        #expect(weakCopy == nil, "the last copy is freed once no one holds it")
        #expect(layer.presentation()?.name2 == "b")
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
