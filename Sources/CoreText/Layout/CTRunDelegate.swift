import CoreGraphics
import Foundation

/// The attribute giving a run its size from callbacks instead of its glyphs (an inline image's
/// place): the run's glyphs are not drawn.
public let kCTRunDelegateAttributeName: CFString = "CTRunDelegate"

public let kCTRunDelegateVersion1: CFIndex = 1
public let kCTRunDelegateCurrentVersion: CFIndex = kCTRunDelegateVersion1

// Swift closures, not C function pointers as on Apple platforms: Linux Foundation's CGFloat is a
// Swift struct, which a C function cannot return. Apple-style closures (`{ refCon in 20 }`)
// compile unchanged; they may also capture.
public typealias CTRunDelegateDeallocateCallback = (UnsafeMutableRawPointer) -> Void
public typealias CTRunDelegateGetAscentCallback = (UnsafeMutableRawPointer) -> CGFloat
public typealias CTRunDelegateGetDescentCallback = (UnsafeMutableRawPointer) -> CGFloat
public typealias CTRunDelegateGetWidthCallback = (UnsafeMutableRawPointer) -> CGFloat

/// A run delegate's callbacks, each given the delegate's `refCon`.
public struct CTRunDelegateCallbacks {
    public var version: CFIndex
    public var dealloc: CTRunDelegateDeallocateCallback
    public var getAscent: CTRunDelegateGetAscentCallback
    public var getDescent: CTRunDelegateGetDescentCallback
    public var getWidth: CTRunDelegateGetWidthCallback

    public init(
        version: CFIndex, dealloc: @escaping CTRunDelegateDeallocateCallback, getAscent: @escaping CTRunDelegateGetAscentCallback,
        getDescent: @escaping CTRunDelegateGetDescentCallback, getWidth: @escaping CTRunDelegateGetWidthCallback
    ) {
        self.version = version
        self.dealloc = dealloc
        self.getAscent = getAscent
        self.getDescent = getDescent
        self.getWidth = getWidth
    }
}

/// Sizes a run from callbacks (Apple's `CTRunDelegate`): each of the run's characters is one
/// glyph as wide as the width callback says, the line as tall as its ascent and descent need.
public final class CTRunDelegate: @unchecked Sendable {
    let callbacks: CTRunDelegateCallbacks
    let refCon: UnsafeMutableRawPointer?

    init(callbacks: CTRunDelegateCallbacks, refCon: UnsafeMutableRawPointer?) {
        self.callbacks = callbacks
        self.refCon = refCon
    }

    deinit { callbacks.dealloc(pointer) }

    /// What the callbacks are given: the `refCon`, or a placeholder for none (their parameter
    /// cannot be NULL in Swift).
    private var pointer: UnsafeMutableRawPointer { refCon ?? Self.placeholder }

    /// Points above the baseline, below it, and along it (a callback's NaN, infinity or negative
    /// answer counts as 0: layout must stay finite).
    var ascent: CGFloat { Self.size(callbacks.getAscent(pointer)) }
    var descent: CGFloat { Self.size(callbacks.getDescent(pointer)) }
    var width: CGFloat { Self.size(callbacks.getWidth(pointer)) }

    private static func size(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? min(v, 1e6) : 0 }

    /// What `CTRunDelegateGetRefCon` answers for a delegate made without a `refCon`.
    nonisolated(unsafe) static let placeholder = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    public static var typeID: CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTRunDelegate.self).hashValue) }
}

public func CTRunDelegateGetTypeID() -> CFTypeID { CTRunDelegate.typeID }

/// A delegate calling `callbacks` with `refCon`; nil for a version other than 1.
public func CTRunDelegateCreate(_ callbacks: UnsafePointer<CTRunDelegateCallbacks>, _ refCon: UnsafeMutableRawPointer?) -> CTRunDelegate? {
    guard callbacks.pointee.version == kCTRunDelegateVersion1 else { return nil }
    return CTRunDelegate(callbacks: callbacks.pointee, refCon: refCon)
}

/// The `refCon` the delegate was made with. Swift's signature cannot return NULL: a delegate made
/// without one answers a private placeholder address (the one its callbacks get).
public func CTRunDelegateGetRefCon(_ runDelegate: CTRunDelegate) -> UnsafeMutableRawPointer {
    runDelegate.refCon ?? CTRunDelegate.placeholder
}
