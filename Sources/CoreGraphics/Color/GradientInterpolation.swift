/// The space a gradient mixes neighbouring stops in. Core Graphics mixes a `CGGradient` in its
/// colour space (linear sRGB for light-correct ramps); iOS's wide-colour devices and simulators
/// mix `CAGradientLayer` in Display P3 (red → yellow is (255, 147, 0) at its middle there, not
/// sRGB's (255, 128, 0)).
package enum GradientInterpolation: Sendable, Hashable {
    /// sRGB's gamma-encoded components (After Effects, lottie-web, a gradient in sRGB).
    case sRGB
    /// Display P3's gamma-encoded components.
    case displayP3
    /// Linear-light sRGB components.
    case linearSRGB

    /// The mixing space of a gradient made in `space` (sRGB for nil, gray and anything else).
    package init(_ space: CGColorSpace?) {
        guard let space, space.model == .rgb else {
            self = .sRGB
            return
        }
        switch space.transfer {
        case .displayP3: self = .displayP3
        case .linearSRGB: self = .linearSRGB
        default: self = .sRGB
        }
    }
}

/// A mix other than sRGB's, drawn by sRGB machinery: cairo, pixman and the gradient kernel mix
/// neighbouring stops' sRGB components, so the mix is laid out as sRGB stops close enough that
/// their straight lines stay within `tolerance` of the curve the mix traces through sRGB.
extension GradientInterpolation {
    /// Largest difference between the drawn line and the mix, in 0...1 (half an 8-bit level).
    package static let tolerance = 0.5 / 255

    /// Halvings of a stop interval at most (64 sub-stops: a kink where a channel clamps at 0 or
    /// 1 would otherwise be chased without end).
    package static let depth = 6

    /// Stops made at most, whatever the input (a 4,096-stop gradient is mixed coarser, not slower).
    package static let stopLimit = 8192

    /// The stops `colors` at `locations` (straight sRGB, ascending locations) with sRGB stops
    /// inserted between them so that mixing in sRGB draws this mix; alpha mixes linearly either
    /// way. Equal colours, hard edges (equal locations) and the sRGB mix gain nothing.
    package func stops(_ colors: [RGBA], _ locations: [Double]) -> ([RGBA], [Double]) {
        guard self != .sRGB, colors.count >= 2, colors.count == locations.count else { return (colors, locations) }
        var outColors = [colors[0]], outLocations = [locations[0]]
        for k in 1..<colors.count {
            let a = colors[k - 1], b = colors[k]
            let l0 = locations[k - 1], l1 = locations[k]
            let sameColor = a.r == b.r && a.g == b.g && a.b == b.b
            if !sameColor, l1 > l0, outColors.count < Self.stopLimit {
                let mix = Mix(a, b, in: self)
                mix.subdivide(0, 1, mix.at(0), mix.at(1), depth: 0) { t, c in
                    outColors.append(c)
                    outLocations.append(l0 + t * (l1 - l0))
                }
            }
            outColors.append(b)
            outLocations.append(l1)
        }
        return (outColors, outLocations)
    }

    /// An sRGB colour's components in this space.
    func encode(_ c: RGBA) -> (Double, Double, Double) {
        switch self {
        case .sRGB: (c.r, c.g, c.b)
        case .displayP3: CGColor.sRGBToDisplayP3((c.r, c.g, c.b))
        case .linearSRGB: (CGColor.linearize(c.r), CGColor.linearize(c.g), CGColor.linearize(c.b))
        }
    }

    /// Components in this space as sRGB's.
    func decode(_ p: (Double, Double, Double)) -> (Double, Double, Double) {
        switch self {
        case .sRGB: p
        case .displayP3: CGColor.displayP3ToSRGB(p)
        case .linearSRGB: (CGColor.delinearize(p.0), CGColor.delinearize(p.1), CGColor.delinearize(p.2))
        }
    }
}

/// Two sRGB colours mixed in a gradient's space.
private struct Mix {
    let space: GradientInterpolation
    let from: (Double, Double, Double)
    let to: (Double, Double, Double)
    let alphas: (Double, Double)

    init(_ a: RGBA, _ b: RGBA, in space: GradientInterpolation) {
        self.space = space
        from = space.encode(a)
        to = space.encode(b)
        alphas = (a.a, b.a)
    }

    /// The mix at `t` (0...1) in straight sRGB, clamped to what an 8-bit target holds.
    func at(_ t: Double) -> RGBA {
        let s = space.decode((from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t, from.2 + (to.2 - from.2) * t))
        return RGBA(r: s.0, g: s.1, b: s.2, a: alphas.0 + (alphas.1 - alphas.0) * t).clamped
    }

    /// Hands `emit` the interior stops of (t0, t1), in order, splitting in halves while the line
    /// from `c0` to `c1` strays from the mix at a quarter, the middle or three quarters.
    func subdivide(_ t0: Double, _ t1: Double, _ c0: RGBA, _ c1: RGBA, depth: Int, emit: (Double, RGBA) -> Void) {
        let tm = (t0 + t1) / 2
        let cm = at(tm)
        let straight = depth >= GradientInterpolation.depth
            || (Self.near(cm, c0, c1, 0.5) && Self.near(at((3 * t0 + t1) / 4), c0, c1, 0.25)
                && Self.near(at((t0 + 3 * t1) / 4), c0, c1, 0.75))
        if straight { return }
        subdivide(t0, tm, c0, cm, depth: depth + 1, emit: emit)
        emit(tm, cm)
        subdivide(tm, t1, cm, c1, depth: depth + 1, emit: emit)
    }

    /// True when `c` lies within the tolerance of the line from `c0` to `c1` at `f`.
    private static func near(_ c: RGBA, _ c0: RGBA, _ c1: RGBA, _ f: Double) -> Bool {
        let tolerance = GradientInterpolation.tolerance
        return abs(c.r - (c0.r + (c1.r - c0.r) * f)) <= tolerance && abs(c.g - (c0.g + (c1.g - c0.g) * f)) <= tolerance
            && abs(c.b - (c0.b + (c1.b - c0.b) * f)) <= tolerance
    }
}
