import QuartzCore
import Testing

@Suite struct CALayerAnimationTests {
    @Test func addCopiesTheAnimation() throws {
        let layer = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 3
        layer.add(a, forKey: "fade")
        a.duration = 9
        let attached = try #require(layer.animation(forKey: "fade"))
        #expect(attached !== a && attached.duration == 3)
    }

    @Test func keysKeepOrderReplaceAndTransitionsUseTheirKey() {
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "a")
        layer.add(CABasicAnimation(keyPath: "position"), forKey: "b")
        layer.add(CABasicAnimation(keyPath: "bounds"), forKey: "a")
        #expect(layer.animationKeys() == ["b", "a"], "a re-added key moves to the end (spec §10.5)")
        layer.add(CATransition(), forKey: "whatever")
        #expect(layer.animationKeys()?.last == "transition")
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: nil)
        #expect(layer.animationKeys()?.count == 3, "unnamed animations are not listed")
        layer.removeAnimation(forKey: "b")
        #expect(layer.animationKeys() == ["a", "transition"])
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil)
    }

    @Test func zeroDurationTakesTheTransactionsOnTheCopy() throws {
        let layer = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        layer.add(a, forKey: "x")
        #expect(a.duration == 0 && layer.animation(forKey: "x")?.duration == 0.25)
    }

    @Test func replacedAndRemovedAnimationsReportUnfinished() async {
        let recorder = StopRecorder()
        let layer = CALayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.delegate = recorder
        layer.add(a, forKey: "k")
        let b = CABasicAnimation(keyPath: "position")
        b.delegate = recorder
        layer.add(b, forKey: "k")
        layer.removeAnimation(forKey: "k")
        #expect(await eventually { recorder.stopped.count == 2 })
        #expect(recorder.stopped.map(\.0) == ["opacity", "position"] && recorder.stopped.allSatisfy { !$0.1 })
    }

    @Test func animationsOnUnknownKeyPathsAreKeptWithoutEffect() {
        // Bad input: a misspelt key path.
        let layer = CALayer()
        let a = CABasicAnimation(keyPath: "opacitty")
        a.fromValue = 0
        a.toValue = 1
        layer.add(a, forKey: "typo")
        #expect(layer.animationKeys() == ["typo"])
        CATransaction.flush()
        #expect(layer.presentation()?.opacity == 1)
    }
}

@Suite struct CALayerPresentationTests {
    @Test func presentationIsNilBeforeTheFirstCommit() {
        #expect(CALayer().presentation() == nil)
        #expect(committedLayer().presentation() != nil)
    }

    @Test(arguments: clockOrigins)
    func presentationShowsAnimationsAtTheCurrentMediaTime(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        MediaClock.withClock(clock) {
            let layer = committedLayer()
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0
            a.toValue = 100
            a.duration = 2
            CATransaction.begin()
            layer.add(a, forKey: "move")
            CATransaction.commit()
            clock.advance(by: 0.5)
            let p = layer.presentation()
            #expect(abs((p?.position.x ?? .nan) - 25) < 1e-9)
            #expect(layer.position.x == 0, "the model is untouched")
            #expect(p?.model() === layer && layer.model() === layer)
            clock.advance(by: 2)
            #expect(layer.presentation()?.position.x == 0, "removed fill after the end")
        }
    }

    @Test(arguments: clockOrigins)
    func implicitAnimationStartsFromWhereTheLayerAppears(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        MediaClock.withClock(clock) {
            let layer = committedLayer()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.opacity = 0
            CATransaction.commit()
            clock.advance(by: 0.5)
            #expect(abs(presentedOpacity(layer) - 0.5) < 1e-6)
            // Changing it in flight starts the new animation from 0.5, where it appears.
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.opacity = 1
            CATransaction.commit()
            #expect(abs(presentedOpacity(layer) - 0.5) < 1e-6)
            clock.advance(by: 0.5)
            #expect(abs(presentedOpacity(layer) - 0.75) < 1e-6)
        }
    }

