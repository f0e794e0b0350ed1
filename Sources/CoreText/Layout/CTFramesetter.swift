import CoreGraphics
import Foundation

/// Sets an attributed string into frames, as Apple's CTFramesetter.
public final class CTFramesetter: @unchecked Sendable {
    let typesetter: CTTypesetter

    init(typesetter: CTTypesetter) {
        self.typesetter = typesetter
    }
}

public func CTFramesetterGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CTFramesetter.self).hashValue) }

public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(typesetter: CTTypesetter(attrString))
}

public func CTFramesetterCreateWithTypesetter(_ typesetter: CTTypesetter) -> CTFramesetter {
    CTFramesetter(typesetter: typesetter)
}

public func CTFramesetterGetTypesetter(_ framesetter: CTFramesetter) -> CTTypesetter { framesetter.typesetter }

/// The lines of `stringRange` (length 0: all) that fit in `path`, set from its top. A path that
/// is not a rectangle is set into its bounding box (documented difference).
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: CFDictionary?) -> CTFrame {
    let box = path.boundingBox
    let size = box.isNull || !box.width.isFinite || !box.height.isFinite ? CGSize.zero : box.size
    let range = framesetter.typesetter.clamp(stringRange)
    let layout = FrameLayout(framesetter.typesetter, range: range, size: size)
    return CTFrame(layout: layout, path: path, box: box.isNull ? .zero : box, stringRange: range, attributes: frameAttributes)
}

/// The size the text of `stringRange` needs within `constraints` (0 or infinite: unbounded),
/// and in `fitRange` the units that fit.
public func CTFramesetterSuggestFrameSizeWithConstraints(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: CFDictionary?, _ constraints: CGSize, _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize {
    func bound(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : .greatestFiniteMagnitude }
    let range = framesetter.typesetter.clamp(stringRange)
    let layout = FrameLayout(framesetter.typesetter, range: range, size: CGSize(width: bound(constraints.width), height: bound(constraints.height)))
    fitRange?.pointee = CFRange(location: layout.visible.lowerBound, length: layout.visible.count)
    return layout.used
}
