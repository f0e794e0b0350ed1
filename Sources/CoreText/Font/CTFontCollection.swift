import CoreGraphics
import Foundation

/// A set of font descriptors, as Apple's CTFontCollection.
public final class CTFontCollection: @unchecked Sendable {
    let descriptors: [CTFontDescriptor]

    init(descriptors: [CTFontDescriptor]) {
        self.descriptors = descriptors
    }
}

public let kCTFontCollectionRemoveDuplicatesOption: CFString = "NSFontCollectionRemoveDuplicates"

public func CTFontCollectionGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTFontCollection.self).hashValue) }

/// Every font Core Text can name: registered, then installed.
public func CTFontCollectionCreateFromAvailableFonts(_ options: CFDictionary?) -> CTFontCollection {
    CTFontCollection(descriptors: FontRegistry.entries.map { $0.descriptor(size: nil) })
}

/// The installed fonts matching any of `queryDescriptors` (none: an empty collection).
public func CTFontCollectionCreateWithFontDescriptors(_ queryDescriptors: CFArray?, _ options: CFDictionary?) -> CTFontCollection {
    let queries = (queryDescriptors ?? []).compactMap { $0 as? CTFontDescriptor }
    var seen = Set<String>()
    var matches: [CTFontDescriptor] = []
    for query in queries {
        for case let match as CTFontDescriptor in CTFontDescriptorCreateMatchingFontDescriptors(query, nil) ?? [] {
            if seen.insert(match.name ?? "").inserted { matches.append(match) }
        }
    }
    return CTFontCollection(descriptors: matches)
}

/// The collection's descriptors; nil when it has none.
public func CTFontCollectionCreateMatchingFontDescriptors(_ collection: CTFontCollection) -> CFArray? {
    collection.descriptors.isEmpty ? nil : collection.descriptors
}

/// Where `CTFontManagerRegister…` makes a font available (Strata: this process, whatever is asked).
public enum CTFontManagerScope: UInt32, Sendable {
    case none = 0, process = 1, persistent = 2, session = 3
    public static let user = CTFontManagerScope.persistent
}

/// The families of every font Core Text can name, sorted, without repeats.
public func CTFontManagerCopyAvailableFontFamilyNames() -> CFArray {
    Array(Set(FontRegistry.entries.map(\.family))).sorted()
}

/// The PostScript names of every font Core Text can name, sorted.
public func CTFontManagerCopyAvailablePostScriptNames() -> CFArray {
    Array(Set(FontRegistry.entries.map(\.postScriptName))).sorted()
}

/// Makes the font file at `fontURL` available by name to Core Text in this process (not to
/// CATextLayer's Pango text: documented); false with a `kCTFontManagerErrorDomain` error when
/// the file is missing (`fileNotFound`), not a font (`unrecognizedFormat`) or already registered.
public func CTFontManagerRegisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    guard let face = fontFace(at: fontURL, error) else { return false }
    guard FontRegistry.register(face) else {
        error?.pointee = CTFontManagerError.alreadyRegistered.cfError(urls: [fontURL], "already registered: \(face.postScriptName)")
        return false
    }
    return true
}

/// The font file at `url`; nil with `fileNotFound` or `unrecognizedFormat` in `error`.
private func fontFace(at url: CFURL, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> FontFace? {
    guard FileManager.default.fileExists(atPath: url.path) else {
        error?.pointee = CTFontManagerError.fileNotFound.cfError(urls: [url], "no file at \(url.path)")
        return nil
    }
    guard let face = FontFace(contentsOf: url) else {
        error?.pointee = CTFontManagerError.unrecognizedFormat.cfError(urls: [url], "not a font file: \(url.path)")
        return nil
    }
    return face
}

/// Makes `font` available by name to Core Text in this process; false (`alreadyRegistered`)
/// when a font of its PostScript name is.
public func CTFontManagerRegisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    guard FontRegistry.register(font.face) else {
        error?.pointee = CTFontManagerError.alreadyRegistered.cfError("already registered: \(font.face.postScriptName)")
        return false
    }
    return true
}

/// Withdraws the font file at `fontURL`; false with `fileNotFound`, `unrecognizedFormat` or
/// `notRegistered`.
public func CTFontManagerUnregisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    guard let face = fontFace(at: fontURL, error) else { return false }
    guard FontRegistry.unregister(postScriptName: face.postScriptName) else {
        error?.pointee = CTFontManagerError.notRegistered.cfError(urls: [fontURL], "not registered: \(face.postScriptName)")
        return false
    }
    return true
}

/// Withdraws `font`; false (`notRegistered`) when it was not registered.
public func CTFontManagerUnregisterGraphicsFont(_ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    guard FontRegistry.unregister(postScriptName: font.face.postScriptName) else {
        error?.pointee = CTFontManagerError.notRegistered.cfError("not registered: \(font.face.postScriptName)")
        return false
    }
    return true
}

/// The descriptors of the faces in the font file `data` (one a face of a collection).
public func CTFontManagerCreateFontDescriptorsFromData(_ data: CFData) -> CFArray {
    (0..<8).compactMap { FontFace(data: data, index: $0) }.map { FontRegistry.descriptor(of: $0, size: nil) }
}

public func CTFontManagerCreateFontDescriptorFromData(_ data: CFData) -> CTFontDescriptor? {
    FontFace(data: data).map { FontRegistry.descriptor(of: $0, size: nil) }
}
