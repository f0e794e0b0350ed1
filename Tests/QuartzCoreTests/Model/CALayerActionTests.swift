import QuartzCore
import Testing

private final class ActionDelegate: CALayerDelegate {
    var answer: CAAction?
    func action(for layer: CALayer, forKey event: String) -> CAAction? { answer }
}

private final class CustomDefaultLayer: CALayer {
    override class func defaultAction(forKey event: String) -> CAAction? {
        event == "opacity" ? CATransition() : super.defaultAction(forKey: event)
    }
}

/// Overrides the open `action(forKey:)`, as UIView-like code does: changes must go through it.
private final class SlowFadeLayer: CALayer {
    override func action(forKey event: String) -> CAAction? {
        guard event == "opacity", let basic = super.action(forKey: event) as? CABasicAnimation else {
            return super.action(forKey: event)
        }
        basic.duration = 3
        return basic
    }
}

@Suite struct CALayerActionTests {
    /// The built-in implicit animation is attached without an object; asking for it makes one,
    /// once, with what the transaction said.
    @Test func theAttachedImplicitAnimationIsMadeOnDemandWithTheTransactionsValues() throws {
        let layer = committedLayer()
        let ease = CAMediaTimingFunction(name: .easeIn)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.5)
        CATransaction.setAnimationTimingFunction(ease)
        layer.opacity = 0.5
        CATransaction.commit()
        layer.position = CGPoint(x: 3, y: 4)  // no function set: the default curve
        CATransaction.flush()
        let fade = try #require(layer.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(fade.keyPath == "opacity" && fade.duration == 1.5 && fade.timingFunction === ease)
        #expect(layer.animation(forKey: "opacity") === fade, "the same object every time")
        let move = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(move.duration == 0.25 && move.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(layer.animationKeys() == ["opacity", "position"])
    }

    @Test func aSubclassOverridingActionForKeyIsAskedOnEveryChange() throws {
        let layer = SlowFadeLayer()
        CATransaction.begin()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.commit()
        CATransaction.begin()
        layer.opacity = 0.2
        layer.cornerRadius = 4
        CATransaction.commit()
        #expect(try #require(layer.animation(forKey: "opacity")).duration == 3, "the override's duration")
        #expect(try #require(layer.animation(forKey: "cornerRadius")).duration == 0.25)
    }

    @Test func builtInImplicitAnimationIsABasicAnimationOfTheKey() throws {
        let l = CALayer()
        let action = try #require(l.action(forKey: "opacity") as? CABasicAnimation)
        #expect(action.keyPath == "opacity" && action.fromValue == nil && action.toValue == nil)
        #expect(action.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(l.action(forKey: "doubleSided") == nil, "doubleSided has no implicit animation")
        #expect(l.action(forKey: "name") == nil)
        #expect(CALayer.defaultAction(forKey: "opacity") == nil, "as observed on Apple (spec §10.1)")
        #expect((l.action(forKey: "position.x") as? CABasicAnimation)?.keyPath == "position.x")
        #expect(l.action(forKey: "strokeEnd") == nil, "a shape-layer key animates nothing on CALayer")
    }

    @Test func eachStepOfTheSearchCanAnswerOrStopIt() {
        let l = CustomDefaultLayer()
        let delegate = ActionDelegate()
        l.delegate = delegate
        #expect(l.action(forKey: "opacity") is CATransition, "class defaultAction(forKey:)")
        l.style = ["actions": ["opacity": CABasicAnimation(keyPath: "style")]]
        #expect((l.action(forKey: "opacity") as? CABasicAnimation)?.keyPath == "style", "style beats the class")
        l.style = ["style": ["actions": ["opacity": CABasicAnimation(keyPath: "nested")]]]
        #expect((l.action(forKey: "opacity") as? CABasicAnimation)?.keyPath == "nested", "nested style")
        l.actions = ["opacity": CABasicAnimation(keyPath: "actions")]
        #expect((l.action(forKey: "opacity") as? CABasicAnimation)?.keyPath == "actions", "actions beat style")
        delegate.answer = CABasicAnimation(keyPath: "delegate")
        #expect((l.action(forKey: "opacity") as? CABasicAnimation)?.keyPath == "delegate", "the delegate comes first")
        delegate.answer = NSNull()
        #expect(l.action(forKey: "opacity") == nil, "NSNull stops the search")
        delegate.answer = nil
        l.actions = ["opacity": NSNull()]
        #expect(l.action(forKey: "opacity") == nil, "NSNull in actions stops it too")
    }

    @Test func changesAnimateOnlyOnceTheLayerHasBeenCommitted() {
        let fresh = CALayer()
        fresh.opacity = 0
        #expect(fresh.animationKeys() == nil, "never committed: nothing on screen to animate from (spec §10.3)")
        let layer = committedLayer()
        layer.opacity = 0.5
        #expect(layer.animationKeys() == ["opacity"])
        #expect(layer.opacity == 0.5, "the model takes the new value at once")
        layer.opacity = 0.5
        #expect(layer.animationKeys() == ["opacity"], "an equal value posts no event")
    }

    @Test func disableActionsStopsImplicitAnimations() {
        let layer = committedLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 5, y: 5)
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)
    }

    @Test func implicitAnimationsTakeTheTransactionDuration() throws {
        let layer = committedLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.cornerRadius = 8
        CATransaction.commit()
        #expect(try #require(layer.animation(forKey: "cornerRadius")).duration == 2)
    }
}
