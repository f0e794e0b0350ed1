import Foundation

/// How a composition's frames relate to the root composition's: `local = (root − offset) / scale`
/// for precompositions shifted (`st`) and stretched (`sr`), any function with time remapping (`tm`).
struct FrameMap: @unchecked Sendable {
    var scale = 1.0
    var offset = 0.0
    /// Root frame → local frame, when time is remapped (then there is no linear form).
    var remap: ((Double) -> Double)?

    static let identity = FrameMap()

    func local(_ root: Double) -> Double {
        if let remap { return remap(root) }
        return (root - offset) / scale
    }

    /// The root frame of local frame `local`, when the map is linear.
    func root(_ local: Double) -> Double? {
        remap == nil ? local * scale + offset : nil
    }

    /// The map of a precomposition placed with start time `st` and stretch `sr` in this one.
    func child(start st: Double, stretch sr: Double) -> FrameMap {
        if let remap {
            return FrameMap(remap: { (remap($0) - st) / sr })
        }
        return FrameMap(scale: scale * sr, offset: st * scale + offset)
    }

    /// The map of a precomposition whose time is remapped by `tm` (seconds, evaluated at this
    /// composition's frames) at `frameRate`.
    func remapped(by tm: Numbers, frameRate: Double) -> FrameMap {
        let outer = self
        return FrameMap(remap: { tm.scalar(at: outer.local($0)) * frameRate })
    }
}
