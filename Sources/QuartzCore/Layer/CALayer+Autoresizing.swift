// macOS layer autoresizing (AppKit's rules): when a layer's bounds size changes, each sublayer's
// frame follows by its `autoresizingMask`.

extension CALayer {
    /// Resizes the sublayers after this layer's bounds changed from `size`: each sublayer is
    /// asked through its overridable `resize(withOldSuperlayerSize:)`.
    final func defaultResizeSublayers(withOldSize size: CGSize) {
        for sublayer in sublayers ?? [] { sublayer.resize(withOldSuperlayerSize: size) }
    }

    /// Moves and sizes this layer for its superlayer's change from `size` to its bounds' size now.
    final func defaultResize(withOldSuperlayerSize size: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty, let superlayer else { return }
        let new = superlayer.bounds
        var f = frame
        let (x, w) = Self.resized(
            start: f.minX - new.minX, length: f.width, old: size.width, new: new.width,
            flexible: (mask.contains(.layerMinXMargin), mask.contains(.layerWidthSizable), mask.contains(.layerMaxXMargin)))
        let (y, h) = Self.resized(
            start: f.minY - new.minY, length: f.height, old: size.height, new: new.height,
            flexible: (mask.contains(.layerMinYMargin), mask.contains(.layerHeightSizable), mask.contains(.layerMaxYMargin)))
        f = CGRect(x: new.minX + x, y: new.minY + y, width: w, height: h)
        guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite else { return }
        frame = f
    }

    /// One axis: the margins and length flagged flexible share the change in proportion to their
    /// sizes (equally when those are all 0).
    static func resized(
        start: CGFloat, length: CGFloat, old: CGFloat, new: CGFloat, flexible: (Bool, Bool, Bool)
    ) -> (start: CGFloat, length: CGFloat) {
        let delta = new - old
        var parts = [start, length, old - start - length]
        let flags = [flexible.0, flexible.1, flexible.2]
        let count = flags.filter { $0 }.count
        guard delta != 0, count > 0 else { return (start, length) }
        let total = zip(parts, flags).filter(\.1).map { max(0, $0.0) }.reduce(0, +)
        for i in 0..<3 where flags[i] {
            parts[i] += total > 0 ? delta * max(0, parts[i]) / total : delta / CGFloat(count)
        }
        return (parts[0], max(0, parts[1]))
    }

    /// Whether a bounds change must resize sublayers (one of them has an autoresizing mask).
    final var hasAutoresizingSublayers: Bool {
        withLock { !sublayerStorage.isEmpty && sublayerStorage.contains { !$0.state.autoresizingMask.isEmpty } }
    }
}
