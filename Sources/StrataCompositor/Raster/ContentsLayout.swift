import CoreGraphics
import StrataRender

/// Where a layer's contents image goes (spec: contentsGravity, contentsRect, contentsCenter,
/// contentsScale): pieces of the image (in image pixels, row 0 on top) and the local rectangles
/// they fill. Gravity names are Apple's, whose vertical words assume y up: "top" is the bounds'
/// max-y edge, unless the contents are flipped (an odd number of geometry-flipped layers from
/// here to the root), where it is the min-y edge. Images are always drawn upright.
package struct ContentsLayout: Equatable, Sendable {
    package struct Piece: Equatable, Sendable {
        /// In image pixels (origin top-left).
        package var source: CGRect
        /// In the layer's local space.
        package var destination: CGRect
    }

    package var pieces: [Piece]
    /// The union of the pieces' destinations.
    package var frame: CGRect

    /// The layout for an image of `imageSize` pixels in `bounds`; nil when nothing shows.
    package static func make(
        imageSize: CGSize, bounds: CGRect, gravity: ContentsGravity, contentsRect: CGRect, contentsCenter: CGRect,
        contentsScale: Double, flipped: Bool
    ) -> ContentsLayout? {
        guard imageSize.width > 0, imageSize.height > 0, bounds.width > 0, bounds.height > 0,
            contentsRect.width.isFinite, contentsRect.height.isFinite, contentsRect.width > 0,
            contentsRect.height > 0
        else { return nil }
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        // The part of the image shown, in pixels (may reach outside the image: edges extend).
        let source = CGRect(
            x: contentsRect.minX * imageSize.width, y: contentsRect.minY * imageSize.height,
            width: contentsRect.width * imageSize.width, height: contentsRect.height * imageSize.height)
        let natural = CGSize(width: source.width / scale, height: source.height / scale)
        let destination = place(natural, in: bounds, gravity: gravity, flipped: flipped)
        guard destination.width > 0, destination.height > 0, destination.width.isFinite,
            destination.height.isFinite
        else { return nil }
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let center = contentsCenter.standardized
        if center == unit || !center.width.isFinite || !center.height.isFinite {
            return ContentsLayout(pieces: [Piece(source: source, destination: destination)], frame: destination)
        }
        return ContentsLayout(
            pieces: nineParts(source: source, natural: natural, center: center, destination: destination),
            frame: destination)
    }

    /// The rectangle an image of `natural` size (points) fills in `bounds` under `gravity`.
    static func place(_ natural: CGSize, in b: CGRect, gravity: ContentsGravity, flipped: Bool) -> CGRect {
        switch gravity {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            let sx = b.width / natural.width, sy = b.height / natural.height
            let s = gravity == .resizeAspect ? Swift.min(sx, sy) : Swift.max(sx, sy)
            let w = natural.width * s, h = natural.height * s
            return CGRect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        default:
            break
        }
        let w = natural.width, h = natural.height
        // Vertical words name the max-y edge "top" unless flipped.
        let topY = flipped ? b.minY : b.maxY - h
        let bottomY = flipped ? b.maxY - h : b.minY
        let midY = b.midY - h / 2
        let x: Double, y: Double
        switch gravity {
        case .top: (x, y) = (b.midX - w / 2, topY)
        case .bottom: (x, y) = (b.midX - w / 2, bottomY)
        case .left: (x, y) = (b.minX, midY)
        case .right: (x, y) = (b.maxX - w, midY)
        case .topLeft: (x, y) = (b.minX, topY)
        case .topRight: (x, y) = (b.maxX - w, topY)
        case .bottomLeft: (x, y) = (b.minX, bottomY)
        case .bottomRight: (x, y) = (b.maxX - w, bottomY)
        default: (x, y) = (b.midX - w / 2, midY)  // .center (an unknown name is drawn as it)
        }
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// Nine-part stretching: the corners keep their natural size (shrunk together when the
    /// destination is smaller than they are), the edges stretch along one axis, the centre both.
    static func nineParts(source: CGRect, natural: CGSize, center: CGRect, destination d: CGRect) -> [Piece] {
        func cuts(_ lo: Double, _ hi: Double, srcMin: Double, srcLen: Double, natLen: Double, dMin: Double, dLen: Double)
            -> (src: [Double], dst: [Double])
        {
            let a = Swift.min(Swift.max(lo, 0), 1), b = Swift.min(Swift.max(hi, a), 1)
            var first = a * natLen, last = (1 - b) * natLen
            if first + last > dLen, first + last > 0 {
                let k = dLen / (first + last)
                first *= k
                last *= k
            }
            let src = [srcMin, srcMin + a * srcLen, srcMin + b * srcLen, srcMin + srcLen]
            let dst = [dMin, dMin + first, dMin + dLen - last, dMin + dLen]
            return (src, dst)
        }
        let xs = cuts(
            center.minX, center.maxX, srcMin: source.minX, srcLen: source.width, natLen: natural.width,
            dMin: d.minX, dLen: d.width)
        let ys = cuts(
            center.minY, center.maxY, srcMin: source.minY, srcLen: source.height, natLen: natural.height,
            dMin: d.minY, dLen: d.height)
        var pieces: [Piece] = []
        for row in 0..<3 {
            for col in 0..<3 {
                let src = CGRect(
                    x: xs.src[col], y: ys.src[row], width: xs.src[col + 1] - xs.src[col],
                    height: ys.src[row + 1] - ys.src[row])
                let dst = CGRect(
                    x: xs.dst[col], y: ys.dst[row], width: xs.dst[col + 1] - xs.dst[col],
                    height: ys.dst[row + 1] - ys.dst[row])
                if dst.width > 1e-9, dst.height > 1e-9, src.width > 0, src.height > 0 {
                    pieces.append(Piece(source: src, destination: dst))
                }
            }
        }
        return pieces
    }
}
