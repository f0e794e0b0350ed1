import StrataAnimation
import StrataRender

/// A layer's model: the visual state the render side receives (`visual`, reached directly by
/// member name: `state.bounds`) plus what only the model has (actions, style, non-image
/// contents...). The Apple-typed properties the render state keeps as raw values are computed.
@dynamicMemberLookup
struct LayerState {
    var visual = RenderLayerState()
    /// `contents` when it is not a CGImage (Strata draws only images).
    var otherContents: Any?
    var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    var isOpaque = false
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false
    var name: String?
    var style: [AnyHashable: Any]?
    var actions: [String: CAAction]?
    var fillMode: CAMediaTimingFillMode = .removed
    /// `compositingFilter`, `filters` and `backgroundFilters` as given (the blend the compositor
    /// draws is in `visual.compositingBlend`).
    var compositingFilter: Any?
    var filters: [Any]?
    var backgroundFilters: [Any]?
    // Specialised layers' properties that nothing draws: kept here so that presentation copies
    // and `init(layer:)` carry them with the rest of the state.
    var scrollMode: CAScrollLayerScrollMode = .both
    var allowsFontSubpixelQuantization = false
    var emitterZPosition: CGFloat = 0
    var emitterDepth: CGFloat = 0
    var preservesDepth = false
    /// macOS layout: the layout manager, this layer's constraints, its autoresizing mask.
    var layoutManager: CALayoutManager?
    var constraints: [CAConstraint]?
    var autoresizingMask: CAAutoresizingMask = []
    /// CATiledLayer's tiling (tileSize in pixels).
    var tileSize = CGSize(width: 256, height: 256)
    var levelsOfDetail = 1
    var levelsOfDetailBias = 0
    /// `CATextLayer.font` as assigned (the name drawn is in `visual.text.fontName`).
    var fontObject: AnyObject?
    /// Names given to name-typed properties that Strata does not know, by key ("lineCap"…): read
    /// back as given, drawn as the render state's fallback case.
    var unlistedNames: [String: String]?

    subscript<T>(dynamicMember path: WritableKeyPath<RenderLayerState, T>) -> T {
        get { visual[keyPath: path] }
        set { visual[keyPath: path] = newValue }
    }

    subscript<T>(dynamicMember path: KeyPath<RenderLayerState, T>) -> T {
        visual[keyPath: path]
    }

    var contents: Any? {
        get { otherContents ?? visual.contentsImage }
        set {
            if let image = newValue as? CGImage {
                visual.contentsImage = image
                otherContents = nil
            } else {
                visual.contentsImage = nil
                otherContents = newValue
            }
        }
    }

    var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: visual.maskedCornersRaw) }
        set { visual.maskedCornersRaw = newValue.rawValue }
    }

    var cornerCurve: CALayerCornerCurve {
        get { visual.isCornerCurveContinuous ? .continuous : .circular }
        set { visual.isCornerCurveContinuous = newValue == .continuous }
    }

    var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: name("contentsGravity", \.visual.contentsGravity)) }
        set { setName(newValue.rawValue, "contentsGravity", \.visual.contentsGravity) }
    }

    var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: name("minificationFilter", \.visual.minificationFilter)) }
        set { setName(newValue.rawValue, "minificationFilter", \.visual.minificationFilter) }
    }

    var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: name("magnificationFilter", \.visual.magnificationFilter)) }
        set { setName(newValue.rawValue, "magnificationFilter", \.visual.magnificationFilter) }
    }

    /// A name-typed property's raw value (`key`, its case at `path`): the name it was given.
    func name<N: RenderName>(_ key: String, _ path: KeyPath<LayerState, N>) -> String {
        unlistedNames?[key] ?? self[keyPath: path].name
    }

    /// Sets a name-typed property: its case, or for a name Strata does not know the fallback
    /// case, with the name kept to read back.
    mutating func setName<N: RenderName>(_ raw: String, _ key: String, _ path: WritableKeyPath<LayerState, N>) {
        let known = N(name: raw)
        self[keyPath: path] = known ?? N.fallback
        var names = unlistedNames ?? [:]
        names[key] = known == nil ? raw : nil
        unlistedNames = names.isEmpty ? nil : names
    }

    var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { CAEdgeAntialiasingMask(rawValue: visual.edgeAntialiasingMaskRaw) }
        set { visual.edgeAntialiasingMaskRaw = newValue.rawValue }
    }

    /// Stores `compositingFilter` and the blend it names (a warning for names not drawn).
    mutating func setCompositingFilter(_ value: Any?) {
        compositingFilter = value
        guard let value else {
            visual.compositingBlend = .normal
            return
        }
        let name = value as? String ?? (value as? NSString).map(String.init)
        if let name, let blend = CompositingBlend(filterName: name) {
            visual.compositingBlend = blend
        } else {
            visual.compositingBlend = .normal
            Diagnostics.warn("CALayer.compositingFilter: \(name.map { "'\($0)'" } ?? "\(type(of: value))") is not a blend mode Strata draws; drawn as normal")
        }
    }

    func animatableValue(_ property: LayerProperty) -> AnimatableValue? {
        visual.animatableValue(property)
    }

    @discardableResult
    mutating func setAnimatableValue(_ value: AnimatableValue, _ property: LayerProperty) -> Bool {
        if property == .contents { otherContents = nil }
        return visual.setAnimatableValue(value, property)
    }
}
