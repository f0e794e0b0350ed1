import Foundation

/// Why a `CTFontManagerRegister…` or `…Unregister…` call failed: the code of the `CFError` it
/// returns in `kCTFontManagerErrorDomain`.
public enum CTFontManagerError: CFIndex, @unchecked Sendable {
    case fileNotFound = 101
    case insufficientPermissions = 102
    case unrecognizedFormat = 103
    case invalidFontData = 104
    case alreadyRegistered = 105
    case exceededResourceLimit = 106
    case assetNotFound = 107
    case notRegistered = 201
    case inUse = 202
    case systemRequired = 203
    case registrationFailed = 301
    case missingEntitlement = 302
    case insufficientInfo = 303
    case cancelledByUser = 304
    case duplicatedName = 305
    case invalidFilePath = 306
    case unsupportedScope = 307
}

/// The domain of Core Text's font manager errors.
public let kCTFontManagerErrorDomain: CFString = "com.apple.CoreText.CTFontManagerErrorDomain"
/// User info: the font URLs that failed (a `CFArray` of `CFURL`).
public let kCTFontManagerErrorFontURLsKey: CFString = "CTFontManagerErrorFontURLs"
/// User info: the font descriptors that failed.
public let kCTFontManagerErrorFontDescriptorsKey: CFString = "CTFontManagerErrorFontDescriptors"
/// User info: the font asset name that failed.
public let kCTFontManagerErrorFontAssetNameKey: CFString = "CTFontManagerErrorFontAssetName"

extension CTFontManagerError {
    /// This error as Core Text returns it, naming `urls` (retained: the caller releases it, as
    /// Apple's `Unmanaged<CFError>` out-parameters are).
    func cfError(urls: [URL] = [], _ description: String) -> Unmanaged<CFError> {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if !urls.isEmpty { info[kCTFontManagerErrorFontURLsKey as String] = urls }
        return Unmanaged.passRetained(NSError(domain: kCTFontManagerErrorDomain as String, code: rawValue, userInfo: info) as CFError)
    }
}
