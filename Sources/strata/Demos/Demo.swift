import QuartzCore

/// A named demo: something Strata can draw, for people to look at.
struct Demo: Sendable {
    let name: String
    let summary: String
    let render: @Sendable () -> CGImage?

    static let all: [Demo] = [coreGraphics]

    static func named(_ name: String) -> Demo? { all.first { $0.name == name } }
}
