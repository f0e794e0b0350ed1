import QuartzCore
import Testing

// CAAnimation.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a Double converts implicitly to CGFloat, a non-optional
// value to an optional). Not on iOS 16.5, so not here: CATransition.filter (macOS only) and
// CASpringAnimation's allowsOverdamping, perceptualDuration, bounce and
// init(perceptualDuration:bounce:) (iOS 17). `+animation` and `+animationWithKeyPath:` import
// as the initialisers.

/// Implements both optional methods of CAAnimationDelegate.
private final class AnimationDelegateProbe: NSObject, CAAnimationDelegate {
    var started = 0
    var stopped: [Bool] = []
    func animationDidStart(_ anim: CAAnimation) { started += 1 }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append(flag) }
}

@Suite struct CAAnimationHeaderTests {
    @Test func animationBase() {
        let animation = CAAnimation()
        let _: (String) -> Any? = CAAnimation.defaultValue(forKey:)
        let _: (String) -> Bool = animation.shouldArchiveValue(forKey:)
        let _: CAMediaTimingFunction?.Type = type(of: animation.timingFunction)
        #expect(animation.timingFunction == nil, "nil: linear pacing")
        animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        animation.timingFunction = nil
        let _: Bool = animation.isRemovedOnCompletion
        #expect(animation.isRemovedOnCompletion, "defaults to YES")
        animation.isRemovedOnCompletion = false
        #expect(!animation.isRemovedOnCompletion)
        let _: CAFrameRateRange = animation.preferredFrameRateRange
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
        #expect(animation.preferredFrameRateRange.minimum == 30)
        #expect(animation.shouldArchiveValue(forKey: "duration"))
    }

    @Test func delegate() {
        let animation = CABasicAnimation(keyPath: "opacity")
        #expect(animation.delegate == nil)
        do {
            let probe = AnimationDelegateProbe()
            animation.delegate = probe
            #expect(animation.delegate === probe)
            probe.animationDidStart(animation)
            probe.animationDidStop(animation, finished: true)
            #expect(probe.started == 1 && probe.stopped == [true])
        }
        #expect(animation.delegate != nil, "the delegate is retained for the lifetime of the animation")
        animation.delegate = nil
        let _: (CAAnimation) -> Void = AnimationDelegateProbe().animationDidStart(_:)
        let _: (CAAnimation, Bool) -> Void = AnimationDelegateProbe().animationDidStop(_:finished:)
    }

    @Test func propertyAndBasicAnimations() {
        let _: (String?) -> CAPropertyAnimation = CAPropertyAnimation.init(keyPath:)
        let property = CAPropertyAnimation(keyPath: "position")
        let _: String?.Type = type(of: property.keyPath)
        #expect(property.keyPath == "position")
        property.keyPath = nil
        let _: Bool = property.isAdditive
        let _: Bool = property.isCumulative
        #expect(!property.isAdditive && !property.isCumulative, "both default to NO")
        property.isAdditive = true
        property.isCumulative = true
        let _: CAValueFunction?.Type = type(of: property.valueFunction)
        #expect(property.valueFunction == nil)
        property.valueFunction = CAValueFunction(name: .rotateZ)
        #expect(property.valueFunction?.name == .rotateZ)
        property.valueFunction = nil

        let basic = CABasicAnimation(keyPath: "opacity")
        let _: Any?.Type = type(of: basic.fromValue)
        let _: Any?.Type = type(of: basic.toValue)
        let _: Any?.Type = type(of: basic.byValue)
        basic.fromValue = NSNumber(value: 0)
        basic.toValue = NSNumber(value: 1)
        basic.byValue = NSNumber(value: 0.5)
        #expect((basic.toValue as? NSNumber)?.floatValue == 1)
        basic.fromValue = nil
        basic.byValue = nil
        #expect(basic.fromValue == nil && basic.keyPath == "opacity")
    }

    @Test func keyframeAnimation() {
        let keyframe = CAKeyframeAnimation(keyPath: "position")
        let _: [Any]?.Type = type(of: keyframe.values)
        let _: CGPath?.Type = type(of: keyframe.path)
        let _: [NSNumber]?.Type = type(of: keyframe.keyTimes)
        let _: [CAMediaTimingFunction]?.Type = type(of: keyframe.timingFunctions)
        let _: CAAnimationCalculationMode = keyframe.calculationMode
        let _: [NSNumber]?.Type = type(of: keyframe.tensionValues)
        let _: [NSNumber]?.Type = type(of: keyframe.continuityValues)
        let _: [NSNumber]?.Type = type(of: keyframe.biasValues)
        let _: CAAnimationRotationMode?.Type = type(of: keyframe.rotationMode)
        #expect(keyframe.calculationMode == .linear, "defaults to linear")
        #expect(keyframe.rotationMode == nil, "defaults to nil")
        #expect(keyframe.values == nil && keyframe.path == nil && keyframe.keyTimes == nil)

        keyframe.values = [NSNumber(value: 0), NSNumber(value: 1)]
        keyframe.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        keyframe.keyTimes = [NSNumber(value: 0), NSNumber(value: 1)]
        keyframe.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        keyframe.calculationMode = .cubicPaced
        keyframe.tensionValues = [NSNumber(value: 0.5)]
        keyframe.continuityValues = [NSNumber(value: -0.5)]
        keyframe.biasValues = [NSNumber(value: 0)]
        keyframe.rotationMode = .rotateAutoReverse
        #expect(keyframe.values?.count == 2 && keyframe.keyTimes?.count == 2 && keyframe.timingFunctions?.count == 1)
        #expect(keyframe.path != nil && keyframe.calculationMode == .cubicPaced && keyframe.rotationMode == .rotateAutoReverse)
        keyframe.values = nil
        keyframe.path = nil
        keyframe.keyTimes = nil
        keyframe.timingFunctions = nil
        keyframe.tensionValues = nil
        keyframe.continuityValues = nil
        keyframe.biasValues = nil
        keyframe.rotationMode = nil
    }

