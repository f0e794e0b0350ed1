import QuartzCore
import Testing

// CAEDRMetadata.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. (`init()` is NS_UNAVAILABLE; iOS 17's
// `hlg(ambientViewingEnvironment:)` is not in the iOS 16.5 header.)
@Suite struct CAEDRMetadataHeaderTests {
    @Test func factories() {
        let _: (Data?, Data?, Float) -> CAEDRMetadata = CAEDRMetadata.hdr10(displayInfo:contentInfo:opticalOutputScale:)
        let _: (Float, Float, Float) -> CAEDRMetadata = CAEDRMetadata.hdr10(minLuminance:maxLuminance:opticalOutputScale:)
        let fromInfo = CAEDRMetadata.hdr10(displayInfo: nil, contentInfo: nil, opticalOutputScale: 10_000)
        let fromLuminance = CAEDRMetadata.hdr10(minLuminance: 0.005, maxLuminance: 1000, opticalOutputScale: 100)
        let _: CAEDRMetadata = CAEDRMetadata.hlg
        let _: Bool = CAEDRMetadata.isAvailable
        #expect(!fromInfo.isEqual(fromLuminance))
    }

    @Test func conformances() {
        let metadata = CAEDRMetadata.hlg
        let _: NSCopying = metadata
        let _: NSSecureCoding = metadata
        #expect(CAEDRMetadata.supportsSecureCoding)
        #expect(metadata.copy() is CAEDRMetadata)
    }
}
