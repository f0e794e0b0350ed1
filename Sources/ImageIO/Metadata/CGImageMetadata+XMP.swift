import Foundation

extension CGImageMetadata {
    /// The tree of `exiv`'s XMP entries ("Xmp.dc.subject", "Xmp.iptc.CreatorContactInfo/
    /// Iptc4xmpCore:CiAdrCity", "Xmp.xmpMM.History[1]/stEvt:action"), under Apple's prefixes.
    static func tree(of exiv: ExivMetadata) -> CGImageMetadata {
        var roots: [Node] = []
        var namespaces: [String: String] = [:]
        for entry in exiv.entries where entry.key.hasPrefix("Xmp.") {
            let rest = entry.key.dropFirst(4)
            guard let dot = rest.firstIndex(of: "."), let uri = ExivMetadata.namespace(ofPrefix: String(rest[..<dot])) else { continue }
            let exivPrefix = String(rest[..<dot])
            let prefix = standardPrefix(of: uri) ?? exivPrefix
            namespaces[prefix] = uri
            guard let tokens = pathTokens(rest[rest.index(after: dot)...]), case .field(_, let rootName)? = tokens.first else { continue }
            let root: Node
            if let found = roots.first(where: { $0.namespace == uri && $0.name == rootName }) {
                root = found
            } else {
                root = Node(namespace: uri, prefix: prefix, name: rootName)
                roots.append(root)
            }
            guard let node = root.descend(tokens.dropFirst(), namespaces: &namespaces) else { continue }
            node.fill(from: entry, exiv)
        }
        return CGImageMetadata(roots: roots.compactMap { $0.frozen() }, namespaces: namespaces)
    }

    private enum Token {
        case field(prefix: String?, name: String)
        /// 1-based, as exiv2 writes array items.
        case item(Int)
    }

