import QuartzCore
import Testing

private final class Recorder: CAAnimationDelegate {
    var stops: [Bool] = []
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
}

private final class SlowFade: CABasicAnimation {
    override class func defaultValue(forKey key: String) -> Any? {
        key == "duration" ? 2.5 : super.defaultValue(forKey: key)
    }
}

@Suite struct CAAnimationTests {
    @Test func defaultsAreApples() {
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.keyPath == "opacity")
        #expect(a.beginTime == 0 && a.duration == 0 && a.speed == 1 && a.timeOffset == 0)
        #expect(a.repeatCount == 0 && a.repeatDuration == 0 && !a.autoreverses)
        #expect(a.fillMode == .removed && a.isRemovedOnCompletion && a.timingFunction == nil)
        #expect(!a.isAdditive && !a.isCumulative && a.valueFunction == nil)
        let k = CAKeyframeAnimation(keyPath: "position")
        #expect(k.calculationMode == .linear && k.rotationMode == nil)
        let t = CATransition()
        #expect(t.type == .fade && t.startProgress == 0 && t.endProgress == 1)
    }

    @Test func classDefaultValuesApplyUntilAPropertyIsSet() {
        let a = SlowFade(keyPath: "opacity")
        #expect(a.duration == 2.5)
        a.duration = 1
        #expect(a.duration == 1)
        #expect(SlowFade.defaultValue(forKey: "speed") == nil && a.speed == 1)
    }

    @Test func copiesCarryEveryPropertyTheDelegateAndExtraKeys() throws {
        let delegate = Recorder()
        let a = CAKeyframeAnimation(keyPath: "position")
        a.values = [CGPoint.zero, CGPoint(x: 10, y: 0)]
        a.keyTimes = [0, 1]
        a.duration = 3
        a.repeatCount = 2.5
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        a.calculationMode = .paced
        a.delegate = delegate
        a.setValue("card", forKey: "tag")
        let copy = try #require(a.copy() as? CAKeyframeAnimation)
        #expect(copy !== a)
        #expect(copy.keyPath == "position" && copy.duration == 3 && copy.repeatCount == 2.5)
        #expect(copy.fillMode == .forwards && !copy.isRemovedOnCompletion && copy.calculationMode == .paced)
        #expect(copy.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(copy.keyTimes == [0, 1] && (copy.values as? [CGPoint]) == [.zero, CGPoint(x: 10, y: 0)])
        #expect(copy.delegate === delegate)
        #expect(copy.value(forKey: "tag") as? String == "card")
        a.duration = 9
        #expect(copy.duration == 3, "the copy is independent")
    }

    @Test func groupCopiesDoNotShareChildren() throws {
        let child = CABasicAnimation(keyPath: "opacity")
        let group = CAAnimationGroup()
        group.animations = [child]
        let copy = try #require(group.copy() as? CAAnimationGroup)
        child.duration = 5
        #expect(copy.animations?.first?.duration == 0)
    }

    @Test func keyValueCodingReachesPropertiesByName() {
        let a = CASpringAnimation(keyPath: "position.y")
        a.setValue(2.0, forKey: "duration")
        a.setValue(NSNumber(value: 3), forKey: "repeatCount")
        a.setValue(true, forKey: "autoreverses")
        a.setValue("both", forKey: "fillMode")
        a.setValue(NSNumber(value: 50), forKey: "stiffness")
        #expect(a.duration == 2 && a.repeatCount == 3 && a.autoreverses && a.fillMode == .both)
        #expect(a.stiffness == 50)
        #expect(a.value(forKey: "duration") as? Double == 2)
        #expect(a.value(forKey: "keyPath") as? String == "position.y")
        // Bad input: a value of the wrong type for a property is ignored with a warning.
        a.setValue("fast", forKey: "speed")
        #expect(a.speed == 1)
        #expect(a.value(forKey: "neverSet") == nil)
    }

    @Test func transitionKeyAndValueFunctionNames() {
        #expect(kCATransition == "transition")
        #expect(CAValueFunction(name: .rotateZ)?.name == .rotateZ)
        #expect(CAValueFunction(name: CAValueFunctionName("spin")) == nil)
        let f = CAValueFunction(name: .translate)!
        #expect(f.transform([1, 2, 3]) == CATransform3DMakeTranslation(1, 2, 3))
        #expect(CAValueFunction(name: .scale)!.transform([2]) == CATransform3DMakeScale(2, 1, 1))
    }
}
