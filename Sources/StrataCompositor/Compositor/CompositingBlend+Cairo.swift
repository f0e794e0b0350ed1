import CCairo
import CoreGraphics
import StrataRender

extension CompositingBlend {
    /// cairo's operator with this blend's formula: Core Graphics' blend mode of the same name.
    var cairoOperator: cairo_operator_t {
        blendMode.cairoOperator
    }

    /// The Core Graphics blend mode with this blend's formula.
    private var blendMode: CGBlendMode {
        switch self {
        case .normal: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .softLight: .softLight
        case .hardLight: .hardLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .plusLighter: .plusLighter
        case .sourceIn: .sourceIn
        case .sourceOut: .sourceOut
        case .sourceAtop: .sourceAtop
        case .destinationOver: .destinationOver
        case .destinationIn: .destinationIn
        case .destinationOut: .destinationOut
        case .destinationAtop: .destinationAtop
        case .xor: .xor
        }
    }
}
