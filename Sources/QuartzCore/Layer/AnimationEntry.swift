import StrataAnimation
import StrataRender

/// One animation attached to a layer: the layer's own copy, its compiled records, and where it
/// is in its life (committed, started, finished).
final class AnimationEntry {
    let key: String
    /// Added with a nil key: not listed by `animationKeys()`.
    let isAnonymous: Bool
    /// The layer's copy, which delegate callbacks receive.
    let animation: CAAnimation
    /// The compiled records (empty when the key path is unknown: the animation is kept, with no effect).
    var records: [AnimationRecord]
    /// Per-record keyframe cursors.
    var cursors: [Int]
    /// The animation's own timing, for start and end events (records may be empty).
    var timing: MediaTiming
    /// True once a commit has resolved its begin time.
    var isCommitted = false
    var hasStarted = false
    var hasFinished = false
    /// The properties the records animate, for quick "does this animate X" questions.
    let animatedBases: [PropertyKey.Base]
    /// The records as committed, shared with snapshots.
    var committed: CommittedAnimation?
    /// The transaction group waiting for this animation, if any.
    var completionGroup: CompletionGroup?
    /// For a CATransition: its effect and the picture it starts from.
    var transition: TransitionRecord?

    init(key: String, isAnonymous: Bool, animation: CAAnimation, records: [AnimationRecord], timing: MediaTiming) {
        self.key = key
        self.isAnonymous = isAnonymous
        self.animation = animation
        self.records = records
        self.cursors = Array(repeating: 0, count: records.count)
        self.timing = timing
        self.animatedBases = records.map(\.key.base)
    }

    /// Sets the begin time of an animation added with beginTime 0 to `now` (layer time), as Core
    /// Animation does at commit; other begin times are kept.
    func resolveBeginTime(now: Double) {
        guard !isCommitted else { return }
        isCommitted = true
        if animation.beginTime == 0 {
            timing.beginTime = now
            for i in records.indices { records[i].timing.beginTime = now }
        }
        transition?.timing = timing
        committed = CommittedAnimation(records: records, transition: transition)
    }
}
