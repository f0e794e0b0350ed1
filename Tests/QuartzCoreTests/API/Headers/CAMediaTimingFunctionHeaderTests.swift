import QuartzCore
import Testing

// CAMediaTimingFunction.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and
// types, so that a missing or differently typed one fails the build.
// (`+functionWithName:` and `+functionWithControlPoints::::` import as the initialisers.)
@Suite struct CAMediaTimingFunctionHeaderTests {
    @Test func names() {
        let _: CAMediaTimingFunctionName = CAMediaTimingFunctionName(rawValue: "linear")
        #expect(CAMediaTimingFunctionName.linear.rawValue == "linear")
        #expect(CAMediaTimingFunctionName.easeIn.rawValue == "easeIn")
        #expect(CAMediaTimingFunctionName.easeOut.rawValue == "easeOut")
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
        #expect(CAMediaTimingFunctionName.default.rawValue == "default")
        let all: Set<CAMediaTimingFunctionName> = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
        #expect(all.count == 5)
    }

    @Test func initialisers() {
        let _: (CAMediaTimingFunctionName) -> CAMediaTimingFunction = CAMediaTimingFunction.init(name:)
        let _: (Float, Float, Float, Float) -> CAMediaTimingFunction = CAMediaTimingFunction.init(controlPoints:_:_:_:)
        let byName = CAMediaTimingFunction(name: .easeInEaseOut)
        let custom = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var point: [Float] = [-1, -1]
        byName.getControlPoint(at: 1, values: &point)
        #expect(point == [0.42, 0])
        byName.getControlPoint(at: 2, values: &point)
        #expect(point == [0.58, 1])
        custom.getControlPoint(at: 1, values: &point)
        #expect(point == [0.1, 0.2])
    }

    @Test func controlPoints() {
        let function = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)
        let _: (Int, UnsafeMutablePointer<Float>) -> Void = function.getControlPoint(at:values:)
        var point: [Float] = [-1, -1]
        // 'idx' is a value from 0 to 3: the end points are (0, 0) and (1, 1).
        function.getControlPoint(at: 0, values: &point)
        #expect(point == [0, 0])
        function.getControlPoint(at: 3, values: &point)
        #expect(point == [1, 1])
        // The named curves' documented control points.
        let expected: [(CAMediaTimingFunctionName, [Float])] = [
            (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
            (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (name, c) in expected {
            let f = CAMediaTimingFunction(name: name)
            var c1: [Float] = [-1, -1]
            var c2: [Float] = [-1, -1]
            f.getControlPoint(at: 1, values: &c1)
            f.getControlPoint(at: 2, values: &c2)
            #expect(c1 + c2 == c, "\(name.rawValue)")
        }
    }

    @Test func conformances() {
        let function = CAMediaTimingFunction(name: .linear)
        let _: NSSecureCoding = function
        #expect(CAMediaTimingFunction.supportsSecureCoding)
    }
}
