import CoreGraphics
import StrataGeometry

/// A fingerprint of what places and shows a layer in a frame, compared with the last frame's to
/// learn whether the layer changed (`Footprints`, `PresentationChanges`). Words are mixed one at a time by xxHash64's
/// round (a multiply, an add, a rotation, a multiply: a few instructions where `Hasher`'s SipHash
/// took over forty, a tenth of a small file's frame). Each round is a bijection of the state, so a
/// change of any one word always changes the result; changes of several cancel only by chance
/// (2⁻⁶⁴). Not seeded: never a dictionary's hash for keys an attacker picks.
/// Inlinable: the compositor mixes a few hundred words a frame, and a call across modules for
/// each (the body hidden) cost three times the round itself.
package struct Signature {
    @usableFromInline
    var state: UInt64 = 0x27D4_EB2F_1656_67C5

    @inlinable
    package init() {}

    @inlinable @inline(__always)
    package mutating func combine(_ word: UInt64) {
        let mixed = state &+ word &* 0xC2B2_AE3D_27D4_EB4F
        state = ((mixed << 31) | (mixed >> 33)) &* 0x9E37_79B1_85EB_CA87
    }

    @inlinable @inline(__always)
    package mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    @inlinable @inline(__always)
    package mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 0) }

    /// Zero of either sign is one value (they draw the same).
    @inlinable @inline(__always)
    package mutating func combine(_ value: Double) { combine(value == 0 ? 0 : value.bitPattern) }

    @inlinable @inline(__always)
    package mutating func combine(_ value: CGFloat) { combine(Double(value)) }

    @inlinable @inline(__always)
    package mutating func combine(_ value: Float) { combine(Double(value)) }

    @inlinable
    package mutating func combine(_ value: UInt64?) {
        guard let value else { return combine(0 as UInt64) }
        combine(1 as UInt64)
        combine(value)
    }

    @inlinable
    package mutating func combine(_ color: RGBA?) {
        guard let color else { return combine(0 as UInt64) }
        combine(1 as UInt64)
        combine(color.r)
        combine(color.g)
        combine(color.b)
        combine(color.a)
    }

    package mutating func combine(_ values: [Double]?) {
        guard let values else { return combine(0 as UInt64) }
        combine(UInt64(values.count) &+ 1)
        for v in values { combine(v) }
    }

    package mutating func combine(_ colors: [RGBA]?) {
        guard let colors else { return combine(0 as UInt64) }
        combine(UInt64(colors.count) &+ 1)
        for c in colors { combine(c) }
    }

    @inlinable
    package mutating func combine(_ t: CATransform3D) {
        combine(t.m11); combine(t.m12); combine(t.m13); combine(t.m14)
        combine(t.m21); combine(t.m22); combine(t.m23); combine(t.m24)
        combine(t.m31); combine(t.m32); combine(t.m33); combine(t.m34)
        combine(t.m41); combine(t.m42); combine(t.m43); combine(t.m44)
    }

    /// The state mixed once more (xxHash64's avalanche): nearby inputs land far apart.
    @inlinable
    package func finalize() -> Int {
        var h = state
        h ^= h >> 33
        h &*= 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        h &*= 0x1656_67B1_9E37_79F9
        h ^= h >> 32
        return Int(bitPattern: UInt(h))
    }
}
