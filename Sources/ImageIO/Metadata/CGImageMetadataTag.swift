import CoreGraphics
import Foundation

/// What an XMP property holds (Apple's `CGImageMetadataType`).
public enum CGImageMetadataType: Int32, Sendable {
    case invalid = -1
    /// Inferred from the value: a string, an ordered array, or a structure.
    case `default` = 0
    case string = 1
    case arrayUnordered = 2
    case arrayOrdered = 3
    case alternateArray = 4
    /// Text in several languages, each item qualified by `xml:lang` ("x-default" first).
    case alternateText = 5
    case structure = 6
}

/// Why a metadata call failed (`kCFErrorDomainCGImageMetadata` codes).
public enum CGImageMetadataErrors: Int32, Sendable {
    case unknown = 0
    case unsupportedFormat = 1
    case badArgument = 2
    case conflictingArguments = 3
    case prefixConflict = 4
}

/// One XMP property (Apple's `CGImageMetadataTag`): its namespace, prefix, name, type and value.
/// Tags are immutable; metadata holds them in a tree.
public final class CGImageMetadataTag: @unchecked Sendable, CustomStringConvertible {
    enum Value {
        case text(String)
        /// An array's items (tags of the same name), or an alternate text's (each with `xml:lang`).
        case items([CGImageMetadataTag])
        /// A structure's fields.
        case fields([CGImageMetadataTag])
    }

    let namespace: String
    let prefix: String?
    let name: String
    let type: CGImageMetadataType
    let value: Value
    let qualifiers: [CGImageMetadataTag]

    init(namespace: String, prefix: String?, name: String, type: CGImageMetadataType, value: Value, qualifiers: [CGImageMetadataTag] = []) {
        self.namespace = namespace
        self.prefix = prefix
        self.name = name
        self.type = type
        self.value = value
        self.qualifiers = qualifiers
    }

    /// The text of a string tag (nil for arrays and structures).
    var text: String? {
        if case .text(let t) = value { return t }
        return nil
    }

    var items: [CGImageMetadataTag] {
        if case .items(let items) = value { return items }
        return []
    }

    var fields: [CGImageMetadataTag] {
        if case .fields(let fields) = value { return fields }
        return []
    }

    /// The `xml:lang` qualifier's value (an alternate text's item).
    var language: String? { qualifiers.first { $0.prefix == "xml" && $0.name == "lang" }?.text }

    /// This tag under another namespace, prefix or name (an array's items take their array's).
    func renamed(namespace: String, prefix: String?, name: String) -> CGImageMetadataTag {
        CGImageMetadataTag(namespace: namespace, prefix: prefix, name: name, type: type, value: value, qualifiers: qualifiers)
    }

    func with(value: Value) -> CGImageMetadataTag {
        CGImageMetadataTag(namespace: namespace, prefix: prefix, name: name, type: type, value: value, qualifiers: qualifiers)
    }

    /// An `xml:lang` qualifier.
    static func languageQualifier(_ language: String) -> CGImageMetadataTag {
        CGImageMetadataTag(namespace: "http://www.w3.org/XML/1998/namespace", prefix: "xml", name: "lang", type: .string, value: .text(language))
    }

    public var description: String {
        let head = "\(prefix.map { $0 + ":" } ?? "")\(name)"
        switch value {
        case .text(let t): return "\(head) = \"\(t)\"\(language.map { " [\($0)]" } ?? "")"
        case .items(let items): return "\(head) = [\(items.map(\.description).joined(separator: ", "))]"
        case .fields(let fields): return "\(head) = {\(fields.map(\.description).joined(separator: ", "))}"
        }
    }

    public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGImageMetadataTag.self) }
}

extension CGImageMetadataTag {
    /// A tag of `type` for `value` (a string, number or Boolean; an array of those or of tags; a
    /// dictionary of fields or, for alternate text, of languages to text); nil when they do not fit.
    convenience init?(namespace: String, prefix: String?, name: String, type: CGImageMetadataType, value: Any) {
        guard !namespace.isEmpty, !name.isEmpty, type != .invalid else { return nil }
        let made: (CGImageMetadataType, Value)?
        switch type {
        case .default: made = Self.inferred(value, namespace, prefix, name)
        case .string: made = Self.scalar(value).map { (.string, .text($0)) }
        case .arrayUnordered, .arrayOrdered, .alternateArray:
            made = Self.arrayItems(value, namespace, prefix, name).map { (type, .items($0)) }
        case .alternateText: made = Self.alternatives(value, namespace, prefix, name).map { (.alternateText, .items($0)) }
        case .structure: made = Self.structureFields(value, namespace).map { (.structure, .fields($0)) }
        case .invalid: made = nil
        }
        guard let (kind, content) = made else { return nil }
        self.init(namespace: namespace, prefix: prefix, name: name, type: kind, value: content)
    }

    /// A string for a string, number or Boolean (as XMP writes them: "True", "False").
    static func scalar(_ value: Any) -> String? {
        switch value {
        case let s as String: return s
        case let b as Bool: return b ? "True" : "False"
        case let i as Int: return String(i)
        case let d as Double: return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case let n as NSNumber: return n.stringValue
        default: return nil
        }
    }

