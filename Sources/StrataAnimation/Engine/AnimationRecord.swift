/// One animation of one property, frozen when it was added to a layer: a typed key, typed values,
/// a resolved timing and, for animations inside groups, the timing of each enclosing group.
///
/// Records are values: the render side holds them without touching `CAAnimation` objects, and
/// evaluating one never reads a clock and never casts `Any`.
package struct AnimationRecord: Sendable {
    /// Where an end of a basic animation comes from.
    package enum Endpoint: Sendable {
        /// A value given by the animation.
        case value(AnimatableValue)
        /// The property's value underneath this animation (model value plus earlier animations),
        /// read every frame.
        case current
        /// The underlying value plus a fixed amount (`byValue` without `fromValue`).
        case currentPlus(AnimatableValue)
    }

    /// What the animation interpolates. The larger, rarer cases are boxed (indirect), so that a
    /// record of a basic animation, the common case, stays small.
    package enum Content: Sendable {
        case basic(from: Endpoint, to: Endpoint)
        /// A basic animation whose progress follows a spring in seconds of local time.
        indirect case spring(Spring, from: Endpoint, to: Endpoint)
        case keyframes(KeyframeTrack)
    }

    /// The timing of an enclosing CAAnimationGroup, outermost first.
    package struct GroupStage: Sendable {
        package var timing: MediaTiming
        package var curve: TimingCurve

        package init(timing: MediaTiming, curve: TimingCurve) {
            self.timing = timing
            self.curve = curve
        }
    }

    package var key: PropertyKey
    /// Resolved timing: duration substituted, begin time in the layer's local time.
    package var timing: MediaTiming
    /// The animation-level timing function (`.linear` when none).
    package var curve: TimingCurve
    package var content: Content
    package var isAdditive: Bool
    package var isCumulative: Bool
    package var valueFunction: ValueFunction?
    package var groups: [GroupStage]
    /// The typed fast form of `content`, when its values are numbers (see `NumericTrack`); nil
    /// sends evaluation down the general path.
    package var numeric: NumericTrack?
    /// Whether evaluation reads the value underneath (an end is the current value, or the
    /// animation adds to it). Worked out once: frames ask it of every record.
    package let needsUnderlying: Bool
    /// True for a keyframe animation along a path with a `rotationMode`: besides its key, it
    /// turns the layer (see `pathRotation(parentTime:)`). Worked out once, as `needsUnderlying`.
    package let rotatesAlongPath: Bool

    package init(
        key: PropertyKey, timing: MediaTiming, curve: TimingCurve = .linear, content: consuming Content,
        isAdditive: Bool = false, isCumulative: Bool = false, valueFunction: ValueFunction? = nil,
        groups: [GroupStage] = []
    ) {
        self.key = key
        self.timing = timing
        self.curve = curve
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
        self.groups = groups
        self.numeric =
            valueFunction == nil ? NumericTrack(content, kind: key.valueKind, plain: !isAdditive && !isCumulative) : nil
        self.needsUnderlying = Self.readsUnderlying(content, numeric: numeric, isAdditive: isAdditive)
        self.rotatesAlongPath = Self.turnsAlongPath(content, numeric: numeric)
        // Moved in last: a content is large (two values), and transactions make thousands.
        self.content = content
    }
}

extension AnimationRecord {
    /// What stands under this animation on a layer that never set its key (a custom key of a
    /// key-value coding container): nothing, in the kind of the animation's own values — zero
    /// numbers, the identity transform, `.none` for objects. nil when the record holds no value.
    package var unsetBase: AnimatableValue? {
        guard let sample = valueSample else { return nil }
        switch sample {
        case .path, .image, .none: return AnimatableValue.none
        case .bool: return .bool(false)
        default: return sample.scaled(by: 0)
        }
    }

    /// The first value the animation names, for its kind.
    private var valueSample: AnimatableValue? {
        switch content {
        case .basic(let from, let to), .spring(_, let from, let to):
            return Self.value(of: from) ?? Self.value(of: to)
        case .keyframes(let track):
            return track.values.first
        }
    }

    private static func value(of endpoint: Endpoint) -> AnimatableValue? {
        switch endpoint {
        case .value(let v), .currentPlus(let v): v
        case .current: nil
        }
    }
}
