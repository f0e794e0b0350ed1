import CoreGraphics
import StrataAnimation
import StrataGeometry

/// What a CAShapeLayer draws: its path, filled then stroked (spec: between contents and sublayers).
package struct ShapeState: Sendable {
    package var path: CGPath?
    package var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
    package var fillRule = CGPathFillRule.winding
    package var strokeColor: CGColor?
    /// Points.
    package var lineWidth: CGFloat = 1
    package var miterLimit: CGFloat = 10
    package var lineCap = CGLineCap.butt
    package var lineJoin = CGLineJoin.miter
    /// Dash lengths in points; nil or empty: solid.
    package var lineDashPattern: [Double]?
    package var lineDashPhase: CGFloat = 0
    /// Fractions of the path's length (0...1) between which it is stroked.
    package var strokeStart: CGFloat = 0
    package var strokeEnd: CGFloat = 1
    /// Where the layer's fill and stroke can ever draw, whatever the animations its producer
    /// gave it do (StrataLottie: every path it samples, with its widest stroke); nil: not known.
    /// Renderers skip a layer whose reach never meets their target (`OffCanvas`).
    package var reach: ShapeReach?

    package init() {}
}

/// A region a shape layer's drawing never leaves: the points within `radius` (points of the
/// layer's space) of the convex polygon `hull` (the layer's space, in order around it).
package struct ShapeReach: Sendable, Equatable {
    package var hull: [CGPoint]
    package var radius: CGFloat

    package init(hull: [CGPoint], radius: CGFloat) {
        self.hull = hull
        self.radius = radius
    }

    /// The convex hull of `points` (Andrew's monotone chain), counter-clockwise in a y-up
    /// plane; nil when a point is not finite. One or two points stay as they are.
    package static func hull(of points: [CGPoint]) -> [CGPoint]? {
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let sorted = points.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [CGPoint] = [], upper: [CGPoint] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}

/// What a CAGradientLayer draws over its background.
package struct GradientState: Sendable {
    package var colors: [CGColor]?
    /// Stop positions (0...1); nil: evenly spread.
    package var locations: [Double]?
    /// Unit coordinates of the bounds.
    package var startPoint = CGPoint(x: 0.5, y: 0)
    package var endPoint = CGPoint(x: 0.5, y: 1)
    package var type = GradientKind.axial
    /// The space neighbouring stops are mixed in: Display P3, as iOS's wide-colour devices draw
    /// CAGradientLayer.
    package var interpolation = GradientInterpolation.displayP3

    package init() {}
}

/// How a CAReplicatorLayer repeats its sublayers.
package struct ReplicatorState: Sendable {
    package var instanceCount = 1
    /// Seconds between instances' animations.
    package var instanceDelay: Double = 0
    package var instanceTransform = CATransform3DIdentity
    package var instanceColor: CGColor? = CGColor(gray: 1, alpha: 1)
    package var instanceRedOffset: Float = 0
    package var instanceGreenOffset: Float = 0
    package var instanceBlueOffset: Float = 0
    package var instanceAlphaOffset: Float = 0
    package var preservesDepth = false

    package init() {}
}

/// What a CATextLayer draws: its string, laid out by Pango in its bounds from the top left.
package struct TextState: Sendable {
    package var string: String?
    /// A font name for fontconfig ("Helvetica", "Menlo-Bold", "DejaVu Sans Bold"...).
    package var fontName = "Helvetica"
    /// Points.
    package var fontSize: CGFloat = 36
    package var foregroundColor: CGColor? = CGColor(gray: 1, alpha: 1)
    package var isWrapped = false
    package var truncationMode = TextTruncation.none
    package var alignmentMode = TextAlignment.natural
    /// Strata's own, for Lottie text: an outline stroke (width in points; over the fill or under
    /// it) and extra space between letters (points).
    package var strokeColor: CGColor?
    package var strokeWidth: CGFloat = 0
    package var strokeOverFill = true
    package var letterSpacing: CGFloat = 0
    /// The outline alone, stroked `strokeWidth` wide in the foreground colour, no fill (a Lottie
    /// character whose stroke colour animates apart from its fill).
    package var strokeOnly = false
    /// Glyphs at their exact positions with unhinted metrics, whatever the destination's
    /// subpixel switches say (Strata's own, for Lottie text: After Effects sets it so).
    package var exactGlyphPositions = false
    /// Points between one line's baseline and the next (0: the font's own spacing); Strata's
    /// own, for Lottie text (`lh`).
    package var lineHeight: CGFloat = 0
    /// The attribute runs of an attributed string (empty for a plain one): each run's font,
    /// size, colour, kerning and underline, over the layer's own font and colour.
    package var runs: [TextRun] = []

    package init() {}
}

/// One attribute run of an attributed CATextLayer string, what Core Text's attributes set there
/// (Core Text's defaults, Helvetica 12 in black, where the string says nothing).
package struct TextRun: Hashable, Sendable {
    /// UTF-16 offsets into the string.
    package var location: Int
    package var length: Int
    /// A font name as `fontName` takes it ("Helvetica", "DejaVu Sans-Bold").
    package var fontName: String
    /// Points.
    package var fontSize: CGFloat
    package var color: RGBA
    /// Points after each character.
    package var kern: CGFloat
    package var underline: Bool

    package init(location: Int, length: Int, fontName: String, fontSize: CGFloat, color: RGBA, kern: CGFloat, underline: Bool) {
        self.location = location
        self.length = length
        self.fontName = fontName
        self.fontSize = fontSize
        self.color = color
        self.kern = kern
        self.underline = underline
    }
}

/// One CAEmitterCell, frozen when the layer's `emitterCells` was set. Random values are uniform
/// in [mean − range/2, mean + range/2].
package struct EmitterCellState: Sendable {
    package var isEnabled = true
    /// Particles a second.
    package var birthRate: Double = 0
    /// Seconds.
    package var lifetime: Double = 0
    package var lifetimeRange: Double = 0
    /// Radians; longitude 0 points along +x, growing towards +y.
    package var emissionLongitude: Double = 0
    /// Radians out of the layer's plane (the in-plane speed is scaled by its cosine).
    package var emissionLatitude: Double = 0
    package var emissionRange: Double = 0
    /// Points a second.
    package var velocity: Double = 0
    package var velocityRange: Double = 0
    /// Points a second².
    package var xAcceleration: Double = 0
    package var yAcceleration: Double = 0
    package var scale: Double = 1
    package var scaleRange: Double = 0
    package var scaleSpeed: Double = 0
    /// Radians a second.
    package var spin: Double = 0
    package var spinRange: Double = 0
    package var color = RGBA(r: 1, g: 1, b: 1, a: 1)
    package var colorRange = RGBA(r: 0, g: 0, b: 0, a: 0)
    package var colorSpeed = RGBA(r: 0, g: 0, b: 0, a: 0)
    package var contents: CGImage?
    package var contentsScale: Double = 1

    package init() {}
}

/// What a CAEmitterLayer emits.
package struct EmitterState: Sendable {
    package var cells: [EmitterCellState] = []
    // Multipliers of the cells' values.
    package var birthRate: Double = 1
    package var lifetime: Double = 1
    package var velocity: Double = 1
    package var scale: Double = 1
    package var spin: Double = 1
    package var emitterPosition = CGPoint.zero
    package var emitterSize = CGSize.zero
    package var emitterShape = EmitterShape.point
    package var emitterMode = EmitterMode.volume
    package var renderMode = EmitterRenderMode.unordered
    package var seed: UInt32 = 0
    /// How many cells were set (what a change of `emitterCells` is compared by).
    package var cellCount = 0
    /// The layer time (seconds) emission began: the commit that first showed the layer or set
    /// its cells, never before the layer's own time 0 (`beginTime`). NaN: not committed yet
    /// (nothing emitted). As on iOS, an emitter starts empty and fills over time.
    package var emissionStart = Double.nan

    package init() {}
}

/// The state that only some layer classes have (boxed, so plain layers carry one word).
package indirect enum LayerKindState: Sendable {
    case plain
    case shape(ShapeState)
    case gradient(GradientState)
    case replicator(ReplicatorState)
    case text(TextState)
    case emitter(EmitterState)
}

extension RenderLayerState {
    /// The shape state (defaults when this is not a shape layer); setting makes it one.
    package var shape: ShapeState {
        get { if case .shape(let s) = kind { s } else { ShapeState() } }
        set { kind = .shape(newValue) }
    }

    package var gradient: GradientState {
        get { if case .gradient(let s) = kind { s } else { GradientState() } }
        set { kind = .gradient(newValue) }
    }

    package var text: TextState {
        get { if case .text(let s) = kind { s } else { TextState() } }
        set { kind = .text(newValue) }
    }

    package var emitter: EmitterState {
        get { if case .emitter(let s) = kind { s } else { EmitterState() } }
        set { kind = .emitter(newValue) }
    }

    package var replicator: ReplicatorState {
        get { if case .replicator(let s) = kind { s } else { ReplicatorState() } }
        set { kind = .replicator(newValue) }
    }

    /// The engine value of a subclass property (nil for CALayer's own).
    func subclassAnimatableValue(_ property: LayerProperty) -> AnimatableValue? {
        Self.subclassAnimatableValue(property, kind: kind)
    }

    /// `subclassAnimatableValue(_:)` of a state whose `kind` is `kind` (a subclass's defaults
    /// when it is another class).
    @inline(__always)
    static func subclassAnimatableValue(_ property: LayerProperty, kind: LayerKindState) -> AnimatableValue? {
        var shape: ShapeState { if case .shape(let s) = kind { s } else { ShapeState() } }
        var gradient: GradientState { if case .gradient(let s) = kind { s } else { GradientState() } }
        var text: TextState { if case .text(let s) = kind { s } else { TextState() } }
        var emitter: EmitterState { if case .emitter(let s) = kind { s } else { EmitterState() } }
        var replicator: ReplicatorState { if case .replicator(let s) = kind { s } else { ReplicatorState() } }
        return switch property {
        case .path, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit, .lineDashPhase:
            shape.animatableValue(property)
        case .colors: gradient.colors.map { .colors($0.map(\.sRGBComponents)) } ?? AnimatableValue.none
        case .locations: gradient.locations.map { .scalars($0) } ?? AnimatableValue.none
        case .startPoint: .point(gradient.startPoint)
        case .endPoint: .point(gradient.endPoint)
        case .instanceCount: .scalar(Double(replicator.instanceCount))
        case .instanceDelay: .scalar(replicator.instanceDelay)
        case .instanceTransform: .transform(replicator.instanceTransform)
        case .instanceColor: replicator.instanceColor.map { .color($0.sRGBComponents) } ?? AnimatableValue.none
        case .instanceRedOffset: .scalar(Double(replicator.instanceRedOffset))
        case .instanceGreenOffset: .scalar(Double(replicator.instanceGreenOffset))
        case .instanceBlueOffset: .scalar(Double(replicator.instanceBlueOffset))
        case .instanceAlphaOffset: .scalar(Double(replicator.instanceAlphaOffset))
        case .fontSize: .scalar(text.fontSize)
        case .emitterPosition: .point(emitter.emitterPosition)
        case .emitterSize: .size(emitter.emitterSize)
        case .birthRate: .scalar(emitter.birthRate)
        case .lifetime: .scalar(emitter.lifetime)
        case .velocity: .scalar(emitter.velocity)
        case .scale: .scalar(emitter.scale)
        case .spin: .scalar(emitter.spin)
        case .foregroundColor: text.foregroundColor.map { .color($0.sRGBComponents) } ?? AnimatableValue.none
        default: nil
        }
    }

    /// Stores an engine value into a subclass property; false when it is not one of them or the
    /// value has the wrong kind.
    mutating func setSubclassAnimatableValue(_ value: AnimatableValue, _ property: LayerProperty) -> Bool {
        func color(_ c: RGBA) -> CGColor { CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: c.a) }
        switch (property, value) {
        case (.path, _), (.fillColor, _), (.strokeColor, _), (.strokeStart, _), (.strokeEnd, _), (.lineWidth, _),
            (.miterLimit, _), (.lineDashPhase, _):
            var s = shape
            guard s.setAnimatableValue(value, property) else { return false }
            shape = s
        case (.colors, .colors(let cs)): gradient.colors = cs.map(color)
        case (.colors, .none): gradient.colors = nil
        case (.locations, .scalars(let ls)): gradient.locations = ls
        case (.locations, .none): gradient.locations = nil
        case (.startPoint, .point(let p)): gradient.startPoint = p
        case (.endPoint, .point(let p)): gradient.endPoint = p
        case (.instanceCount, .scalar(let v)): replicator.instanceCount = v.isFinite ? Int(max(0, min(v, 100_000))) : 0
        case (.instanceDelay, .scalar(let v)): replicator.instanceDelay = v
        case (.instanceTransform, .transform(let t)): replicator.instanceTransform = t
        case (.instanceColor, .color(let c)): replicator.instanceColor = color(c)
        case (.instanceColor, .none): replicator.instanceColor = nil
        case (.instanceRedOffset, .scalar(let v)): replicator.instanceRedOffset = Float(v)
        case (.instanceGreenOffset, .scalar(let v)): replicator.instanceGreenOffset = Float(v)
        case (.instanceBlueOffset, .scalar(let v)): replicator.instanceBlueOffset = Float(v)
        case (.instanceAlphaOffset, .scalar(let v)): replicator.instanceAlphaOffset = Float(v)
        case (.fontSize, .scalar(let v)): text.fontSize = v
        case (.emitterPosition, .point(let p)): emitter.emitterPosition = p
        case (.emitterSize, .size(let v)): emitter.emitterSize = v
        case (.birthRate, .scalar(let v)): emitter.birthRate = v
        case (.lifetime, .scalar(let v)): emitter.lifetime = v
        case (.velocity, .scalar(let v)): emitter.velocity = v
        case (.scale, .scalar(let v)): emitter.scale = v
        case (.spin, .scalar(let v)): emitter.spin = v
        case (.foregroundColor, .color(let c)): text.foregroundColor = color(c)
        case (.foregroundColor, .none): text.foregroundColor = nil
        default: return false
        }
        return true
    }
}
