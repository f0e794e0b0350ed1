import StrataAnimation

// A layer's place in its superlayer and in the tree (spec §1.3, §5, §7.5).
//
// The plane of a layer maps into the plane of its superlayer S by the 4×4 matrix
//
//   M = [mirror about the bounds' mid-y, when isGeometryFlipped]
//       × translate(−anchor, −anchorPointZ) × transform × translate(position, zPosition)
//       × translate(−c) × S.sublayerTransform × translate(c)        (c = S's anchor point)
//
// applied to the row vector [x y 0 1] and followed by the divide by w, z dropped: a normal layer
// flattens its sublayers into its own plane. (Spec §5.1 adds position with weight 0 before the
// divide; composing the matrices, as the header's definitions do, adds it with weight w, so the
// frame is "projected corners + position" exactly as §1.3 says.) Restricted to the z = 0 plane
// with z dropped — rows and columns 1, 2 and 4 — M is a 3×3 projective map, so any chain of
// layers is one 3×3 matrix, and the way *down* a chain is its inverse: the point of the lower
// plane that is seen at a given point of the upper one (what hit testing needs).
//
// isGeometryFlipped mirrors the layer's own space (what its sublayers and its drawing use) about
// the horizontal centre line of its bounds; its frame in the superlayer is unchanged.
//
// A mask layer has no superlayer; its geometry (and time) is that of the layer it masks, without
// that layer's sublayerTransform.

/// A projective map of the plane: `[x y 1] × M`, then divide by the third component.
private struct PlaneMap {
    var r1: SIMD3<Double>
    var r2: SIMD3<Double>
    var r3: SIMD3<Double>

    static let identity = PlaneMap(r1: [1, 0, 0], r2: [0, 1, 0], r3: [0, 0, 1])

    static func translation(_ dx: Double, _ dy: Double) -> PlaneMap {
        PlaneMap(r1: [1, 0, 0], r2: [0, 1, 0], r3: [dx, dy, 1])
    }

    /// The restriction of `t` to the z = 0 plane with z dropped.
    init(_ t: CATransform3D) {
        r1 = SIMD3(Double(t.m11), Double(t.m12), Double(t.m14))
        r2 = SIMD3(Double(t.m21), Double(t.m22), Double(t.m24))
        r3 = SIMD3(Double(t.m41), Double(t.m42), Double(t.m44))
    }

    init(r1: SIMD3<Double>, r2: SIMD3<Double>, r3: SIMD3<Double>) {
        self.r1 = r1
        self.r2 = r2
        self.r3 = r3
    }

    /// True when the map only translates (then conversion is plain addition, exact).
    var isTranslation: Bool {
        r1 == [1, 0, 0] && r2 == [0, 1, 0] && r3.z == 1
    }

    /// `self × other`: self first, then other.
    func then(_ other: PlaneMap) -> PlaneMap {
        func row(_ a: SIMD3<Double>) -> SIMD3<Double> { a.x * other.r1 + a.y * other.r2 + a.z * other.r3 }
        return PlaneMap(r1: row(r1), r2: row(r2), r3: row(r3))
    }

    /// The inverse, or nil when the map is singular or not finite.
    var inverse: PlaneMap? {
        if isTranslation { return .translation(-r3.x, -r3.y) }
        let (a, b, c) = (r1.x, r1.y, r1.z)
        let (d, e, f) = (r2.x, r2.y, r2.z)
        let (g, h, i) = (r3.x, r3.y, r3.z)
        let c11 = e * i - f * h, c12 = c * h - b * i, c13 = b * f - c * e
        let c21 = f * g - d * i, c22 = a * i - c * g, c23 = c * d - a * f
        let c31 = d * h - e * g, c32 = b * g - a * h, c33 = a * e - b * d
        let det = a * c11 + b * c21 + c * c31
        guard det != 0, det.isFinite else { return nil }
        let result = PlaneMap(
            r1: SIMD3(c11, c12, c13) / det, r2: SIMD3(c21, c22, c23) / det, r3: SIMD3(c31, c32, c33) / det)
        guard result.isFinite else { return nil }
        return result
    }

    var isFinite: Bool {
        [r1, r2, r3].allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
    }

