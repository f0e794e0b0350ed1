import CoreGraphics
import StrataRender

/// Each drawn layer's body kept from frame to frame by node, while the layer's look serial
/// (`PresentationChanges.lookSerials`: what it draws itself, not where) and the way it is drawn
/// hold: a still or merely moving layer is not described again, allocated again or compared field
/// by field with its cached raster's key (the same object compares by identity).
struct BodyMemo {
    /// What one node's body was made from.
    struct Entry {
        var layerID: UInt64 = 0
        /// The look serial of the state the body describes; 0: none kept.
        var serial: UInt64 = 0
        var withBorder = false
        var withFill = false
        var flipped = false
        var glyphPositioning = GlyphPositioning.unspecified
        var body: LayerBody?
    }

    private var entries: [Entry] = []
    /// Bodies made (not kept) since the count was last reset.
    var made = 0

    /// Sized for a tree of `count` nodes (entries of another tree's indices are told apart by
    /// layer and serial).
    mutating func resize(to count: Int) {
        if entries.count > count { entries.removeLast(entries.count - count) }
        while entries.count < count { entries.append(Entry()) }
    }

    /// Node `node`'s body: the one kept for it when `serial` (not 0) and the drawing choices are
    /// those it was made with, else made from `s` and kept.
    mutating func body(
        node: Int, layerID: UInt64, serial: UInt64, _ s: UnsafePointer<RenderLayerState>, withBorder: Bool, withFill: Bool = true,
        flipped: Bool, glyphPositioning: GlyphPositioning
    ) -> LayerBody {
        guard serial != 0, node >= 0, node < entries.count else {
            made += 1
            return LayerBody(s.pointee, withBorder: withBorder, withFill: withFill, flipped: flipped, glyphPositioning: glyphPositioning)
        }
        let e = entries[node]
        if let body = e.body, e.serial == serial, e.layerID == layerID, e.withBorder == withBorder, e.withFill == withFill,
            e.flipped == flipped, e.glyphPositioning == glyphPositioning
        {
            return body
        }
        made += 1
        let body = LayerBody(
            s.pointee, withBorder: withBorder, withFill: withFill, flipped: flipped, glyphPositioning: glyphPositioning,
            previous: e.layerID == layerID ? e.body : nil)
        entries[node] = Entry(
            layerID: layerID, serial: serial, withBorder: withBorder, withFill: withFill, flipped: flipped,
            glyphPositioning: glyphPositioning, body: body)
        return body
    }
}
