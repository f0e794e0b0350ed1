/// The kind of one path element, in Apple's order and raw values.
public enum CGPathElementType: Int32, Sendable, Hashable {
    case moveToPoint = 0
    case addLineToPoint = 1
    case addQuadCurveToPoint = 2
    case addCurveToPoint = 3
    case closeSubpath = 4

    /// How many points the element carries (control points first, end point last).
    package var pointCount: Int {
        switch self {
        case .moveToPoint, .addLineToPoint: 1
        case .addQuadCurveToPoint: 2
        case .addCurveToPoint: 3
        case .closeSubpath: 0
        }
    }
}

/// One element handed to `CGPath.applyWithBlock`: its type and a pointer to its points.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The rule that decides which points are inside a path.
public enum CGPathFillRule: Int, Sendable, Hashable {
    case winding = 0
    case evenOdd = 1
}

/// The shape of the ends of stroked open subpaths.
public enum CGLineCap: Int32, Sendable, Hashable {
    case butt = 0
    case round = 1
    case square = 2
}

/// The shape of the corners where stroked segments meet.
public enum CGLineJoin: Int32, Sendable, Hashable {
    case miter = 0
    case round = 1
    case bevel = 2
}

/// The signature of the C-style callback taken by `CGPath.apply(info:function:)`.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// A path's elements as flat arrays: one type per element, its points appended in order.
///
/// A value type, so the render side can hold it without sharing a mutable CGMutablePath.
package struct PathStorage: Hashable, Sendable {
    package var types: [CGPathElementType] = []
    package var points: [CGPoint] = []

    package init() {}

    package init(types: [CGPathElementType], points: [CGPoint]) {
        self.types = types
        self.points = points
    }

    package var isEmpty: Bool { types.isEmpty }

    /// True when both storages hold the very same element and point buffers (one is a copy of
    /// the other, neither changed since): equal without comparing a point.
    package func sharesBuffers(with other: PathStorage) -> Bool {
        guard types.count == other.types.count, points.count == other.points.count else { return false }
        let sameTypes = types.withUnsafeBufferPointer { a in other.types.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
        return sameTypes && points.withUnsafeBufferPointer { a in other.points.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } }
    }

    /// Appends an element, after a move to `move` when given (one change to the storage).
    package mutating func append(_ type: CGPathElementType, _ elementPoints: [CGPoint], after move: CGPoint?) {
        if let move {
            types.append(.moveToPoint)
            points.append(move)
        }
        types.append(type)
        points.append(contentsOf: elementPoints)
    }

    /// Calls `body` with each element's type and its points, in order.
    package func forEachElement(_ body: (CGPathElementType, ArraySlice<CGPoint>) -> Void) {
        var index = 0
        for type in types {
            let count = type.pointCount
            body(type, points[index..<index + count])
            index += count
        }
    }
}

/// The block `CGPath.applyWithBlock` calls with each element.
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void
