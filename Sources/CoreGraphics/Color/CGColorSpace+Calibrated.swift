import CLCMS
import Foundation

// Calibrated and ICC-based colour spaces (Apple's CGColorSpaceCreateCalibrated…, Lab,
// ICCBased), made as LittleCMS profiles, and spaces saved as property lists.

public typealias CFPropertyList = AnyObject

extension CGColorSpace {
    /// A gray space of white point `whitePoint` (CIE XYZ, Y 1) and `gamma`; nil for a bad white point or gamma.
    public convenience init?(calibratedGrayWhitePoint whitePoint: UnsafePointer<CGFloat>, blackPoint: UnsafePointer<CGFloat>?, gamma: CGFloat) {
        guard let white = Self.xyY(whitePoint), gamma.isFinite, gamma > 0,
            let profile = ICCProfile.gray("calibrated-gray \(white) \(gamma)", .gamma(Double(gamma)), white: white)
        else { return nil }
        self.init(profile: profile)
    }

    /// An RGB space of white point `whitePoint` (XYZ), per-channel `gamma` (1 when nil) and
    /// `matrix` (the XYZ of red, green and blue: Xr Yr Zr Xg Yg Zg Xb Yb Zb; identity when nil).
    public convenience init?(
        calibratedRGBWhitePoint whitePoint: UnsafePointer<CGFloat>, blackPoint: UnsafePointer<CGFloat>?,
        gamma: UnsafePointer<CGFloat>?, matrix: UnsafePointer<CGFloat>?
    ) {
        guard let white = Self.xyY(whitePoint) else { return nil }
        let m = matrix.map { Array(UnsafeBufferPointer(start: $0, count: 9)).map(Double.init) } ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]
        var primaries: [Double] = []
        for c in 0..<3 {
            let sum = m[c * 3] + m[c * 3 + 1] + m[c * 3 + 2]
            guard sum.isFinite, sum > 0 else { return nil }
            primaries += [m[c * 3] / sum, m[c * 3 + 1] / sum]
        }
        let g = gamma.map { Double($0[0]) } ?? 1
        guard g.isFinite, g > 0, let profile = ICCProfile.rgb(
            "calibrated-rgb \(white) \(primaries) \(g)", ICCProfile.RGBSpace(primaries: primaries, white: white, transfer: g == 1 ? .linear : .gamma(g)))
        else { return nil }
        self.init(profile: profile)
    }

    /// A CIE L*a*b* space of white point `whitePoint` (XYZ); a* and b* ranges are kept to Apple's defaults.
    public convenience init?(labWhitePoint whitePoint: UnsafePointer<CGFloat>, blackPoint: UnsafePointer<CGFloat>?, range: UnsafePointer<CGFloat>?) {
        guard Self.xyY(whitePoint) != nil, let profile = ICCProfile.lab else { return nil }
        self.init(profile: profile)
    }

    /// The ICC profile in `profile`'s bytes when it has `iccBasedNComponents` components, else `alternate`.
    public convenience init?(iccBasedNComponents: Int, range: UnsafePointer<CGFloat>?, profile: CGDataProvider, alternate: CGColorSpace?) {
        if let data = profile.data, let icc = ICCProfile(data: data), icc.numberOfComponents == iccBasedNComponents {
            self.init(profile: icc)
        } else if let alternate, alternate.numberOfComponents == iccBasedNComponents, let name = alternate.name {
            self.init(name: name)
        } else {
            return nil
        }
    }

    /// Apple's ColorSync references do not exist on Linux: always nil.
    public convenience init?(platformColorSpaceRef: UnsafeRawPointer) {
        return nil
    }

    /// The space a property list from `copyPropertyList()` describes (a name, or ICC bytes).
    public convenience init?(propertyListPlist: CFPropertyList) {
        switch propertyListPlist {
        case let name as String: self.init(name: name)
        case let name as NSString: self.init(name: name as String)
        case let data as Data: self.init(iccData: data as NSData)
        case let data as NSData: self.init(iccData: data)
        default: return nil
        }
    }

    /// A property list describing the space: its name, or its ICC profile's bytes; nil for the others.
    public func copyPropertyList() -> CFPropertyList? {
        if let name { return name as NSString }
        return copyICCData().map { $0 as NSData }
    }

    /// A white point in XYZ (Y must be 1) as xyY.
    private static func xyY(_ white: UnsafePointer<CGFloat>) -> (Double, Double)? {
        let x = Double(white[0]), y = Double(white[1]), z = Double(white[2])
        let sum = x + y + z
        guard x.isFinite, y.isFinite, z.isFinite, y > 0, sum > 0 else { return nil }
        return (x / sum, y / sum)
    }
}
