import QuartzCore
import Testing

/// Issue 14 items 3, 6 and 11: spellings that real iOS animation libraries use, on a live clock.
@Suite("Spellings of real iOS animation code")
struct LibrarySpellingsTests {
    @Test(arguments: clockOrigins)
    func transformScaleXYScalesXAndYTogether(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let pulse = CABasicAnimation(keyPath: "transform.scale.xy")
            pulse.fromValue = 0
            pulse.toValue = 1
            pulse.duration = 1
            attach(pulse, to: layer)
            let t = try shownTransform(layer, at: origin + 0.25)
            #expect(maxDifference(t, CATransform3DMakeScale(0.25, 0.25, 1)) < 1e-9, "x and y scaled, z kept")
        }
    }

    @Test func transformScaleXYReadsAndWritesThroughKeyValueCoding() throws {
        let layer = CALayer()
        layer.setValue(3, forKeyPath: "transform.scale.xy")
        #expect(maxDifference(layer.transform, CATransform3DMakeScale(3, 3, 1)) < 1e-9)
        let read = try #require((layer.value(forKeyPath: "transform.scale.xy") as? NSNumber)?.doubleValue)
        #expect(abs(read - 3) < 1e-9)
    }

    @Test(arguments: clockOrigins)
    func keyTimesEndingBeforeOneHoldTheLastValue(origin: Double) throws {
        // The library idiom: reach the value at 70 % of the duration, hold it to the end.
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [0, 1]
            fade.keyTimes = [0, 0.7]
            fade.duration = 1
            layer.opacity = 0
            attach(fade, to: layer)
            try expectOpacity(layer, at: origin + 0.35, 0.5)
            try expectOpacity(layer, at: origin + 0.7, 1)
            try expectOpacity(layer, at: origin + 0.9, 1, "held after the last key time")
        }
    }

    @Test(arguments: clockOrigins)
    func transformKeyframesEndingBeforeOneHoldTheLastValue(origin: Double) throws {
        // The general (non-numeric) path, with NSValue-boxed transforms.
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let grow = CAKeyframeAnimation(keyPath: "transform")
            grow.values = [
                NSValue(caTransform3D: CATransform3DIdentity),
                NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)),
            ]
            grow.keyTimes = [0, 0.5]
            grow.duration = 2
            attach(grow, to: layer)
            let half = try shownTransform(layer, at: origin + 0.5)
            #expect(maxDifference(half, CATransform3DMakeScale(1.5, 1.5, 1)) < 1e-9)
            let late = try shownTransform(layer, at: origin + 1.5)
            #expect(maxDifference(late, CATransform3DMakeScale(2, 2, 1)) < 1e-9)
        }
    }

    @Test func keyTimesStartingAfterZeroHoldTheFirstValue() throws {
        try onClock(at: 12_345.678) { _ in
            let layer = liveLayer()
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [0.2, 0.6]
            fade.keyTimes = [0.5, 1]
            fade.duration = 1
            attach(fade, to: layer)
            try expectOpacity(layer, at: 12_345.678 + 0.25, 0.2)
            try expectOpacity(layer, at: 12_345.678 + 0.75, 0.4)
        }
    }

    @Test func nsValueBoxesATransform() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 0, 0, 1)
        let box = NSValue(caTransform3D: t)
        #expect(box.caTransform3DValue == t)
        #expect(NSValue(caTransform3D: t) == box, "equal boxes compare equal")
        // Tried: asking a box of something else for a transform: the identity, not garbage.
        #expect(NSValue(point: NSPoint(x: 1, y: 2)).caTransform3DValue == CATransform3DIdentity)
    }

    @Test func aBoxedTransformIsAcceptedWhereverATransformIs() throws {
        let layer = CALayer()
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1)), forKey: "transform")
        #expect(layer.transform == CATransform3DMakeScale(2, 2, 1))
        let spin = CABasicAnimation(keyPath: "transform")
        spin.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        spin.toValue = NSValue(caTransform3D: CATransform3DMakeTranslation(10, 0, 0))
        try onClock(at: 1_000_000) { _ in
            let live = liveLayer()
            spin.duration = 1
            attach(spin, to: live)
            let t = try shownTransform(live, at: 1_000_000.5)
            #expect(abs(t.m41 - 5) < 1e-9)
        }
    }

    @Test(arguments: clockOrigins)
    func repeatCountHugeRepeatsForever(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let blink = CABasicAnimation(keyPath: "opacity")
            blink.fromValue = 0
            blink.toValue = 1
            blink.duration = 1
            blink.repeatCount = HUGE
            attach(blink, to: layer)
            try expectOpacity(layer, at: origin + 100_000.25, 0.25)
            #expect(HUGE == .infinity && MAXFLOAT == Float.greatestFiniteMagnitude)
        }
    }
}
