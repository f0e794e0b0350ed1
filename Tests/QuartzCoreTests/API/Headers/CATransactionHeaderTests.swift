import QuartzCore
import Testing

// CATransaction.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. Every change here is made inside an
// explicit transaction, so nothing leaks into other tests on the thread.
@Suite struct CATransactionHeaderTests {
    @Test func scopesAndLock() {
        let _: () -> Void = CATransaction.begin
        let _: () -> Void = CATransaction.commit
        let _: () -> Void = CATransaction.flush
        let _: () -> Void = CATransaction.lock
        let _: () -> Void = CATransaction.unlock
        CATransaction.lock()
        CATransaction.unlock()
        CATransaction.begin()
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() != 3, "a nested scope's values end with it")
        CATransaction.commit()
        CATransaction.flush()
    }

    @Test func properties() {
        let _: () -> CFTimeInterval = CATransaction.animationDuration
        let _: (CFTimeInterval) -> Void = CATransaction.setAnimationDuration
        let _: () -> CAMediaTimingFunction? = CATransaction.animationTimingFunction
        let _: (CAMediaTimingFunction?) -> Void = CATransaction.setAnimationTimingFunction
        let _: () -> Bool = CATransaction.disableActions
        let _: (Bool) -> Void = CATransaction.setDisableActions
        let _: () -> (() -> Void)? = CATransaction.completionBlock
        let _: ((() -> Void)?) -> Void = CATransaction.setCompletionBlock
        let _: CFTimeInterval.Type = type(of: CATransaction.animationDuration())
        let _: CAMediaTimingFunction?.Type = type(of: CATransaction.animationTimingFunction())

        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 0.25, "defaults to 1/4s")
        #expect(!CATransaction.disableActions(), "implicit animations are enabled by default")
        #expect(CATransaction.animationTimingFunction() == nil)
        CATransaction.setAnimationDuration(1.5)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock {}
        #expect(CATransaction.animationDuration() == 1.5)
        #expect(CATransaction.animationTimingFunction() != nil)
        #expect(CATransaction.disableActions())
        #expect(CATransaction.completionBlock() != nil)
        CATransaction.setAnimationTimingFunction(nil)
        CATransaction.setCompletionBlock(nil)
        CATransaction.commit()
    }

    @Test func keyedValues() {
        let _: (String) -> Any? = CATransaction.value(forKey:)
        let _: (Any?, String) -> Void = CATransaction.setValue(_:forKey:)
        let _: String = kCATransactionAnimationDuration
        let _: String = kCATransactionDisableActions
        let _: String = kCATransactionAnimationTimingFunction
        let _: String = kCATransactionCompletionBlock
        #expect(kCATransactionAnimationDuration == "animationDuration")
        #expect(kCATransactionDisableActions == "disableActions")
        #expect(kCATransactionAnimationTimingFunction == "animationTimingFunction")
        #expect(kCATransactionCompletionBlock == "completionBlock")

        CATransaction.begin()
        // The keyed accessors and the typed ones are the same transaction properties.
        CATransaction.setValue(NSNumber(value: 2.0), forKey: kCATransactionAnimationDuration)
        #expect(CATransaction.animationDuration() == 2)
        CATransaction.setDisableActions(true)
        let disabled = CATransaction.value(forKey: kCATransactionDisableActions)
        #expect((disabled as? Bool) == true || (disabled as? NSNumber)?.boolValue == true)
        CATransaction.setValue("custom", forKey: "strataHeaderTestKey")
        #expect(CATransaction.value(forKey: "strataHeaderTestKey") as? String == "custom")
        CATransaction.commit()
    }
}