    @Test(arguments: clockOrigins)
    func layerTimingPausesAndResumesItsAnimations(origin: Double) throws {
        // Technical Q&A QA1673's recipe, on a manual clock.
        let clock = MediaClock.Manual(time: origin)
        MediaClock.withClock(clock) {
            let layer = committedLayer()
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0
            a.toValue = 1
            a.duration = 4
            CATransaction.begin()
            layer.add(a, forKey: "fade")
            CATransaction.commit()
            clock.advance(by: 1)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = paused
            CATransaction.commit()
            clock.advance(by: 10)
            #expect(abs(presentedOpacity(layer) - 0.25) < 1e-6, "frozen while paused")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let pausedTime = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
            CATransaction.commit()
            #expect(abs(presentedOpacity(layer) - 0.25) < 1e-6, "continuous at resume")
            clock.advance(by: 1)
            #expect(abs(presentedOpacity(layer) - 0.5) < 1e-6)
        }
    }

    @Test(arguments: clockOrigins)
    func naturalEndReportsFinishedAndRemovesTheAnimation(origin: Double) async throws {
        let clock = MediaClock.Manual(time: origin)
        let recorder = StopRecorder()
        let layer = MediaClock.withClock(clock) { committedLayer() }
        MediaClock.withClock(clock) {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0
            a.toValue = 1
            a.duration = 1
            a.delegate = recorder
            CATransaction.begin()
            layer.add(a, forKey: "fade")
            CATransaction.commit()
            clock.advance(by: 0.5)
            layer.processAnimationEvents(at: CACurrentMediaTime())
            clock.advance(by: 1)
            layer.processAnimationEvents(at: CACurrentMediaTime())
        }
        #expect(await eventually { recorder.stopped.count == 1 })
        #expect(recorder.started == ["opacity"] && recorder.stopped.first?.1 == true)
        #expect(layer.animationKeys() == nil, "removed on completion")
    }
}

private func presentedOpacity(_ layer: CALayer) -> Float {
    layer.presentation()?.opacity ?? .nan
}

@Suite struct CALayerDiscretePropertyTests {
    @Test(arguments: clockOrigins)
    func animatingFromANilShadowPathApplies(origin: Double) {
        let clock = MediaClock.Manual(time: origin)
        MediaClock.withClock(clock) {
            let layer = committedLayer()
            let path = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
            let a = CABasicAnimation(keyPath: "shadowPath")
            a.toValue = path
            a.duration = 1
            CATransaction.begin()
            layer.add(a, forKey: "shadow")
            CATransaction.commit()
            clock.advance(by: 0.25)
            #expect(layer.presentation()?.shadowPath == nil, "paths switch half way")
            clock.advance(by: 0.5)
            #expect(layer.presentation()?.shadowPath == path)
        }
    }
}

@Suite struct CALayerPresentationTreeTests {
    @Test(arguments: clockOrigins)
    func hitTestingThePresentationTreeFindsMovingLayersWhereTheyAppear(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let root = CALayer()
            let mover = CALayer()
            root.addSublayer(mover)
            CATransaction.begin()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
            root.position = CGPoint(x: 100, y: 50)
            mover.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            mover.position = CGPoint(x: 20, y: 50)
            CATransaction.commit()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 20
            move.toValue = 180
            move.duration = 1
            CATransaction.begin()
            mover.add(move, forKey: "move")
            CATransaction.commit()
            clock.advance(by: 0.5)
            let presented = try #require(root.presentation())
            // Points in root's superlayer space: the root's frame starts at (0, 0).
            let hit = presented.hitTest(CGPoint(x: 100, y: 50))
            #expect(hit?.model() === mover, "the mover appears at x = 100 half way")
            #expect(presented.hitTest(CGPoint(x: 20, y: 50))?.model() === root, "not where its model is")
            #expect(root.hitTest(CGPoint(x: 20, y: 50)) === mover, "the model tree answers for model positions")
            #expect(presented.sublayers?.first?.superlayer === presented)
        }
    }
}
