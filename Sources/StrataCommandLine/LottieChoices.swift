import ArgumentParser
import Foundation

/// The options that choose what of a Lottie file plays: slots set by id, and for a `.lottie`
/// archive one of its animations and themes (dotLottie 2).
public struct LottieChoices: ParsableArguments {
    @Option(name: .customLong("slot"), parsing: .unconditionalSingleValue, help: ArgumentHelp(
        "Lottie: set a slot, ID=JSON (a value such as [1,0,0] or a property {\"a\":0,\"k\":…}); repeatable.",
        valueName: "ID=JSON"))
    var slotAssignments: [String] = []

    @Option(name: .customLong("animation"), help: "Lottie: which of a .lottie archive's animations (its id; the first when omitted).")
    var animationID: String?

    @Option(name: .customLong("theme"), help: "Lottie: which of a .lottie archive's themes (its id; the animation's initial theme when omitted).")
    var themeID: String?

    @Option(name: .customLong("fonts"), help: ArgumentHelp(
        "Lottie: a folder of font files (.ttf, .otf, .ttc) whose families the text may name, used ahead of installed fonts and the file's glyphs; repeatable.",
        valueName: "DIR"))
    var fontFolders: [String] = []

    public init() {}

    /// The slots given, by id.
    public func slots() throws -> [String: String] {
        var slots: [String: String] = [:]
        for assignment in slotAssignments {
            guard let eq = assignment.firstIndex(of: "="), eq != assignment.startIndex else {
                throw ValidationError("--slot '\(assignment)' should look like ID=JSON, e.g. fill=[1,0,0]")
            }
            slots[String(assignment[..<eq])] = String(assignment[assignment.index(after: eq)...])
        }
        return slots
    }

    public func validate() throws { _ = try slots() }
}
