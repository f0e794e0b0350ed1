import CoreGraphics
import Foundation

/// The fonts Core Text can name: the installed ones (fontconfig) and those the process
/// registered through `CTFontManagerRegister…` (kept here, not in fontconfig, whose
/// configuration other threads may be matching against).
enum FontRegistry {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered: [(entry: FontLocator.Entry, face: FontFace)] = []

    /// The face named `name` (PostScript, full or family name, registered fonts first).
    static func face(named name: String) -> FontFace? {
        if let face = registeredFace(named: name) { return face }
        return FontLocator.face(named: name)
    }

    /// The face drawn for names that match nothing.
    static var fallback: FontFace? { FontLocator.fallback }

    /// Every face Core Text can name: registered, then installed.
    static var entries: [FontLocator.Entry] {
        lock.lock()
        let own = registered.map(\.entry)
        lock.unlock()
        return own + FontLocator.list()
    }

    /// The faces registered through the font manager, in order.
    static var registeredFaces: [FontFace] { lock.withLock { registered.map(\.face) } }

    static func register(_ face: FontFace) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !registered.contains(where: { $0.entry.postScriptName == face.postScriptName }) else { return false }
        let entry = FontLocator.Entry(family: face.familyName, style: face.styleName, postScriptName: face.postScriptName,
                                      fullName: face.fullName, file: face.url?.path ?? "", index: face.index)
        registered.append((entry, face))
        return true
    }

    static func unregister(postScriptName: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let before = registered.count
        registered.removeAll { $0.entry.postScriptName == postScriptName }
        return registered.count < before
    }

    private static func registeredFace(named name: String) -> FontFace? {
        lock.lock()
        defer { lock.unlock() }
        if let hit = registered.first(where: { $0.entry.postScriptName == name || $0.entry.fullName == name }) { return hit.face }
        var family = name, style = "Regular"
        if let dash = name.lastIndex(of: "-") {
            family = String(name[..<dash])
            style = String(name[name.index(after: dash)...])
        }
        let faces = registered.filter { $0.entry.family == name || $0.entry.family == family }
        return (faces.first { $0.entry.style.replacingOccurrences(of: " ", with: "") == style } ?? faces.first)?.face
    }

    /// A descriptor naming `face` exactly.
    static func descriptor(of face: FontFace, size: CGFloat?) -> CTFontDescriptor {
        var attributes: [String: Any] = [
            kCTFontNameAttribute: face.postScriptName, kCTFontFamilyNameAttribute: face.familyName,
            kCTFontStyleNameAttribute: face.styleName, kCTFontDisplayNameAttribute: face.fullName,
        ]
        if let url = face.url { attributes[kCTFontURLAttribute] = url }
        if let size { attributes[kCTFontSizeAttribute] = size }
        attributes[kCTFontFormatAttribute] = NSNumber(value: face.format.rawValue)
        return CTFontDescriptor(attributes: attributes)
    }
}

extension FontLocator.Entry {
    /// A descriptor naming this face.
    func descriptor(size: CGFloat?) -> CTFontDescriptor {
        var attributes: [String: Any] = [
            kCTFontNameAttribute: postScriptName, kCTFontFamilyNameAttribute: family,
            kCTFontStyleNameAttribute: style, kCTFontDisplayNameAttribute: fullName,
        ]
        if !file.isEmpty { attributes[kCTFontURLAttribute] = URL(fileURLWithPath: file) }
        if let size { attributes[kCTFontSizeAttribute] = size }
        return CTFontDescriptor(attributes: attributes)
    }
}
