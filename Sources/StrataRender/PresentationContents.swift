import CoreGraphics

/// What draws a layer's contents for a frame when the layer redraws for an animated property
/// of its own (a class whose `needsDisplay(forKey:)` is true for a custom key it animates, such as
/// a progress ring's `angle`). Core Animation draws the presentation copy's contents every
/// frame; the model side implements this (QuartzCore's CALayer).
package protocol PresentationContentsSource: AnyObject {
    /// The contents the layer's presentation copy draws at its local time `localTime` (seconds),
    /// or nil to keep the committed contents.
    func presentationContents(atLocalTime localTime: Double) -> CGImage?
}

/// A snapshot node's link to its `PresentationContentsSource` (held weakly: a snapshot never
/// keeps a layer alive). Evaluation asks it once per frame for an animated node.
package final class PresentationContents: @unchecked Sendable {
    // Read from render threads; the source makes its copies under the transaction lock.
    private weak var source: (any PresentationContentsSource)?

    package init(_ source: any PresentationContentsSource) {
        self.source = source
    }

    /// The contents at the node's local time `localTime`; nil when the layer is gone or draws none.
    package func contents(atLocalTime localTime: Double) -> CGImage? {
        guard localTime.isFinite else { return nil }
        return source?.presentationContents(atLocalTime: localTime)
    }
}