    private static func inferred(_ value: Any, _ ns: String, _ prefix: String?, _ name: String) -> (CGImageMetadataType, Value)? {
        if let s = scalar(value) { return (.string, .text(s)) }
        if value is [Any] { return arrayItems(value, ns, prefix, name).map { (.arrayOrdered, .items($0)) } }
        if let d = dictionary(value) { return structureFields(d, ns).map { (.structure, .fields($0)) } }
        return nil
    }

    private static func arrayItems(_ value: Any, _ ns: String, _ prefix: String?, _ name: String) -> [CGImageMetadataTag]? {
        let elements = value as? [Any] ?? [value]
        var items: [CGImageMetadataTag] = []
        for element in elements {
            if let tag = element as? CGImageMetadataTag {
                items.append(tag.renamed(namespace: ns, prefix: prefix, name: name))
            } else if let s = scalar(element) {
                items.append(CGImageMetadataTag(namespace: ns, prefix: prefix, name: name, type: .string, value: .text(s)))
            } else {
                return nil
            }
        }
        return items
    }

    /// Text in languages: a string is the default language's; a dictionary maps languages to text.
    private static func alternatives(_ value: Any, _ ns: String, _ prefix: String?, _ name: String) -> [CGImageMetadataTag]? {
        func item(_ text: String, _ language: String) -> CGImageMetadataTag {
            CGImageMetadataTag(namespace: ns, prefix: prefix, name: name, type: .string, value: .text(text), qualifiers: [languageQualifier(language)])
        }
        if let s = scalar(value) { return [item(s, "x-default")] }
        if let d = dictionary(value) {
            var out: [CGImageMetadataTag] = []
            for (language, text) in d.sorted(by: { ($0.key == "x-default" ? "" : $0.key) < ($1.key == "x-default" ? "" : $1.key) }) {
                guard let t = scalar(text) else { return nil }
                out.append(item(t, language))
            }
            return out
        }
        guard let elements = value as? [Any] else { return nil }
        let tags = elements.compactMap { $0 as? CGImageMetadataTag }
        return tags.count == elements.count ? tags : nil
    }

    /// A structure's fields: tags as they are, other values as string fields of the structure's namespace.
    private static func structureFields(_ value: Any, _ ns: String) -> [CGImageMetadataTag]? {
        guard let d = dictionary(value) else { return nil }
        var out: [CGImageMetadataTag] = []
        for (key, element) in d.sorted(by: { $0.key < $1.key }) {
            if let tag = element as? CGImageMetadataTag {
                out.append(tag)
                continue
            }
            let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
            let (fieldPrefix, fieldName) = parts.count == 2 ? (parts[0], parts[1]) : (nil, key)
            guard let tag = CGImageMetadataTag(namespace: ns, prefix: fieldPrefix, name: fieldName, type: .default, value: element) else {
                return nil
            }
            out.append(tag)
        }
        return out
    }

    private static func dictionary(_ value: Any) -> [String: Any]? {
        if let d = value as? [String: Any] { return d }
        if let d = value as? [AnyHashable: Any] {
            var out: [String: Any] = [:]
            for (k, v) in d {
                guard let k = k.base as? String else { return nil }
                out[k] = v
            }
            return out
        }
        return nil
    }
}

/// A tag (nil when `xmlns` or `name` is empty, or the value does not fit `type`).
public func CGImageMetadataTagCreate(
    _ xmlns: CFString, _ prefix: CFString?, _ name: CFString, _ type: CGImageMetadataType, _ value: CFTypeRef
) -> CGImageMetadataTag? {
    CGImageMetadataTag(namespace: xmlns, prefix: prefix, name: name, type: type, value: value)
}

public func CGImageMetadataTagGetTypeID() -> CFTypeID { CGImageMetadataTag.typeID }
public func CGImageMetadataTagCopyNamespace(_ tag: CGImageMetadataTag) -> CFString? { tag.namespace }
public func CGImageMetadataTagCopyPrefix(_ tag: CGImageMetadataTag) -> CFString? { tag.prefix }
public func CGImageMetadataTagCopyName(_ tag: CGImageMetadataTag) -> CFString? { tag.name }
public func CGImageMetadataTagGetType(_ tag: CGImageMetadataTag) -> CGImageMetadataType { tag.type }

/// The tag's value: a string, an array of tags (arrays and alternate text), or a dictionary of
/// field names ("prefix:name") to tags (structures).
public func CGImageMetadataTagCopyValue(_ tag: CGImageMetadataTag) -> CFTypeRef? {
    switch tag.value {
    case .text(let t): return t as NSString
    case .items(let items): return items as NSArray
    case .fields(let fields):
        var d: [String: CGImageMetadataTag] = [:]
        for f in fields { d["\(f.prefix.map { $0 + ":" } ?? "")\(f.name)"] = f }
        return d as NSDictionary
    }
}

/// The tag's qualifiers (an alternate text item's `xml:lang`); nil when it has none.
public func CGImageMetadataTagCopyQualifiers(_ tag: CGImageMetadataTag) -> CFArray? {
    tag.qualifiers.isEmpty ? nil : tag.qualifiers
}
