import Foundation

/// A parsed metadata path: steps joined by ".", each "prefix:name" with selectors ("[0]", an
/// array's zero-based item; "[x-default]", an alternate text's language), and at most one
/// qualifier at the end ("?xml:lang").
struct MetadataPath {
    enum Selector: Equatable {
        case index(Int)
        case language(String)
    }

    struct Step {
        var prefix: String?
        var name: String
        var selectors: [Selector]
    }

    var steps: [Step]
    var qualifier: (prefix: String?, name: String)?

    /// Parses `text`; nil when it is malformed (empty names, unclosed brackets, negative indices).
    init?(_ text: String) {
        var body = Substring(text)
        if let mark = body.firstIndex(of: "?") {
            let q = body[body.index(after: mark)...]
            body = body[..<mark]
            guard let (p, n) = Self.name(q) else { return nil }
            qualifier = (p, n)
        }
        var steps: [Step] = []
        for part in Self.split(body) {
            guard let step = Self.step(part) else { return nil }
            steps.append(step)
        }
        guard !steps.isEmpty, steps.dropFirst().allSatisfy({ !$0.name.isEmpty }) else { return nil }
        self.steps = steps
    }

    /// Splits at dots outside brackets (a language like "en.US" is not a step).
    private static func split(_ s: Substring) -> [Substring] {
        var parts: [Substring] = [], depth = 0, start = s.startIndex
        for i in s.indices {
            switch s[i] {
            case "[": depth += 1
            case "]": depth -= 1
            case "." where depth == 0:
                parts.append(s[start..<i])
                start = s.index(after: i)
            default: break
            }
        }
        parts.append(s[start...])
        return parts
    }

    private static func name(_ s: Substring) -> (String?, String)? {
        let parts = s.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let (p, n) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : (nil, String(parts[0]))
        guard !n.isEmpty, p.map({ !$0.isEmpty }) ?? true, !n.contains("["), !n.contains("]") else { return nil }
        return (p, n)
    }

    private static func step(_ s: Substring) -> Step? {
        let head = s.prefix { $0 != "[" }
        // An empty name continues a parent tag's step ("[0]" below an array).
        guard let (p, n) = head.isEmpty && s.count > 0 ? (nil, "") : name(head) else { return nil }
        var selectors: [Selector] = []
        var rest = s.dropFirst(head.count)
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let inside = String(rest[rest.index(after: rest.startIndex)..<close])
            guard !inside.isEmpty else { return nil }
            if let k = Int(inside) {
                guard k >= 0 else { return nil }
                selectors.append(.index(k))
            } else {
                selectors.append(.language(inside))
            }
            rest = rest[rest.index(after: close)...]
        }
        return Step(prefix: p, name: n, selectors: selectors)
    }
}

extension CGImageMetadata {
    /// "prefix:name" of a tag.
    static func pathName(of tag: CGImageMetadataTag) -> String { "\(tag.prefix.map { $0 + ":" } ?? "")\(tag.name)" }

    /// The tags directly below `tag` with their paths: an array's items, a structure's fields.
    static func children(of tag: CGImageMetadataTag, path: String) -> [(String, CGImageMetadataTag)] {
        switch tag.value {
        case .text: return []
        case .items(let items):
            return items.enumerated().map { i, item in
                (tag.type == .alternateText ? "\(path)[\(item.language ?? "x-default")]" : "\(path)[\(i)]", item)
            }
        case .fields(let fields): return fields.map { ("\(path).\(pathName(of: $0))", $0) }
        }
    }

    /// The steps from the top level to `target` (found by identity), or nil when it is not in the tree.
    private func steps(to target: CGImageMetadataTag) -> [MetadataPath.Step]? {
        func search(_ tag: CGImageMetadataTag, _ trail: [MetadataPath.Step]) -> [MetadataPath.Step]? {
            if tag === target { return trail }
            switch tag.value {
            case .text: return nil
            case .items(let items):
                for (i, item) in items.enumerated() {
                    var t = trail
                    t[t.count - 1].selectors.append(tag.type == .alternateText ? .language(item.language ?? "x-default") : .index(i))
                    if let found = search(item, t) { return found }
                }
            case .fields(let fields):
                for field in fields {
                    if let found = search(field, trail + [MetadataPath.Step(prefix: field.prefix, name: field.name, selectors: [])]) {
                        return found
                    }
                }
            }
            return nil
        }
        for root in roots {
            if let found = search(root, [MetadataPath.Step(prefix: root.prefix, name: root.name, selectors: [])]) { return found }
        }
        return nil
    }

    /// `path` made absolute: below `parent`'s place in the tree when one is given.
    private func absolute(_ path: String, below parent: CGImageMetadataTag?) -> MetadataPath? {
        guard var parsed = MetadataPath(path) else { return nil }
        guard let parent else { return parsed }
        guard let trail = steps(to: parent) else { return nil }
        var steps = trail
        // "[1]" or "[en]" alone continues the parent's own step.
        if let first = parsed.steps.first, first.name.isEmpty {
            steps[steps.count - 1].selectors += first.selectors
            parsed.steps.removeFirst()
        }
        parsed.steps = steps + parsed.steps
        return parsed
    }

    private func matches(_ step: MetadataPath.Step, _ tag: CGImageMetadataTag, topLevel: Bool) -> Bool {
        guard tag.name == step.name else { return false }
        guard let prefix = step.prefix else { return !topLevel }
        return namespaces[prefix] == tag.namespace
    }

    func tag(at path: String, below parent: CGImageMetadataTag?) -> CGImageMetadataTag? {
        lock.withLock {
            guard let parsed = absolute(path, below: parent) else { return nil }
            return find(parsed)
        }
    }

