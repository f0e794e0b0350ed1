import QuartzCore
import StrataAnimation
import Testing

@Suite struct BasicAnimationEvaluationTests {
    @Test func linearInterpolationWithinTheActiveDurationOnly() throws {
        let a = basic("opacity", from: 0, to: 1, duration: 2)
        #expect(try value(of: a, at: 0.5, base: .scalar(0.7))?.scalarValue == 0.25)
        #expect(try value(of: a, at: 2, base: .scalar(0.7)) == nil, "removed fill: nothing after the end")
        #expect(try value(of: a, at: -0.1, base: .scalar(0.7)) == nil, "nothing before the start")
        a.fillMode = .both
        #expect(try value(of: a, at: 5, base: .scalar(0.7))?.scalarValue == 1)
        #expect(try value(of: a, at: -3, base: .scalar(0.7))?.scalarValue == 0)
    }

    @Test(arguments: [
        // (from, to, by, expected at p = 0.5 over a current value of 10)
        (2.0 as Double?, 8.0 as Double?, nil as Double?, 5.0),
        (2, nil, 3, 3.5),
        (nil, 8, 3, 6.5),
        (2, nil, nil, 6),
        (nil, 8, nil, 9),
        (nil, nil, 3, 11.5),
        (nil, nil, nil, 10),
        (2, 8, 100, 5),  // all three: byValue ignored
    ])
    func fromToByTableOfTheSpec(from: Double?, to: Double?, by: Double?, expected: Double) throws {
        let a = basic("opacity", from: from, to: to, by: by, duration: 1)
        let v = try #require(try value(of: a, at: 0.5, base: .scalar(10))?.scalarValue)
        #expect(abs(v - expected) < 1e-12)
    }

    @Test func zeroDurationTakesTheDefaultQuarterSecond() throws {
        let a = basic("opacity", from: 0, to: 1, duration: 0)
        #expect(try value(of: a, at: 0.125, base: .scalar(1))?.scalarValue == 0.5)
        #expect(a.duration == 0, "the caller's animation keeps its duration")
    }

    @Test func timingFunctionShapesTheProgress() throws {
        let a = basic("opacity", from: 0, to: 1, duration: 1)
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let v = try #require(try value(of: a, at: 0.3, base: .scalar(0))?.scalarValue)
        #expect(abs(v - Double(CAMediaTimingFunction(name: .easeIn).value(at: 0.3))) < 1e-6)
        #expect(v < 0.3)
    }

    @Test func structFieldKeyPathsChangeOnlyTheirField() throws {
        let a = basic("position.x", from: 0, to: 10)
        #expect(try value(of: a, at: 0.5, base: .point(CGPoint(x: 5, y: 7)))?.pointValue == CGPoint(x: 5, y: 7))
        let b = basic("bounds.size.width", from: 0, to: 100)
        let r = try value(of: b, at: 0.25, base: .rect(CGRect(x: 1, y: 2, width: 3, height: 4)))
        #expect(r == .rect(CGRect(x: 1, y: 2, width: 25, height: 4)))
    }

    @Test func rotationKeyPathTurnsFullCirclesButTransformMatricesDoNot() throws {
        let spin = basic("transform.rotation.z", from: 0, to: 2 * Double.pi)
        let quarter = try #require(try value(of: spin, at: 0.25, base: .transform(CATransform3DIdentity))?.transformValue)
        #expect(abs(quarter.m11) < 1e-12 && abs(quarter.m12 - 1) < 1e-12, "a quarter of the way is 90°")
        let matrix = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(2 * .pi, 0, 0, 1))
        let mid = try #require(try value(of: matrix, at: 0.5, base: .transform(CATransform3DIdentity))?.transformValue)
        #expect(abs(mid.m11 - 1) < 1e-9 && abs(mid.m12) < 1e-9, "identity to 2π shows no motion")
        let quarterTurn = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let half = try #require(try value(of: quarterTurn, at: 0.5, base: .transform(CATransform3DIdentity))?.transformValue)
        #expect(abs(half.m11 - cos(Double.pi / 4)) < 1e-9 && abs(half.m12 - sin(Double.pi / 4)) < 1e-9)
    }

    @Test func valueFunctionsBuildTransformsFromNumbers() throws {
        let a = basic("transform", from: 0, to: Double.pi)
        a.valueFunction = CAValueFunction(name: .rotateZ)
        let t = try #require(try value(of: a, at: 0.5, base: .transform(CATransform3DIdentity))?.transformValue)
        #expect(abs(t.m11) < 1e-12 && abs(t.m12 - 1) < 1e-12)
        let s = basic("transform", from: [0, 0, 0], to: [2, 4, 6])
        s.valueFunction = CAValueFunction(name: .scale)
        let m = try #require(try value(of: s, at: 0.5, base: .transform(CATransform3DIdentity))?.transformValue)
        #expect(m.m11 == 1 && m.m22 == 2 && m.m33 == 3)
    }

    @Test func additiveAnimationsAddToTheUnderlyingValue() throws {
        let a = basic("position", from: CGPoint.zero, to: CGPoint(x: 10, y: 0))
        a.isAdditive = true
        #expect(try value(of: a, at: 0.5, base: .point(CGPoint(x: 100, y: 100)))?.pointValue == CGPoint(x: 105, y: 100))
    }

    @Test func cumulativeRepeatsContinueFromTheLastEnd() throws {
        let a = basic("position.x", from: 0, to: 10)
        a.repeatCount = 3
        a.isCumulative = true
        let v = try value(of: a, at: 1.5, base: .point(.zero))?.pointValue
        #expect(v == CGPoint(x: 15, y: 0))
        let last = try value(of: a, at: 2.75, base: .point(.zero))?.pointValue
        #expect(last == CGPoint(x: 27.5, y: 0))
    }

    @Test func autoreverseAndRepeatFollowTheTimingModel() throws {
        let a = basic("opacity", from: 0, to: 1, duration: 1)
        a.autoreverses = true
        a.repeatCount = 1.5
        a.fillMode = .forwards
        #expect(try value(of: a, at: 1.25, base: .scalar(0))?.scalarValue == 0.75, "backward leg")
        #expect(try value(of: a, at: 2.5, base: .scalar(0))?.scalarValue == 0.5, "second forward leg")
        #expect(try value(of: a, at: 10, base: .scalar(0))?.scalarValue == 1, "1.5 cycles end on the forward leg")
    }

    @Test func springFollowsTheClosedFormInSecondsOfLocalTime() throws {
        let a = CASpringAnimation(keyPath: "position.y")
        a.fromValue = 0
        a.toValue = 100
        a.duration = a.settlingDuration
        // Defaults: m 1, k 100, c 10 ⇒ ω0 = 10, ζ = 0.5, ωd = 10·√0.75.
        for t in [0.05, 0.2, 0.5, 1.0] {
            let wd = 10 * 0.75.squareRoot()
            let x = exp(-5 * t) * (cos(wd * t) + (5 / wd) * sin(wd * t))
            let y = try #require(try value(of: a, at: t, base: .point(.zero))?.pointValue?.y)
            #expect(abs(y - 100 * (1 - x)) < 1e-9, "t \(t)")
        }
        #expect(abs(a.settlingDuration - 1.447) < 0.01)
    }

    @Test func speedZeroFreezesTheAnimationAtItsTimeOffset() throws {
        let a = basic("opacity", from: 0, to: 1, duration: 4)
        a.speed = 0
        a.timeOffset = 1
        for t in [0.0, 3, 100] {
            #expect(try value(of: a, at: t, base: .scalar(0))?.scalarValue == 0.25)
        }
    }
}
