// Apple's shape initialisers and transformed copies. Transforms are passed by pointer as in
// Apple's Swift overlay (`CGPath(rect: r, transform: &t)`); nil means no transform.

extension CGPath {
    /// A path holding `rect` as one closed subpath, elements as `CGMutablePath.addRect`.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(storage: path.storage)
    }

    /// A path holding the ellipse inscribed in `rect`, elements as `CGMutablePath.addEllipse`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(storage: path.storage)
    }

    /// A path holding a rounded rectangle, elements as `CGMutablePath.addRoundedRect`
    /// (corner sizes in points, clamped to half the rect).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>? = nil
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(storage: path.storage)
    }

    /// An immutable copy with every point (control points included) mapped by `transform`.
    ///
    /// Returns nil, with a warning, when the transform makes a coordinate NaN or infinite (the
    /// path could not hold it); nil `transform` is a plain copy.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let mapped = transformedStorage(transform, in: "copy(using:)") else { return nil }
        return CGPath(storage: mapped)
    }

    /// A mutable copy with every point mapped by `transform`; nil as for `copy(using:)`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let mapped = transformedStorage(transform, in: "mutableCopy(using:)") else { return nil }
        return CGMutablePath(storage: mapped)
    }

    private func transformedStorage(_ transform: UnsafePointer<CGAffineTransform>?, in function: String) -> PathStorage? {
        guard let t = transform?.pointee else { return storage }
        let mapped = storage.applying(t)
        guard mapped.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            Diagnostics.warn("CGPath.\(function): transform \(t) gives non-finite points; no copy")
            return nil
        }
        return mapped
    }
}