    @Test func keyframeConstants() {
        let _: CAAnimationCalculationMode = CAAnimationCalculationMode(rawValue: "linear")
        #expect(CAAnimationCalculationMode.linear.rawValue == "linear")
        #expect(CAAnimationCalculationMode.discrete.rawValue == "discrete")
        #expect(CAAnimationCalculationMode.paced.rawValue == "paced")
        #expect(CAAnimationCalculationMode.cubic.rawValue == "cubic")
        #expect(CAAnimationCalculationMode.cubicPaced.rawValue == "cubicPaced")
        let _: CAAnimationRotationMode = CAAnimationRotationMode(rawValue: "auto")
        #expect(CAAnimationRotationMode.rotateAuto.rawValue == "auto")
        #expect(CAAnimationRotationMode.rotateAutoReverse.rawValue == "autoReverse")
        let modes: Set<CAAnimationCalculationMode> = [.linear, .discrete, .paced, .cubic, .cubicPaced]
        #expect(modes.count == 5)
    }

    @Test func springAnimation() {
        let spring = CASpringAnimation(keyPath: "position.y")
        let _: CGFloat.Type = type(of: spring.mass)
        let _: CGFloat.Type = type(of: spring.stiffness)
        let _: CGFloat.Type = type(of: spring.damping)
        let _: CGFloat.Type = type(of: spring.initialVelocity)
        let _: CFTimeInterval.Type = type(of: spring.settlingDuration)
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
        #expect(spring.settlingDuration > 0)
        spring.mass = 2
        spring.stiffness = 300
        spring.damping = 20
        spring.initialVelocity = -1
        #expect(spring.mass == 2 && spring.stiffness == 300 && spring.damping == 20 && spring.initialVelocity == -1)
        let _: CABasicAnimation = spring
    }

    @Test func transition() {
        let transition = CATransition()
        let _: CATransitionType = transition.type
        let _: CATransitionSubtype?.Type = type(of: transition.subtype)
        let _: Float = transition.startProgress
        let _: Float = transition.endProgress
        #expect(transition.type == .fade, "defaults to fade")
        #expect(transition.subtype == nil)
        #expect(transition.startProgress == 0 && transition.endProgress == 1)
        transition.type = .push
        transition.subtype = .fromLeft
        transition.startProgress = 0.25
        transition.endProgress = 0.75
        #expect(transition.type == .push && transition.subtype == .fromLeft)
        transition.subtype = nil

        let _: CATransitionType = CATransitionType(rawValue: "fade")
        #expect(CATransitionType.fade.rawValue == "fade")
        #expect(CATransitionType.moveIn.rawValue == "moveIn")
        #expect(CATransitionType.push.rawValue == "push")
        #expect(CATransitionType.reveal.rawValue == "reveal")
        let _: CATransitionSubtype = CATransitionSubtype(rawValue: "fromTop")
        #expect(CATransitionSubtype.fromRight.rawValue == "fromRight")
        #expect(CATransitionSubtype.fromLeft.rawValue == "fromLeft")
        #expect(CATransitionSubtype.fromTop.rawValue == "fromTop")
        #expect(CATransitionSubtype.fromBottom.rawValue == "fromBottom")
    }

    @Test func animationGroup() {
        let group = CAAnimationGroup()
        let _: [CAAnimation]?.Type = type(of: group.animations)
        #expect(group.animations == nil)
        group.animations = [CABasicAnimation(keyPath: "opacity"), CASpringAnimation(keyPath: "position")]
        #expect(group.animations?.count == 2)
        group.animations = nil
    }

    @Test func conformancesAndActions() {
        let animation = CABasicAnimation(keyPath: "opacity")
        let _: CAMediaTiming = animation
        let _: NSCopying = animation
        let _: CAAction = animation
        let _: NSSecureCoding = animation
        #expect(CAAnimation.supportsSecureCoding)
        #expect((animation.copy() as? CABasicAnimation)?.keyPath == "opacity")
        // CAAnimation's action: runActionForKey adds the animation to the layer under the event key.
        let layer = CALayer()
        animation.run(forKey: "opacity", object: layer, arguments: nil)
        #expect((layer.animation(forKey: "opacity") as? CABasicAnimation)?.keyPath == "opacity")
        layer.removeAllAnimations()
    }
}
