import CoreGraphics

// Building a track: validate once, pick fallbacks, precompute. Every fallback appends one warning
// string (the caller logs or records it); nothing traps.

extension KeyframeTrack {
    /// A track from keyframe values (`CAKeyframeAnimation.values`, already converted).
    ///
    /// Fallbacks, each with a warning:
    /// - empty `values` → nil: the animation has no effect (spec §4.8 (?));
    /// - one value, or all values equal → a constant track (no warning);
    /// - `keyTimes` of the wrong count (n, or n + 1 for discrete), decreasing or not finite →
    ///   even spacing (spec §4.3); ignored in the paced modes. Entries outside 0…1 are kept; in
    ///   linear and discrete modes, a repeated end keyframe whose key time lies past its
    ///   neighbour's is never reached and dropped first (`KeyframeValidation.trimmingUnreachableEnds`);
    /// - `timingCurves` not one per segment → ignored; ignored in discrete and paced modes;
    /// - tension/continuity/bias of the wrong count → zeros; entries clamped to −1…1, NaN → 0;
    ///   used only by cubic and cubicPaced;
    /// - cubic / cubicPaced with values that have no component-wise arithmetic (transforms, bools,
    ///   images, nil, arrays or paths of different structure) → linear / paced;
    /// - `rotationMode` needs a path → ignored.
    package convenience init?(
        values allValues: [AnimatableValue],
        keyTimes allKeyTimes: [Double]? = nil,
        timingCurves allCurves: [TimingCurve]? = nil,
        calculationMode: CalculationMode = .linear,
        tension: [Double]? = nil,
        continuity: [Double]? = nil,
        bias: [Double]? = nil,
        rotationMode: RotationMode? = nil,
        warnings: inout [String]
    ) {
        if rotationMode != nil { warnings.append("rotationMode ignored: it needs a path") }
        var values = allValues, keyTimes = allKeyTimes, timingCurves = allCurves
        if let trimmed = KeyframeValidation.trimmingUnreachableEnds(
            values: allValues, keyTimes: allKeyTimes, curves: allCurves, mode: calculationMode)
        {
            (values, keyTimes, timingCurves) = (trimmed.values, trimmed.keyTimes, trimmed.curves)
        }
        let n = values.count
        guard n > 0 else {
            warnings.append("values is empty: the animation has no effect")
            return nil
        }
        let first = values[0]
        // Shortcut: one value or all equal can only ever evaluate to that value.
        if n == 1 || values.allSatisfy({ $0 == first }) {
            self.init(
                calculationMode: calculationMode, rotationMode: nil, values: values, keyTimes: [0],
                constant: first)
            return
        }
        var mode = calculationMode
        let splinable = values.allSatisfy { $0.squaredComponentDistance(to: first) != nil }
        if (mode == .cubic || mode == .cubicPaced) && !splinable {
            let fallback: CalculationMode = mode == .cubic ? .linear : .paced
            warnings.append(
                "calculationMode '\(mode.rawValue)' cannot spline these values (\(first.kind)); "
                    + "using '\(fallback.rawValue)'")
            mode = fallback
        }
        if mode == .paced || mode == .cubicPaced, keyTimes != nil {
            warnings.append(
                "keyTimes ignored in calculationMode '\(mode.rawValue)' (spacing is computed for constant speed)")
        }
        if mode != .cubic && mode != .cubicPaced, tension != nil || continuity != nil || bias != nil {
            warnings.append(
                "tensionValues, continuityValues and biasValues ignored in calculationMode '\(mode.rawValue)'")
        }
        let segments = mode == .discrete ? n : n - 1
        let (indices, curves) = KeyframeValidation.curves(
            timingCurves, segmentCount: segments, mode: mode, warnings: &warnings)

        switch mode {
        case .discrete:
            let times = KeyframeValidation.keyTimes(keyTimes, count: n + 1, mode: mode, warnings: &warnings)
            self.init(calculationMode: mode, rotationMode: nil, values: values, keyTimes: times)
        case .linear:
            let times = KeyframeValidation.keyTimes(keyTimes, count: n, mode: mode, warnings: &warnings)
            let flat = (0..<(n - 1)).map { values[$0] == values[$0 + 1] }
            self.init(
                calculationMode: mode, rotationMode: nil, values: values, keyTimes: times, curveIndices: indices,
                curves: curves, flatSegments: flat.contains(true) ? flat : [])
        case .paced:
            var distances = [0.0]
            for i in 1..<n { distances.append(distances[i - 1] + values[i - 1].distance(to: values[i])) }
            let total = distances[n - 1]
            // Zero total distance: nothing moves (spec §4.5). (Unreachable while distance is a
            // metric and the values are not all equal, but cheap insurance.)
            guard total > 0, total.isFinite else {
                self.init(calculationMode: mode, rotationMode: nil, values: values, keyTimes: [0], constant: first)
                return
            }
            let times = distances.map { $0 / total }
            self.init(calculationMode: mode, rotationMode: nil, values: values, keyTimes: times)
        case .cubic, .cubicPaced:
            let tcb = (
                KeyframeValidation.splineParameter(tension, name: "tensionValues", count: n, warnings: &warnings),
                KeyframeValidation.splineParameter(continuity, name: "continuityValues", count: n, warnings: &warnings),
                KeyframeValidation.splineParameter(bias, name: "biasValues", count: n, warnings: &warnings)
            )
            if mode == .cubic {
                let times = KeyframeValidation.keyTimes(keyTimes, count: n, mode: mode, warnings: &warnings)
                let durations = (0..<(n - 1)).map { times[$0 + 1] - times[$0] }
                let spline = HermiteSpline(
                    points: values, durations: durations, tension: tcb.0, continuity: tcb.1, bias: tcb.2)
                self.init(
                    calculationMode: mode, rotationMode: nil, values: values, keyTimes: times,
                    curveIndices: indices, curves: curves, spline: spline)
            } else {
                // Uniform parameter: the arc-length re-timing replaces any key times.
                let spline = HermiteSpline(
                    points: values, durations: nil, tension: tcb.0, continuity: tcb.1, bias: tcb.2)
                let arc = SplineArcLength(spline)
                guard arc.total > 0, arc.total.isFinite else {
                    self.init(calculationMode: mode, rotationMode: nil, values: values, keyTimes: [0], constant: first)
                    return
                }
                let times = arc.keyframeDistances.map { min(1, $0 / arc.total) }
                self.init(
                    calculationMode: mode, rotationMode: nil, values: values, keyTimes: times, spline: spline,
                    arcLength: arc)
            }
        }
    }

