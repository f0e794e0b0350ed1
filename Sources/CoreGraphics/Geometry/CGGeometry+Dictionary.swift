import Foundation

// Points, sizes and rectangles as dictionaries (Apple's `dictionaryRepresentation` and the
// initialisers that read one back): keys "X", "Y", "Width", "Height", numbers as values.

extension CGPoint {
    public var dictionaryRepresentation: CFDictionary { ["X": Double(x), "Y": Double(y)] }

    /// Reads a point's dictionary; nil when a key is missing or not a number.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = geometryNumber(dict["X"]), let y = geometryNumber(dict["Y"]) else { return nil }
        self.init(x: x, y: y)
    }
}

extension CGSize {
    public var dictionaryRepresentation: CFDictionary { ["Width": Double(width), "Height": Double(height)] }

    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let w = geometryNumber(dict["Width"]), let h = geometryNumber(dict["Height"]) else { return nil }
        self.init(width: w, height: h)
    }
}

extension CGRect {
    public var dictionaryRepresentation: CFDictionary {
        ["X": Double(origin.x), "Y": Double(origin.y), "Width": Double(size.width), "Height": Double(size.height)]
    }

    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let origin = CGPoint(dictionaryRepresentation: dict), let size = CGSize(dictionaryRepresentation: dict) else { return nil }
        self.init(origin: origin, size: size)
    }
}

/// A number in a geometry dictionary (Double, Int, CGFloat, NSNumber).
private func geometryNumber(_ value: Any?) -> CGFloat? {
    switch value {
    case let v as Double: CGFloat(v)
    case let v as CGFloat: v
    case let v as Int: CGFloat(v)
    case let v as Float: CGFloat(v)
    case let v as NSNumber: CGFloat(v.doubleValue)
    default: nil
    }
}

/// Core Graphics' result codes (Apple's values).
public enum CGError: Int32, Sendable {
    case success = 0
    case failure = 1000
    case illegalArgument = 1001
    case invalidConnection = 1002
    case invalidContext = 1003
    case cannotComplete = 1004
    case notImplemented = 1006
    case rangeCheck = 1007
    case typeCheck = 1008
    case invalidOperation = 1010
    case noneAvailable = 1011
}
