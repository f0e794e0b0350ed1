import Synchronization

/// An immutable graphics path: subpaths of lines and Bézier curves, as Apple's CGPath.
///
/// Reference type like Apple's; `CGMutablePath` is the subclass that can be built up. Two paths are
/// equal when their elements are equal.
open class CGPath: Hashable, @unchecked Sendable {
    /// The elements; only CGMutablePath's methods change them.
    @exclusivity(unchecked) package var storage: PathStorage {
        didSet { serial = ObjectSerial.next() }
    }
    /// This path's identity for caches, renewed whenever its elements change (`ObjectSerial`).
    @exclusivity(unchecked) package private(set) var serial = ObjectSerial.next()
    /// Where the subpath being built started (the point a closeSubpath returns to).
    @exclusivity(unchecked) package var subpathStart: CGPoint?
    /// The end point of the last element, or nil for an empty path.
    @exclusivity(unchecked) package var lastPoint: CGPoint?
    /// `boundingBoxOfPath` of an immutable path, once worked out (read only when
    /// `pathBoxState` says it is there).
    @exclusivity(unchecked) var cachedPathBox: CGRect?
    /// 0: `cachedPathBox` not worked out, 1: being stored, 2: stored.
    let pathBoxState = Atomic<UInt8>(0)

    package init(storage: PathStorage) {
        self.storage = storage
        self.subpathStart = nil
        self.lastPoint = nil
        recomputeCursor()
    }

    /// Rebuilds `subpathStart` and `lastPoint` from the elements.
    package func recomputeCursor() {
        var start: CGPoint?
        var last: CGPoint?
        storage.forEachElement { type, points in
            switch type {
            case .moveToPoint:
                start = points.last
                last = points.last
            case .closeSubpath:
                last = start
            default:
                last = points.last
            }
        }
        subpathStart = start
        lastPoint = last
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// The end point of the last element (the start of the subpath after a close); `.zero` when empty.
    public var currentPoint: CGPoint { lastPoint ?? .zero }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(storage: storage) }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(storage: storage) }

    /// Calls `block` with each element in order.
    public func applyWithBlock(_ block: CGPathApplyBlock) {
        var scratch = [CGPoint](repeating: .zero, count: 3)
        scratch.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            storage.forEachElement { type, points in
                for (i, p) in points.enumerated() { base[i] = p }
                var element = CGPathElement(type: type, points: base)
                withUnsafePointer(to: &element) { block($0) }
            }
        }
    }

    /// Calls `function` with `info` and each element in order (the C-style applier).
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.storage == rhs.storage }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

/// A path that can be built up element by element, as Apple's CGMutablePath.
open class CGMutablePath: CGPath, @unchecked Sendable {
    public init() {
        super.init(storage: PathStorage())
    }

    package override init(storage: PathStorage) {
        super.init(storage: storage)
    }

    /// Starts a new subpath at `point` (transformed by `transform`).
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        let p = point.applying(transform)
        guard Self.isValid([p], in: "move(to:)") else { return }
        if storage.types.last == .moveToPoint {
            // Consecutive moves collapse into one, as Apple's path does.
            storage.points[storage.points.count - 1] = p
        } else {
            storage.types.append(.moveToPoint)
            storage.points.append(p)
        }
        subpathStart = p
        lastPoint = p
    }

    /// Appends a straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.addLineToPoint, [point.applying(transform)], in: "addLine(to:)")
    }

    /// Appends a quadratic Bézier curve from the current point to `end` with control point `control`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append(
            .addQuadCurveToPoint, [control.applying(transform), end.applying(transform)],
            in: "addQuadCurve(to:control:)")
    }

    /// Appends a cubic Bézier curve from the current point to `end`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        append(
            .addCurveToPoint,
            [control1.applying(transform), control2.applying(transform), end.applying(transform)],
            in: "addCurve(to:control1:control2:)")
    }

    /// Closes the current subpath with a line back to its start; nothing happens without one.
    public func closeSubpath() {
        guard let start = subpathStart, let last = storage.types.last, last != .closeSubpath else { return }
        storage.types.append(.closeSubpath)
        lastPoint = start
    }

    /// Appends a drawing element, refusing non-finite points and a missing current point.
    package func append(_ type: CGPathElementType, _ points: [CGPoint], in function: String) {
        guard Self.isValid(points, in: function) else { return }
        guard let current = lastPoint else {
            Diagnostics.warn("CGMutablePath.\(function): no current point; element ignored")
            return
        }
        // After a close, a new subpath implicitly starts where the closed one did.
        let startsSubpath = storage.types.last == .closeSubpath
        if startsSubpath { subpathStart = current }
        storage.append(type, points, after: startsSubpath ? current : nil)
        lastPoint = points.last
    }

    /// False (with a warning) when a point is NaN or infinite: such elements are dropped.
    package static func isValid(_ points: [CGPoint], in function: String) -> Bool {
        for p in points where !p.x.isFinite || !p.y.isFinite {
            Diagnostics.warn("CGMutablePath.\(function): non-finite point \(p); element ignored")
            return false
        }
        return true
    }
}
