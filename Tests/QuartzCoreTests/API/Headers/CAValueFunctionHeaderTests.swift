import QuartzCore
import Testing

// CAValueFunction.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `+functionWithName:` imports as the
// failable `init?(name:)`.
@Suite struct CAValueFunctionHeaderTests {
    @Test func initialiserAndName() {
        let _: (CAValueFunctionName) -> CAValueFunction? = CAValueFunction.init(name:)
        let function = CAValueFunction(name: .rotateZ)
        let _: CAValueFunctionName? = function?.name
        #expect(function?.name == .rotateZ)
        #expect(CAValueFunction(name: CAValueFunctionName(rawValue: "noSuchFunction")) == nil)
        // Used through CAPropertyAnimation.valueFunction.
        let animation = CABasicAnimation(keyPath: "transform")
        animation.valueFunction = CAValueFunction(name: .scale)
        #expect(animation.valueFunction?.name == .scale)
    }

    @Test func names() {
        let _: CAValueFunctionName = CAValueFunctionName(rawValue: "rotateX")
        let names: [(CAValueFunctionName, String)] = [
            (.rotateX, "rotateX"), (.rotateY, "rotateY"), (.rotateZ, "rotateZ"),
            (.scale, "scale"), (.scaleX, "scaleX"), (.scaleY, "scaleY"), (.scaleZ, "scaleZ"),
            (.translate, "translate"), (.translateX, "translateX"), (.translateY, "translateY"), (.translateZ, "translateZ"),
        ]
        for (name, raw) in names {
            #expect(name.rawValue == raw)
            #expect(CAValueFunction(name: name)?.name == name)
        }
    }

    @Test func conformances() throws {
        let function = try #require(CAValueFunction(name: .translateX))
        let _: NSSecureCoding = function
        #expect(CAValueFunction.supportsSecureCoding)
    }
}
