import StrataAnimation

/// Why an animation cannot be added: the message names the key path and the problem.
package struct AnimationError: Error, CustomStringConvertible, Sendable {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// Turns a `CAAnimation` into the records the engine evaluates, once, when it is added: key paths
/// parsed, values converted to typed values, timing resolved (duration 0 → the default), groups
/// flattened into their children with the groups' timing attached.
package struct AnimationCompiler {
    /// The duration given to animations whose duration is 0 or negative (the transaction's).
    package var defaultDuration: Double = 0.25
    /// Whether a key that is not a layer property names a property of the layer's own class.
    package var isCustomKey: (String) -> Bool = { _ in false }
    /// The property's value before the change that triggered an implicit animation (the start of
    /// a basic animation with neither fromValue, toValue nor byValue).
    package var previousValue: (PropertyKey) -> AnimatableValue? = { _ in nil }

    package init() {}

    /// The records for `animation`, in application order, or the first problem found. Warnings
    /// for bad but recoverable input (invalid keyTimes, NaN durations...) are printed.
    package func compile(_ animation: CAAnimation) -> Result<[AnimationRecord], AnimationError> {
        Result { try records(for: animation, groups: []) }.mapError { $0 as? AnimationError ?? AnimationError("\($0)") }
    }

    private func records(for animation: CAAnimation, groups: [AnimationRecord.GroupStage]) throws -> [AnimationRecord] {
        switch animation {
        case let group as CAAnimationGroup:
            let stage = AnimationRecord.GroupStage(timing: timing(of: group), curve: curve(of: group))
            // One bad child must not disable its siblings: it is left out, with a warning.
            return (group.animations ?? []).enumerated().flatMap { index, child in
                do {
                    return try records(for: child, groups: groups + [stage])
                } catch {
                    Diagnostics.warn("CAAnimationGroup: animations[\(index)]: \(error); that child has no effect")
                    return []
                }
            }
        case let property as CAPropertyAnimation:
            return [try record(for: property, groups: groups)]
        default:
            // Transitions animate pictures, not properties: the compositor plays them.
            return []
        }
    }

    private func record(for animation: CAPropertyAnimation, groups: [AnimationRecord.GroupStage]) throws
        -> AnimationRecord
    {
        guard let keyPath = animation.keyPath, !keyPath.isEmpty else {
            throw AnimationError("\(type(of: animation)) has no keyPath")
        }
        let key: PropertyKey
        // CALayer is a key-value coding container: a plain key that is no property of the layer
        // is one of its own, even if never set (lottie-ios animates `animationProgress` so).
        let plainKey = !keyPath.contains(".")
        do {
            key = try PropertyKey(parsing: keyPath, isCustomKey: { plainKey || isCustomKey($0) })
        } catch {
            throw AnimationError("\(error)")
        }
        var function: ValueFunction?
        if let named = animation.valueFunction {
            if key.valueKind == .transform {
                function = ValueFunction(rawValue: named.name.rawValue)
            } else {
                Diagnostics.warn("valueFunction \(named.name.rawValue) ignored: '\(keyPath)' is not a transform")
            }
        }
        let kind = function?.inputKind ?? key.valueKind
        var timing = timing(of: animation)
        if let parent = groups.last, animation.duration <= 0 {
            // A child with no duration of its own lasts as long as its group (spec §5.1).
            timing.duration = parent.timing.duration
        }
        return AnimationRecord(
            key: key, timing: timing, curve: curve(of: animation),
            content: try content(of: animation, key: key, kind: kind, keyPath: keyPath),
            isAdditive: animation.isAdditive, isCumulative: animation.isCumulative, valueFunction: function,
            groups: groups)
    }

    private func content(of animation: CAPropertyAnimation, key: PropertyKey, kind: ValueKind, keyPath: String)
        throws -> AnimationRecord.Content
    {
        switch animation {
        case let spring as CASpringAnimation:
            let (solver, warnings) = spring.spring.sanitized()
            warnings.forEach { Diagnostics.warn("CASpringAnimation '\(keyPath)': \($0)") }
            let (from, to) = try endpoints(of: spring, key: key, kind: kind, keyPath: keyPath)
            return .spring(solver, from: from, to: to)
        case let basic as CABasicAnimation:
            let (from, to) = try endpoints(of: basic, key: key, kind: kind, keyPath: keyPath)
            return .basic(from: from, to: to)
        case let keyframes as CAKeyframeAnimation:
            return .keyframes(try track(of: keyframes, kind: kind, keyPath: keyPath))
        default:
            throw AnimationError("\(type(of: animation)) for '\(keyPath)' has nothing to animate")
        }
    }

    /// The from/to/by table of spec §3.2.
    private func endpoints(of animation: CABasicAnimation, key: PropertyKey, kind: ValueKind, keyPath: String) throws
        -> (AnimationRecord.Endpoint, AnimationRecord.Endpoint)
    {
        let from = try convert(animation.fromValue, kind, role: "fromValue", keyPath: keyPath)
        let to = try convert(animation.toValue, kind, role: "toValue", keyPath: keyPath)
        let by = try convert(animation.byValue, kind, role: "byValue", keyPath: keyPath)
        switch (from, to, by) {
        case (let f?, let t?, let b):
            if b != nil { Diagnostics.warn("CABasicAnimation '\(keyPath)': fromValue, toValue and byValue all set; byValue ignored") }
            return (.value(f), .value(t))
        case (let f?, nil, let b?): return (.value(f), .value(b.adding(f)))
        case (nil, let t?, let b?): return (.value(t.subtracting(b)), .value(t))
        case (let f?, nil, nil): return (.value(f), .current)
        case (nil, let t?, nil): return (.current, .value(t))
        case (nil, nil, let b?): return (.current, .currentPlus(b))
        case (nil, nil, nil): return (previousValue(key).map { .value($0) } ?? .current, .current)
        }
    }

    private func track(of animation: CAKeyframeAnimation, kind: ValueKind, keyPath: String) throws -> KeyframeTrack {
        var warnings: [String] = []
        defer { warnings.forEach { Diagnostics.warn("CAKeyframeAnimation '\(keyPath)': \($0)") } }
        let keyTimes = animation.keyTimes?.map(\.doubleValue)
        let curves = animation.timingFunctions?.map(\.curve)
        let mode = CalculationMode(rawValue: animation.calculationMode.rawValue) ?? .linear
        if CalculationMode(rawValue: animation.calculationMode.rawValue) == nil {
            warnings.append("unknown calculationMode '\(animation.calculationMode.rawValue)'; using linear")
        }
        let rotation = animation.rotationMode.flatMap { RotationMode(rawValue: $0.rawValue) }
        if let path = animation.path {
            guard kind == .point || kind == .size else {
                throw AnimationError("a keyframe path animates CGPoint or CGSize properties; '\(keyPath)' is not one")
            }
            guard let track = KeyframeTrack(
                path: path.storage, keyTimes: keyTimes, timingCurves: curves, calculationMode: mode,
                rotationMode: rotation, yieldingSizes: kind == .size, warnings: &warnings)
            else { throw AnimationError("the keyframe path for '\(keyPath)' has no segments") }
            return track
        }
        let values = try (animation.values ?? []).enumerated().map { index, value in
            try convert(value, kind, role: "values[\(index)]", keyPath: keyPath) ?? .none
        }
        guard let track = KeyframeTrack(
            values: values, keyTimes: keyTimes, timingCurves: curves, calculationMode: mode,
            tension: animation.tensionValues?.map(\.doubleValue),
            continuity: animation.continuityValues?.map(\.doubleValue),
            bias: animation.biasValues?.map(\.doubleValue), rotationMode: rotation, warnings: &warnings)
        else { throw AnimationError("the keyframe animation for '\(keyPath)' has no values") }
        return track
    }

    private func convert(_ value: Any?, _ kind: ValueKind, role: String, keyPath: String) throws -> AnimatableValue? {
        guard let value else { return nil }
        switch AnimatableValue.convert(value, to: kind) {
        case .success(let converted): return converted
        case .failure(let error): throw AnimationError(error.describing(role, for: keyPath).message)
        }
    }

    /// The animation's own timing, sanitised, duration 0 → the default. Warnings are printed
    /// unless `reportingWarnings` is false (a second look at an animation already compiled).
    package func timing(of animation: CAAnimation, reportingWarnings: Bool = true) -> MediaTiming {
        let raw = MediaTiming(
            beginTime: animation.beginTime, duration: animation.duration, speed: Double(animation.speed),
            timeOffset: animation.timeOffset, repeatCount: Double(animation.repeatCount),
            repeatDuration: animation.repeatDuration, autoreverses: animation.autoreverses,
            fillMode: FillMode(animation.fillMode))
        let (timing, warnings) = raw.sanitized(defaultDuration: defaultDuration)
        if reportingWarnings { warnings.forEach { Diagnostics.warn("\(type(of: animation)): \($0)") } }
        return timing.resolvingDefaultDuration(defaultDuration)
    }

    private func curve(of animation: CAAnimation) -> TimingCurve {
        animation.timingFunction?.curve ?? .linear
    }
}
