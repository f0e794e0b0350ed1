import QuartzCore
import Testing

// CABase.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and type, so that a
// missing or differently typed one fails the build. (The rest of the header is C macros.)
@Suite struct CABaseHeaderTests {
    @Test func currentMediaTime() {
        let _: () -> CFTimeInterval = CACurrentMediaTime
        let first = CACurrentMediaTime()
        // Exact: a plain `let _: CFTimeInterval = …` would also accept a CGFloat, converted implicitly.
        let _: CFTimeInterval.Type = type(of: first)
        let second = CACurrentMediaTime()
        #expect(first.isFinite && first >= 0)
        #expect(second >= first, "media time is monotonic")
    }
}
