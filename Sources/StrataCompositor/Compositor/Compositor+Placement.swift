import CCairo
import CoreGraphics

/// A layer raster already resampled through its map into target pixels. While a layer keeps its
/// map from one frame to the next (most layers, most frames), putting it on the target is then a
/// pixel-aligned copy instead of a filtered, rotated or projective resampling.
///
/// The copy is made where the target's pixels are whole: the map is keyed with its whole-pixel
/// offset taken out, so a layer that moves by whole pixels keeps its copy.
struct PlacementKey: Hashable {
    var source: ObjectIdentifier
    /// The raster's map to target pixels, less the whole-pixel offset of its box.
    var map: PlaneMap
    var antialias: Bool
    /// The part of the box the copy covers, relative to the box (the whole box unless the
    /// target's edge cuts it).
    var crop: CGRect
}

final class PlacedRaster {
    /// The layer raster it was made from (held, so its identifier cannot be reused meanwhile).
    var source: Raster
    /// The resampled picture; its origin is where it was made for, in target pixels.
    let device: Raster
    var usedFrame: UInt64

    init(source: Raster, device: Raster, frame: UInt64) {
        self.source = source
        self.device = device
        self.usedFrame = frame
    }
}

extension Compositor {
    /// A placed copy is made only when its box is at most this many times its raster's pixels
    /// (plus a small allowance): thin rotated layers would otherwise waste memory on empty corners.
    static let placedAreaFactor = 4

    /// How a raster goes on through its placement.
    enum Placement {
        /// Through this copy, `dx`, `dy` whole pixels from where it was made (its origin).
        case copy(raster: Raster, dx: Int, dy: Int)
        /// Straight from the raster by the kernel, with the numbers a copy would be made with:
        /// coordinates relative to the box's corner `frame`, within `crop` (target pixels).
        case direct(frame: (x: Int, y: Int), crop: CGRect)
    }

    /// How `raster` goes on through `map`; nil when it is to be resampled directly (its box
    /// would not pay or not fit: that depends only on the raster and the map).
    ///
    /// Every raster with a box is drawn as a copy would draw it, kept or not, so a layer's pixels
    /// never depend on what was cached: the copy is kept when the same placement was seen in an
    /// earlier frame and the byte budget has room; otherwise it is made for this frame only, or,
    /// when `direct` (the kernel draws on the target), not made at all: the kernel draws the raster
    /// with the copy's numbers. The copy covers only the part of the box on the target (`target`,
    /// target pixels), so a large layer mostly off screen costs what shows. `resample` draws the
    /// raster through a map (to target pixels) onto a context at opacity 1 within a clip (target
    /// pixels), for maps the kernel does not take (part of the layer behind the eye).
    func placedCopy(
        of raster: Raster, map: PlaneMap, antialias: Bool, target: CGRect?, direct: Bool,
        resample: (_ map: PlaneMap, _ target: OpaquePointer, _ clip: CGRect) -> Void
    ) -> Placement? {
        guard let box = Self.placementBox(of: raster, map: map) else { return nil }
        var rect = box
        if let target, !target.isNull, !target.isInfinite { rect = box.clipped(to: target.integral) }
        guard !rect.isNull, rect.width > 0, rect.height > 0 else { return nil }
        let shifted = map.then(.translation(-box.minX, -box.minY))
        let crop = rect.offsetBy(dx: -box.minX, dy: -box.minY)
        let key = PlacementKey(source: ObjectIdentifier(raster), map: shifted, antialias: antialias, crop: crop)
        if let entry = placed[key] {
            entry.usedFrame = frameNumber
            let made = entry.device.origin
            return .copy(raster: entry.device, dx: Int(rect.minX - made.x), dy: Int(rect.minY - made.y))
        }
        // Kept when seen in an earlier frame (a replicator's instances may repeat it within one).
        let bytes = Int(rect.width) * Int(rect.height) * 4
        let keep = !placementsSeenThisFrame.contains(key) && placementsSeenLastFrame.contains(key)
            && placedByteCount + bytes <= options.placedByteBudget
        let frame = (x: Int(box.minX), y: Int(box.minY))
        let kernelTakes = options.usesKernel && RasterKernel.takes(raster, map: map)
        if !keep, direct, kernelTakes {
            placementsSeenThisFrame.insert(key)
            return .direct(frame: frame, crop: rect)
        }
        guard let device = Raster(covering: rect, scale: 1) else { return nil }
        if kernelTakes {
            let buffer = KernelTarget(raster: device, originX: Int(rect.minX), originY: Int(rect.minY))
            RasterKernel.composite(
                raster, map: map, frame: frame, bilinear: true, alpha: 1, antialias: antialias, crop: rect,
                onto: buffer, options: options.kernelOptions)
        } else {
            // Drawn with the layer's own map, the copy's pixels placed by a device offset: pixman's
            // fixed-point projective transforms lose precision when the map is rebased instead.
            cairo_surface_set_device_offset(device.surface, -rect.minX, -rect.minY)
            if let cr = cairo_create(device.surface) {
                resample(map, cr, rect)
                cairo_destroy(cr)
            }
            cairo_surface_flush(device.surface)
            cairo_surface_set_device_offset(device.surface, 0, 0)
        }
        if keep {
            placementsSeenLastFrame.remove(key)
            placed[key] = PlacedRaster(source: raster, device: device, frame: frameNumber)
            placedByteCount += bytes
            placedMade += 1
        } else {
            placementsSeenThisFrame.insert(key)
        }
        return .copy(raster: device, dx: 0, dy: 0)
    }

    /// The whole-pixel box (target pixels) a raster covers through `map`, padded by a pixel for
    /// antialiased edges; nil when a copy would not pay or not fit.
    static func placementBox(of raster: Raster, map: PlaneMap) -> CGRect? {
        let bounds = map.boundingBox(of: raster.extent)
        guard !bounds.isNull, bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite,
            bounds.width < Double(Raster.maxSide), bounds.height < Double(Raster.maxSide),
            abs(bounds.minX) < 1e9, abs(bounds.minY) < 1e9
        else { return nil }
        let box = bounds.integral.insetBy(dx: -1, dy: -1)
        guard box.width <= Double(Raster.maxSide), box.height <= Double(Raster.maxSide),
            Int(box.width) * Int(box.height) <= placedAreaFactor * raster.width * raster.height + 4096
        else { return nil }
        return box
    }

    /// Keeps only the placements first seen in this frame: a layer whose map changes every frame
    /// leaves one a frame, never more.
    func forgetPlacementsSeenBefore() {
        swap(&placementsSeenLastFrame, &placementsSeenThisFrame)
        if !placementsSeenThisFrame.isEmpty { placementsSeenThisFrame.removeAll(keepingCapacity: true) }
    }

    /// Frees copies whose layer raster was replaced or freed, and those not used for `idleFrames`.
    func sweepPlacements() {
        let now = frameNumber
        var bytes = 0
        for (key, entry) in placed {
            if isKnownUniquelyReferenced(&entry.source) || now &- entry.usedFrame >= Self.idleFrames {
                placed[key] = nil
            } else {
                bytes += entry.device.byteCount
            }
        }
        placedByteCount = bytes
    }
}

