import CoreGraphics
import Foundation

/// An image's XMP metadata (Apple's `CGImageMetadata`): a tree of tags under namespaces, each
/// namespace with a prefix that paths name ("exif:FNumber", "dc:subject[0]",
/// "Iptc4xmpCore:CreatorContactInfo.Iptc4xmpCore:CiAdrCity", "dc:title[x-default]").
public class CGImageMetadata: @unchecked Sendable {
    let lock = NSLock()
    /// The top-level tags in order, one a namespace and name.
    var roots: [CGImageMetadataTag]
    /// Prefix → namespace: Apple's own, those registered, and those the tags use.
    var namespaces: [String: String]

    init(roots: [CGImageMetadataTag] = [], namespaces: [String: String] = [:]) {
        self.roots = roots
        self.namespaces = Self.standardNamespaces.merging(namespaces) { _, given in given }
        for tag in roots { if let p = tag.prefix, self.namespaces[p] == nil { self.namespaces[p] = tag.namespace } }
    }

    /// The namespaces every metadata knows, under Apple's prefixes.
    static let standardNamespaces: [String: String] = [
        kCGImageMetadataPrefixExif: kCGImageMetadataNamespaceExif, kCGImageMetadataPrefixExifAux: kCGImageMetadataNamespaceExifAux,
        kCGImageMetadataPrefixExifEX: kCGImageMetadataNamespaceExifEX, kCGImageMetadataPrefixDublinCore: kCGImageMetadataNamespaceDublinCore,
        kCGImageMetadataPrefixIPTCCore: kCGImageMetadataNamespaceIPTCCore,
        kCGImageMetadataPrefixIPTCExtension: kCGImageMetadataNamespaceIPTCExtension,
        kCGImageMetadataPrefixPhotoshop: kCGImageMetadataNamespacePhotoshop, kCGImageMetadataPrefixTIFF: kCGImageMetadataNamespaceTIFF,
        kCGImageMetadataPrefixXMPBasic: kCGImageMetadataNamespaceXMPBasic, kCGImageMetadataPrefixXMPRights: kCGImageMetadataNamespaceXMPRights,
        "xml": "http://www.w3.org/XML/1998/namespace",
    ]

    /// Apple's prefix for namespace `uri`, if it is one of the standard ones.
    static func standardPrefix(of uri: String) -> String? { standardNamespaces.first { $0.value == uri }?.key }

    var tags: [CGImageMetadataTag] { lock.withLock { roots } }

    public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGImageMetadata.self) }
}

/// Metadata that can change (Apple's `CGMutableImageMetadata`); usable wherever metadata is.
public final class CGMutableImageMetadata: CGImageMetadata, @unchecked Sendable {}

public func CGImageMetadataGetTypeID() -> CFTypeID { CGImageMetadata.typeID }

/// Empty metadata to fill.
public func CGImageMetadataCreateMutable() -> CGMutableImageMetadata { CGMutableImageMetadata() }

/// A mutable copy of `metadata` (tags are immutable: the copy shares them until it changes).
public func CGImageMetadataCreateMutableCopy(_ metadata: CGImageMetadata) -> CGMutableImageMetadata? {
    metadata.lock.withLock { CGMutableImageMetadata(roots: metadata.roots, namespaces: metadata.namespaces) }
}

/// The top-level tags; nil when there are none.
public func CGImageMetadataCopyTags(_ metadata: CGImageMetadata) -> CFArray? {
    let tags = metadata.tags
    return tags.isEmpty ? nil : tags
}

/// The tag at `path` (below `parent` when given); nil when there is none or the path is malformed.
public func CGImageMetadataCopyTagWithPath(_ metadata: CGImageMetadata, _ parent: CGImageMetadataTag?, _ path: CFString) -> CGImageMetadataTag? {
    metadata.tag(at: path, below: parent)
}

/// The string at `path`: a string tag's text, an alternate text's default language; nil otherwise.
public func CGImageMetadataCopyStringValueWithPath(_ metadata: CGImageMetadata, _ parent: CGImageMetadataTag?, _ path: CFString) -> CFString? {
    guard let tag = metadata.tag(at: path, below: parent) else { return nil }
    if let text = tag.text { return text }
    if tag.type == .alternateText {
        return (tag.items.first { $0.language == "x-default" } ?? tag.items.first)?.text
    }
    return nil
}

/// Makes `prefix` name namespace `xmlns` in paths; false (and `err` set) when the prefix names
/// another namespace already, or either is empty.
public func CGImageMetadataRegisterNamespaceForPrefix(
    _ metadata: CGMutableImageMetadata, _ xmlns: CFString, _ prefix: CFString, _ err: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    func fail(_ code: CGImageMetadataErrors, _ why: String) -> Bool {
        err?.pointee = Unmanaged.passRetained(
            NSError(domain: kCFErrorDomainCGImageMetadata, code: Int(code.rawValue), userInfo: [NSLocalizedDescriptionKey: why]))
        return false
    }
    guard !xmlns.isEmpty, !prefix.isEmpty, !prefix.contains(":") else { return fail(.badArgument, "an empty namespace or prefix") }
    return metadata.lock.withLock {
        if let known = metadata.namespaces[prefix], known != xmlns {
            return fail(.prefixConflict, "prefix '\(prefix)' already names \(known)")
        }
        metadata.namespaces[prefix] = xmlns
        return true
    }
}

/// Puts `tag` at `path` (replacing what was there, or adding it); false when the path is
/// malformed, names an unregistered prefix, or goes through a tag that is not there.
public func CGImageMetadataSetTagWithPath(
    _ metadata: CGMutableImageMetadata, _ parent: CGImageMetadataTag?, _ path: CFString, _ tag: CGImageMetadataTag
) -> Bool {
    metadata.set(tag, at: path, below: parent)
}

/// Sets the value at `path`: a new tag of the path's name (type inferred from the value), or the
/// existing tag's value (of its type).
public func CGImageMetadataSetValueWithPath(
    _ metadata: CGMutableImageMetadata, _ parent: CGImageMetadataTag?, _ path: CFString, _ value: CFTypeRef
) -> Bool {
    metadata.setValue(value, at: path, below: parent)
}

/// Removes the tag at `path`; false when there is none.
public func CGImageMetadataRemoveTagWithPath(_ metadata: CGMutableImageMetadata, _ parent: CGImageMetadataTag?, _ path: CFString) -> Bool {
    metadata.remove(at: path, below: parent)
}

/// A function called for each tag with its path; returning false stops the enumeration.
public typealias CGImageMetadataTagBlock = (CFString, CGImageMetadataTag) -> Bool

/// Calls `block` for the tags below `rootPath` (the top level when nil), and, with
/// `kCGImageMetadataEnumerateRecursively` true in `options`, for the tags below them.
public func CGImageMetadataEnumerateTagsUsingBlock(
    _ metadata: CGImageMetadata, _ rootPath: CFString?, _ options: CFDictionary?, _ block: CGImageMetadataTagBlock
) {
    let recursive = (options?[kCGImageMetadataEnumerateRecursively as String] as? Bool) ?? false
    let start: [(String, CGImageMetadataTag)]
    if let rootPath {
        guard let root = metadata.tag(at: rootPath, below: nil) else { return }
        start = CGImageMetadata.children(of: root, path: rootPath)
    } else {
        start = metadata.tags.map { (CGImageMetadata.pathName(of: $0), $0) }
    }
    var stack = Array(start.reversed())
    while let (path, tag) = stack.popLast() {
        guard block(path, tag) else { return }
        if recursive { stack += CGImageMetadata.children(of: tag, path: path).reversed() }
    }
}