    /// The image of `p` and the homogeneous weight w it had before the divide; nil when w is 0
    /// or the result is not finite.
    func apply(_ p: CGPoint) -> (point: CGPoint, w: Double)? {
        if isTranslation { return (CGPoint(x: p.x + r3.x, y: p.y + r3.y), 1) }
        let v = Double(p.x) * r1 + Double(p.y) * r2 + r3
        guard v.z != 0 else { return nil }
        let q = v.z == 1 ? CGPoint(x: v.x, y: v.y) : CGPoint(x: v.x / v.z, y: v.y / v.z)
        guard q.x.isFinite, q.y.isFinite else { return nil }
        return (q, v.z)
    }
}

extension CALayer {
    // MARK: - Frame

    /// The frame (spec §1.3): the bounding box of the layer's anchor-relative rectangle through
    /// `transform` (projected, with the divide by w), offset by `position`; standardised.
    /// `bounds.origin` plays no part. Takes the lock.
    final var derivedFrame: CGRect {
        withLock {
            let s = state
            let w = s.bounds.size.width, h = s.bounds.size.height
            let local = CGRect(x: -s.anchorPoint.x * w, y: -s.anchorPoint.y * h, width: w, height: h)
            if CATransform3DIsIdentity(s.transform) {
                return local.offsetBy(dx: s.position.x, dy: s.position.y).standardized
            }
            guard let box = Self.projectedBox(of: local, z: -s.anchorPointZ, through: s.transform) else {
                return CGRect(origin: s.position, size: .zero)
            }
            return box.offsetBy(dx: s.position.x, dy: s.position.y)
        }
    }

    /// Sets `position` and `bounds.size` (through the public setters, so each posts its own
    /// event; position first) so that `frame` becomes `r`; `bounds.origin` is kept.
    ///
    /// - Identity transform: exact (`bounds.size = r.size`, `position = r.origin + anchor·r.size`).
    /// - Otherwise (Apple says "don't"; this is Strata's defined behaviour): the size is the
    ///   bounding box of `r.size` through the inverse of the transform's 2×2 linear part
    ///   (m11 m12 m21 m22) — a scale-only transform divides by |sx|, |sy| exactly, a rotation by a
    ///   multiple of 90° swaps width and height — and the position puts the centre of the
    ///   resulting frame at the centre of `r`. So the frame round-trips for scales (also negative),
    ///   quarter turns and translations; for other rotations or skews the resulting frame is the
    ///   bounding box of the rotated layer, which contains `r`.
    /// - A singular linear part (a layer scaled to 0, waiting to grow in) is treated as the
    ///   identity: `bounds.size = r.size` and the anchor point at its place in `r`, as iOS does,
    ///   so the layer is in place once its transform is reset.
    /// - A non-finite rectangle is ignored with a warning; a negative size is standardised.
    final func applyFrame(_ r: CGRect) {
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite else {
            Diagnostics.warn("CALayer.frame: ignoring non-finite frame \(r)")
            return
        }
        let r = r.standardized
        withLock {
            let s = state
            let t = s.transform
            let ap = s.anchorPoint
            var size = r.size
            var position = CGPoint(x: r.minX + ap.x * r.width, y: r.minY + ap.y * r.height)
            if !CATransform3DIsIdentity(t), let untransformed = Self.untransformedSize(r.size, linear: t) {
                size = untransformed
                let local = CGRect(x: -ap.x * size.width, y: -ap.y * size.height, width: size.width, height: size.height)
                if let box = Self.projectedBox(of: local, z: -s.anchorPointZ, through: t) {
                    position = CGPoint(x: r.midX - box.midX, y: r.midY - box.midY)
                }
            }
            self.position = position
            self.bounds = CGRect(origin: state.bounds.origin, size: size)
        }
    }

    /// The size whose bounding box through the linear part of `t` is `size`, or nil when that
    /// part is singular.
    private static func untransformedSize(_ size: CGSize, linear t: CATransform3D) -> CGSize? {
        let (a, b, c, d) = (Double(t.m11), Double(t.m12), Double(t.m21), Double(t.m22))
        if b == 0, c == 0 {
            guard a != 0, d != 0 else { return nil }
            return CGSize(width: Double(size.width) / abs(a), height: Double(size.height) / abs(d))
        }
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        // Inverse (row vectors): [x y] × [[d, −b], [−c, a]] / det.
        let (ia, ib, ic, id) = (d / det, -b / det, -c / det, a / det)
        let w = abs(ia) * Double(size.width) + abs(ic) * Double(size.height)
        let h = abs(ib) * Double(size.width) + abs(id) * Double(size.height)
        guard w.isFinite, h.isFinite else { return nil }
        return CGSize(width: w, height: h)
    }

