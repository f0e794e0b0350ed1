import StrataAnimation
import StrataRender

/// One animation attached to a layer: the layer's own copy, its compiled records, and where it
/// is in its life (committed, started, finished).
///
/// A built-in implicit animation is attached without an animation object: it has no delegate
/// and nobody else holds it, so the object (`animation`) is made only if someone asks for it.
final class AnimationEntry {
    let key: String
    /// Added with a nil key: not listed by `animationKeys()`.
    let isAnonymous: Bool
    /// The layer's copy, which delegate callbacks receive; nil for an implicit animation whose
    /// object nobody asked for yet.
    private(set) var attachedAnimation: CAAnimation?
    /// The curve of an implicit animation, for its object when it is made (nil: the default).
    private let implicitTimingFunction: CAMediaTimingFunction?
    /// The beginTime the animation was added with (0: the commit time).
    private let requestedBeginTime: CFTimeInterval
    /// The compiled records (empty when the key path is unknown: the animation is kept, with no effect).
    var records: [AnimationRecord]
    /// Per-record keyframe cursors (made when first evaluated).
    var cursors: [Int] = []
    /// The animation's own timing, for start and end events (records may be empty).
    var timing: MediaTiming
    /// True once a commit has resolved its begin time.
    var isCommitted = false
    var hasStarted = false
    var hasFinished = false
    /// The records as committed, shared with snapshots.
    var committed: CommittedAnimation?
    /// The transaction group waiting for this animation, if any.
    var completionGroup: CompletionGroup?
    /// For a CATransition: its effect and the picture it starts from (boxed: rare, and large).
    var transition: TransitionRecord? {
        get { transitionBox?.record }
        set { transitionBox = newValue.map(TransitionStorage.init) }
    }
    private var transitionBox: TransitionStorage?

    init(key: String, isAnonymous: Bool, animation: CAAnimation, records: [AnimationRecord], timing: MediaTiming) {
        self.key = key
        self.isAnonymous = isAnonymous
        self.attachedAnimation = animation
        self.implicitTimingFunction = animation.timingFunction
        self.requestedBeginTime = animation.beginTime
        self.records = records
        self.timing = timing
    }

    /// An implicit animation of `implicitKey` (one basic record); `animation` when the action
    /// search produced an object (a subclass's `action(forKey:)`).
    init(
        implicitKey: String, property: LayerProperty, from start: AnimationRecord.Endpoint, duration: Double,
        curve: TimingCurve, timingFunction: CAMediaTimingFunction?, animation: CAAnimation?
    ) {
        self.key = implicitKey
        self.isAnonymous = false
        self.attachedAnimation = animation
        self.implicitTimingFunction = timingFunction
        self.requestedBeginTime = 0
        let timing = MediaTiming(duration: duration)
        self.timing = timing
        // Made in place: a record is large, and a transaction may add thousands.
        self.records = [
            AnimationRecord(key: PropertyKey(property), timing: timing, curve: curve, content: .basic(from: start, to: .current))
        ]
    }

    /// The layer's copy of the animation (for an implicit one, made now if not yet made: a basic
    /// animation of the key with the transaction's duration and timing function).
    var animation: CAAnimation {
        if let attachedAnimation { return attachedAnimation }
        let made = ImplicitAnimation(keyPath: key)
        made.duration = timing.duration
        made.timingFunction = implicitTimingFunction ?? CALayer.defaultTimingFunction
        attachedAnimation = made
        return made
    }

    var isRemovedOnCompletion: Bool { attachedAnimation?.isRemovedOnCompletion ?? true }

    /// True when one of the records animates `base`.
    func animates(_ base: PropertyKey.Base) -> Bool {
        records.contains { $0.key.base == base }
    }

    /// Makes the keyframe cursors if they are not there yet (call before evaluating records).
    func prepareCursors() {
        if cursors.count != records.count { cursors = Array(repeating: 0, count: records.count) }
    }

    /// Sets the begin time of an animation added with beginTime 0 to `now` (layer time), as Core
    /// Animation does at commit; other begin times are kept. For a group it is the group's begin
    /// time that is set: its children's begin times stay relative to the group's start.
    func resolveBeginTime(now: Double) {
        guard !isCommitted else { return }
        isCommitted = true
        if requestedBeginTime == 0 {
            timing.beginTime = now
            for i in records.indices {
                if records[i].groups.isEmpty {
                    records[i].timing.beginTime = now
                } else {
                    records[i].groups[0].timing.beginTime = now
                }
            }
        }
        transitionBox?.record.timing = timing
        committed = CommittedAnimation(
            records: records, transition: transition,
            preferredFrameRate: attachedAnimation?.preferredFrameRateRange.wantedRate ?? 0)
    }
}

/// Holds an entry's transition record out of line.
private final class TransitionStorage {
    var record: TransitionRecord

    init(_ record: TransitionRecord) {
        self.record = record
    }
}
