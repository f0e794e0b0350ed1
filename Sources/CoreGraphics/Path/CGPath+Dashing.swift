// Dashing: the path cut into the "on" stretches of a dash pattern, by arc length. Curves stay
// curves: each dash's ends are found on the arc-length table and the Bézier is split there
// (PathMeasure.appendRange), so a dashed circle is still made of cubic pieces.

extension CGPath {
    /// The dashes of the path as a new path (CGPathCreateCopyByDashingPath).
    ///
    /// `lengths` alternate on and off stretches in points (an odd count repeats, so [a] is on a,
    /// off a), restarting for every subpath, and `phase` points into the pattern shift where each
    /// subpath starts. Each dash is an open subpath; on a closed subpath a dash running over the
    /// start is joined into one, and a pattern that never turns off keeps the subpath closed.
    /// A zero on-length gives a zero-length line (a dot once stroked with round or square caps).
    /// Zero-length subpaths give nothing. The dashes are built in the path's space, then every
    /// point is mapped by `transform`.
    ///
    /// Bad patterns — empty, any negative or non-finite length, or all zero — return the path
    /// unchanged (still transformed) with a warning; so does a pattern that would cut the path
    /// into more than a million dashes. A transform making coordinates non-finite gives an empty
    /// path with a warning.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity)
        -> CGPath
    {
        let name = "CGPath.copy(dashingWithPhase:lengths:transform:)"
        let unchanged = CGPath(storage: storage.finiteApplying(transform, in: name))
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), lengths.contains(where: { $0 > 0 }),
            phase.isFinite
        else {
            Diagnostics.warn("\(name): invalid pattern \(lengths) phase \(phase); path returned undashed")
            return unchanged
        }
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let period = pattern.reduce(0, +)
        let measure = PathMeasure(storage)
        // Guards a pattern far finer than the path from generating an unbounded number of dashes.
        let estimate = (measure.totalLength / period + CGFloat(measure.subpathLengths.count)) * CGFloat(pattern.count)
        guard estimate <= 1_000_000 else {
            Diagnostics.warn("\(name): pattern too fine for the path; path returned undashed")
            return unchanged
        }
        var out = PathStorage()
        for (index, length) in measure.subpathLengths.enumerated() where length > 0 {
            let dashes = Self.onIntervals(length: length, pattern: pattern, period: period, phase: phase)
            guard !dashes.isEmpty else { continue }
            let closed = measure.parts[index].subpath.isClosed
            if closed, dashes.count > 1, dashes[0].lowerBound == 0, dashes[dashes.count - 1].upperBound == length,
                dashes[0].upperBound > 0
            {
                // The dash over the start of a closed subpath is one dash: its end part first,
                // continuing into its beginning.
                let last = dashes[dashes.count - 1]
                measure.appendRange(ofSubpath: index, from: last.lowerBound, to: length, into: &out, startWithMove: true)
                measure.appendRange(
                    ofSubpath: index, from: 0, to: dashes[0].upperBound, into: &out, startWithMove: false)
                for dash in dashes.dropFirst().dropLast() {
                    measure.appendRange(
                        ofSubpath: index, from: dash.lowerBound, to: dash.upperBound, into: &out, startWithMove: true)
                }
            } else {
                for dash in dashes {
                    measure.appendRange(
                        ofSubpath: index, from: dash.lowerBound, to: dash.upperBound, into: &out, startWithMove: true)
                }
            }
        }
        return CGPath(storage: out.finiteApplying(transform, in: name))
    }

    /// The "on" stretches of the pattern along a subpath of `length` points, in order.
    fileprivate static func onIntervals(length: CGFloat, pattern: [CGFloat], period: CGFloat, phase: CGFloat)
        -> [ClosedRange<CGFloat>]
    {
        // Where in the pattern the subpath starts.
        var offset = phase.truncatingRemainder(dividingBy: period)
        if offset < 0 { offset += period }
        var index = 0
        while offset >= pattern[index] && offset > 0 {
            offset -= pattern[index]
            index = (index + 1) % pattern.count
        }
        var result: [ClosedRange<CGFloat>] = []
        var position: CGFloat = 0
        var remaining = pattern[index] - offset
        while position < length {
            let end = Swift.min(position + remaining, length)
            if index % 2 == 0 { result.append(position...end) }
            position += remaining
            index = (index + 1) % pattern.count
            remaining = pattern[index]
        }
        return result
    }
}
