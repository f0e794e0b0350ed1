/// How a layer's picture combines with what is behind it: `CALayer.compositingFilter`'s blend
/// modes, named by Core Animation's filter names (`"multiplyBlendMode"`…). The formulas are the
/// W3C compositing ones, which cairo's operators of the same names implement.
package enum CompositingBlend: UInt8, Sendable, CaseIterable {
    case normal
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    /// Sum of premultiplied colours, clamped ("plus lighter").
    case plusLighter
    case sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut, destinationAtop, xor

    /// The blend named by a Core Animation or Core Image compositing filter name; nil for names
    /// Strata does not draw.
    package init?(filterName name: String) {
        guard let blend = Self.byName[name] else { return nil }
        self = blend
    }

    private static let byName: [String: CompositingBlend] = [
        "normalBlendMode": .normal, "sourceOverCompositing": .normal,
        "multiplyBlendMode": .multiply, "multiplyCompositing": .multiply,
        "screenBlendMode": .screen, "overlayBlendMode": .overlay,
        "darkenBlendMode": .darken, "minimumCompositing": .darken,
        "lightenBlendMode": .lighten, "maximumCompositing": .lighten,
        "colorDodgeBlendMode": .colorDodge, "colorBurnBlendMode": .colorBurn,
        "softLightBlendMode": .softLight, "hardLightBlendMode": .hardLight,
        "differenceBlendMode": .difference, "exclusionBlendMode": .exclusion,
        "hueBlendMode": .hue, "saturationBlendMode": .saturation, "colorBlendMode": .color,
        "luminosityBlendMode": .luminosity,
        "additionCompositing": .plusLighter, "plusL": .plusLighter, "linearDodgeBlendMode": .plusLighter,
        "sourceInCompositing": .sourceIn, "sourceOutCompositing": .sourceOut, "sourceAtopCompositing": .sourceAtop,
        "destinationOverCompositing": .destinationOver, "destinationInCompositing": .destinationIn,
        "destinationOutCompositing": .destinationOut, "destinationAtopCompositing": .destinationAtop,
        "xorCompositing": .xor,
    ]
}
