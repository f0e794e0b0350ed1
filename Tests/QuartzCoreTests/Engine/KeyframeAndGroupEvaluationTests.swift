import QuartzCore
import StrataAnimation
import Testing

@Suite struct KeyframeAndGroupEvaluationTests {
    @Test func animationTimingRunsFirstThenTheSegmentFunction() throws {
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [0, 10, 20]
        a.keyTimes = [0, 0.5, 1]
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        a.timingFunction = CAMediaTimingFunction(name: .easeOut)
        a.duration = 1
        let easeOut = CAMediaTimingFunction(name: .easeOut)
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        for t in [0.1, 0.2, 0.3, 0.6, 0.9] {
            let p = Double(easeOut.value(at: Float(t)))
            let expected = p < 0.5 ? 10 * Double(easeIn.value(at: Float(p / 0.5))) : 10 + 10 * (p - 0.5) / 0.5
            let v = try #require(try value(of: a, at: t, base: .scalar(0))?.scalarValue)
            #expect(abs(v - expected) < 1e-5, "t \(t)")
        }
    }

    @Test func keyframePathsMovePointsAlongThePath() throws {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.values = [CGPoint(x: -1, y: -1)]  // ignored: the path wins
        a.duration = 2
        a.calculationMode = .paced
        let p = try #require(try value(of: a, at: 1.5, base: .point(.zero))?.pointValue)
        #expect(abs(p.x - 100) < 1e-6 && abs(p.y - 50) < 1e-6)
    }

    @Test func groupsClipChildrenAndTimeThemFromTheGroupStart() throws {
        let child = basic("opacity", from: 0, to: 1, duration: 2)
        let late = basic("opacity", from: 0, to: 1, duration: 1)
        late.beginTime = 0.5
        let group = CAAnimationGroup()
        group.animations = [child, late]
        group.duration = 1
        let recs = try records(group)
        #expect(recs.count == 2)
        var c = 0
        #expect(recs[0].evaluate(parentTime: 0.5, base: .scalar(9), cursor: &c)?.scalarValue == 0.25)
        #expect(recs[0].evaluate(parentTime: 1.5, base: .scalar(9), cursor: &c) == nil, "clipped by the group")
        #expect(recs[1].evaluate(parentTime: 0.25, base: .scalar(9), cursor: &c) == nil, "not begun in group time")
        #expect(recs[1].evaluate(parentTime: 0.75, base: .scalar(9), cursor: &c)?.scalarValue == 0.25)
    }

    @Test func childrenWithoutDurationLastAsLongAsTheGroup() throws {
        let child = basic("opacity", from: 0, to: 1, duration: 0)
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        var c = 0
        #expect(try records(group)[0].evaluate(parentTime: 1, base: .scalar(0), cursor: &c)?.scalarValue == 0.5)
    }

    @Test func aGroupTimingFunctionWarpsItsChildren() throws {
        let group = CAAnimationGroup()
        group.animations = [basic("opacity", from: 0, to: 1, duration: 1)]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeIn)
        var c = 0
        let v = try #require(try records(group)[0].evaluate(parentTime: 0.5, base: .scalar(0), cursor: &c)?.scalarValue)
        #expect(abs(v - Double(CAMediaTimingFunction(name: .easeIn).value(at: 0.5))) < 1e-6)
    }

    @Test func transitionsAnimatePicturesNotProperties() throws {
        #expect(try records(CATransition()).isEmpty)
    }
}

@Suite struct AnimationBadInputTests {
    private func error(_ animation: CAAnimation) -> String? {
        if case .failure(let e) = AnimationCompiler().compile(animation) { return e.message }
        return nil
    }

    @Test func unknownKeyPathsAreRefusedWithTheirName() {
        // Bad input: a misspelt key path, and none at all.
        #expect(error(basic("positon.x", from: 0, to: 1))?.contains("positon") == true)
        #expect(error(CABasicAnimation())?.contains("keyPath") == true)
    }

    @Test func valuesOfTheWrongTypeAreRefusedWithAClearMessage() {
        // Bad input: a String where a CGPoint belongs, a CGPoint among numbers.
        #expect(error(basic("position", from: "left", to: CGPoint.zero)) == "fromValue for 'position' must be a CGPoint, got String")
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.values = [0, CGPoint.zero]
        #expect(error(k)?.contains("values[1]") == true)
    }

    @Test func emptyKeyframesAreRefused() {
        // Bad input: no values at all.
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.values = []
        #expect(error(k) != nil)
    }

    @Test func badTimingFallsBackAsDocumented() throws {
        // Bad input: NaN duration (→ default 0.25 s), negative repeatCount (→ 0), NaN beginTime (→ 0).
        let a = basic("opacity", from: 0, to: 1, duration: .nan)
        a.repeatCount = -3
        a.beginTime = .nan
        #expect(try value(of: a, at: 0.125, base: .scalar(0))?.scalarValue == 0.5)
        #expect(try value(of: a, at: 0.3, base: .scalar(0)) == nil)
    }

    @Test func mismatchedKeyTimesFallBackToEvenSpacing() throws {
        // Bad input: 3 values with 2 key times.
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.values = [0, 1, 0]
        k.keyTimes = [0, 1]
        k.duration = 1
        #expect(try value(of: k, at: 0.5, base: .scalar(0))?.scalarValue == 1)
    }
}
