import CFontEngine
import Foundation

/// Finds installed font faces by name through fontconfig, after Strata's Apple family rules
/// (`FontAliases`). Faces are read once and shared.
package enum FontLocator {
    /// What fontconfig knows of one installed face.
    package struct Entry: Hashable, Sendable {
        package var family: String
        package var style: String
        package var postScriptName: String
        package var fullName: String
        package var file: String
        package var index: Int

        package init(family: String, style: String, postScriptName: String, fullName: String, file: String, index: Int) {
            self.family = family
            self.style = style
            self.postScriptName = postScriptName
            self.fullName = fullName
            self.file = file
            self.index = index
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var faces: [String: FontFace] = [:]
    nonisolated(unsafe) private static var misses: Set<String> = []
    /// `knownFamily`'s answers (each asks fontconfig for the installed faces).
    nonisolated(unsafe) private static var spelled: [String: String] = [:]

    /// The face `name` names: a PostScript name ("DejaVuSans-Bold"), a full name ("DejaVu Sans
    /// Bold") or a family with an optional "-Style" suffix ("Helvetica-BoldOblique"); nil when no
    /// installed face and no Apple family rule answers to it.
    package static func face(named name: String) -> FontFace? {
        lock.lock()
        defer { lock.unlock() }
        if let face = faces[name] { return face }
        if misses.contains(name) { return nil }
        guard let (file, index) = locate(name), let face = face(file: file, index: index) else {
            if misses.count < 1024 { misses.insert(name) }
            return nil
        }
        if faces.count < 256 { faces[name] = face }
        return face
    }

    /// The face drawn when a name matches nothing (Apple's answer is Helvetica; here the face
    /// fontconfig gives for it, Liberation Sans on Debian, or the tests' pinned DejaVu Sans).
    package static var fallback: FontFace? {
        face(named: "Helvetica") ?? face(named: "sans-serif")
    }

    /// Some installed face, or the empty one on a machine without fonts.
    package static var anyFace: FontFace {
        if let face = fallback { return face }
        lock.lock()
        defer { lock.unlock() }
        for entry in list().prefix(8) {
            if let face = face(file: entry.file, index: entry.index) { return face }
        }
        return .empty
    }

    /// An installed face with a glyph for `scalar`, of `like`'s family when it can be; nil when none has one.
    package static func face(covering scalar: UInt32, like: FontFace) -> FontFace? {
        FontAliases.install
        lock.lock()
        defer { lock.unlock() }
        let key = "\u{1}\(scalar)"
        if let face = faces[key] { return face }
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar)
        FcPatternAddCharSet(pattern, "charset", charset)
        add(pattern, "family", like.familyName)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var found: OpaquePointer?
        guard FcPatternGetCharSet(font, "charset", 0, &found) == FcResultMatch, let found, FcCharSetHasChar(found, scalar) != 0,
            let entry = entry(font), let face = face(file: entry.file, index: entry.index)
        else { return nil }
        if faces.count < 256 { faces[key] = face }
        return face
    }

    private static func face(file: String, index: Int) -> FontFace? {
        let key = "\u{0}\(file)#\(index)"
        if let face = faces[key] { return face }
        guard let face = FontFace(contentsOf: URL(fileURLWithPath: file), index: index) else { return nil }
        faces[key] = face
        return face
    }

    // MARK: fontconfig

    private static func locate(_ name: String) -> (String, Int)? {
        FontAliases.install
        for object in ["postscriptname", "fullname"] {
            if let entry = list([object: name]).first { return (entry.file, entry.index) }
        }
        var family = name, style = ""
        if list(["family": name]).isEmpty, let dash = name.lastIndex(of: "-") {
            family = String(name[..<dash])
            style = String(name[name.index(after: dash)...])
        }
        if !isKnown(family: family), let spelled = familyOfPostScriptName(family), isKnown(family: spelled) {
            family = spelled
            if style.hasSuffix("MT") { style.removeLast(2) }
        }
        guard isKnown(family: family) else { return nil }
        return match(family: family, style: style)
    }

    /// The family an Apple PostScript name's first part spells: without spaces and with the
    /// foundry's marks ("HelveticaNeue", "TimesNewRomanPS", "ArialMT", "SFProText") → "Helvetica
    /// Neue", "Times New Roman", "Arial", "SF Pro Text"; nil when that changes nothing.
    package static func familyOfPostScriptName(_ name: String) -> String? {
        var letters = Substring(name)
        for mark in ["PSMT", "MT", "PS"] where letters.count > mark.count + 2 && letters.hasSuffix(mark) {
            letters = letters.dropLast(mark.count)
            break
        }
        var spelled = ""
        let characters = Array(letters)
        for (i, c) in characters.enumerated() {
            // A word starts at a capital after a small letter, or at the last capital of a run
            // followed by a small letter ("SFPro": "SF Pro").
            if i > 0, c.isUppercase, characters[i - 1] != " ",
                characters[i - 1].isLowercase || (i + 1 < characters.count && characters[i + 1].isLowercase && characters[i - 1].isUppercase) {
                spelled.append(" ")
            }
            spelled.append(c)
        }
        return spelled == name ? nil : spelled
    }

    /// `family` as fontconfig and Strata's rules know it: an Apple PostScript family
    /// ("HelveticaNeue", "TimesNewRomanPS", "ArialMT") spelled out when only that is known.
    package static func knownFamily(_ family: String) -> String {
        lock.lock()
        let cached = spelled[family]
        lock.unlock()
        if let cached { return cached }
        var known = family
        if !isKnown(family: family), let name = familyOfPostScriptName(family), isKnown(family: name) { known = name }
        lock.lock()
        if spelled.count < 1024 { spelled[family] = known }
        lock.unlock()
        return known
    }

    /// Whether `family` is installed or one fontconfig (or Strata's rules) maps to an installed one.
    private static func isKnown(family: String) -> Bool {
        let generic = ["sans-serif", "sans", "serif", "monospace", "system-ui"]
        let known = FontAliases.sans + FontAliases.serif + FontAliases.mono + FontAliases.code
        return generic.contains(family.lowercased()) || known.contains { $0.caseInsensitiveCompare(family) == .orderedSame }
            || !list(["family": family]).isEmpty
    }

    /// The face fontconfig picks for `family` in `style` (words such as Bold, Italic, Light).
    private static func match(family: String, style: String) -> (String, Int)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(pattern, "family", family)
        let words = style.lowercased()
        let weight: Int32? =
            words.contains("semibold") || words.contains("demi") ? 180
            : words.contains("bold") ? 200 : words.contains("black") || words.contains("heavy") ? 210
            : words.contains("medium") ? 100 : words.contains("light") ? 50 : words.contains("thin") ? 0 : nil
        if let weight { FcPatternAddInteger(pattern, "weight", weight) }
        if words.contains("italic") { FcPatternAddInteger(pattern, "slant", 100) }
        if words.contains("oblique") { FcPatternAddInteger(pattern, "slant", 110) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        return entry(font).map { ($0.file, $0.index) }
    }

    /// Every installed face whose properties equal `properties` (all faces for an empty one).
    package static func list(_ properties: [String: String] = [:]) -> [Entry] {
        FontAliases.install
        guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
        defer { FcPatternDestroy(pattern); FcObjectSetDestroy(objects) }
        for (key, value) in properties { add(pattern, key, value) }
        for object in ["family", "style", "postscriptname", "fullname", "file", "index"] { FcObjectSetAdd(objects, object) }
        guard let set = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        let count = Int(set.pointee.nfont)
        guard count > 0, let fonts = set.pointee.fonts else { return [] }
        return (0..<count).compactMap { fonts[$0].flatMap(entry) }
            .sorted { ($0.family, $0.style, $0.file) < ($1.family, $1.style, $1.file) }
    }

    private static func entry(_ pattern: OpaquePointer) -> Entry? {
        guard let file = string(pattern, "file") else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, "index", 0, &index)
        let family = string(pattern, "family") ?? ""
        let style = string(pattern, "style") ?? "Regular"
        return Entry(family: family, style: style, postScriptName: string(pattern, "postscriptname") ?? family,
                     fullName: string(pattern, "fullname") ?? "\(family) \(style)", file: file, index: Int(index))
    }

    private static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func add(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        value.withCString { chars in
            chars.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { _ = FcPatternAddString(pattern, object, $0) }
        }
    }
}
