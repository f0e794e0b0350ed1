import StrataAnimation

/// Property values as archive objects (NSKeyedArchiver keeps NSDictionary, NSArray, NSString,
/// NSNumber, NSData and NSCoding objects): geometry, colours, paths, images and transforms
/// become small tagged dictionaries, `{"t": kind, "v": …}`, and come back as the Swift values.
package enum ArchiveValue {
    /// The classes an unarchiver must accept for these values.
    package static let allowedClasses: [AnyClass] = [
        NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSData.self, NSNull.self, CALayer.self,
        CAAnimation.self, CAEmitterCell.self, CAMediaTimingFunction.self, CAValueFunction.self, CAConstraint.self,
    ]

    /// The archive object for `value` (nil: nothing to archive, e.g. a delegate).
    package static func encode(_ value: Any?) -> NSObject? {
        // No NSNull goes into an archive: on Linux its hash changes from call to call, which
        // breaks the archiver's table of objects (a trap inside Foundation).
        guard let value = unwrapped(value) else { return tagged("nil", NSString()) }
        switch value {
        // Every number is archived as a Double NSNumber, and booleans as tagged 0/1 Doubles: the
        // archiver keeps one table of objects keyed by equality, and Linux Foundation's NSNumbers
        // of different kinds can be equal (true == 1) yet hash apart, which traps inside it.
        case let b as Bool where type(of: value) == Bool.self: return tagged("bool", NSNumber(value: b ? 1.0 : 0.0))
        case let n as NSNumber:
            let kind = String(cString: n.objCType)
            if kind == "c" || kind == "B" { return tagged("bool", NSNumber(value: n.boolValue ? 1.0 : 0.0)) }
            return NSNumber(value: n.doubleValue)
        case let d as Double: return NSNumber(value: d)
        case let f as Float: return NSNumber(value: Double(f))
        case let c as CGFloat: return NSNumber(value: Double(c))
        case let i as Int: return NSNumber(value: Double(i))
        case let u as UInt32: return NSNumber(value: Double(u))
        case let u as UInt: return NSNumber(value: Double(u))
        case let s as String: return NSString(string: s)
        case let s as NSString: return s
        case let p as CGPoint: return tagged("point", numbers([p.x, p.y]))
        case let s as CGSize: return tagged("size", numbers([s.width, s.height]))
        case let r as CGRect: return tagged("rect", numbers([r.origin.x, r.origin.y, r.width, r.height]))
        case let t as CATransform3D: return tagged("transform", numbers(t.fieldsInOrder))
        case let a as CGAffineTransform: return tagged("affine", numbers([a.a, a.b, a.c, a.d, a.tx, a.ty]))
        case let v as NSValue where v.holdsCATransform3D: return tagged("transform", numbers(v.caTransform3DValue.fieldsInOrder))
        case let color as CGColor: return encode(color)
        case let path as CGPath: return encode(path)
        case let image as CGImage: return image.pngData().map { tagged("image", NSData(data: $0)) }
        case let r as CAFrameRateRange: return tagged("frameRate", numbers([CGFloat(r.minimum), CGFloat(r.maximum), CGFloat(r.preferred ?? 0)]))
        case let layer as CALayer: return layer
        case let animation as CAAnimation: return animation
        case let cell as CAEmitterCell: return cell
        case let function as CAMediaTimingFunction: return function
        case let function as CAValueFunction: return function
        case let constraint as CAConstraint: return constraint
        case is NSNull: return tagged("null", NSString())
        case let data as Data: return NSData(data: data)
        case let array as [Any]: return tagged("array", NSArray(array: array.map { encode($0) ?? tagged("nil", NSString()) }))
        case let dict as [AnyHashable: Any]:
            let keys = dict.keys.compactMap { $0.base as? String }
            return tagged("dict", NSDictionary(dictionary: [
                "k": NSArray(array: keys.map { NSString(string: $0) }),
                "v": NSArray(array: keys.map { encode(dict[$0]) ?? tagged("nil", NSString()) }),
            ]))
        default:
            Diagnostics.warn("archiving: a \(type(of: value)) cannot be archived; left out")
            return nil
        }
    }

    /// The Swift value an archive object stands for.
    package static func decode(_ object: Any?) -> Any? {
        guard let object else { return nil }
        guard let dict = object as? NSDictionary, let tag = dict["t"] as? String else {
            if let n = object as? NSNumber { return n }
            if let s = object as? NSString { return String(s) }
            return object
        }
        let v = dict["v"]
        let n = (v as? NSArray)?.compactMap { ($0 as? NSNumber)?.doubleValue }.map { CGFloat($0) } ?? []
        switch tag {
        case "nil": return nil
        case "null": return NSNull()
        case "bool": return (v as? NSNumber)?.boolValue
        case "point" where n.count == 2: return CGPoint(x: n[0], y: n[1])
        case "size" where n.count == 2: return CGSize(width: n[0], height: n[1])
        case "rect" where n.count == 4: return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        case "transform" where n.count == 16: return CATransform3D(fieldsInOrder: n)
        case "affine" where n.count == 6: return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
        case "frameRate" where n.count == 3:
            return CAFrameRateRange(minimum: Float(n[0]), maximum: Float(n[1]), preferred: Float(n[2]))
        case "color": return decodeColor(dict)
        case "path": return decodePath(dict)
        case "image":
            guard let data = v as? NSData, let provider = CGDataProvider(data: Data(referencing: data)) else { return nil }
            return CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        case "array": return (v as? NSArray)?.map { decode($0) as Any }
        case "dict": return (v as? NSDictionary).flatMap(decodeDictionary)
        default:
            Diagnostics.warn("unarchiving: an unknown value '\(tag)'; left out")
            return nil
        }
    }

    private static func decodeDictionary(_ dict: NSDictionary) -> [String: Any]? {
        guard let keys = dict["k"] as? NSArray, let values = dict["v"] as? NSArray else { return nil }
        var out: [String: Any] = [:]
        for (k, value) in zip(keys, values) { if let key = k as? String { out[key] = decode(value) } }
        return out
    }

    /// `value` without the optional layers generic code wraps it in (nil when one is empty).
    private static func unwrapped(_ value: Any?) -> Any? {
        guard var current = value else { return nil }
        while Mirror(reflecting: current).displayStyle == .optional {
            guard let inner = Mirror(reflecting: current).children.first?.value else { return nil }
            current = inner
        }
        return current
    }

    private static func tagged(_ tag: String, _ value: NSObject) -> NSDictionary {
        NSDictionary(dictionary: ["t": NSString(string: tag), "v": value])
    }

    private static func numbers(_ values: [CGFloat]) -> NSArray {
        NSArray(array: values.map { NSNumber(value: Double($0)) })
    }

    private static func encode(_ color: CGColor) -> NSDictionary {
        NSDictionary(dictionary: [
            "t": NSString(string: "color"), "space": NSString(string: color.colorSpace?.name ?? ""),
            "v": numbers(color.components ?? []),
        ])
    }

    private static func decodeColor(_ dict: NSDictionary) -> CGColor? {
        let name = dict["space"] as? String ?? ""
        let components = (dict["v"] as? NSArray)?.compactMap { ($0 as? NSNumber)?.doubleValue }.map { CGFloat($0) } ?? []
        let space = CGColorSpace(name: name) ?? (components.count == 2 ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB())
        guard components.count == space.numberOfComponents + 1 else { return nil }
        return components.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
    }

    /// A path as its elements: [type, x1, y1, …] each.
    private static func encode(_ path: CGPath) -> NSDictionary {
        var elements: [NSArray] = []
        path.applyWithBlock { element in
            let e = element.pointee
            let count: Int
            switch e.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            @unknown default: count = 0
            }
            var values: [NSNumber] = [NSNumber(value: e.type.rawValue)]
            for i in 0..<count { values += [NSNumber(value: Double(e.points[i].x)), NSNumber(value: Double(e.points[i].y))] }
            elements.append(NSArray(array: values))
        }
        return tagged("path", NSArray(array: elements))
    }

    private static func decodePath(_ dict: NSDictionary) -> CGPath? {
        guard let elements = dict["v"] as? NSArray else { return nil }
        let path = CGMutablePath()
        for case let element as NSArray in elements {
            let n = element.compactMap { ($0 as? NSNumber)?.doubleValue }.map { CGFloat($0) }
            guard let first = n.first, let type = CGPathElementType(rawValue: Int32(first)) else { continue }
            let p = stride(from: 1, to: n.count - 1, by: 2).map { CGPoint(x: n[$0], y: n[$0 + 1]) }
            switch type {
            case .moveToPoint where p.count >= 1: path.move(to: p[0])
            case .addLineToPoint where p.count >= 1: path.addLine(to: p[0])
            case .addQuadCurveToPoint where p.count >= 2: path.addQuadCurve(to: p[1], control: p[0])
            case .addCurveToPoint where p.count >= 3: path.addCurve(to: p[2], control1: p[0], control2: p[1])
            case .closeSubpath: path.closeSubpath()
            default: break
            }
        }
        return path
    }
}
