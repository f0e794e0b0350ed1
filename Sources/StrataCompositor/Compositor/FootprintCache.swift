import CoreGraphics
import StrataGeometry

/// Footprints of earlier frames, by snapshot index: a layer whose committed state (its serial),
/// its superlayer's state and its placement are what they were at the same index last time is
/// not hashed and placed again, so a frame in which one layer moved costs that layer, not the
/// tree. Only layers without animations that are not replicators or emitters are kept (their
/// look depends on the time). Not thread-safe: one per renderer.
package final class FootprintCache {
    /// Who hands a layer its placement: the superlayer (or masked layer) and its state's serial
    /// (`.max`: a superlayer that animates); serial 0: something that changes with time (not kept).
    struct ParentKey: Equatable {
        var id: UInt64
        var serial: UInt64

        /// The root placed in its superlayer's space, or in its own.
        static let superlayerSpace = ParentKey(id: .max, serial: 1)
        static let ownSpace = ParentKey(id: .max - 1, serial: 1)
        /// Not kept.
        static let none = ParentKey(id: 0, serial: 0)

        /// A parent that animates: its sublayers are kept while the signature it hands them
        /// (its look and placement this frame) is the one they were worked out from.
        static func animated(_ id: UInt64) -> ParentKey { ParentKey(id: id, serial: .max) }
    }

    /// A layer's maps to the target and to its plane (what its sublayers are placed from).
    struct Maps {
        var toTarget: CATransform3D
        var toPlane: CATransform3D
    }

    /// Maps handed from a layer to its sublayers, with their serial (`Slot.mapsSerial`; 0: a
    /// replicator's instance, never compared).
    struct Handed {
        var maps: Maps
        var serial: UInt64
    }

    /// One index's layer: what its footprint was worked out from, and what it came to.
    struct Slot {
        var layerID: UInt64 = 0
        /// The state's serial; 0: nothing kept.
        var serial: UInt64 = 0
        var parent = ParentKey.none
        var parentChain = 0
        var isMask = false
        /// The serial of the maps the superlayer handed: equal serials name equal maps, so a
        /// 8-byte comparison replaces two matrices' (and the slot is 256 bytes smaller).
        var parentMapsSerial: UInt64 = 0
        var maps = Maps(toTarget: CATransform3DIdentity, toPlane: CATransform3DIdentity)
        /// Renewed whenever `maps` are worked out different from what they were (or for another
        /// layer); kept while they come out equal.
        var mapsSerial: UInt64 = 0
        var signature = 0
        /// Nil for a transform layer, which draws nothing.
        var box: CGRect?
        /// `Footprints.lookExtent` of the layer, and the look serial it was worked out for (0: none).
        var lookExtent = CGRect.null
        var lookExtentSerial: UInt64 = 0
        /// False when the map to the target is not finite (nothing drawn).
        var isFinite = false
        /// The frame (`FootprintCache.frame`) that last placed or kept the layer, and whether it
        /// did so once, not as a replicator's instance: then `maps` are where the frame's walk
        /// draws it (it reads them instead of making them again).
        var frame: UInt64 = 0
        var placedOnce = false
    }

    /// Frames worked out in this cache (stamps the slots each one visits).
    var frame: UInt64 = 0

    /// By snapshot index.
    @exclusivity(unchecked) var slots: [Slot] = []
    /// The maps handed down in the frame being worked out (reused: no allocation a frame).
    @exclusivity(unchecked) var handed: [Handed] = []
    /// The layers waiting in the frame being worked out (reused, like `handed`).
    @exclusivity(unchecked) var pending: [Footprints.Pending] = []
    /// A retired frame's arrays (`Footprints.retire(into:)`), for the next frame to fill.
    @exclusivity(unchecked) var spareEntries: [Footprints.Entry?] = []
    @exclusivity(unchecked) var spareLayerIDs: [UInt64] = []
    /// Frames whose footprints filled retired arrays instead of allocating (tests check reuse).
    package internal(set) var framesFilledRetiredArrays = 0
    /// The last maps serial given out.
    var mapsSerials: UInt64 = 0
    /// The base the root was last placed from, and its serial.
    var base: (transform: CGAffineTransform, serial: UInt64)?

    /// A new maps serial.
    func nextMapsSerial() -> UInt64 {
        mapsSerials &+= 1
        return mapsSerials
    }

    /// Layers placed and hashed afresh in the last frame (the others were kept).
    package internal(set) var placedInLastFrame = 0

    package init() {}

    /// Layers kept for the next frame.
    package var count: Int { slots.lazy.filter { $0.serial != 0 }.count }
}
