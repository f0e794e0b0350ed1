import Foundation

/// How extended-dynamic-range content is to be tone mapped (Apple: for `CAMetalLayer`, which
/// Linux does not have). Strata keeps the values; nothing draws in HDR.
open class CAEDRMetadata: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    public class var supportsSecureCoding: Bool { true }

    open func encode(with coder: NSCoder) {
        coder.encode(Double(opticalOutputScale), forKey: "opticalOutputScale")
        switch kind {
        case .hdr10(let min, let max):
            coder.encode(NSString(string: "hdr10"), forKey: "kind")
            coder.encode(Double(min), forKey: "minLuminance")
            coder.encode(Double(max), forKey: "maxLuminance")
        case .hdr10Info(let display, let content):
            coder.encode(NSString(string: "hdr10Info"), forKey: "kind")
            if let display { coder.encode(NSData(data: display), forKey: "displayInfo") }
            if let content { coder.encode(NSData(data: content), forKey: "contentInfo") }
        case .hlg:
            coder.encode(NSString(string: "hlg"), forKey: "kind")
        }
    }

    /// Metadata read from an archive; nil when its kind is missing or unknown.
    public required convenience init?(coder: NSCoder) {
        guard let kind = coder.decodeObject(of: NSString.self, forKey: "kind").map(String.init) else { return nil }
        let scale = Float(coder.decodeDouble(forKey: "opticalOutputScale"))
        func data(_ key: String) -> Data? {
            coder.containsValue(forKey: key) ? coder.decodeObject(of: NSData.self, forKey: key).map { Data(referencing: $0) } : nil
        }
        switch kind {
        case "hdr10":
            self.init(kind: .hdr10(minLuminance: Float(coder.decodeDouble(forKey: "minLuminance")),
                                   maxLuminance: Float(coder.decodeDouble(forKey: "maxLuminance"))), opticalOutputScale: scale)
        case "hdr10Info":
            self.init(kind: .hdr10Info(displayInfo: data("displayInfo"), contentInfo: data("contentInfo")), opticalOutputScale: scale)
        case "hlg":
            self.init(kind: .hlg, opticalOutputScale: scale)
        default:
            return nil
        }
    }

    /// The transfer function the metadata describes.
    package enum Kind: Equatable, Sendable {
        /// SMPTE ST 2084 (PQ) with a mastering display's luminance range in nits.
        case hdr10(minLuminance: Float, maxLuminance: Float)
        /// SMPTE ST 2084 with raw SEI payloads (mastering display and content light level).
        case hdr10Info(displayInfo: Data?, contentInfo: Data?)
        /// ITU-R BT.2100 hybrid log-gamma.
        case hlg
    }

    package let kind: Kind
    /// Nits a content value of 1.0 maps to (HDR10 only).
    package let opticalOutputScale: Float

    package init(kind: Kind, opticalOutputScale: Float) {
        self.kind = kind
        self.opticalOutputScale = opticalOutputScale
        super.init()
    }

    /// HDR10 content mastered on a display from `minLuminance` to `maxLuminance` nits.
    open class func hdr10(minLuminance: Float, maxLuminance: Float, opticalOutputScale scale: Float) -> CAEDRMetadata {
        CAEDRMetadata(kind: .hdr10(minLuminance: minLuminance, maxLuminance: maxLuminance), opticalOutputScale: scale)
    }

    /// HDR10 content described by its mastering display colour volume and content light level
    /// SEI payloads.
    open class func hdr10(displayInfo: Data?, contentInfo: Data?, opticalOutputScale scale: Float) -> CAEDRMetadata {
        CAEDRMetadata(kind: .hdr10Info(displayInfo: displayInfo, contentInfo: contentInfo), opticalOutputScale: scale)
    }

    /// Hybrid log-gamma content.
    open class var hlg: CAEDRMetadata {
        CAEDRMetadata(kind: .hlg, opticalOutputScale: 1)
    }

    /// Whether the display can show EDR content: never here (no HDR output on Linux).
    open class var isAvailable: Bool { false }

    open func copy(with zone: NSZone? = nil) -> Any {
        CAEDRMetadata(kind: kind, opticalOutputScale: opticalOutputScale)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAEDRMetadata else { return false }
        return kind == other.kind && opticalOutputScale == other.opticalOutputScale
    }

    open override var hash: Int {
        opticalOutputScale.hashValue
    }
}