    /// The bounding box of `rect`'s corners (at depth `z`) through `t` with the divide by w;
    /// nil when a corner has w = 0 or a non-finite image.
    private static func projectedBox(of rect: CGRect, z: CGFloat, through t: CATransform3D) -> CGRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let v = t.transform((Double(x), Double(y), Double(z)))
            guard v.w != 0 else { return nil }
            let px = v.w == 1 ? v.x : v.x / v.w, py = v.w == 1 ? v.y : v.y / v.w
            guard px.isFinite, py.isFinite else { return nil }
            minX = min(minX, px)
            minY = min(minY, py)
            maxX = max(maxX, px)
            maxY = max(maxY, py)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: - Affine transform

    /// `transform` as an affine transform (its m11 m12 m21 m22 m41 m42).
    public func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets `transform` to the 3D equivalent of `m`.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    // MARK: - Tree geometry

    /// The layer whose space this layer's geometry is expressed in: the superlayer, or for a mask
    /// the layer it masks.
    private var geometricParent: CALayer? {
        superlayerStorage ?? maskOwner
    }

    /// The root of the tree (the layer itself when it has no geometric parent).
    var rootLayer: CALayer {
        var layer = self
        while let parent = layer.geometricParent { layer = parent }
        return layer
    }

    /// The layer and its geometric ancestors, the layer first.
    private var ancestry: [CALayer] {
        var result = [self]
        var layer = self
        while let parent = layer.geometricParent {
            result.append(parent)
            layer = parent
        }
        return result
    }

    /// The map from this layer's plane into its geometric parent's. Call under the lock.
    private var planeMapToParent: PlaneMap {
        let s = state
        let ax = s.bounds.origin.x + s.anchorPoint.x * s.bounds.size.width
        let ay = s.bounds.origin.y + s.anchorPoint.y * s.bounds.size.height
        let parentTransform: CATransform3D? = superlayerStorage.flatMap {
            CATransform3DIsIdentity($0.state.sublayerTransform) ? nil : $0.state.sublayerTransform
        }
        var map: PlaneMap
        if CATransform3DIsIdentity(s.transform), parentTransform == nil {
            map = .translation(Double(s.position.x - ax), Double(s.position.y - ay))
        } else {
            var m = CATransform3DMakeTranslation(-ax, -ay, -s.anchorPointZ)
                .concatenating(s.transform)
                .concatenating(CATransform3DMakeTranslation(s.position.x, s.position.y, s.zPosition))
            if let sub = parentTransform, let parent = superlayerStorage {
                // About the superlayer's anchor point (Apple's header), not its bounds' centre.
                let b = parent.state.bounds, a = parent.state.anchorPoint
                let pivot = CATransform3D.Pivot(
                    x: b.origin.x + a.x * b.size.width, y: b.origin.y + a.y * b.size.height,
                    z: parent.state.anchorPointZ)
                m = m.concatenating(sub.about(pivot))
            }
            map = PlaneMap(m)
        }
        if s.isGeometryFlipped {
            let flipAxis = 2 * Double(s.bounds.origin.y) + Double(s.bounds.size.height)
            map = PlaneMap(r1: [1, 0, 0], r2: [0, -1, 0], r3: [0, flipAxis, 1]).then(map)
        }
        return map
    }

    /// The map from `source`'s plane to `destination`'s: up to their nearest common ancestor and
    /// down again; for layers in different trees, up to each root's own space, the two roots'
    /// spaces taken as one. nil when the way down is not invertible.
    private static func conversionMap(from source: CALayer, to destination: CALayer) -> PlaneMap? {
        let up = source.ancestry
        let down = destination.ancestry
        let downIDs = Set(down.map(ObjectIdentifier.init))
        let common = up.first { downIDs.contains(ObjectIdentifier($0)) }
        func chain(_ path: [CALayer]) -> PlaneMap {
            var map = PlaneMap.identity
            for layer in path.dropLast() {
                if let common, layer === common { break }
                map = map.then(layer.planeMapToParent)
            }
            return map
        }
        guard let inverse = chain(down).inverse else { return nil }
        return chain(up).then(inverse)
    }

