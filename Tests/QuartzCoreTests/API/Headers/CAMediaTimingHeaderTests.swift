import QuartzCore
import Testing

// CAMediaTiming.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a CGFloat converts implicitly to Double).

/// Implements exactly the protocol's eight requirements: compiles only if CAMediaTiming asks for
/// no other member and these names and types.
private final class TimedObject: NSObject, CAMediaTiming {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses: Bool = false
    var fillMode: CAMediaTimingFillMode = .removed
}

@Suite struct CAMediaTimingHeaderTests {
    @Test func protocolMembers() {
        let timing: CAMediaTiming = CALayer()
        let _: CFTimeInterval.Type = type(of: timing.beginTime)
        let _: CFTimeInterval.Type = type(of: timing.duration)
        let _: Float = timing.speed
        let _: CFTimeInterval.Type = type(of: timing.timeOffset)
        let _: Float = timing.repeatCount
        let _: CFTimeInterval.Type = type(of: timing.repeatDuration)
        let _: Bool = timing.autoreverses
        let _: CAMediaTimingFillMode = timing.fillMode
        // The defaults the header gives.
        #expect(timing.beginTime == 0 && timing.duration == 0 && timing.timeOffset == 0)
        #expect(timing.speed == 1 && timing.repeatCount == 0 && timing.repeatDuration == 0)
        #expect(!timing.autoreverses && timing.fillMode == .removed)

        timing.beginTime = 1
        timing.duration = 2
        timing.speed = 0.5
        timing.timeOffset = 3
        timing.repeatCount = 4
        timing.repeatDuration = 5
        timing.autoreverses = true
        timing.fillMode = .both
        #expect(timing.beginTime == 1 && timing.duration == 2 && timing.speed == 0.5 && timing.timeOffset == 3)
        #expect(timing.repeatCount == 4 && timing.repeatDuration == 5 && timing.autoreverses && timing.fillMode == .both)
    }

    @Test func conformingTypes() {
        let conformers: [CAMediaTiming] = [CALayer(), CAAnimation(), CAEmitterCell(), TimedObject()]
        #expect(conformers.allSatisfy { $0.speed == 1 && $0.fillMode == .removed })
    }

    @Test func fillModeConstants() {
        let _: CAMediaTimingFillMode = CAMediaTimingFillMode(rawValue: "forwards")
        let _: String = CAMediaTimingFillMode.both.rawValue
        #expect(CAMediaTimingFillMode.forwards.rawValue == "forwards")
        #expect(CAMediaTimingFillMode.backwards.rawValue == "backwards")
        #expect(CAMediaTimingFillMode.both.rawValue == "both")
        #expect(CAMediaTimingFillMode.removed.rawValue == "removed")
        #expect(CAMediaTimingFillMode(rawValue: "both") == .both)
        let all: Set<CAMediaTimingFillMode> = [.forwards, .backwards, .both, .removed]
        #expect(all.count == 4)
    }
}
