/// The directions a CAScrollLayer may scroll in.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable, _LayerStringValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

/// A layer that shows part of its sublayers by moving its bounds origin (scrolling), clipped
/// to its bounds (masksToBounds is true by default, as on Apple).
open class CAScrollLayer: CALayer {
    /// The directions scrolling may move in (`.both` by default).
    @_LayerStored("scrollMode", \.scrollMode) open var scrollMode: CAScrollLayerScrollMode

    open override class func defaultValue(forKey key: String) -> Any? {
        key == "masksToBounds" ? true : super.defaultValue(forKey: key)
    }

    /// Scrolls so that `p` (in the layer's own coordinates) is at the bounds origin, in the
    /// allowed directions. A change of bounds, so it animates implicitly like one.
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else {
            Diagnostics.warn("CAScrollLayer.scroll(to:): non-finite point \(p); ignored")
            return
        }
        var b = bounds
        switch scrollMode {
        case .horizontally: b.origin.x = p.x
        case .vertically: b.origin.y = p.y
        case .none: return
        default: b.origin = p
        }
        bounds = b
    }

    /// Scrolls as little as possible to show `r` (own coordinates); a rectangle larger than the
    /// bounds is shown from its origin.
    open func scroll(to r: CGRect) {
        let b = bounds
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ origin: CGFloat, _ size: CGFloat) -> CGFloat {
            if hi - lo > size || lo < origin { return lo }
            if hi > origin + size { return hi - size }
            return origin
        }
        let r = r.standardized
        scroll(
            to: CGPoint(
                x: axis(r.minX, r.maxX, b.minX, b.width), y: axis(r.minY, r.maxY, b.minY, b.height)))
    }
}

extension CALayer {
    /// The nearest ancestor scroll layer (not the receiver).
    private var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let current = layer {
            if let scroll = current as? CAScrollLayer { return scroll }
            layer = current.superlayer
        }
        return nil
    }

    /// Scrolls the nearest ancestor CAScrollLayer so that `p` (in the receiver's coordinates)
    /// is at its origin.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// Scrolls the nearest ancestor CAScrollLayer so that `r` (receiver's coordinates) shows.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(r, from: self))
    }

    /// The part of the receiver's bounds that the nearest ancestor scroll layer shows (its
    /// bounds when there is none), in the receiver's coordinates.
    public var visibleRect: CGRect {
        guard let scroller = enclosingScrollLayer else { return bounds }
        return bounds.intersection(convert(scroller.bounds, from: scroller))
    }
}
