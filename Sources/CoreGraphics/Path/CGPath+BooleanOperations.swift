import CClipper

// CGPath's boolean operations (iOS 16 / macOS 13), through Clipper 6: each path is flattened to
// polygons within `PathClipping.flatness` points of its curves, coordinates are rounded to
// 1/`PathClipping.scale` point, and the results are polygons (lines, not curves: Apple's keep
// curves). Outer rings and holes come back with opposite orientations, so the results fill the
// same with either fill rule.

extension CGPath {
    /// The region this path fills under `rule`, as non-overlapping polygons without
    /// self-intersections.
    public func normalized(using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.run(.union, self, rule, nil, rule).path
    }

    /// The region filled by this path or by `other`.
    public func union(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.run(.union, self, rule, other, rule).path
    }

    /// The region filled by both this path and `other`.
    public func intersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.run(.intersection, self, rule, other, rule).path
    }

    /// The region filled by this path and not by `other`.
    public func subtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.run(.difference, self, rule, other, rule).path
    }

    /// The region filled by exactly one of this path and `other`.
    public func symmetricDifference(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.run(.xor, self, rule, other, rule).path
    }

    /// The parts of this path's lines (a closed subpath includes its closing line) inside the
    /// region `other` fills.
    public func lineIntersection(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.run(.intersection, self, rule, other, rule, subjectAsLines: true).path
    }

    /// The parts of this path's lines outside the region `other` fills.
    public func lineSubtracting(_ other: CGPath, using rule: CGPathFillRule = .winding) -> CGPath {
        PathClipping.run(.difference, self, rule, other, rule, subjectAsLines: true).path
    }

    /// The separate pieces of the region this path fills: each outer outline with its holes.
    public func componentsSeparated(using rule: CGPathFillRule = .winding) -> [CGPath] {
        PathClipping.run(.union, self, rule, nil, rule).components
    }

    /// Whether the regions this path and `other` fill overlap (touching counts only where they
    /// share area).
    public func intersects(_ other: CGPath, using rule: CGPathFillRule = .winding) -> Bool {
        !PathClipping.run(.intersection, self, rule, other, rule).rings.isEmpty
    }
}

/// Paths to Clipper and back.
enum PathClipping {
    /// How far flattened polygons may stray from curves, in points.
    static let flatness: CGFloat = 0.01
    /// Clipper works on integers: coordinates are multiplied by this.
    static let scale: Double = 1024
    /// Clipper's range for 64-bit coordinates, divided by the scale: larger points are refused.
    static let limit: Double = 4.6e18 / 1024 / 4

    enum Operation: Int32 {
        case intersection = 0, union = 1, difference = 2, xor = 3
    }

    /// What an operation gave: its rings (with their component) and open polylines.
    struct Result {
        var rings: [(points: [CGPoint], component: Int)] = []
        var lines: [[CGPoint]] = []

        var path: CGPath {
            var storage = PathStorage()
            for ring in rings where ring.points.count >= 3 { Self.add(ring.points, closed: true, to: &storage) }
            for line in lines where line.count >= 2 { Self.add(line, closed: false, to: &storage) }
            return CGPath(storage: storage)
        }

        var components: [CGPath] {
            let count = (rings.map(\.component).max() ?? -1) + 1
            var storages = [PathStorage](repeating: PathStorage(), count: count)
            for ring in rings where ring.points.count >= 3 && ring.component >= 0 {
                Self.add(ring.points, closed: true, to: &storages[ring.component])
            }
            return storages.map { CGPath(storage: $0) }
        }

        private static func add(_ points: [CGPoint], closed: Bool, to storage: inout PathStorage) {
            storage.move(to: points[0])
            for p in points.dropFirst() { storage.line(to: p) }
            if closed { storage.close() }
        }
    }

    /// Flat x,y pairs and per-path counts of `path`'s subpaths (closed ones as polygons, or, with
    /// `asLines`, every subpath as a polyline, closed ones repeating their start). Subpaths with
    /// non-finite or out-of-range points are left out, with a warning.
    static func flatten(_ path: CGPath, asLines: Bool) -> (xy: [Double], counts: [Int]) {
        var xy: [Double] = []
        var counts: [Int] = []
        var refused = 0
        for line in PathFlattening(path, tolerance: flatness).polylines {
            var points = line.points
            if asLines, line.isClosed, let first = points.first { points.append(first) }
            guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < limit && abs($0.y) < limit }) else {
                refused += 1
                continue
            }
            for p in points {
                xy.append(Double(p.x))
                xy.append(Double(p.y))
            }
            counts.append(points.count)
        }
        if refused > 0 {
            Diagnostics.warn("CGPath boolean operation: \(refused) subpath(s) with non-finite or huge points left out")
        }
        return (xy, counts)
    }

    static func run(
        _ operation: Operation, _ subject: CGPath, _ subjectRule: CGPathFillRule, _ clip: CGPath?,
        _ clipRule: CGPathFillRule, subjectAsLines: Bool = false
    ) -> Result {
        let s = flatten(subject, asLines: subjectAsLines)
        let c: (xy: [Double], counts: [Int]) = clip.map { flatten($0, asLines: false) } ?? ([], [])
        let collector = Collector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        let status: Int32 = s.xy.withUnsafeBufferPointer { sxy in
            c.xy.withUnsafeBufferPointer { cxy in
                s.counts.withUnsafeBufferPointer { scounts in
                    c.counts.withUnsafeBufferPointer { ccounts in
                        strata_clip(
                            operation.rawValue, subjectAsLines ? 1 : 0, sxy.baseAddress, scounts.baseAddress,
                            s.counts.count, fill(subjectRule), cxy.baseAddress, ccounts.baseAddress, c.counts.count,
                            fill(clipRule), scale, collect, context)
                    }
                }
            }
        }
        withExtendedLifetime(collector) {}
        if status != 0 {
            Diagnostics.warn("CGPath boolean operation: the polygon clipper refused the input; the result is empty")
            return Result()
        }
        return collector.result
    }

    /// Gathers what the clipper emits.
    private final class Collector {
        var result = Result()
    }

    /// The clipper's callback: one result path into the collector behind `context`.
    private static let collect: strata_clip_emit = { context, xy, count, closed, component in
        guard let context, let xy else { return }
        let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
        var points: [CGPoint] = []
        points.reserveCapacity(count)
        for k in 0..<count { points.append(CGPoint(x: xy[2 * k], y: xy[2 * k + 1])) }
        if closed != 0 {
            collector.result.rings.append((points, component))
        } else {
            collector.result.lines.append(points)
        }
    }

    private static func fill(_ rule: CGPathFillRule) -> Int32 {
        rule == .evenOdd ? Int32(STRATA_FILL_EVEN_ODD.rawValue) : Int32(STRATA_FILL_NON_ZERO.rawValue)
    }
}
