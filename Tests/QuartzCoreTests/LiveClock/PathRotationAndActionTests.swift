import QuartzCore
import Testing

/// Issue 14 items 4 and 5: `rotationMode` turns the presented layer along its path, and actions
/// that are property animations without a key path animate the changed key.
@Suite("Path rotation and key-path-less actions on a live clock")
struct PathRotationAndActionTests {
    /// Right 100 points, then down 100 points, 1 s each (linear).
    private func cornerFlight(_ mode: CAAnimationRotationMode?) -> CAKeyframeAnimation {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let fly = CAKeyframeAnimation(keyPath: "position")
        fly.path = path
        fly.duration = 2
        fly.rotationMode = mode
        return fly
    }

    @Test(arguments: clockOrigins)
    func rotateAutoTurnsTheLayerToThePathsTangent(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            attach(cornerFlight(.rotateAuto), to: layer)
            let first = try shownTransform(layer, at: origin + 0.5)
            #expect(maxDifference(first, CATransform3DIdentity) < 1e-9, "heading along +x: no turn")
            let second = try shownTransform(layer, at: origin + 1.5)
            #expect(maxDifference(second, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)) < 1e-9, "heading along +y")
            let position = try shown(layer, at: origin + 1.5).copy.position
            #expect(abs(position.x - 100) < 1e-9 && abs(position.y - 50) < 1e-9)
            let after = try shownTransform(layer, at: origin + 3)
            #expect(after == CATransform3DIdentity, "no turn once the animation is over")
        }
    }

    @Test(arguments: clockOrigins)
    func rotateAutoReverseAddsAHalfTurn(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            attach(cornerFlight(.rotateAutoReverse), to: layer)
            let t = try shownTransform(layer, at: origin + 0.5)
            #expect(maxDifference(t, CATransform3DMakeRotation(.pi, 0, 0, 1)) < 1e-9)
        }
    }

    @Test func theTurnFollowsTheModelTransform() throws {
        try onClock(at: 1_000_000) { _ in
            let layer = liveLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.transform = CATransform3DMakeScale(2, 1, 1)
            CATransaction.commit()
            attach(cornerFlight(.rotateAuto), to: layer)
            let t = try shownTransform(layer, at: 1_000_001.5)
            let expected = CATransform3DConcat(CATransform3DMakeScale(2, 1, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
            #expect(maxDifference(t, expected) < 1e-9)
        }
    }

    @Test func withoutARotationModeThePathDoesNotTurn() throws {
        try onClock(at: 0.5) { _ in
            let layer = liveLayer()
            attach(cornerFlight(nil), to: layer)
            let t = try shownTransform(layer, at: 2)
            #expect(t == CATransform3DIdentity)
        }
    }

    @Test(arguments: clockOrigins)
    func anActionWithoutAKeyPathAnimatesTheChangedKey(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let slide = CABasicAnimation()
            slide.duration = 2
            layer.actions = ["position": slide]
            CATransaction.begin()
            layer.position = CGPoint(x: 150, y: 50)
            CATransaction.commit()
            let attached = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
            #expect(attached.keyPath == "position", "the animation adopts the event's key")
            #expect(slide.keyPath == nil, "the caller's object is not changed")
            // From where it appeared (50, 50) to the model (150, 50), linearly, over its own 2 s.
            let p = try shown(layer, at: origin + 0.5).copy.position
            #expect(abs(p.x - 75) < 1e-9 && abs(p.y - 50) < 1e-9)
            let end = try shown(layer, at: origin + 2.5).copy.position
            #expect(end == CGPoint(x: 150, y: 50))
        }
    }

    private final class FadeDelegate: CALayerDelegate {
        func action(for layer: CALayer, forKey event: String) -> CAAction? {
            event == "opacity" ? CABasicAnimation() : nil
        }
    }

    @Test(arguments: clockOrigins)
    func aDelegatesKeyPathLessAnimationAnimatesTheChangedKey(origin: Double) throws {
        let delegate = FadeDelegate()
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            layer.delegate = delegate
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            layer.opacity = 0
            CATransaction.commit()
            // The transaction's duration (the animation has none), linear (it has no function).
            try expectOpacity(layer, at: origin + 0.25, 0.75)
        }
    }

    @Test func addingAKeyPathLessAnimationUnderAKeyAnimatesThatKey() throws {
        try onClock(at: 12_345.678) { _ in
            let layer = liveLayer()
            let fade = CABasicAnimation()
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            attach(fade, to: layer, forKey: "opacity")
            try expectOpacity(layer, at: 12_345.678 + 0.5, 0.5)
        }
    }
}