    /// A track along a path (`CAKeyframeAnimation.path`, which overrides `values`), evaluating to
    /// `.point`s and, with a `rotationMode`, the tangent angle.
    ///
    /// - linear and cubic: the point travels each element (line, quad, cubic, close) over its
    ///   key-time interval at the Bézier parameter = local fraction after the segment's timing
    ///   curve. Cubic adds no spline: the path already is the curve (decision, spec silent).
    /// - paced and cubicPaced: constant speed along the whole path's arc length (PathMeasure);
    ///   key times and timing curves are ignored.
    /// - A final `closeSubpath` is a keyframe segment, except when `keyTimes` has one entry per
    ///   point drawn before it (lottie-ios's position paths): then it is not travelled.
    /// - discrete: the keyframe points (each element's end point), n + 1 key times.
    ///
    /// A path without line or curve elements: nil when it is empty (warning), otherwise a constant
    /// track at its move point. Validation and warnings as for values.
    ///
    /// `yieldingSizes`: the points are given as sizes, for a size key path such as
    /// `transform.translation` (lottie-ios animates it along paths; iOS moves the layer).
    package convenience init?(
        path storage: PathStorage,
        keyTimes: [Double]? = nil,
        timingCurves: [TimingCurve]? = nil,
        calculationMode mode: CalculationMode = .linear,
        rotationMode: RotationMode? = nil,
        yieldingSizes: Bool = false,
        warnings: inout [String]
    ) {
        let value = { (p: CGPoint) in AnimatableValue.pathPoint(p, asSize: yieldingSizes) }
        guard var path = PathKeyframes(storage) else {
            guard let move = storage.points.first else {
                warnings.append("path is empty: the animation has no effect")
                return nil
            }
            self.init(
                calculationMode: mode, rotationMode: rotationMode, values: [value(move)], keyTimes: [0],
                pathYieldsSizes: yieldingSizes, constant: value(move))
            return
        }
        // A final closeSubpath defines a keyframe (a line back to the start) unless the key times
        // count the points without it: then they describe the open path, as on iOS.
        if let keyTimes, mode != .paced, mode != .cubicPaced, let open = path.droppingFinalClose,
            keyTimes.count == open.points.count + (mode == .discrete ? 1 : 0)
        {
            path = open
        }
        let values = path.points.map(value)
        let n = values.count
        let segments = mode == .discrete ? n : n - 1
        if mode == .paced || mode == .cubicPaced, keyTimes != nil {
            warnings.append(
                "keyTimes ignored in calculationMode '\(mode.rawValue)' (spacing is computed for constant speed)")
        }
        let (indices, curves) = KeyframeValidation.curves(
            timingCurves, segmentCount: segments, mode: mode, warnings: &warnings)
        let times: [Double]
        switch mode {
        case .discrete:
            times = KeyframeValidation.keyTimes(keyTimes, count: n + 1, mode: mode, warnings: &warnings)
        case .linear, .cubic:
            times = KeyframeValidation.keyTimes(keyTimes, count: n, mode: mode, warnings: &warnings)
        case .paced, .cubicPaced:
            guard let paced = path.pacedKeyTimes else {
                // Zero length: the point never moves.
                self.init(
                    calculationMode: mode, rotationMode: rotationMode, values: values, keyTimes: [0], path: path,
                    pathYieldsSizes: yieldingSizes, constant: values[0])
                return
            }
            times = paced
        }
        self.init(
            calculationMode: mode, rotationMode: rotationMode, values: values, keyTimes: times,
            curveIndices: indices, curves: curves, path: path, pathYieldsSizes: yieldingSizes)
    }
}

extension AnimatableValue {
    /// A point of a keyframe path, as the key path's kind wants it.
    static func pathPoint(_ p: CGPoint, asSize: Bool) -> AnimatableValue {
        asSize ? .size(CGSize(width: p.x, height: p.y)) : .point(p)
    }
}
