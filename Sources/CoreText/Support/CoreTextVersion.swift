import Foundation

// CoreText.h: the framework's version (deprecated by Apple since iOS 14).

public let kCTVersionNumber10_5: Int32 = 0x00020000
public let kCTVersionNumber10_5_2: Int32 = 0x00020001
public let kCTVersionNumber10_5_3: Int32 = 0x00020002
public let kCTVersionNumber10_5_5: Int32 = 0x00020003
public let kCTVersionNumber10_6: Int32 = 0x00030000
public let kCTVersionNumber10_7: Int32 = 0x00040000
public let kCTVersionNumber10_8: Int32 = 0x00050000
public let kCTVersionNumber10_9: Int32 = 0x00060000
public let kCTVersionNumber10_10: Int32 = 0x00070000
public let kCTVersionNumber10_11: Int32 = 0x00080000
public let kCTVersionNumber10_12: Int32 = 0x00090000
public let kCTVersionNumber10_13: Int32 = 0x000A0000
public let kCTVersionNumber10_14: Int32 = 0x000B0000
public let kCTVersionNumber10_15: Int32 = 0x000C0000
public let kCTVersionNumber11_0: Int32 = 0x000D0000

/// The version of Core Text Strata implements: that of iOS 14 and macOS 11 (`kCTVersionNumber11_0`).
@available(*, deprecated, message: "Use ProcessInfo.operatingSystemVersion")
public func CTGetCoreTextVersion() -> UInt32 { UInt32(kCTVersionNumber11_0) }

/// A C header guard CoreText.h defines (1); kept because Swift imports it as a constant.
public let ATSFONTREF_DEFINED: Int32 = 1