    private static func mapPoint(_ p: CGPoint, from source: CALayer, to destination: CALayer) -> CGPoint {
        guard source !== destination else { return p }
        guard let map = conversionMap(from: source, to: destination) else {
            Diagnostics.warn("CALayer.convert: the layers' geometry is not invertible; returning the point unchanged")
            return p
        }
        guard let q = map.apply(p) else {
            Diagnostics.warn("CALayer.convert: \(p) has no image (w = 0 or not finite); returning it unchanged")
            return p
        }
        return q.point
    }

    private static func mapRect(_ r: CGRect, from source: CALayer, to destination: CALayer) -> CGRect {
        guard source !== destination, !r.isNull, !r.isInfinite else { return r }
        guard let map = conversionMap(from: source, to: destination) else {
            Diagnostics.warn("CALayer.convert: the layers' geometry is not invertible; returning the rect unchanged")
            return r
        }
        let s = r.standardized
        if map.isTranslation { return s.offsetBy(dx: map.r3.x, dy: map.r3.y) }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
                       CGPoint(x: s.minX, y: s.maxY), CGPoint(x: s.maxX, y: s.maxY)] {
            guard let q = map.apply(corner)?.point else {
                Diagnostics.warn("CALayer.convert: a corner of \(r) has no image (w = 0); returning it unchanged")
                return r
            }
            minX = min(minX, q.x)
            minY = min(minY, q.y)
            maxX = max(maxX, q.x)
            maxY = max(maxY, q.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `p`, given in `l`'s coordinates (nil: the root layer of the receiver's tree), in the
    /// receiver's. Maps through the nearest common ancestor (spec §5.1), dividing by w where a
    /// transform has perspective; layers in different trees convert through their roots as if
    /// the roots' spaces were one. A step that cannot be undone (a singular transform, or a point
    /// at w = 0) returns `p` unchanged, with a warning.
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        withLock { Self.mapPoint(p, from: l ?? rootLayer, to: self) }
    }

