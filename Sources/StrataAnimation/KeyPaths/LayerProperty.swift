/// Every animatable property of `CALayer` and the specialised layers, by its key-value-coding key
/// (the raw value: `"hidden"`, not `"isHidden"`). Source: layers spec §1.1 and §8 ("Anim" = yes).
///
/// Left out on purpose:
/// - `frame` (derived, never animated — animate `bounds` and `position`);
/// - `mask` and `sublayers` (layer references, not values; their changes are transitions);
/// - `filters`, `backgroundFilters`, `compositingFilter` (Strata has no filters yet);
/// - `maskedCorners`, `cornerCurve` (not marked animatable);
/// - emitter-cell key paths (`emitterCells.<name>.birthRate`) — not supported yet.
package enum LayerProperty: String, Hashable, Sendable, CaseIterable {
    // MARK: CALayer
    case bounds
    case position
    case zPosition
    case anchorPoint
    case anchorPointZ
    case transform
    case sublayerTransform
    case opacity
    /// `isHidden`.
    case hidden
    case backgroundColor
    case cornerRadius
    case borderWidth
    case borderColor
    case shadowColor
    case shadowOpacity
    case shadowOffset
    case shadowRadius
    case shadowPath
    case contents
    case contentsRect
    case contentsCenter
    case contentsScale
    case masksToBounds
    /// `isDoubleSided`.
    case doubleSided
    case minificationFilterBias
    case shouldRasterize
    case rasterizationScale

    // MARK: CAShapeLayer
    case path
    case fillColor
    case strokeColor
    case strokeStart
    case strokeEnd
    case lineWidth
    case miterLimit
    case lineDashPhase

    // MARK: CAGradientLayer
    case colors
    case locations
    case startPoint
    case endPoint

    // MARK: CAReplicatorLayer
    /// An integer count; animates as a number that the renderer truncates.
    case instanceCount
    /// Seconds.
    case instanceDelay
    case instanceTransform
    case instanceColor
    case instanceRedOffset
    case instanceGreenOffset
    case instanceBlueOffset
    case instanceAlphaOffset

    // MARK: CATextLayer
    case fontSize
    case foregroundColor

    // MARK: CAEmitterLayer
    case emitterPosition
    case emitterZPosition
    case emitterSize
    case emitterDepth
    // The multipliers below are marked animatable in Apple's CAEmitterLayer header (spec §8.5
    // lists their defaults only).
    case birthRate
    case lifetime
    case velocity
    case scale
    case spin

    /// The kind of the whole property's value.
    package var valueKind: ValueKind {
        switch self {
        case .bounds, .contentsRect, .contentsCenter:
            .rect
        case .position, .anchorPoint, .startPoint, .endPoint, .emitterPosition:
            .point
        case .shadowOffset, .emitterSize:
            .size
        case .transform, .sublayerTransform, .instanceTransform:
            .transform
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .instanceColor,
            .foregroundColor:
            .color
        case .shadowPath, .path:
            .path
        case .contents:
            .image
        case .hidden, .masksToBounds, .doubleSided, .shouldRasterize:
            .bool
        case .colors:
            .colors
        case .locations:
            .scalars
        case .zPosition, .anchorPointZ, .opacity, .cornerRadius, .borderWidth, .shadowOpacity,
            .shadowRadius, .contentsScale, .minificationFilterBias, .rasterizationScale,
            .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase,
            .instanceCount, .instanceDelay, .instanceRedOffset, .instanceGreenOffset,
            .instanceBlueOffset, .instanceAlphaOffset, .fontSize, .emitterZPosition, .emitterDepth,
            .birthRate, .lifetime, .velocity, .scale, .spin:
            .scalar
        }
    }

    /// The bits (`1 << bitIndex`) of the properties subclasses declare: every case from `path` on
    /// (they follow CALayer's own in declaration order).
    package static let subclassBits: UInt64 = ~((UInt64(1) << UInt64(LayerProperty.path.bitIndex)) - 1)

    /// The class that declares the property.
    package var owner: LayerClass {
        switch self {
        case .path, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit,
            .lineDashPhase:
            .shapeLayer
        case .colors, .locations, .startPoint, .endPoint:
            .gradientLayer
        case .instanceCount, .instanceDelay, .instanceTransform, .instanceColor, .instanceRedOffset,
            .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
            .replicatorLayer
        case .fontSize, .foregroundColor:
            .textLayer
        case .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth, .birthRate, .lifetime,
            .velocity, .scale, .spin:
            .emitterLayer
        default:
            .layer
        }
    }

    /// The key-value-coding key ("hidden", "position", …).
    package var key: String { rawValue }
}

extension LayerProperty {
    /// The property named `key`, by hash lookup (the synthesised `init(rawValue:)` compares the
    /// string against every case in turn, and layers ask on every property change).
    package static func named<S: StringProtocol>(_ key: S) -> LayerProperty? {
        byName[String(key)]
    }

    /// The property named `key` (the common case: a plain String, without the generic call).
    package static func named(_ key: String) -> LayerProperty? {
        byName[key]
    }

    private static let byName: [String: LayerProperty] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

extension LayerProperty {
    /// The property's place among all (`allCases` order, below 62): a bit of a set of
    /// properties held in one `UInt64`. A case without payload is stored as its ordinal, in
    /// declaration order, which is `allCases`' (tested); evaluation asks this per write, where a
    /// dictionary lookup was a hash a write.
    @inline(__always)
    package var bitIndex: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The property at `bitIndex` `index`.
    @inline(__always)
    package static func atBit(_ index: Int) -> LayerProperty { byIndex[index] }

    private static let byIndex: [LayerProperty] = allCases
}
