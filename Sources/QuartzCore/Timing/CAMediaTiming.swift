/// How a timed object behaves outside its active duration, with Apple's raw values.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Outside the active duration the object has no effect (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// After the active duration the final state persists.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Before the active duration the initial state shows.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// Core Animation's hierarchical timing model, adopted by layers and animations.
///
/// An object's local time is `(parentTime − beginTime) × speed + timeOffset`; its active duration
/// repeats `duration` (seconds) `repeatCount` times or for `repeatDuration` seconds, optionally
/// played back and forth (`autoreverses`), and `fillMode` says what shows outside it.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time (seconds).
    var beginTime: CFTimeInterval { get set }
    /// One iteration, in seconds.
    var duration: CFTimeInterval { get set }
    /// Local time runs this many times as fast as the parent's (0 pauses, negative reverses).
    var speed: Float { get set }
    /// Added to local time (seconds): where in the timeline the object is.
    var timeOffset: CFTimeInterval { get set }
    /// Iterations, possibly fractional; `.infinity` or `.greatestFiniteMagnitude` repeat forever.
    var repeatCount: Float { get set }
    /// How long to repeat, in seconds.
    var repeatDuration: CFTimeInterval { get set }
    /// Plays each iteration forwards then backwards.
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}
