import StrataRender

extension CALayer {
    /// How `mask` cuts this layer: its alpha (Core Animation's behaviour, the default), the alpha
    /// inverted, or its luminance (inverted or not). Strata's own, for Lottie's track mattes.
    package var strataMaskMode: MaskMode {
        get { read(\.visual.maskMode) }
        set { updateFilters("maskMode") { $0.visual.maskMode = newValue } }
    }
}
