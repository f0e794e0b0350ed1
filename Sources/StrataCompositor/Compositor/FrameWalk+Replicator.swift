import CCairo
import CPixman
import CoreGraphics
import StrataGeometry
import StrataRender

// CAReplicatorLayer: its sublayers drawn instanceCount times. Instance k is moved by
// instanceTransform^k about the replicator's centre, shows the tree as it was k·instanceDelay
// seconds earlier, and has its colours multiplied by instanceColor + k·(colour offsets).

extension FrameWalk {
    /// Instances drawn at most per replicator (more would only cost memory and time; a warning
    /// says so).
    static let maxInstances = 10_000
    /// Instances drawn at most in a frame, all replicators together: nested replicators
    /// multiply (three levels of 1,000 are 10⁹ copies, minutes and gigabytes a frame); past the
    /// budget the later instances are not drawn (a warning says so).
    static let maxInstancesPerFrame = 100_000

    mutating func pushInstances(of node: Int, _ r: ReplicatorState, order: [Int], context: Context) {
        var count = max(0, r.instanceCount)
        if count > Self.maxInstances {
            count = Self.maxInstances
            if !compositor.warnedInstances {
                compositor.warnedInstances = true
                Diagnostics.warn("CAReplicatorLayer: instanceCount \(r.instanceCount) drawn as \(Self.maxInstances)")
            }
        }
        let left = Swift.max(0, Self.maxInstancesPerFrame - instancesThisFrame)
        if count > left {
            count = left
            if !compositor.warnedInstanceBudget {
                compositor.warnedInstanceBudget = true
                Diagnostics.warn(
                    "CAReplicatorLayer: nested replicators ask for more than \(Self.maxInstancesPerFrame) instances a frame; "
                        + "the rest are not drawn")
            }
        }
        instancesThisFrame += count
        // Every instance's matrix at once (instance k's is instance k−1's times the transform).
        var matrices: [CATransform3D] = []
        matrices.reserveCapacity(count)
        let b = states[node].bounds
        var power = CATransform3DIdentity
        for _ in 0..<count {
            matrices.append(
                CATransform3DMakeTranslation(-b.midX, -b.midY, 0).concatenating(power)
                    .concatenating(CATransform3DMakeTranslation(b.midX, b.midY, 0)))
            power = power.concatenating(r.instanceTransform)
        }
        instanceMatrices[node] = matrices
        let base = r.instanceColor?.sRGBComponents ?? RGBA(r: 1, g: 1, b: 1, a: 1)
        let delayed = r.instanceDelay != 0 && r.instanceDelay.isFinite && otherTimes != nil
        // Pushed last instance first, so instance 0 is drawn first (at the back).
        for k in (0..<count).reversed() {
            let f = Double(k)
            let tint = RGBA(
                r: base.r + f * Double(r.instanceRedOffset), g: base.g + f * Double(r.instanceGreenOffset),
                b: base.b + f * Double(r.instanceBlueOffset), a: base.a + f * Double(r.instanceAlphaOffset)
            ).clamped
            if tint.a <= 0 { continue }
            var instanceContext = context
            instanceContext.alpha *= tint.a
            instanceContext.isInstance = true
            let colored = tint.r < 1 || tint.g < 1 || tint.b < 1
            if delayed { steps.append(.useStates(delay: 0)) }
            if colored { steps.append(.endTint(tint)) }
            let kept = keep(instanceContext)
            for child in order.reversed() {
                steps.append(
                    .enter(node: child, parent: node, isMask: false, context: kept, opacityApplied: false,
                        instance: k))
            }
            if colored { steps.append(.beginTint) }
            if delayed { steps.append(.useStates(delay: f * r.instanceDelay)) }
        }
    }

    /// instanceTransform^k about the centre of the replicator's bounds (like sublayerTransform).
    func instanceMatrix(of replicator: Int, _ k: Int) -> CATransform3D {
        guard let matrices = instanceMatrices[replicator], k < matrices.count else { return CATransform3DIdentity }
        return matrices[k]
    }

    mutating func useStates(delay: Double) {
        drawsFrameStates = delay == 0 || otherTimes == nil
        guard delay != 0, let snapshot = otherTimes else {
            use(frameStates, frameStorage)
            return
        }
        let buffer = delayedStates[delay] ?? StateBuffer(RenderEvaluator.presentation(of: snapshot, at: frameTime - delay))
        delayedStates[delay] = buffer
        use(buffer.states, buffer.storage)
    }

    func beginTint() {
        compositor.pushGroup(cr)
    }

    /// Pops the instance's group and composites it with each channel multiplied by `color`'s
    /// (pixman's component-alpha mask does the per-channel multiply).
    func endTint(_ color: RGBA) {
        guard let group = compositor.popGroup(cr) else { return }
        defer { cairo_pattern_destroy(group) }
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else {
            cairo_set_source(cr, group)
            cairo_paint(cr)
            return
        }
        cairo_surface_flush(surface)
        let w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface)
        guard let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else { return }
        defer { cairo_surface_destroy(out) }
        guard let srcBits = cairo_image_surface_get_data(surface), let dstBits = cairo_image_surface_get_data(out)
        else { return }
        let src = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, w, h, UnsafeMutableRawPointer(srcBits).assumingMemoryBound(to: UInt32.self),
            cairo_image_surface_get_stride(surface))
        let dst = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, w, h, UnsafeMutableRawPointer(dstBits).assumingMemoryBound(to: UInt32.self),
            cairo_image_surface_get_stride(out))
        func channel(_ v: Double) -> UInt16 { UInt16(min(max(v, 0), 1) * 65535) }
        var solid = pixman_color_t(red: channel(color.r), green: channel(color.g), blue: channel(color.b), alpha: 65535)
        let mask = pixman_image_create_solid_fill(&solid)
        pixman_image_set_component_alpha(mask, 1)
        defer {
            pixman_image_unref(src)
            pixman_image_unref(dst)
            pixman_image_unref(mask)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, src, mask, dst, 0, 0, 0, 0, 0, 0, w, h)
        cairo_surface_mark_dirty(out)
        var dx = 0.0, dy = 0.0
        cairo_surface_get_device_offset(surface, &dx, &dy)
        cairo_set_source_surface(cr, out, -dx, -dy)
        cairo_paint(cr)
    }
}