    /// `p`, given in the receiver's coordinates, in `l`'s (nil: the root of the receiver's tree).
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        withLock { Self.mapPoint(p, from: self, to: l ?? rootLayer) }
    }

    /// The bounding box of `r`'s four corners, given in `l`'s coordinates, in the receiver's.
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        withLock { Self.mapRect(r, from: l ?? rootLayer, to: self) }
    }

    /// The bounding box of `r`'s four corners, given in the receiver's coordinates, in `l`'s.
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        withLock { Self.mapRect(r, from: self, to: l ?? rootLayer) }
    }

    // MARK: - Time

    /// The time maps from absolute time down to this layer: the root's first, the layer's last.
    final var ancestorTimeMaps: [TimeMap] {
        withLock {
            var maps: [TimeMap] = []
            var layer: CALayer? = self
            while let current = layer {
                maps.append(current.localTimeMap)
                layer = current.geometricParent
            }
            maps.reverse()
            return maps
        }
    }

    /// `t`, a time in `l`'s local time (nil: absolute media time, as `CACurrentMediaTime()`), in
    /// the receiver's local time. As QuartzCore answers: where the way up from `l` passes a
    /// paused layer (speed 0, below the common ancestor) the time there is 0, and so it is
    /// going down into a layer at a parent time before its `beginTime`.
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        withLock { TimeMap.convertLayerTime(t, from: l?.ancestorTimeMaps ?? [], to: ancestorTimeMaps) }
    }

    /// `t`, in the receiver's local time, in `l`'s (nil: absolute media time); 0 where
    /// `convertTime(_:from:)` gives 0 (a paused layer on the way up, a layer not yet begun on
    /// the way down).
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        withLock { TimeMap.convertLayerTime(t, from: ancestorTimeMaps, to: l?.ancestorTimeMaps ?? []) }
    }

    // MARK: - Hit testing

    /// `p` (in the geometric parent's plane) in this layer's plane; nil when the layer's geometry
    /// is singular or the point would lie behind the eye. Call under the lock.
    private func pointFromParent(_ p: CGPoint) -> CGPoint? {
        let map = planeMapToParent
        if map.isTranslation { return CGPoint(x: p.x - map.r3.x, y: p.y - map.r3.y) }
        guard let inverse = map.inverse, let q = inverse.apply(p), q.w > 0 else { return nil }
        return q.point
    }

    /// Whether `q` (own coordinates) is inside the bounds with `cornerRadius` rounding the corners
    /// in `maskedCorners` — the shape `masksToBounds` clips to. Corners are circular arcs of
    /// radius min(cornerRadius, width/2, height/2) (the continuous curve is treated as circular).
    private func clipContains(_ q: CGPoint) -> Bool {
        let b = state.bounds.standardized
        guard b.contains(q) else { return false }
        let r = min(state.cornerRadius, b.width / 2, b.height / 2)
        guard r > 0 else { return true }
        let corners: [(CACornerMask, CGFloat, CGFloat, Bool, Bool)] = [
            (.layerMinXMinYCorner, b.minX + r, b.minY + r, true, true),
            (.layerMaxXMinYCorner, b.maxX - r, b.minY + r, false, true),
            (.layerMinXMaxYCorner, b.minX + r, b.maxY - r, true, false),
            (.layerMaxXMaxYCorner, b.maxX - r, b.maxY - r, false, false),
        ]
        for (mask, cx, cy, left, low) in corners where state.maskedCorners.contains(mask) {
            let inCornerX = left ? q.x < cx : q.x > cx
            let inCornerY = low ? q.y < cy : q.y > cy
            if inCornerX, inCornerY {
                let dx = q.x - cx, dy = q.y - cy
                return dx * dx + dy * dy <= r * r
            }
        }
        return true
    }

    /// Spec §5.2's algorithm. `p` is in the superlayer's coordinates.
    ///
    /// - Hidden layers (and so their sublayers) are skipped; opacity 0 is still hit, as the header
    ///   says nothing about opacity (UIKit's own alpha test is a UIView rule).
    /// - Mask layers are never hit, and a layer's mask does not restrict its hits.
    /// - The point is pruned by the layer's bounds only when `masksToBounds` is on, then by the
    ///   rounded rectangle of `cornerRadius`/`maskedCorners`; so a sublayer sticking out of a
    ///   non-clipping superlayer is hit there.
    /// - Sublayers are tried in reverse `sublayers` order (the last one first), as the header
    ///   says: `zPosition` changes the drawing order only, not which layer is hit (as on iOS).
    /// - Each sublayer is asked through its overridable `hitTest(_:)`, the layer itself through
    ///   `contains(_:)`.
    /// - A point that the layer's geometry cannot map back (singular transform, behind the eye)
    ///   hits nothing in the layer.
    final func defaultHitTest(_ p: CGPoint) -> CALayer? {
        withLock {
            guard !state.isHidden else { return nil }
            if superlayerStorage == nil, maskOwner != nil { return nil }
            guard let q = pointFromParent(p) else { return nil }
            if state.masksToBounds, !clipContains(q) { return nil }
            for sublayer in sublayerStorage.reversed() {
                if let hit = sublayer.hitTest(q) { return hit }
            }
            return contains(q) ? self : nil
        }
    }

    // MARK: - Sizes and flipping

    /// The bounds size through the transform's linear (affine) part: the size of the bounding box
    /// the layer would take in its superlayer.
    final func defaultPreferredFrameSize() -> CGSize {
        withLock {
            let size = state.bounds.size
            let t = state.transform
            if CATransform3DIsIdentity(t) { return size }
            let w = abs(t.m11) * size.width + abs(t.m21) * size.height
            let h = abs(t.m12) * size.width + abs(t.m22) * size.height
            return CGSize(width: w, height: h)
        }
    }

    /// Whether the layer's content is drawn flipped: an odd number of layers with
    /// `isGeometryFlipped` on the path from the receiver up to the root (both included).
    public func contentsAreFlipped() -> Bool {
        withLock {
            var flipped = false
            var layer: CALayer? = self
            while let current = layer {
                if current.state.isGeometryFlipped { flipped.toggle() }
                layer = current.geometricParent
            }
            return flipped
        }
    }
}
