/// A conversion from one colour space to another, as Apple's CGColorConversionInfo: through sRGB,
/// with LittleCMS for ICC spaces.
public final class CGColorConversionInfo: @unchecked Sendable {
    package let source: CGColorSpace
    package let destination: CGColorSpace

    /// Nil when either space is a pattern space or has no components.
    public init?(src: CGColorSpace, dst: CGColorSpace) {
        guard src.numberOfComponents > 0, dst.numberOfComponents > 0 else { return nil }
        source = src
        destination = dst
    }

    /// As `init(src:dst:)`; the options (black-point compensation, curve table size) are kept for
    /// Apple's signatures and change nothing.
    public convenience init?(optionsSrc src: CGColorSpace, dst: CGColorSpace, options: CFDictionary?) {
        self.init(src: src, dst: dst)
    }

    public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGColorConversionInfo.self) }

    /// `components` of the source space (alpha last) in the destination space; nil when the
    /// count is not the source's components plus alpha.
    package func convert(_ components: [CGFloat]) -> [CGFloat]? {
        guard components.count == source.numberOfComponents + 1 else { return nil }
        return CGColor(space: source, components: components).converted(to: destination, intent: .defaultIntent, options: nil)?
            .components
    }
}

/// The role of a space in a list of conversions.
public enum CGColorConversionInfoTransformType: UInt32, Sendable {
    case transformFromSpace = 0
    case transformToSpace = 1
    case transformApplySpace = 2
}

extension CGColor {
    /// Conversion option keys (kept; Strata's conversions do not read them).
    public static let conversionBlackPointCompensation: CFString = "kCGColorConversionBlackPointCompensation"
    public static let conversionTRCSize: CFString = "kCGColorConversionTRCSize"
}
