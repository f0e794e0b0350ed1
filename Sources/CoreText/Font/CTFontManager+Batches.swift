import CoreGraphics
import Foundation

// Registering several fonts at once (Apple's CTFontManager.h, iOS 13 and later), collections
// copied and sorted. Registrations are this process's whatever the scope (see the Core Text
// article); the handlers are called before the functions return.

/// Posted when registered fonts change (Strata posts none; the name exists for observers).
public let kCTFontManagerRegisteredFontsChangedNotification: CFString = "CTFontManagerFontChangedNotification"

/// Whether fonts activate themselves when named (macOS); kept for Apple's signatures.
public enum CTFontManagerAutoActivationSetting: UInt32, Sendable {
    case `default` = 0
    case disabled = 1
    case enabled = 2
}

/// Registers each file; the handler is told of each file that fails (its `CTFontManagerError`,
/// done false; answering false stops the rest), then once with no errors and done true.
public func CTFontManagerRegisterFontURLs(
    _ fontURLs: CFArray, _ scope: CTFontManagerScope, _ enabled: Bool, _ registrationHandler: ((CFArray, Bool) -> Bool)?
) {
    forEachURL(fontURLs, registrationHandler) { url, error in CTFontManagerRegisterFontsForURL(url as CFURL, scope, error) }
}

public func CTFontManagerUnregisterFontURLs(_ fontURLs: CFArray, _ scope: CTFontManagerScope, _ registrationHandler: ((CFArray, Bool) -> Bool)?) {
    forEachURL(fontURLs, registrationHandler) { url, error in CTFontManagerUnregisterFontsForURL(url as CFURL, scope, error) }
}

/// Registers each file; false when any failed, `errors` then holding their errors.
@available(*, deprecated, renamed: "CTFontManagerRegisterFontURLs(_:_:_:_:)")
public func CTFontManagerRegisterFontsForURLs(_ fontURLs: CFArray, _ scope: CTFontManagerScope, _ errors: UnsafeMutablePointer<Unmanaged<NSArray>?>?) -> Bool {
    batch(fontURLs, errors) { url, error in CTFontManagerRegisterFontsForURL(url as CFURL, scope, error) }
}

@available(*, deprecated, renamed: "CTFontManagerUnregisterFontURLs(_:_:_:)")
public func CTFontManagerUnregisterFontsForURLs(_ fontURLs: CFArray, _ scope: CTFontManagerScope, _ errors: UnsafeMutablePointer<Unmanaged<NSArray>?>?) -> Bool {
    batch(fontURLs, errors) { url, error in CTFontManagerUnregisterFontsForURL(url as CFURL, scope, error) }
}

/// Registers the files the descriptors name (`kCTFontURLAttribute`).
public func CTFontManagerRegisterFontDescriptors(
    _ fontDescriptors: CFArray, _ scope: CTFontManagerScope, _ enabled: Bool, _ registrationHandler: ((CFArray, Bool) -> Bool)?
) {
    CTFontManagerRegisterFontURLs(urls(of: fontDescriptors), scope, enabled, registrationHandler)
}

public func CTFontManagerUnregisterFontDescriptors(
    _ fontDescriptors: CFArray, _ scope: CTFontManagerScope, _ registrationHandler: ((CFArray, Bool) -> Bool)?
) {
    CTFontManagerUnregisterFontURLs(urls(of: fontDescriptors), scope, registrationHandler)
}

/// Fonts in asset catalogs do not exist on Linux: each name fails with `fileNotFound`.
public func CTFontManagerRegisterFontsWithAssetNames(
    _ fontAssetNames: CFArray, _ bundle: Bundle?, _ scope: CTFontManagerScope, _ enabled: Bool, _ registrationHandler: ((CFArray, Bool) -> Bool)?
) {
    let errors: [Any] = fontAssetNames.map { name in
        NSError(domain: kCTFontManagerErrorDomain, code: CTFontManagerError.fileNotFound.rawValue,
                userInfo: [NSLocalizedDescriptionKey: "no font asset catalogs on Linux: \(name)"])
    }
    _ = registrationHandler?(errors, true)
}

/// The descriptors of the fonts registered with the font manager.
public func CTFontManagerCopyRegisteredFontDescriptors(_ scope: CTFontManagerScope, _ enabled: Bool) -> CFArray {
    FontRegistry.registeredFaces.map { FontRegistry.descriptor(of: $0, size: nil) }
}

