import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

/// move (0,0) → line (100,0) → quad to (100,100) via (150,50) → cubic to (0,100): three segments,
/// four keyframes, default key times [0, 1/3, 2/3, 1].
private let mixed = makePath {
    $0.move(to: .zero)
    $0.addLine(to: CGPoint(x: 100, y: 0))
    $0.addQuadCurve(to: CGPoint(x: 100, y: 100), control: CGPoint(x: 150, y: 50))
    $0.addCurve(to: CGPoint(x: 0, y: 100), control1: CGPoint(x: 70, y: 130), control2: CGPoint(x: 30, y: 130))
}

private func pathTrack(
    _ path: PathStorage, keyTimes: [Double]? = nil, timingCurves: [TimingCurve]? = nil,
    mode: CalculationMode = .linear, rotation: RotationMode? = .auto, warnings: inout [String]
) -> KeyframeTrack? {
    KeyframeTrack(
        path: path, keyTimes: keyTimes, timingCurves: timingCurves, calculationMode: mode,
        rotationMode: rotation, warnings: &warnings)
}

/// Expects the sample at `p` to be `expected` (points within 1e-9) with rotation `angle` (1e-9 rad).
private func expectSample(
    _ track: KeyframeTrack, _ p: Double, _ expected: CGPoint, angle: Double?,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var cursor = 0
    let (value, rotation) = track.evaluate(at: p, cursor: &cursor)
    let got = point(value)
    #expect(distance(got, expected) < 1e-9, "at \(p): \(got) vs \(expected)", sourceLocation: sourceLocation)
    if let angle {
        let r = rotation ?? .nan
        // Compare angles modulo 2π.
        #expect(abs(remainder(r - angle, 2 * .pi)) < 1e-9, "angle \(r) vs \(angle)", sourceLocation: sourceLocation)
    } else {
        #expect(rotation == nil, sourceLocation: sourceLocation)
    }
}

