import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

/// One probe of a track: progress, expected scalar, tolerance, and why.
struct Probe: CustomTestStringConvertible, Sendable {
    let progress: Double
    let expected: Double
    let tolerance: Double
    var testDescription: String { "p = \(progress) → \(expected) ± \(tolerance)" }

    init(_ progress: Double, _ expected: Double, tolerance: Double = 1e-12) {
        self.progress = progress
        self.expected = expected
        self.tolerance = tolerance
    }
}

/// Builds a scalar track, failing the test on nil; warnings must be as expected (default none).
func scalarTrack(
    _ values: [Double], keyTimes: [Double]? = nil, timingCurves: [TimingCurve]? = nil,
    mode: CalculationMode = .linear, tension: [Double]? = nil, continuity: [Double]? = nil, bias: [Double]? = nil,
    expectWarnings: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
) -> KeyframeTrack? {
    var warnings: [String] = []
    let track = KeyframeTrack(
        values: values.map(AnimatableValue.scalar), keyTimes: keyTimes, timingCurves: timingCurves,
        calculationMode: mode, tension: tension, continuity: continuity, bias: bias, warnings: &warnings)
    #expect(track != nil, sourceLocation: sourceLocation)
    #expect(warnings.count == expectWarnings, "\(warnings)", sourceLocation: sourceLocation)
    return track
}

extension KeyframeTrack {
    /// The scalar at `p` with a fresh cursor.
    func scalarValue(at p: Double) -> Double {
        var cursor = 0
        return scalar(value(at: p, cursor: &cursor))
    }

    /// The point at `p` with a fresh cursor.
    func pointValue(at p: Double) -> CGPoint {
        var cursor = 0
        return point(value(at: p, cursor: &cursor))
    }
}

/// Distance between two points.
func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// The length of curve a point track covers in each of `steps` equal progress steps, each
/// measured as the sum of `sub` chords (so corners and tight turns inside a step are followed).
func stepLengths(_ track: KeyframeTrack, steps: Int, sub: Int = 40) -> [Double] {
    (0..<steps).map { i in
        var length = 0.0
        var previous = track.pointValue(at: Double(i) / Double(steps))
        for j in 1...sub {
            let current = track.pointValue(at: (Double(i) + Double(j) / Double(sub)) / Double(steps))
            length += distance(previous, current)
            previous = current
        }
        return length
    }
}