/// The descriptors of the faces in a font file; nil when it holds none.
public func CTFontManagerCreateFontDescriptorsFromURL(_ fileURL: CFURL) -> CFArray? {
    guard fileURL.isFileURL else { return nil }
    let faces = (0..<64).lazy.map { FontFace(contentsOf: fileURL, index: $0) }.prefix { $0 != nil }.compactMap { $0 }
    let descriptors = faces.map { FontRegistry.descriptor(of: $0, size: nil) }
    return descriptors.isEmpty ? nil : Array(descriptors)
}

/// Calls back with the descriptors that did not match an available font (none are downloadable).
public func CTFontManagerRequestFonts(_ fontDescriptors: CFArray, _ completionHandler: @escaping (CFArray) -> Void) {
    let unresolved = fontDescriptors.compactMap { $0 as? CTFontDescriptor }.filter { $0.resolvedFace() == nil }
    completionHandler(unresolved)
}

private func urls(of descriptors: CFArray) -> CFArray {
    descriptors.compactMap { ($0 as? CTFontDescriptor)?.attributes[kCTFontURLAttribute] as? URL }
}

private func forEachURL(
    _ urls: CFArray, _ handler: ((CFArray, Bool) -> Bool)?, _ each: (URL, UnsafeMutablePointer<Unmanaged<CFError>?>) -> Bool
) {
    for case let url as URL in urls {
        var error: Unmanaged<CFError>?
        if !each(url, &error), let error {
            // Each failure is told as it happens; a handler answering false stops the rest.
            if handler?([error.takeRetainedValue()], false) == false { return }
        }
    }
    _ = handler?([], true)
}

private func batch(_ urls: CFArray, _ errors: UnsafeMutablePointer<Unmanaged<NSArray>?>?, _ each: (URL, UnsafeMutablePointer<Unmanaged<CFError>?>) -> Bool) -> Bool {
    var failures: [Any] = []
    for case let url as URL in urls {
        var error: Unmanaged<CFError>?
        if !each(url, &error), let error { failures.append(error.takeRetainedValue()) }
    }
    if !failures.isEmpty { errors?.pointee = Unmanaged.passRetained(failures as NSArray) }
    return failures.isEmpty
}

// MARK: Collections

/// How a collection's descriptors are copied.
public struct CTFontCollectionCopyOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let unique = CTFontCollectionCopyOptions(rawValue: 1 << 0)
    public static let standardSort = CTFontCollectionCopyOptions(rawValue: 1 << 1)
}

/// Orders two descriptors for `CTFontCollectionCreateMatchingFontDescriptorsSortedWithCallback`.
public typealias CTFontCollectionSortDescriptorsCallback = (CTFontDescriptor, CTFontDescriptor, UnsafeMutableRawPointer?) -> CFComparisonResult

/// `original` with the fonts matching `queryDescriptors` added.
public func CTFontCollectionCreateCopyWithFontDescriptors(_ original: CTFontCollection, _ queryDescriptors: CFArray?, _ options: CFDictionary?) -> CTFontCollection {
    let added = CTFontCollectionCreateWithFontDescriptors(queryDescriptors, options).descriptors
    var seen = Set(original.descriptors.compactMap(\.name))
    return CTFontCollection(descriptors: original.descriptors + added.filter { seen.insert($0.name ?? "").inserted })
}

/// The collection's descriptors in the callback's order; nil when it has none.
public func CTFontCollectionCreateMatchingFontDescriptorsSortedWithCallback(
    _ collection: CTFontCollection, _ sortCallback: CTFontCollectionSortDescriptorsCallback?, _ refCon: UnsafeMutableRawPointer?
) -> CFArray? {
    guard !collection.descriptors.isEmpty else { return nil }
    guard let sortCallback else { return collection.descriptors }
    return collection.descriptors.sorted { sortCallback($0, $1, refCon) == .compareLessThan }
}

/// The collection's descriptors (`kCTFontCollectionRemoveDuplicatesOption` honoured); nil when none.
public func CTFontCollectionCreateMatchingFontDescriptorsWithOptions(_ collection: CTFontCollection, _ options: CFDictionary?) -> CFArray? {
    var descriptors = collection.descriptors
    if (options?[kCTFontCollectionRemoveDuplicatesOption] as? Bool) == true {
        var seen = Set<String>()
        descriptors = descriptors.filter { seen.insert($0.name ?? "").inserted }
    }
    return descriptors.isEmpty ? nil : descriptors
}
