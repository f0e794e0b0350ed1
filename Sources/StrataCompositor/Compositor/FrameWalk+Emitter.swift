import CCairo
import CoreGraphics
import StrataRender

// CAEmitterLayer particles, computed for the frame's time rather than simulated: cell c's
// particle k is born k / birthRate seconds after emission started (layer time), with its random values drawn from a
// hash of (seed, c, k), so any frame can be drawn on its own and every run draws the same.

extension FrameWalk {
    /// Particles drawn at most per emitter layer (a warning says when more would be alive).
    static let maxParticles = 20_000

    func drawParticles(_ node: Int, _ e: EmitterState, map: PlaneMap, alpha: Double, context: Context) {
        guard map.isAffine, !e.cells.isEmpty else { return }
        // Seconds of emission: from the commit that started it (or the layer's time 0 when that
        // comes later: a `beginTime` in the future delays it).
        let t = localTime(of: node) - max(e.emissionStart, 0)
        guard t.isFinite, t > 0 else { return }
        var budget = Self.maxParticles
        let m = map.affine
        compositor.save(cr)
        defer { compositor.restore(cr) }
        var base = Self.cairoMatrix(m)
        cairo_set_operator(cr, e.renderMode == .additive ? CAIRO_OPERATOR_ADD : CAIRO_OPERATOR_OVER)
        for (c, cell) in e.cells.enumerated() where cell.isEnabled {
            let rate = cell.birthRate * e.birthRate
            let longest = (cell.lifetime + abs(cell.lifetimeRange) / 2) * e.lifetime
            guard rate > 0, rate.isFinite, longest > 0, let image = cell.contents else { continue }
            let first = max(0, Int(((t - longest) * rate).rounded(.up)))
            let last = Int((t * rate).rounded(.down))
            guard last >= first else { continue }
            if last - first + 1 > budget {
                if !compositor.warnedParticles {
                    compositor.warnedParticles = true
                    Diagnostics.warn("CAEmitterLayer: more than \(Self.maxParticles) particles alive; the oldest are not drawn")
                }
            }
            let from = max(first, last - budget + 1)
            budget -= last - from + 1
            // Set as the context's source for each particle: the surface keeps the pixels alive.
            let surface = CairoSurface.owning(image.pixels)
            defer { cairo_surface_destroy(surface) }
            let w = Double(image.width) / cell.contentsScale, h = Double(image.height) / cell.contentsScale
            let order: [Int] = e.renderMode == .oldestLast ? Array((from...last).reversed()) : Array(from...last)
            for k in order {
                var random = ParticleRandom(seed: e.seed, cell: UInt32(c), particle: UInt64(k))
                let age = t - Double(k) / rate
                let life = (cell.lifetime + random.centred(cell.lifetimeRange)) * e.lifetime
                guard age >= 0, age < life else {
                    continue
                }
                let start = birthPoint(e, &random)
                let angle = cell.emissionLongitude + random.centred(cell.emissionRange)
                // Particles leave the plane by their latitude: the drawn (in-plane) speed shrinks.
                let speed = (cell.velocity + random.centred(cell.velocityRange)) * e.velocity
                    * cos(cell.emissionLatitude)
                let x = start.x + cos(angle) * speed * age + 0.5 * cell.xAcceleration * age * age
                let y = start.y + sin(angle) * speed * age + 0.5 * cell.yAcceleration * age * age
                let scale = (cell.scale + random.centred(cell.scaleRange)) * e.scale + cell.scaleSpeed * age
                let spin = (cell.spin + random.centred(cell.spinRange)) * e.spin * age
                let color = RGBA(
                    r: cell.color.r + random.centred(cell.colorRange.r) + cell.colorSpeed.r * age,
                    g: cell.color.g + random.centred(cell.colorRange.g) + cell.colorSpeed.g * age,
                    b: cell.color.b + random.centred(cell.colorRange.b) + cell.colorSpeed.b * age,
                    a: cell.color.a + random.centred(cell.colorRange.a) + cell.colorSpeed.a * age
                ).clamped
                guard scale > 0, color.a > 0, x.isFinite, y.isFinite else { continue }
                cairo_set_matrix(cr, &base)
                cairo_translate(cr, x, y)
                cairo_rotate(cr, spin)
                cairo_scale(cr, scale, scale)
                cairo_translate(cr, -w / 2, -h / 2)
                cairo_scale(cr, w / Double(image.width), h / Double(image.height))
                if color.r >= 1, color.g >= 1, color.b >= 1 {
                    cairo_set_source_surface(cr, surface, 0, 0)
                    cairo_paint_with_alpha(cr, color.a * alpha)
                } else {
                    // The colour multiplies the contents; exact for white particle images (the
                    // usual), an approximation for coloured ones: their alpha shaped in the colour.
                    cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
                    cairo_mask_surface(cr, surface, 0, 0)
                }
            }
        }
    }

    /// Where a particle is born, by the emitter's shape and mode (layer space).
    func birthPoint(_ e: EmitterState, _ random: inout ParticleRandom) -> CGPoint {
        let p = e.emitterPosition, size = e.emitterSize
        switch e.emitterShape {
        case .line:
            return CGPoint(x: p.x + random.centred(size.width), y: p.y)
        case .rectangle, .cuboid:
            if e.emitterMode == .outline {
                let u = random.unit() * 2 * (size.width + size.height)
                let (w, h) = (size.width, size.height)
                if u < w { return CGPoint(x: p.x - w / 2 + u, y: p.y - h / 2) }
                if u < w + h { return CGPoint(x: p.x + w / 2, y: p.y - h / 2 + (u - w)) }
                if u < 2 * w + h { return CGPoint(x: p.x + w / 2 - (u - w - h), y: p.y + h / 2) }
                return CGPoint(x: p.x - w / 2, y: p.y + h / 2 - (u - 2 * w - h))
            }
            return CGPoint(x: p.x + random.centred(size.width), y: p.y + random.centred(size.height))
        case .circle, .sphere:
            let a = random.unit() * 2 * .pi
            let r = size.width / 2 * (e.emitterMode == .outline ? 1 : random.unit().squareRoot())
            return CGPoint(x: p.x + r * cos(a), y: p.y + r * sin(a))
        case .point:
            return p
        }
    }
}

/// A small counter-based generator: the particle's values depend only on (seed, cell, index).
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, cell: UInt32, particle: UInt64) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(cell) &* 0xC2B2_AE3D_27D4_EB4F ^ particle &* 0x1656_67B1_9E37_79F9
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// Uniform in [−range/2, range/2].
    mutating func centred(_ range: Double) -> Double {
        range == 0 ? 0 : (unit() - 0.5) * range
    }
}
