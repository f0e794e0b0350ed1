import QuartzCore
import StrataAnimation
import Testing

/// The numeric fast path must give what the general path gives, for every content it takes.
@Suite struct NumericFastPathTests {
    private static func animations() -> [(String, CAAnimation, AnimatableValue)] {
        let colors = CABasicAnimation(keyPath: "backgroundColor")
        colors.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        colors.toValue = CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.5)
        colors.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let byOnly = basic("position", by: CGPoint(x: 10, y: -4), duration: 1)
        byOnly.isCumulative = true
        byOnly.repeatCount = 3
        let additive = basic("bounds", from: CGRect(x: 0, y: 0, width: 1, height: 1), to: CGRect(x: 4, y: 4, width: 8, height: 8))
        additive.isAdditive = true
        additive.autoreverses = true
        additive.repeatCount = 2
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 50
        spring.initialVelocity = 3
        spring.duration = 2
        let keys = CAKeyframeAnimation(keyPath: "position")
        keys.values = [CGPoint.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 30), CGPoint(x: 0, y: 5)]
        keys.keyTimes = [0, 0.2, 0.2, 1]
        keys.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .default)]
        keys.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.4, 0.7, 1.4)
        keys.isCumulative = true
        keys.repeatCount = 2.5
        keys.duration = 2
        let discrete = CAKeyframeAnimation(keyPath: "opacity")
        discrete.values = [310, 60, 120, 60]
        discrete.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        discrete.calculationMode = .discrete
        let paced = CAKeyframeAnimation(keyPath: "bounds.size")
        paced.values = [CGSize.zero, CGSize(width: 30, height: 40), CGSize(width: 30, height: 0)]
        paced.calculationMode = .paced
        paced.duration = 1.5
        // As Lottie's in and out points are: hidden before, shown, hidden after.
        let shown = CAKeyframeAnimation(keyPath: "hidden")
        shown.values = [true, false, true]
        shown.keyTimes = [0, 0.3, 0.7, 1]
        shown.calculationMode = .discrete
        shown.duration = 2
        shown.repeatCount = 1.5
        shown.fillMode = .both
        let toOnly = basic("opacity", to: 0.25, duration: 0.7)
        toOnly.fillMode = .both
        toOnly.beginTime = 0.2
        return [
            ("colour", colors, .color(RGBA(r: 0, g: 1, b: 0, a: 1))),
            ("cumulative by", byOnly, .point(CGPoint(x: 3, y: 4))),
            ("additive rect", additive, .rect(CGRect(x: 100, y: 50, width: 20, height: 10))),
            ("spring field", spring, .point(CGPoint(x: 7, y: 9))),
            ("keyframes", keys, .point(.zero)),
            ("discrete", discrete, .scalar(1)),
            ("paced", paced, .rect(CGRect(x: 1, y: 2, width: 3, height: 4))),
            ("to only", toOnly, .scalar(0.9)),
            ("discrete bools", shown, .bool(false)),
        ]
    }

    @Test func fastAndGeneralPathsAgreeAtEveryProbedTime() throws {
        for (name, animation, base) in Self.animations() {
            let record = try #require(try records(animation).first, "\(name)")
            #expect(record.numeric != nil, "\(name) takes the fast path")
            var general = record
            general.numeric = nil
            var c1 = 0
            var c2 = 0
            for step in -10...160 {
                let t = Double(step) / 40
                let fast = record.evaluate(parentTime: t, base: base, cursor: &c1)
                let slow = general.evaluate(parentTime: t, base: base, cursor: &c2)
                #expect(close(fast, slow), "\(name) at t \(t): \(String(describing: fast)) vs \(String(describing: slow))")
            }
        }
    }

    @Test(arguments: [0.0, 1_000_000.0, 0.37])
    func compactFormAgreesWithTheRecord(origin: Double) throws {
        // All the animations in one table (sharing its curves and pools), each evaluated through
        // it, against the record itself.
        var table = NumericAnimationTable()
        var compacts: [(String, AnimationRecord, NumericAnimation, AnimatableValue)] = []
        for (name, animation, base) in Self.animations() {
            animation.beginTime += origin
            let record = try #require(try records(animation).first, "\(name)")
            compacts.append((name, record, try compact(record, in: &table, name), base))
        }
        for i in compacts.indices {
            let (name, record, _, base) = compacts[i]
            let shape = try #require(record.numeric?.shape)
            let underlying = shape.lanes(record.key.read(from: base)) ?? SIMD4()
            #expect(compacts[i].2.readsUnderlying == record.needsUnderlying, "\(name)")
            var c1 = 0, c2 = 0
            for step in -10...160 {
                let t = origin + Double(step) / 40
                let viaRecord = record.evaluate(parentTime: t, base: base, cursor: &c1)
                let lanes = table.withFrame {
                    NumericAnimation.evaluate(&compacts[i].2, in: $0, parentTime: t, underlying: underlying, cursor: &c2)
                }
                let viaCompact = lanes.map { record.key.write(shape.value($0), into: base) }
                #expect(close(viaRecord, viaCompact), "\(name) at t \(t)")
            }
        }
        let grouped = CAAnimationGroup()
        grouped.animations = [basic("opacity", from: 0, to: 1)]
        let groupedRecord = try records(grouped)[0]
        let added = table.add(groupedRecord)
        #expect(added == nil, "records inside groups have no compact form")
    }


    @Test func nonNumericContentStaysOnTheGeneralPath() throws {
        let t = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeScale(2, 2, 1))
        #expect(try records(t).first?.numeric == nil)
        let f = basic("transform", from: 0, to: 1)
        f.valueFunction = CAValueFunction(name: .rotateZ)
        #expect(try records(f).first?.numeric == nil)
        let cubic = CAKeyframeAnimation(keyPath: "opacity")
        cubic.values = [0, 1, 0]
        cubic.calculationMode = .cubic
        #expect(try records(cubic).first?.numeric == nil)
        // Bools switch: linear keyframes (switching halfway), basic animations and additive or
        // cumulative records stay on the general path, whose rules for them differ from lanes'.
        let linearBools = CAKeyframeAnimation(keyPath: "hidden")
        linearBools.values = [true, false]
        #expect(try records(linearBools).first?.numeric == nil)
        let basicBool = basic("hidden", from: true, to: false)
        #expect(try records(basicBool).first?.numeric == nil)
        let additiveBools = CAKeyframeAnimation(keyPath: "hidden")
        additiveBools.values = [true, false]
        additiveBools.calculationMode = .discrete
        additiveBools.isAdditive = true
        #expect(try records(additiveBools).first?.numeric == nil)
    }

    /// Equal within 1e-9 per component (the two paths may round differently in the last bits).
    private func close(_ a: AnimatableValue?, _ b: AnimatableValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?):
            guard let shape = NumericShape(a), let la = shape.lanes(a), let lb = shape.lanes(b) else { return a == b }
            let d = la - lb
            return max(abs(d.x), abs(d.y), abs(d.z), abs(d.w)) < 1e-9
        default: return false
        }
    }
}
