/// A `CATransform3D` split into the components that animate independently (the CSS Transforms
/// Level 2 / WebKit `decompose4` model, which Core Animation is believed to follow).
///
/// With row vectors the matrix is the product, applied left to right,
///
///     M = Scale × Skew × Rotation × Translation × Perspective
///
/// so a point is scaled, sheared, rotated, translated, then projected, and the whole matrix is
/// finally multiplied by `homogeneousScale`. See `CATransform3D.decomposed()` and
/// `CATransform3D.init(_:)`.
package struct DecomposedTransform3D: Hashable, Sendable {
    /// Translation in points along x, y, z (the `m41 m42 m43` of a perspective-free matrix).
    package var translation: Vector3
    /// Scale factors along the x, y, z axes (unitless; negative after a reflection).
    package var scale: Vector3
    /// Shear factors: x gains `xy·y + xz·z`, y gains `yz·z` (unitless, the tangent of the shear).
    package var skew: Skew
    /// The fourth column of the perspective factor, `(m14, m24, m34, m44)` of a matrix that is
    /// only perspective; `(0, 0, 0, 1)` means none. `m34 = −1/d` appears as `z = −1/d`.
    package var perspective: Vector4
    /// The rotation as a unit quaternion (see `Quaternion`).
    package var quaternion: Quaternion
    /// The decomposed matrix's `m44`, by which it was divided before decomposition (the other
    /// components describe the normalised matrix, as in CSS/WebKit). A positive multiple of a
    /// matrix is the same projective map, so this changes no projected point; it is kept so that
    /// recomposition reproduces the fields exactly, e.g. `m44 = 1 + tz·m34` after
    /// `CATransform3DTranslate` of a perspective matrix along z.
    package var homogeneousScale: Double

    package init(
        translation: Vector3 = Vector3(x: 0, y: 0, z: 0),
        scale: Vector3 = Vector3(x: 1, y: 1, z: 1),
        skew: Skew = Skew(xy: 0, xz: 0, yz: 0),
        perspective: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 1),
        quaternion: Quaternion = Quaternion(x: 0, y: 0, z: 0, w: 1),
        homogeneousScale: Double = 1
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
        self.homogeneousScale = homogeneousScale
    }

    /// Three components along x, y, z.
    package struct Vector3: Hashable, Sendable {
        package var x: Double
        package var y: Double
        package var z: Double

        package init(x: Double, y: Double, z: Double) {
            self.x = x
            self.y = y
            self.z = z
        }
    }

    /// The three shear factors of an upper 3×3 matrix.
    package struct Skew: Hashable, Sendable {
        package var xy: Double
        package var xz: Double
        package var yz: Double

        package init(xy: Double, xz: Double, yz: Double) {
            self.xy = xy
            self.xz = xz
            self.yz = yz
        }
    }

    /// Four homogeneous components.
    package struct Vector4: Hashable, Sendable {
        package var x: Double
        package var y: Double
        package var z: Double
        package var w: Double

        package init(x: Double, y: Double, z: Double, w: Double) {
            self.x = x
            self.y = y
            self.z = z
            self.w = w
        }
    }

    /// A rotation as a unit quaternion: `(x, y, z) = axis · sin(θ/2)`, `w = cos(θ/2)`, where θ and
    /// the axis have the meaning of `CATransform3DMakeRotation(θ, axis)` (positive θ about +z
    /// turns +x toward +y). `q` and `−q` are the same rotation; decomposition returns `w ≥ 0`.
    package struct Quaternion: Hashable, Sendable {
        package var x: Double
        package var y: Double
        package var z: Double
        package var w: Double

        package init(x: Double, y: Double, z: Double, w: Double) {
            self.x = x
            self.y = y
            self.z = z
            self.w = w
        }
    }
}