    private func find(_ path: MetadataPath) -> CGImageMetadataTag? {
        var pool = roots
        var current: CGImageMetadataTag?
        for (i, step) in path.steps.enumerated() {
            if i > 0 { pool = current?.fields ?? [] }
            guard var tag = pool.first(where: { matches(step, $0, topLevel: i == 0) }) else { return nil }
            for selector in step.selectors {
                switch selector {
                case .index(let k):
                    guard k < tag.items.count, tag.type != .alternateText else { return nil }
                    tag = tag.items[k]
                case .language(let language):
                    guard let item = tag.items.first(where: { $0.language == language }) else { return nil }
                    tag = item
                }
            }
            current = tag
        }
        if let q = path.qualifier {
            return current?.qualifiers.first { $0.name == q.name && (q.prefix == nil || q.prefix == $0.prefix) }
        }
        return current
    }

    // MARK: Changing

    func set(_ tag: CGImageMetadataTag, at path: String, below parent: CGImageMetadataTag?) -> Bool {
        lock.withLock {
            guard let parsed = absolute(path, below: parent), parsed.qualifier == nil,
                let changed = replacing(in: roots, parsed.steps[...], with: tag, topLevel: true) else { return false }
            roots = changed
            if let p = tag.prefix, namespaces[p] == nil { namespaces[p] = tag.namespace }
            return true
        }
    }

    func remove(at path: String, below parent: CGImageMetadataTag?) -> Bool {
        lock.withLock {
            guard let parsed = absolute(path, below: parent), parsed.qualifier == nil, find(parsed) != nil,
                let changed = replacing(in: roots, parsed.steps[...], with: nil, topLevel: true) else { return false }
            roots = changed
            return true
        }
    }

    func setValue(_ value: Any, at path: String, below parent: CGImageMetadataTag?) -> Bool {
        let made: CGImageMetadataTag? = lock.withLock {
            guard let parsed = absolute(path, below: parent), let last = parsed.steps.last else { return nil }
            let existing = find(parsed)
            let prefix = last.prefix ?? existing?.prefix
            guard let namespace = existing?.namespace ?? prefix.flatMap({ namespaces[$0] }) else { return nil }
            let type: CGImageMetadataType = existing.map { $0.type == .string ? .default : $0.type } ?? .default
            return CGImageMetadataTag(namespace: namespace, prefix: prefix, name: last.name, type: type, value: value)
                ?? CGImageMetadataTag(namespace: namespace, prefix: prefix, name: last.name, type: .default, value: value)
        }
        guard let made else { return false }
        return set(made, at: path, below: parent)
    }

    /// `pool` with the tag at `steps` replaced by `new` (removed when nil); nil when a step is missing.
    private func replacing(
        in pool: [CGImageMetadataTag], _ steps: ArraySlice<MetadataPath.Step>, with new: CGImageMetadataTag?, topLevel: Bool
    ) -> [CGImageMetadataTag]? {
        guard let step = steps.first else { return nil }
        if topLevel, step.prefix == nil { return nil }
        if let prefix = step.prefix, namespaces[prefix] == nil { return nil }
        var pool = pool
        let index = pool.firstIndex { matches(step, $0, topLevel: topLevel) }
        if steps.count == 1, step.selectors.isEmpty {
            guard let new else {
                guard let index else { return nil }
                pool.remove(at: index)
                return pool
            }
            let namespace = step.prefix.flatMap { namespaces[$0] } ?? index.map { pool[$0].namespace } ?? new.namespace
            let placed = new.renamed(namespace: namespace, prefix: step.prefix ?? new.prefix, name: step.name)
            if let index { pool[index] = placed } else { pool.append(placed) }
            return pool
        }
        guard let index, let changed = replacingInside(pool[index], step.selectors[...], steps.dropFirst(), with: new) else {
            return nil
        }
        pool[index] = changed
        return pool
    }

    private func replacingInside(
        _ tag: CGImageMetadataTag, _ selectors: ArraySlice<MetadataPath.Selector>, _ rest: ArraySlice<MetadataPath.Step>,
        with new: CGImageMetadataTag?
    ) -> CGImageMetadataTag? {
        guard let selector = selectors.first else {
            guard case .fields(let fields) = tag.value, let changed = replacing(in: fields, rest, with: new, topLevel: false) else {
                return nil
            }
            return tag.with(value: .fields(changed))
        }
        guard case .items(var items) = tag.value else { return nil }
        let k: Int?
        switch selector {
        case .index(let i): k = tag.type == .alternateText ? nil : i
        case .language(let language): k = items.firstIndex { $0.language == language } ?? (new != nil && rest.isEmpty && selectors.count == 1 ? items.count : nil)
        }
        guard let k, k <= items.count else { return nil }
        if selectors.count == 1, rest.isEmpty {
            guard let new else {
                guard k < items.count else { return nil }
                items.remove(at: k)
                return tag.with(value: .items(items))
            }
            var item = new.renamed(namespace: tag.namespace, prefix: tag.prefix, name: tag.name)
            if case .language(let language) = selector {
                item = CGImageMetadataTag(namespace: tag.namespace, prefix: tag.prefix, name: tag.name, type: .string,
                                          value: item.value, qualifiers: [CGImageMetadataTag.languageQualifier(language)])
            }
            if k < items.count { items[k] = item } else { items.append(item) }
            return tag.with(value: .items(items))
        }
        guard k < items.count, let changed = replacingInside(items[k], selectors.dropFirst(), rest, with: new) else { return nil }
        items[k] = changed
        return tag.with(value: .items(items))
    }
}
