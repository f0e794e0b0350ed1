import QuartzCore
import Testing

@Suite struct CAMediaTimingFunctionTests {
    private func controlPoints(_ f: CAMediaTimingFunction) -> [[Float]] {
        (0...3).map { i in
            var p: [Float] = [0, 0]
            f.getControlPoint(at: i, values: &p)
            return p
        }
    }

    @Test(arguments: [
        (CAMediaTimingFunctionName.linear, [[0, 0], [0, 0], [1, 1], [1, 1]] as [[Float]]),
        (.easeIn, [[0, 0], [0.42, 0], [1, 1], [1, 1]]),
        (.easeOut, [[0, 0], [0, 0], [0.58, 1], [1, 1]]),
        (.easeInEaseOut, [[0, 0], [0.42, 0], [0.58, 1], [1, 1]]),
        (.default, [[0, 0], [0.25, 0.1], [0.25, 1], [1, 1]]),
    ])
    func namedFunctionsHaveApplesControlPoints(name: CAMediaTimingFunctionName, points: [[Float]]) {
        #expect(controlPoints(CAMediaTimingFunction(name: name)) == points)
    }

    @Test func easeInEaseOutIsSymmetricAndPassesThroughTheMiddle() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(abs(f.value(at: 0.5) - 0.5) < 1e-6)
        for x: Float in [0.1, 0.2, 0.3, 0.4] {
            #expect(abs(f.value(at: x) + f.value(at: 1 - x) - 1) < 1e-5)
        }
        #expect(f.value(at: 0) == 0 && f.value(at: 1) == 1)
    }

    @Test func customControlPointsMayOvershoot() {
        let f = CAMediaTimingFunction(controlPoints: 0.5, -0.8, 0.5, 1.85)
        #expect(controlPoints(f)[1] == [0.5, -0.8])
        let samples = stride(from: Float(0), through: 1, by: 0.01).map { f.value(at: $0) }
        #expect(samples.min()! < 0 && samples.max()! > 1)
    }

    @Test func badControlPointsFallBackToLinear() {
        // Bad input: NaN control points and an index outside 0...3.
        let f = CAMediaTimingFunction(controlPoints: .nan, 0, 1, 1)
        #expect(f == CAMediaTimingFunction(name: .linear))
        var p: [Float] = [7, 7]
        f.getControlPoint(at: 4, values: &p)
        #expect(p == [7, 7], "nothing written for index 4")
        #expect(CAMediaTimingFunction(name: CAMediaTimingFunctionName("bogus")) == CAMediaTimingFunction(name: .linear))
    }
}
