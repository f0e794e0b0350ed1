import CCairo
import CoreGraphics
import StrataRender

/// CAShapeLayer's look, as a cache key (the path by identity: paths are immutable). Immutable
/// and held by reference: bodies, footprints and the walk pass it around many times a frame.
package final class ShapeKey: Hashable, @unchecked Sendable {
    /// The path's serial (its identity: an address can be reused by the next frame's path).
    let path: UInt64
    /// The path itself, drawn from: a walk reading it from the layer's state copied the whole
    /// shape state (and retained its references) for every shape drawn.
    let cgPath: CGPath
    let pathBox: CGRect
    let fill: RGBA?
    let evenOdd: Bool
    let stroke: RGBA?
    let lineWidth: Double
    let miterLimit: Double
    let cap: CGLineCap
    let join: CGLineJoin
    let dashes: [Double]?
    let dashPhase: Double
    let strokeStart: Double
    let strokeEnd: Double
    /// True when a subpath turns from one segment to the next or closes: only there can a
    /// join (a miter) stick out further than half the line width.
    let hasJoins: Bool
    /// True when the stroke (solid, no round caps or joins) follows a few straight segments: its
    /// outline is a handful of edges, cheaper to scan every frame than a raster to resample.
    let outlinesCheaply: Bool
    /// True when the shape is a stroke alone covering under a quarter of its extent (about its
    /// box's perimeter times the line width): a thin ring or arc, whose raster is mostly empty
    /// pixels to resample at every replicator instance (abstract_circle's eighteen rings).
    let strokesThinly: Bool
    /// The local rectangle the shape may touch (stroke and miters included).
    let extent: CGRect
    /// The hash of the fields `hash(into:)` names, worked out once: the walk asks a body's look
    /// at every frame it draws it.
    private let hashCode: Int

    /// What the key knows of its path alone: kept by the next key of the same path (a layer
    /// whose colour or stroke animates does not measure its path again every frame).
    private struct PathFacts {
        var box: CGRect
        var hasJoins: Bool
        /// `isFewStraightSegments`, once asked.
        var fewStraight: Bool?
    }

    private let facts: PathFacts

    /// The key of `s`; `previous`, a key of the same layer, lends what it measured of the path
    /// when the path is the same object.
    init?(_ s: ShapeState, previous: ShapeKey? = nil) {
        guard let path = s.path, !path.isEmpty else { return nil }
        var fill = s.fillColor?.sRGBComponents.clamped
        if fill?.a == 0 { fill = nil }
        let width = s.lineWidth.isFinite ? Swift.max(0, s.lineWidth) : 1
        var stroke = width > 0 ? s.strokeColor?.sRGBComponents.clamped : nil
        if stroke?.a == 0 { stroke = nil }
        guard fill != nil || stroke != nil else { return nil }
        self.path = path.serial
        cgPath = path
        var facts = previous.flatMap { $0.path == path.serial ? $0.facts : nil }
            ?? PathFacts(box: path.boundingBoxOfPath, hasJoins: Self.hasJoins(path.storage.types))
        pathBox = facts.box
        self.fill = fill
        self.stroke = stroke
        evenOdd = s.fillRule == .evenOdd
        lineWidth = width
        miterLimit = s.miterLimit.isFinite ? s.miterLimit : 10
        cap = s.lineCap
        join = s.lineJoin
        let pattern = (s.lineDashPattern ?? []).filter { $0.isFinite && $0 >= 0 }
        dashes = pattern.isEmpty || pattern.allSatisfy({ $0 == 0 }) ? nil : pattern
        dashPhase = s.lineDashPhase.isFinite ? s.lineDashPhase : 0
        strokeStart = s.strokeStart.isFinite ? Swift.min(Swift.max(s.strokeStart, 0), 1) : 0
        strokeEnd = s.strokeEnd.isFinite ? Swift.min(Swift.max(s.strokeEnd, 0), 1) : 1
        hasJoins = facts.hasJoins
        var cheaply = stroke != nil && dashes == nil && cap != .round && join != .round
        if cheaply {
            if facts.fewStraight == nil { facts.fewStraight = Self.isFewStraightSegments(path.storage) }
            cheaply = facts.fewStraight == true
        }
        outlinesCheaply = cheaply
        self.facts = facts
        extent = stroke == nil ? pathBox
            : Self.strokeExtent(pathBox, lineWidth: width, joins: hasJoins, join: join, cap: cap, miterLimit: miterLimit)
        strokesThinly = fill == nil && stroke != nil
            && 2 * (pathBox.width + pathBox.height) * width * 4 < extent.width * extent.height
        var h = Hasher()
        h.combine(self.path)
        h.combine(fill)
        h.combine(stroke)
        h.combine(lineWidth)
        h.combine(strokeStart)
        h.combine(strokeEnd)
        h.combine(evenOdd)
        h.combine(miterLimit)
        h.combine(cap)
        h.combine(join)
        h.combine(dashes)
        h.combine(dashPhase)
        hashCode = h.finalize()
    }

    /// Whether `storage` has at most `limit` segments, every one a line or a cubic along its chord.
    static func isFewStraightSegments(_ storage: PathStorage, limit: Int = 8) -> Bool {
        var segments = 0, index = 0
        var start = (x: 0.0, y: 0.0), current = (x: 0.0, y: 0.0)
        for type in storage.types {
            let n = type.pointCount
            guard index + n <= storage.points.count else { return false }
            switch type {
            case .moveToPoint:
                current = (Double(storage.points[index].x), Double(storage.points[index].y))
                start = current
            case .addLineToPoint:
                current = (Double(storage.points[index].x), Double(storage.points[index].y))
                segments += 1
            case .addCurveToPoint:
                let c1 = storage.points[index], c2 = storage.points[index + 1], e = storage.points[index + 2]
                let end = (x: Double(e.x), y: Double(e.y))
                guard ScanConverter.isStraight(current, (Double(c1.x), Double(c1.y)), (Double(c2.x), Double(c2.y)), end, tolerance: 0.1) else {
                    return false
                }
                current = end
                segments += 1
            case .addQuadCurveToPoint:
                return false
            case .closeSubpath:
                current = start
                segments += 1
            }
            if segments > limit { return false }
            index += n
        }
        return true
    }

    package static func == (l: ShapeKey, r: ShapeKey) -> Bool {
        l === r
            || (l.path == r.path && l.pathBox == r.pathBox && l.fill == r.fill && l.evenOdd == r.evenOdd
                && l.stroke == r.stroke && l.lineWidth == r.lineWidth && l.miterLimit == r.miterLimit && l.cap == r.cap
                && l.join == r.join && l.dashes == r.dashes && l.dashPhase == r.dashPhase && l.strokeStart == r.strokeStart
                && l.strokeEnd == r.strokeEnd && l.hasJoins == r.hasJoins)
    }

    package func hash(into h: inout Hasher) { h.combine(hashCode) }

    /// Whether any subpath has two segments or a close (stops at the first that does).
    static func hasJoins(_ types: [CGPathElementType]) -> Bool {
        var segments = 0
        for type in types {
            switch type {
            case .moveToPoint: segments = 0
            case .closeSubpath: return true
            default:
                segments += 1
                if segments > 1 { return true }
            }
        }
        return false
    }

    /// Whether any subpath turns a corner from one segment to the next (a smooth curve's
    /// segments meet without one: a circle has no corners), closes at a corner, or has a cubic
    /// whose control polygon turns sharply (it may have a cusp); stops at the first.
    static func hasCorners(_ storage: PathStorage) -> Bool {
        var index = 0
        var start = CGPoint.zero, current = CGPoint.zero
        // The end tangent of the segment before, and the start tangent of the subpath's first.
        var incoming: CGVector?, first: CGVector?
        func direction(_ a: CGPoint, _ b: CGPoint) -> CGVector? {
            let v = CGVector(dx: b.x - a.x, dy: b.y - a.y)
            return v.dx == 0 && v.dy == 0 ? nil : v
        }
        func isCorner(_ a: CGVector, _ b: CGVector) -> Bool {
            let cross = a.dx * b.dy - a.dy * b.dx, dot = a.dx * b.dx + a.dy * b.dy
            let scale = (a.dx * a.dx + a.dy * a.dy).squareRoot() * (b.dx * b.dx + b.dy * b.dy).squareRoot()
            return !(dot > 0 && abs(cross) <= 1e-6 * scale)
        }
        /// A segment from `current` with tangents `into` (start) and `out` (end): false at a corner.
        func follow(_ into: CGVector?, _ out: CGVector?, to end: CGPoint) -> Bool {
            guard let into, let out else { return true }  // no length: no direction to turn from
            if let incoming, isCorner(incoming, into) { return false }
            if first == nil { first = into }
            incoming = out
            current = end
            return true
        }
        let points = storage.points
        for type in storage.types {
            let n = type.pointCount
            guard index + n <= points.count else { break }
            switch type {
            case .moveToPoint:
                start = points[index]
                current = start
                incoming = nil
                first = nil
            case .addLineToPoint:
                let d = direction(current, points[index])
                if !follow(d, d, to: points[index]) { return true }
            case .addQuadCurveToPoint:
                let c = points[index], e = points[index + 1]
                let into = direction(current, c) ?? direction(current, e), out = direction(c, e) ?? direction(current, e)
                if !follow(into, out, to: e) { return true }
            case .addCurveToPoint:
                let c1 = points[index], c2 = points[index + 1], e = points[index + 2]
                // The control polygon's legs of some length, in order (no array: this runs a
                // frame for every shape layer whose path changes).
                var firstLeg: CGVector?, lastLeg: CGVector?, cusp = false
                func add(_ a: CGPoint, _ b: CGPoint) {
                    guard let leg = direction(a, b) else { return }
                    // A control polygon turning by more than 90°: the curve may have a cusp.
                    if let lastLeg, lastLeg.dx * leg.dx + lastLeg.dy * leg.dy < 0 { cusp = true }
                    if firstLeg == nil { firstLeg = leg }
                    lastLeg = leg
                }
                add(current, c1)
                add(c1, c2)
                add(c2, e)
                if cusp || !follow(firstLeg, lastLeg, to: e) { return true }
            case .closeSubpath:
                if let closing = direction(current, start), !follow(closing, closing, to: start) { return true }
                if let incoming, let first, isCorner(incoming, first) { return true }
                current = start
                incoming = nil
                first = nil
            }
            index += n
        }
        return false
    }

    /// The rectangle the shape's pixels can reach, for damage: `extent`, with no miter allowance
    /// where `path` (this key's) turns no corner (a ring's damage is not its miter box: 50
    /// turning rings damaged a 1080p frame whole).
    func drawnExtent(of path: CGPath) -> CGRect {
        guard stroke != nil, hasJoins else { return extent }
        return extent(joins: Self.hasCorners(path.storage))
    }

    /// `extent` for a path with or without joins.
    private func extent(joins hasJoins: Bool) -> CGRect {
        guard stroke != nil else { return pathBox }
        return Self.strokeExtent(pathBox, lineWidth: lineWidth, joins: hasJoins, join: join, cap: cap, miterLimit: miterLimit)
    }

    /// `box` grown by what a stroke of `lineWidth` can reach beyond its path.
    private static func strokeExtent(_ box: CGRect, lineWidth: Double, joins: Bool, join: CGLineJoin, cap: CGLineCap, miterLimit: Double) -> CGRect {
        // Half the width around the path; a miter join up to the limit times that; a square
        // cap or another join at most √2 times (1.5 for safety). Lottie's bars are single
        // segments with miter joins: a 16-point bar had a box 80 points too large all round.
        let factor = joins ? (join == .miter ? Swift.max(1, miterLimit) : 1.5) : (cap == .square ? 1.5 : 1)
        let pad = lineWidth / 2 * factor
        return box.insetBy(dx: -pad, dy: -pad)
    }

    /// What `drawnExtent(of:)` of the key made from `s` is, without making the key (damage asks
    /// it of every placed shape at every frame); nil when the shape draws nothing.
    static func drawnExtent(of s: ShapeState) -> CGRect? {
        guard let path = s.path, !path.isEmpty else { return nil }
        let width = s.lineWidth.isFinite ? Swift.max(0, s.lineWidth) : 1
        let strokes = width > 0 && (s.strokeColor.map { $0.sRGBComponents.clamped.a != 0 } ?? false)
        let fills = s.fillColor.map { $0.sRGBComponents.clamped.a != 0 } ?? false
        guard fills || strokes else { return nil }
        guard strokes else { return path.boundingBoxOfPath }
        let joins = hasJoins(path.storage.types) && hasCorners(path.storage)
        return strokeExtent(
            path.boundingBoxOfPath, lineWidth: width, joins: joins, join: s.lineJoin, cap: s.lineCap,
            miterLimit: s.miterLimit.isFinite ? s.miterLimit : 10)
    }

    /// `extent` made tight for miter joins, whose allowance (half the width times the miter
    /// limit, 80 points for a 16-point stroke) is far more than most outlines' corners need:
    /// the stroke's extent as cairo measures it, when the raster is made (local units).
    func measuredExtent(_ path: CGPath) -> CGRect {
        guard let stroke, stroke.a > 0, join == .miter, hasJoins, miterLimit > 1.5, strokeStart < strokeEnd,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        else { return extent }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return extent }
        defer { cairo_destroy(cr) }
        let storage =
            strokeStart <= 0 && strokeEnd >= 1 ? path.storage : PathMeasure(path).segment(from: strokeStart, to: strokeEnd)
        CairoPath.append(storage, to: cr)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_miter_limit(cr, miterLimit)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        cairo_set_line_cap(cr, cairo_line_cap_t(rawValue: UInt32(cap.rawValue)))
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_stroke_extents(cr, &x0, &y0, &x1, &y1)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 >= x0, y1 >= y0 else { return extent }
        var measured = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).insetBy(dx: -1, dy: -1)
        if fill != nil { measured = measured.union(pathBox) }
        return measured.clipped(to: extent)
    }

    /// True when both a fill and a stroke are drawn (they overlap: a translucent whole needs a group).
    var paintsTwice: Bool { fill != nil && stroke != nil && strokeStart < strokeEnd }

    func paint(_ path: CGPath, into cr: OpaquePointer, alpha: Double = 1) {
        if let fill {
            cairo_new_path(cr)
            CairoPath.append(path.storage, to: cr)
            cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_set_source_rgba(cr, fill.r, fill.g, fill.b, fill.a * alpha)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
        guard let stroke, setStroke(path, into: cr) else { return }
        cairo_set_source_rgba(cr, stroke.r, stroke.g, stroke.b, stroke.a * alpha)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// The part of `path` stroked (strokeStart to strokeEnd); nil when none is.
    func strokedPart(of path: CGPath, measures: PathMeasureCache? = nil) -> PathStorage? {
        guard stroke != nil, strokeStart < strokeEnd else { return nil }
        if strokeStart <= 0 && strokeEnd >= 1 { return path.storage }
        let measure = measures?.measure(of: path) ?? PathMeasure(path)
        return measure.segment(from: strokeStart, to: strokeEnd)
    }

    /// The stroke's style for the scan converter.
    var strokeStyle: ScanConverter.StrokeStyle {
        ScanConverter.StrokeStyle(width: lineWidth, cap: cap, join: join, miterLimit: miterLimit)
    }

    /// Makes `cr`'s path the stroked part of `path` (strokeStart to strokeEnd) and sets the line
    /// width, caps, joins, miter limit and dashes; false when nothing is stroked.
    func setStroke(_ path: CGPath, into cr: OpaquePointer) -> Bool {
        guard stroke != nil, strokeStart < strokeEnd else { return false }
        let storage =
            strokeStart <= 0 && strokeEnd >= 1
            ? path.storage : PathMeasure(path).segment(from: strokeStart, to: strokeEnd)
        cairo_new_path(cr)
        CairoPath.append(storage, to: cr)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_miter_limit(cr, miterLimit)
        cairo_set_line_cap(cr, cairo_line_cap_t(rawValue: UInt32(cap.rawValue)))
        cairo_set_line_join(cr, cairo_line_join_t(rawValue: UInt32(join.rawValue)))
        if let dashes {
            dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), dashPhase) }
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
        return true
    }
}

