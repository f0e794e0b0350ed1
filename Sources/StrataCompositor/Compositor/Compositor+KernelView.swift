import CCairo
import CoreGraphics

/// The kernel's view of the context a frame is drawn on (`KernelTarget`), kept from one direct
/// draw to the next while the walk changes neither the clip nor the group: listing cairo's clip
/// cost more than scanning a small shape (step_loader made eight views a frame, 15 % of its
/// instructions). Every save, clip and group the walk makes on its targets goes through the
/// calls below, which follow cairo's state as serials; code that cannot reach them (a layer
/// body painting itself) only makes changes it undoes before returning, and takes no kept view.
extension Compositor {
    /// What a kept view was made from: the context, and the clip serial then.
    struct KeptKernelView {
        var cr: OpaquePointer
        var clipSerial: UInt64
        var target: KernelTarget
    }

    /// The kernel's view of `cr` (`KernelTarget(cr, exact:)`), the kept one while it holds.
    func kernelTarget(_ cr: OpaquePointer, exact: ExactClip? = nil) -> KernelTarget? {
        // Read in place: `if let kept = keptKernelView` copied the view (retaining its arrays)
        // for every shape drawn directly.
        if keptKernelView?.cr == cr, keptKernelView?.clipSerial == clipSerial,
            keptKernelView?.target.stillDescribes(cr) == true, let target = keptKernelView?.target
        {
            #if DEBUG
            // Tests run debug builds: every reuse is checked against cairo's own account.
            assert(KernelTarget(cr, exact: exact)?.isSameView(as: target) == true, "a kept kernel view went stale")
            #endif
            cairo_surface_flush(target.surface)
            return target
        }
        guard let target = KernelTarget(cr, exact: exact) else { return nil }
        kernelViewsMade += 1
        // A view of a clip cairo cannot list depends on the walk's account passed in: not kept.
        keptKernelView = target.listed ? KeptKernelView(cr: cr, clipSerial: clipSerial, target: target) : nil
        return target
    }

    /// Marks the kept kernel view stale (a context drawn on was made or destroyed, or a frame
    /// begins on a clip its caller set).
    func clipChanged() {
        clipSerial = freshClipSerial()
    }

    /// Forgets the clips saved in the frame before (a frame starts with none open).
    func resetClipSerials() {
        savedClipSerials.removeAll(keepingCapacity: true)
        clipChanged()
    }

    // cairo's state calls for the contexts the walk draws on. A clip is a new state; a restore
    // returns to the state at its save (a clip drawn inside a save and restored costs no view).

    func save(_ cr: OpaquePointer) {
        cairo_save(cr)
        savedClipSerials.append(clipSerial)
    }

    func restore(_ cr: OpaquePointer) {
        cairo_restore(cr)
        clipSerial = savedClipSerials.popLast() ?? freshClipSerial()
    }

    func clip(_ cr: OpaquePointer) {
        cairo_clip(cr)
        clipChanged()
    }

    func pushGroup(_ cr: OpaquePointer) {
        cairo_push_group(cr)
        savedClipSerials.append(clipSerial)
        clipChanged()
    }

    func pushGroup(_ cr: OpaquePointer, content: cairo_content_t) {
        cairo_push_group_with_content(cr, content)
        savedClipSerials.append(clipSerial)
        clipChanged()
    }

    func popGroup(_ cr: OpaquePointer) -> OpaquePointer? {
        let group = cairo_pop_group(cr)
        clipSerial = savedClipSerials.popLast() ?? freshClipSerial()
        return group
    }

    func popGroupToSource(_ cr: OpaquePointer) {
        cairo_pop_group_to_source(cr)
        clipSerial = savedClipSerials.popLast() ?? freshClipSerial()
    }

    private func freshClipSerial() -> UInt64 {
        lastClipSerial &+= 1
        return lastClipSerial
    }
}