    /// "name[1]/p:field" → [.field(nil, name), .item(1), .field(p, field)]; nil when malformed.
    private static func pathTokens(_ path: Substring) -> [Token]? {
        var tokens: [Token] = []
        var rest = path
        var first = true
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let k = Int(rest[rest.index(after: rest.startIndex)..<close]), k >= 1 else {
                    return nil
                }
                tokens.append(.item(k))
                rest = rest[rest.index(after: close)...]
                continue
            }
            if !first {
                guard rest.first == "/" else { return nil }
                rest = rest.dropFirst()
            }
            let segment = rest.prefix { $0 != "[" && $0 != "/" }
            guard !segment.isEmpty else { return nil }
            let parts = segment.split(separator: ":", maxSplits: 1)
            tokens.append(parts.count == 2 ? .field(prefix: String(parts[0]), name: String(parts[1])) : .field(prefix: nil, name: String(segment)))
            rest = rest.dropFirst(segment.count)
            first = false
        }
        return tokens
    }

    /// A tag being built from entries.
    private final class Node {
        let namespace: String, prefix: String?, name: String
        var type: CGImageMetadataType = .default
        var text: String?
        var language: String?
        var items: [Node] = []
        var fields: [Node] = []

        init(namespace: String, prefix: String?, name: String) {
            self.namespace = namespace
            self.prefix = prefix
            self.name = name
        }

        func descend(_ tokens: ArraySlice<Token>, namespaces: inout [String: String]) -> Node? {
            var node = self
            for token in tokens {
                switch token {
                case .item(let k):
                    guard k <= node.items.count + 1 else { return nil }
                    if node.type == .default { node.type = .arrayOrdered }
                    if k == node.items.count + 1 { node.items.append(Node(namespace: node.namespace, prefix: node.prefix, name: node.name)) }
                    node = node.items[k - 1]
                case .field(let p, let n):
                    let uri = p.flatMap { CGImageMetadata.standardNamespaces[$0] ?? namespaces[$0] ?? ExivMetadata.namespace(ofPrefix: $0) }
                        ?? node.namespace
                    if let p, namespaces[p] == nil { namespaces[p] = uri }
                    node.type = .structure
                    if let found = node.fields.first(where: { $0.name == n && $0.namespace == uri }) {
                        node = found
                    } else {
                        let field = Node(namespace: uri, prefix: p, name: n)
                        node.fields.append(field)
                        node = field
                    }
                }
            }
            return node
        }

        func fill(from entry: ExivMetadata.Entry, _ exiv: ExivMetadata) {
            switch entry.type {
            case ExivType.xmpBag, ExivType.xmpSeq, ExivType.xmpAlt:
                type = entry.type == ExivType.xmpBag ? .arrayUnordered : entry.type == ExivType.xmpSeq ? .arrayOrdered : .alternateArray
                items = (0..<entry.components).compactMap { i in
                    exiv.text(entry, i).map { t in
                        let item = Node(namespace: namespace, prefix: prefix, name: name)
                        item.type = .string
                        item.text = t
                        return item
                    }
                }
            case ExivType.langAlt:
                type = .alternateText
                items = (0..<entry.components).compactMap { i in
                    guard let t = exiv.text(entry, i) else { return nil }
                    let item = Node(namespace: namespace, prefix: prefix, name: name)
                    item.type = .string
                    item.text = t
                    item.language = exiv.language(entry, i) ?? "x-default"
                    return item
                }
            default:
                // An empty text that entries below make a structure or array stays one.
                if type == .default { type = .string }
                text = exiv.text(entry) ?? ""
            }
        }

        func frozen() -> CGImageMetadataTag? {
            let qualifiers = language.map { [CGImageMetadataTag.languageQualifier($0)] } ?? []
            switch type {
            case .structure:
                return CGImageMetadataTag(namespace: namespace, prefix: prefix, name: name, type: .structure, value: .fields(fields.compactMap { $0.frozen() }))
            case .arrayOrdered, .arrayUnordered, .alternateArray, .alternateText:
                return CGImageMetadataTag(namespace: namespace, prefix: prefix, name: name, type: type, value: .items(items.compactMap { $0.frozen() }))
            default:
                return CGImageMetadataTag(namespace: namespace, prefix: prefix, name: name, type: .string, value: .text(text ?? ""), qualifiers: qualifiers)
            }
        }
    }

    /// Writes the tree as XMP entries into `exiv`; false when a namespace could not be registered.
    func write(into exiv: ExivMetadata) -> Bool {
        var ok = true
        for root in tags {
            guard let exivPrefix = Self.exivPrefix(for: root.namespace, preferring: root.prefix) else {
                ok = false
                continue
            }
            ok = Self.write(root, key: "Xmp.\(exivPrefix).\(root.name)", into: exiv) && ok
        }
        return ok
    }

    /// exiv2's prefix for `namespace`, registering it under `preferred` when exiv2 does not know it.
    private static func exivPrefix(for namespace: String, preferring preferred: String?) -> String? {
        if let known = ExivMetadata.prefix(ofNamespace: namespace) { return known }
        guard let preferred, ExivMetadata.register(namespace: namespace, prefix: preferred) else { return nil }
        return ExivMetadata.prefix(ofNamespace: namespace)
    }

    private static func write(_ tag: CGImageMetadataTag, key: String, into exiv: ExivMetadata) -> Bool {
        switch tag.type {
        case .alternateText:
            exiv.remove(key)
            return tag.items.allSatisfy { exiv.append(key, "lang=\"\($0.language ?? "x-default")\" \($0.text ?? "")", arrayType: ExivType.langAlt) }
        case .arrayOrdered, .arrayUnordered, .alternateArray:
            let kind = tag.type == .arrayUnordered ? ExivType.xmpBag : tag.type == .arrayOrdered ? ExivType.xmpSeq : ExivType.xmpAlt
            exiv.remove(key)
            if tag.items.allSatisfy({ $0.text != nil }), !tag.items.isEmpty {
                return tag.items.allSatisfy { exiv.append(key, $0.text ?? "", arrayType: kind) }
            }
            guard exiv.setContainer(key, kind: kind) else { return false }
            return tag.items.enumerated().allSatisfy { write($1, key: "\(key)[\($0 + 1)]", into: exiv) }
        case .structure:
            guard exiv.setContainer(key, kind: 0) else { return false }
            return tag.fields.allSatisfy { field in
                guard let prefix = standardPrefix(of: field.namespace) ?? field.prefix,
                    exivPrefix(for: field.namespace, preferring: prefix) != nil else { return false }
                return write(field, key: "\(key)/\(prefix):\(field.name)", into: exiv)
            }
        default:
            return exiv.set(key, tag.text ?? "", type: ExivType.xmpText)
        }
    }
}

/// The metadata as an XMP packet (RDF/XML, UTF-8); nil when it cannot be written.
public func CGImageMetadataCreateXMPData(_ metadata: CGImageMetadata, _ options: CFDictionary?) -> CFData? {
    guard let exiv = ExivMetadata(), metadata.write(into: exiv) else { return nil }
    return exiv.xmpPacket
}

/// The metadata an XMP packet (or a file's whole XMP data) holds; nil when it is not XMP.
public func CGImageMetadataCreateFromXMPData(_ data: CFData) -> CGImageMetadata? {
    guard let exiv = ExivMetadata(xmpPacket: data) else { return nil }
    return CGImageMetadata.tree(of: exiv)
}
