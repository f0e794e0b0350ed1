import QuartzCore
import Testing

// CAFrameRateRange.h (iOS 16.5 SDK), as Swift sees it: every public symbol, with Apple's Swift
// spelling and types, so that a missing or differently typed one fails the build.
// `CAFrameRateRangeMake` is CF_SWIFT_UNAVAILABLE (the initialiser replaces it),
// `CAFrameRateRangeIsEqualToRange` and the C field `preferred` are CF_REFINED_FOR_SWIFT: Swift
// sees `preferred` as `Float?` and the ranges as Equatable.
@Suite struct CAFrameRateRangeHeaderTests {
    @Test func fieldsAndInitialisers() {
        let zero = CAFrameRateRange()
        let _: Float = zero.minimum
        let _: Float = zero.maximum
        #expect(zero.minimum == 0 && zero.maximum == 0)

        var range = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)
        let _: (Float, Float, Float?) -> CAFrameRateRange = CAFrameRateRange.init(minimum:maximum:preferred:)
        // Exact: `Float?` (a plain `let _: Float? = x` would also accept a Float).
        let _: Float?.Type = type(of: range.preferred)
        #expect(range.minimum == 30 && range.maximum == 120 && range.preferred == 60)
        range.minimum = 10
        range.maximum = 60
        range.preferred = nil
        range.preferred = 30
        #expect(range.minimum == 10 && range.maximum == 60 && range.preferred == 30)

        let noPreference = CAFrameRateRange(minimum: 30, maximum: 60)
        #expect(noPreference.minimum == 30 && noPreference.maximum == 60)
    }

    @Test func defaultAndEquality() {
        let _: CAFrameRateRange = CAFrameRateRange.default
        #expect(CAFrameRateRange.default.minimum == 0 && CAFrameRateRange.default.maximum == 0)
        let a = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 120)
        #expect(a == CAFrameRateRange(minimum: 30, maximum: 120, preferred: 120))
        #expect(a != CAFrameRateRange.default)
    }

    @Test func usedByAnimationsAndDisplayLinks() {
        let animation = CABasicAnimation(keyPath: "opacity")
        let _: CAFrameRateRange = animation.preferredFrameRateRange
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
        #expect(animation.preferredFrameRateRange.maximum == 60)
        let link = CADisplayLink(handler: { _ in })  // Linux: Apple's CADisplayLink(target:selector:)
        let _: CAFrameRateRange = link.preferredFrameRateRange
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 30, preferred: 30)
        #expect(link.preferredFrameRateRange.minimum == 30)
        link.invalidate()
    }
}
