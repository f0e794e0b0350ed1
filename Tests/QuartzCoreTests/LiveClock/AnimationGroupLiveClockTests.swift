import QuartzCore
import Testing

/// Issue 14, items 1 and 2: a group added with the default beginTime starts at the commit time
/// and its children's beginTimes count from the group's start, whatever the clock's origin; one
/// bad child leaves its siblings running.
@Suite("Animation groups on a live clock")
struct AnimationGroupLiveClockTests {
    private func opacityGroup(childBegin: Double = 0) -> CAAnimationGroup {
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.2
        a.toValue = 0.4
        a.duration = 1
        a.beginTime = childBegin
        let g = CAAnimationGroup()
        g.animations = [a]
        g.duration = 3
        return g
    }

    @Test(arguments: clockOrigins)
    func aGroupStartsAtTheCommitTime(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            attach(opacityGroup(), to: layer)
            // 0.25 s in: a quarter of the child's 0.2 → 0.4.
            try expectOpacity(layer, at: origin + 0.25, 0.25)
            try expectOpacity(layer, at: origin + 0.75, 0.35)
            // The child is over at 1 s (removed fill): the model value until the group ends.
            try expectOpacity(layer, at: origin + 2, 1)
        }
    }

    @Test(arguments: clockOrigins)
    func aChildsBeginTimeCountsFromTheGroupsStart(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            attach(opacityGroup(childBegin: 0.5), to: layer)
            try expectOpacity(layer, at: origin + 0.25, 1, "before the child begins: the model")
            try expectOpacity(layer, at: origin + 0.75, 0.25)
            try expectOpacity(layer, at: origin + 1.25, 0.35)
        }
    }

    @Test(arguments: clockOrigins)
    func aGroupWithAnExplicitBeginTimeKeepsIt(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let g = opacityGroup(childBegin: 0.5)
            // The classic delayed start: the layer's current time plus one second.
            g.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
            g.fillMode = .backwards
            attach(g, to: layer)
            try expectOpacity(layer, at: origin + 1.25, 1)
            try expectOpacity(layer, at: origin + 1.75, 0.25)
        }
    }

    @Test(arguments: clockOrigins)
    func nestedGroupsOffsetTheirChildrenFromTheOuterStart(origin: Double) throws {
        try onClock(at: origin) { _ in
            let layer = liveLayer()
            let inner = opacityGroup(childBegin: 0.5)
            inner.beginTime = 1
            let outer = CAAnimationGroup()
            outer.animations = [inner]
            outer.duration = 5
            attach(outer, to: layer)
            // Child starts 1 + 0.5 s after the outer group's start.
            try expectOpacity(layer, at: origin + 1.25, 1)
            try expectOpacity(layer, at: origin + 1.75, 0.25)
        }
    }

    @Test(arguments: clockOrigins)
    func aGroupsCallbacksArriveAtItsEnd(origin: Double) async throws {
        let recorder = StopRecorder()
        let layer = onClock(at: origin) { _ -> CALayer in
            let layer = liveLayer()
            let g = opacityGroup()
            g.delegate = recorder
            attach(g, to: layer)
            layer.processAnimationEvents(at: origin + 0.1)
            layer.processAnimationEvents(at: origin + 2.9)
            return layer
        }
        #expect(await eventually { recorder.started.count == 1 })
        #expect(recorder.stopped.isEmpty, "not over at 2.9 s of 3")
        layer.processAnimationEvents(at: origin + 3.1)
        #expect(await eventually { recorder.stopped.count == 1 })
        #expect(recorder.stopped.first?.1 == true)
    }

    @Test func oneBadChildLeavesItsSiblingsRunning() throws {
        // Tried: a child with a misspelt key path, and one whose value has the wrong type.
        try onClock(at: 1_000_000) { _ in
            let layer = liveLayer()
            let typo = CABasicAnimation(keyPath: "opacitty")
            typo.toValue = 0
            let wrongType = CABasicAnimation(keyPath: "position")
            wrongType.toValue = "not a point"
            let good = CABasicAnimation(keyPath: "opacity")
            good.fromValue = 0
            good.toValue = 1
            good.duration = 2
            let g = CAAnimationGroup()
            g.animations = [typo, wrongType, good]
            g.duration = 2
            attach(g, to: layer)
            try expectOpacity(layer, at: 1_000_000.5, 0.25)
            let copy = try shown(layer, at: 1_000_000.5).copy
            #expect(copy.position == layer.position, "the bad child has no effect")
        }
    }
}