/// CAGradientLayer's look, as a cache key.
package struct GradientKey: Hashable {
    var colors: [RGBA]
    var locations: [Double]
    var start: CGPoint
    var end: CGPoint
    var type: GradientKind
    var interpolation: GradientInterpolation

    /// The gradient `g`; `mixed` lays its stops out as drawn (a mix other than sRGB's as close
    /// sRGB stops), otherwise they are kept as given (a cheaper key that still tells them apart).
    init?(_ g: GradientState, mixed: Bool = true) {
        guard let colors = g.colors, !colors.isEmpty else { return nil }
        self.colors = colors.map(\.sRGBComponents)
        // Locations must match the colours one to one and be finite; otherwise evenly spread
        // (Apple's fallback for nil).
        if let given = g.locations, given.count == colors.count, given.allSatisfy(\.isFinite) {
            locations = given
        } else {
            locations = colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
        }
        start = g.startPoint
        end = g.endPoint
        type = g.type
        interpolation = g.interpolation
        if mixed { (self.colors, locations) = interpolation.stops(self.colors, locations) }
    }

    /// Fills the rectangle `b` (already clipped by the caller) with the gradient.
    func paint(in b: CGRect, into cr: OpaquePointer) {
        if type == .conic {
            func point(_ u: CGPoint) -> CGPoint { CGPoint(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
            let p0 = point(start), p1 = point(end)
            guard p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite else { return }
            paintConic(center: p0, towards: p1, in: b, into: cr)
            return
        }
        guard let pattern = pattern(over: b) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }

    /// The axial or radial gradient laid over `b` (local space) as a cairo pattern, its colours'
    /// alpha multiplied by `alpha` (the caller destroys it); nil for a conic one.
    func pattern(over b: CGRect, alpha: Double = 1) -> OpaquePointer? {
        func point(_ u: CGPoint) -> CGPoint { CGPoint(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        let p0 = point(start), p1 = point(end)
        guard p0.x.isFinite, p0.y.isFinite, p1.x.isFinite, p1.y.isFinite else { return nil }
        let pattern: OpaquePointer?
        switch type {
        case .radial:
            let rx = abs(p1.x - p0.x), ry = abs(p1.y - p0.y)
            let r = Swift.max(rx, ry, 1e-6)
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, r)
            if let pattern {
                // An ellipse: scale the circle of radius r to rx × ry about the centre.
                var m = cairo_matrix_t()
                cairo_matrix_init_translate(&m, p0.x, p0.y)
                cairo_matrix_scale(&m, Swift.max(rx, 1e-6) / r, Swift.max(ry, 1e-6) / r)
                cairo_matrix_invert(&m)
                cairo_pattern_set_matrix(pattern, &m)
            }
        case .conic:
            return nil
        case .axial:
            pattern = cairo_pattern_create_linear(p0.x, p0.y, p1.x, p1.y)
        }
        guard let pattern else { return nil }
        for (c, l) in zip(colors, locations) {
            cairo_pattern_add_color_stop_rgba(pattern, Swift.min(Swift.max(l, 0), 1), c.r, c.g, c.b, c.a * alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    /// True for the gradients drawn as one cairo pattern (`pattern(over:alpha:)`; not conic).
    var isPattern: Bool { type != .conic }

    /// The colour at `t` (0...1) along the stops.
    func color(at t: Double) -> RGBA {
        guard let first = locations.first, t > first else { return colors[0] }
        for k in 1..<locations.count where t <= locations[k] {
            let span = locations[k] - locations[k - 1]
            let f = span > 0 ? (t - locations[k - 1]) / span : 1
            let a = colors[k - 1], b = colors[k]
            return RGBA(r: a.r + (b.r - a.r) * f, g: a.g + (b.g - a.g) * f, b: a.b + (b.b - a.b) * f, a: a.a + (b.a - a.a) * f)
        }
        return colors[colors.count - 1]
    }

    /// cairo has no conic gradient: a mesh of thin wedges around the centre, each shading
    /// between the colours at its two edge angles.
    private func paintConic(center c: CGPoint, towards e: CGPoint, in b: CGRect, into cr: OpaquePointer) {
        guard let mesh = cairo_pattern_create_mesh() else { return }
        defer { cairo_pattern_destroy(mesh) }
        let start = atan2(e.y - c.y, e.x - c.x)
        let radius = 2 * (b.width + b.height) + abs(c.x - b.midX) + abs(c.y - b.midY)
        let wedges = 180
        for k in 0..<wedges {
            let t0 = Double(k) / Double(wedges), t1 = Double(k + 1) / Double(wedges)
            let a0 = start + t0 * 2 * .pi, a1 = start + t1 * 2 * .pi
            let c0 = color(at: t0), c1 = color(at: t1)
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, c.x, c.y)
            cairo_mesh_pattern_line_to(mesh, c.x + radius * cos(a0), c.y + radius * sin(a0))
            cairo_mesh_pattern_line_to(mesh, c.x + radius * cos(a1), c.y + radius * sin(a1))
            cairo_mesh_pattern_line_to(mesh, c.x, c.y)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 0, c0.r, c0.g, c0.b, c0.a)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 1, c0.r, c0.g, c0.b, c0.a)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 2, c1.r, c1.g, c1.b, c1.a)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 3, c1.r, c1.g, c1.b, c1.a)
            cairo_mesh_pattern_end_patch(mesh)
        }
        cairo_set_source(cr, mesh)
        cairo_paint(cr)
    }
}