@Suite("Keyframes: path")
struct PathKeyframeTests {
    @Test func oneKeyframePerElementTravellingTheSegments() throws {
        var warnings: [String] = []
        let track = try #require(pathTrack(mixed, warnings: &warnings))
        #expect(warnings.isEmpty)
        #expect(track.keyframeCount == 4)
        #expect(
            track.values == [
                .point(.zero), .point(CGPoint(x: 100, y: 0)), .point(CGPoint(x: 100, y: 100)),
                .point(CGPoint(x: 0, y: 100)),
            ])
        // Line: halfway along, heading +x.
        expectSample(track, 1.0 / 6, CGPoint(x: 50, y: 0), angle: 0)
        // Keyframe 1 exactly, and just before it (still on the line).
        expectSample(track, 1.0 / 3, CGPoint(x: 100, y: 0), angle: atan2(50, 50))
        expectSample(track, (1.0 / 3).nextDown, CGPoint(x: 100, y: 0), angle: 0)
        // Quad at s = 0.5: B = ¼P0 + ½C + ¼P2 = (125, 50); B′ = (0, 100) → heading +y (π/2).
        expectSample(track, 0.5, CGPoint(x: 125, y: 50), angle: .pi / 2)
        // Cubic at s = 0.5: (P0 + 3C1 + 3C2 + P3)/8 = (50, 122.5); B′ ∝ (P3 + C2 − C1 − P0) → −x.
        expectSample(track, 5.0 / 6, CGPoint(x: 50, y: 122.5), angle: .pi)
        expectSample(track, 1, CGPoint(x: 0, y: 100), angle: atan2(-30, -30))
        // Progress outside 0…1 stays on the path.
        expectSample(track, -0.5, .zero, angle: 0)
        expectSample(track, 1.5, CGPoint(x: 0, y: 100), angle: atan2(-30, -30))
    }

    @Test func autoReverseAddsPi() throws {
        var warnings: [String] = []
        let track = try #require(pathTrack(mixed, rotation: .autoReverse, warnings: &warnings))
        expectSample(track, 1.0 / 6, CGPoint(x: 50, y: 0), angle: .pi)
        expectSample(track, 0.5, CGPoint(x: 125, y: 50), angle: 1.5 * .pi)
        let plain = try #require(pathTrack(mixed, rotation: nil, warnings: &warnings))
        expectSample(plain, 0.5, CGPoint(x: 125, y: 50), angle: nil)
        #expect(!plain.reportsRotation && track.reportsRotation)
    }

    @Test func closeSubpathIsALineBack() throws {
        var warnings: [String] = []
        let square = makePath {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 100, y: 0))
            $0.addLine(to: CGPoint(x: 100, y: 100))
            $0.closeSubpath()
        }
        let track = try #require(pathTrack(square, warnings: &warnings))
        #expect(track.keyframeCount == 4)
        // The close's keyframe is the subpath start; halfway back along the diagonal.
        expectSample(track, 5.0 / 6, CGPoint(x: 50, y: 50), angle: -0.75 * .pi)
        expectSample(track, 1, .zero, angle: -0.75 * .pi)
    }

    @Test func moveDefinesNoKeyframeButJumps() throws {
        var warnings: [String] = []
        let twoParts = makePath {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 10, y: 0))
            $0.move(to: CGPoint(x: 50, y: 50))
            $0.addLine(to: CGPoint(x: 60, y: 50))
        }
        let track = try #require(pathTrack(twoParts, warnings: &warnings))
        #expect(track.keyframeCount == 3)
        #expect(track.keyTimes == [0, 0.5, 1])
        expectSample(track, 0.5.nextDown, CGPoint(x: 10, y: 0), angle: 0)
        expectSample(track, 0.5, CGPoint(x: 50, y: 50), angle: 0)
        expectSample(track, 0.75, CGPoint(x: 55, y: 50), angle: 0)
    }

    @Test func keyTimesAndTimingCurvesApplyToPathKeyframes() throws {
        var warnings: [String] = []
        let easeIn = TimingCurve(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
        let line2 = makePath {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 100, y: 0))
            $0.addLine(to: CGPoint(x: 100, y: 100))
        }
        let track = try #require(
            pathTrack(line2, keyTimes: [0, 0.8, 1], timingCurves: [easeIn, .linear], warnings: &warnings))
        #expect(warnings.isEmpty)
        expectSample(track, 0.4, CGPoint(x: 100 * easeIn.value(at: 0.5), y: 0), angle: 0)
        expectSample(track, 0.9, CGPoint(x: 100, y: 50), angle: .pi / 2)
    }

    @Test func pacedTravelsAtConstantSpeed() throws {
        var warnings: [String] = []
        // Lines of length 100 and 300: paced key times [0, 0.25, 1]; p = 0.5 is 200 along.
        let lines = makePath {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 100, y: 0))
            $0.addLine(to: CGPoint(x: 100, y: 300))
        }
        let track = try #require(pathTrack(lines, mode: .paced, warnings: &warnings))
        #expect(track.keyTimes.count == 3 && abs(track.keyTimes[1] - 0.25) < 1e-12)
        expectSample(track, 0.5, CGPoint(x: 100, y: 100), angle: .pi / 2)
        expectSample(track, 0.125, CGPoint(x: 50, y: 0), angle: 0)
        // Along the curvy path (with a corner at (100, 0)): equal progress steps cover equal
        // arc, each step measured by 40 sub-chords; tolerance 1e-3 relative.
        for mode in [CalculationMode.paced, .cubicPaced] {
            let curvy = try #require(pathTrack(mixed, mode: mode, warnings: &warnings))
            let lengths = stepLengths(curvy, steps: 100)
            let mean = lengths.reduce(0, +) / 100
            let worst = lengths.map { abs($0 - mean) / mean }.max()!
            #expect(worst < 1e-3, "\(mode): \(worst)")
        }
        // The linear mode on the same path is not paced (the test can fail).
        let unpaced = stepLengths(try #require(pathTrack(mixed, mode: .linear, warnings: &warnings)), steps: 100)
        #expect(unpaced.max()! / unpaced.min()! > 1.2)
        #expect(warnings.isEmpty)
    }

    @Test func cubicOnAPathTravelsTheElements() throws {
        var warnings: [String] = []
        let linear = try #require(pathTrack(mixed, mode: .linear, warnings: &warnings))
        let cubic = try #require(pathTrack(mixed, mode: .cubic, warnings: &warnings))
        for p in [0.1, 0.4, 0.55, 0.9] { #expect(linear.pointValue(at: p) == cubic.pointValue(at: p)) }
    }

    @Test func discreteJumpsBetweenKeyframePoints() throws {
        var warnings: [String] = []
        let track = try #require(pathTrack(mixed, mode: .discrete, warnings: &warnings))
        #expect(track.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        expectSample(track, 0.25.nextDown, .zero, angle: 0)
        // Keyframe 1 ends the line: its tangent there is +x.
        expectSample(track, 0.25, CGPoint(x: 100, y: 0), angle: 0)
        // Keyframe 2 ends the quad, heading (100,100) − (150,50) → 3π/4.
        expectSample(track, 0.6, CGPoint(x: 100, y: 100), angle: 0.75 * .pi)
        expectSample(track, 1, CGPoint(x: 0, y: 100), angle: atan2(-30, -30))
    }

    @Test func degeneratePaths() throws {
        var warnings: [String] = []
        #expect(pathTrack(PathStorage(), warnings: &warnings) == nil)
        #expect(warnings == ["path is empty: the animation has no effect"])
        warnings = []
        // A lone move: constant at its point.
        let lone = try #require(pathTrack(makePath { $0.move(to: CGPoint(x: 4, y: 5)) }, warnings: &warnings))
        #expect(lone.isConstant)
        expectSample(lone, 0.7, CGPoint(x: 4, y: 5), angle: 0)
        // Zero length in a paced mode: constant at the start.
        let dot = try #require(
            pathTrack(
                makePath {
                    $0.move(to: CGPoint(x: 1, y: 1))
                    $0.addLine(to: CGPoint(x: 1, y: 1))
                },
                mode: .paced, warnings: &warnings))
        #expect(dot.isConstant)
        #expect(dot.pointValue(at: 0.5) == CGPoint(x: 1, y: 1))
        #expect(warnings.isEmpty)
    }
}
