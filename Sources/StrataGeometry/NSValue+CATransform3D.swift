import CoreGraphics
import Foundation

// Apple's boxing of a CATransform3D, which keyframe `values` arrays are full of. Linux
// Foundation's NSValue cannot box arbitrary structs, but it keeps a C array of doubles: the
// sixteen fields in order m11…m44. The objCType is therefore "[16d]" where Apple's names the
// struct (`{CATransform3D=dddddddddddddddd}`); nothing else differs.

extension NSValue {
    /// The objCType of a boxed CATransform3D on Linux (see the file's comment).
    package static let caTransform3DObjCType = "[16d]"

    /// A box holding `t`, as on Apple platforms.
    public convenience init(caTransform3D t: CATransform3D) {
        var fields = t.fieldsInOrder
        self.init(bytes: &fields, objCType: NSValue.caTransform3DObjCType)
    }

    /// The transform a `NSValue(caTransform3D:)` holds; the identity for a box of anything else
    /// (Apple leaves that undefined).
    public var caTransform3DValue: CATransform3D {
        guard holdsCATransform3D else { return CATransform3DIdentity }
        var fields = [CGFloat](repeating: 0, count: 16)
        fields.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CATransform3D(fieldsInOrder: fields)
    }

    /// True when the box was made by `NSValue(caTransform3D:)`.
    package var holdsCATransform3D: Bool {
        String(cString: objCType) == NSValue.caTransform3DObjCType
    }
}

extension CATransform3D {
    /// The sixteen fields, m11, m12 … m44 (row by row).
    package var fieldsInOrder: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// A transform from its sixteen fields in the order of `fieldsInOrder`.
    package init(fieldsInOrder f: [CGFloat]) {
        self.init(
            m11: f[0], m12: f[1], m13: f[2], m14: f[3], m21: f[4], m22: f[5], m23: f[6], m24: f[7],
            m31: f[8], m32: f[9], m33: f[10], m34: f[11], m41: f[12], m42: f[13], m43: f[14], m44: f[15])
    }
}
