import CoreGraphics

/// The arc-length measures of recently trimmed paths, by path serial: `strokeStart` and
/// `strokeEnd` animate over one path (every ring of a spinner shares it), and measuring it was a
/// tenth of such a frame. Holds at most `capacity` paths; when full it starts over.
final class PathMeasureCache {
    static let capacity = 64
    @exclusivity(unchecked) private var measures: [UInt64: PathMeasure] = [:]

    func measure(of path: CGPath) -> PathMeasure {
        if let known = measures[path.serial] { return known }
        if measures.count >= Self.capacity { measures.removeAll(keepingCapacity: true) }
        let made = PathMeasure(path)
        measures[path.serial] = made
        return made
    }
}
