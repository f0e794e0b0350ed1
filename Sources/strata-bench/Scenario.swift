import Foundation

/// A named benchmark: `prepare` builds the data once, `frame` is the measured work, run many times.
struct Scenario: Sendable {
    let name: String
    let summary: String
    /// The figure the issues ask for, in milliseconds per frame (nil: none).
    let budgetMilliseconds: Double?
    /// How many units (animations, layers...) one frame handles, to report a cost per unit.
    let units: Int
    let unitName: String
    let prepare: @Sendable () -> (_ frameIndex: Int) -> Void
    /// Work done before each measured frame, not timed (e.g. bringing layers back to rest).
    var beforeFrame: (@Sendable () -> Void)? = nil
    /// The scenario measured beside this one in the same run (the same work done the plainest
    /// way: bare library calls, a memory stream of the same bytes), so a slow machine shows.
    var baseline: String? = nil
    /// The baseline's median on this project's 2-core build machine on a quiet day (ms): the
    /// figure is adjusted by it when a run's baseline is slower (time × reference ÷ baseline).
    var referenceBaselineMilliseconds: Double? = nil
    /// The largest ratio to the baseline the issues ask for (nil: none).
    var ratioBudget: Double? = nil
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(message.utf8))
}
