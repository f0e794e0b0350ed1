import Foundation
import QuartzCore
import Testing

/// Keyed values: defaults, nesting, the kCATransaction keys, bad input.
@Suite struct CATransactionValueTests {
    @Test func keyConstantsHaveApplesValues() {
        #expect(kCATransactionAnimationDuration == "animationDuration")
        #expect(kCATransactionDisableActions == "disableActions")
        #expect(kCATransactionAnimationTimingFunction == "animationTimingFunction")
        #expect(kCATransactionCompletionBlock == "completionBlock")
    }

    @Test func defaultsWithAndWithoutAnOpenTransaction() async {
        let (outside, inside, depthAfter) = await onNewThread {
            let outside = (CATransaction.animationDuration(), CATransaction.animationTimingFunction() == nil,
                           CATransaction.disableActions(), CATransaction.completionBlock() == nil)
            // Reading does not open a transaction.
            let depthAfterReads = TransactionStack.depth
            CATransaction.begin()
            let inside = (CATransaction.animationDuration(), CATransaction.animationTimingFunction() == nil,
                          CATransaction.disableActions(), CATransaction.completionBlock() == nil)
            CATransaction.commit()
            return (outside, inside, depthAfterReads)
        }
        #expect(outside == (0.25, true, false, true))
        #expect(inside == (0.25, true, false, true))
        #expect(depthAfter == 0)
    }

    /// The 2008 guide's nesting example: outer 2 s, inner 5 s; after the inner commit the outer
    /// reads 2 s again, and after the outer commit the default is back.
    @Test func nestedValuesInheritAndRevert() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setDisableActions(true)
        #expect(CATransaction.animationDuration() == 2)

        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 2, "inherited from the outer transaction")
        #expect(CATransaction.disableActions())
        CATransaction.setAnimationDuration(5)
        CATransaction.setDisableActions(false)
        #expect(CATransaction.animationDuration() == 5)
        #expect(!CATransaction.disableActions())
        CATransaction.commit()

        #expect(CATransaction.animationDuration() == 2)
        #expect(CATransaction.disableActions())
        CATransaction.commit()

        #expect(CATransaction.animationDuration() == 0.25)
        #expect(!CATransaction.disableActions())
        #expect(TransactionStack.depth == 0)
    }

    @Test func typedSettersAndKeyedValuesAreTheSameStorage() {
        CATransaction.begin()
        defer { CATransaction.commit() }
        let easeIn = CAMediaTimingFunction(name: .easeIn)

        CATransaction.setValue(1.5, forKey: kCATransactionAnimationDuration)
        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        CATransaction.setValue(easeIn, forKey: kCATransactionAnimationTimingFunction)
        #expect(CATransaction.animationDuration() == 1.5)
        #expect(CATransaction.disableActions())
        #expect(CATransaction.animationTimingFunction() === easeIn)

        CATransaction.setAnimationDuration(0.75)
        #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 0.75)
        #expect(CATransaction.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction === easeIn)

        // NSNumber, as Objective-C code passes numbers.
        CATransaction.setValue(NSNumber(value: 3), forKey: kCATransactionAnimationDuration)
        CATransaction.setValue(NSNumber(value: false), forKey: kCATransactionDisableActions)
        #expect(CATransaction.animationDuration() == 3)
        #expect(!CATransaction.disableActions())

        var ran = false
        CATransaction.setValue({ ran = true } as () -> Void, forKey: kCATransactionCompletionBlock)
        CATransaction.completionBlock()?()
        #expect(ran)
    }

    @Test func unsetKnownKeysReadNilThroughValueForKey() {
        CATransaction.begin()
        defer { CATransaction.commit() }
        #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) == nil)
        #expect(CATransaction.value(forKey: kCATransactionDisableActions) == nil)
    }

    @Test func arbitraryKeysSearchOutwardsAndNilShadows() {
        CATransaction.begin()
        CATransaction.setValue("outer", forKey: "myKey")
        CATransaction.setValue(42, forKey: "other")
        CATransaction.begin()
        #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
        CATransaction.setValue("inner", forKey: "myKey")
        CATransaction.setValue(nil, forKey: "other")
        #expect(CATransaction.value(forKey: "myKey") as? String == "inner")
        #expect(CATransaction.value(forKey: "other") == nil, "an explicit nil hides the outer value")
        #expect(CATransaction.value(forKey: "never set") == nil)
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "myKey") as? String == "outer")
        #expect(CATransaction.value(forKey: "other") as? Int == 42)
        CATransaction.commit()
        #expect(CATransaction.value(forKey: "myKey") == nil)
    }

    @Test func wrongTypedValuesForKnownKeysAreIgnoredWithAWarning() {
        CATransaction.begin()
        defer { CATransaction.commit() }
        CATransaction.setAnimationDuration(2)
        CATransaction.setDisableActions(true)
        let before = TransactionStack.warningCount

        CATransaction.setValue("fast", forKey: kCATransactionAnimationDuration)
        CATransaction.setValue("yes", forKey: kCATransactionDisableActions)
        CATransaction.setValue(0.5, forKey: kCATransactionAnimationTimingFunction)
        CATransaction.setValue(17, forKey: kCATransactionCompletionBlock)

        #expect(TransactionStack.warningCount == before + 4)
        #expect(CATransaction.animationDuration() == 2)
        #expect(CATransaction.disableActions())
        #expect(CATransaction.animationTimingFunction() == nil)
        #expect(CATransaction.completionBlock() == nil)
    }

    @Test(arguments: [-1.0, .nan, .infinity, -.infinity])
    func invalidDurationsAreIgnoredWithAWarning(_ duration: Double) {
        CATransaction.begin()
        defer { CATransaction.commit() }
        CATransaction.setAnimationDuration(1)
        let before = TransactionStack.warningCount
        CATransaction.setAnimationDuration(duration)
        CATransaction.setValue(duration, forKey: kCATransactionAnimationDuration)
        #expect(TransactionStack.warningCount == before + 2)
        #expect(CATransaction.animationDuration() == 1)
    }

    @Test func zeroDurationIsAllowed() {
        CATransaction.begin()
        defer { CATransaction.commit() }
        CATransaction.setAnimationDuration(0)
        #expect(CATransaction.animationDuration() == 0)
    }

    @Test func aSetterWithNoTransactionOpenOpensAnImplicitOne() async {
        let result = await onNewThread {
            CATransaction.setDisableActions(true)
            let opened = (TransactionStack.depth, TransactionStack.hasImplicitTransaction, CATransaction.disableActions())
            CATransaction.flush()
            return (opened, TransactionStack.depth, CATransaction.disableActions())
        }
        #expect(result.0 == (1, true, true))
        #expect(result.1 == 0)
        #expect(result.2 == false, "the implicit transaction's value ends with it")
    }
}
