// Circular arcs appended to a mutable path. Angles are in radians, measured from +x toward +y
// (counter-clockwise in y-up space); radii are in points. Arcs are stored as cubic Béziers of at
// most 90° each, the standard approximation (radial error below 0.03 % of the radius).

extension CGMutablePath {
    /// Appends an arc of the circle at `center` from `startAngle` to `endAngle` (CGPathAddArc).
    ///
    /// `clockwise` is Core Graphics' meaning: clockwise on a flipped (y-down) screen, i.e.
    /// decreasing angle in y-up maths. `clockwise: false` sweeps up from `startAngle` to
    /// `endAngle`, `true` sweeps down; when |endAngle − startAngle| ≥ 2π the arc is a full circle,
    /// otherwise the sweep is reduced into (−2π, 2π) in the chosen direction.
    ///
    /// If the path has a current point a line is added from it to the arc's start (skipped when
    /// it is already there), otherwise a move starts a new subpath. The sweep is split into
    /// ⌈|sweep| / 90°⌉ equal cubic pieces. A zero radius adds just the line or move to `center`.
    /// A negative or non-finite radius or angle is ignored with a warning (Apple asserts).
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let name = "addArc(center:radius:startAngle:endAngle:clockwise:)"
        guard Self.isValidArc(center: center, radius: radius, angles: [startAngle, endAngle], transform: transform, in: name)
        else { return }
        let sweep = Self.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// Appends an arc from `startAngle` turning by `delta` radians (CGPathAddRelativeArc);
    /// positive `delta` increases the angle (counter-clockwise in y-up space). |delta| ≥ 2π gives
    /// one full circle, as `addArc` does. Line/move and degenerate cases as `addArc`.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let name = "addRelativeArc(center:radius:startAngle:delta:)"
        guard Self.isValidArc(center: center, radius: radius, angles: [startAngle, delta], transform: transform, in: name)
        else { return }
        let sweep = Swift.min(Swift.max(delta, -2 * .pi), 2 * .pi)
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// Appends a line from the current point toward `tangent1End` and an arc of `radius` points
    /// tangent to the lines current→tangent1End and tangent1End→tangent2End (CGPathAddArcToPoint).
    ///
    /// The line ends where the arc starts; the arc (less than 180°) ends on the second line,
    /// which is not drawn further. When the three points are collinear or coincide, or the radius
    /// is zero, a line to `tangent1End` is added instead. With no current point a warning is
    /// logged and the path starts at `tangent1End` (a move), as canvas arcTo does. Negative or
    /// non-finite input is ignored with a warning.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let name = "addArc(tangent1End:tangent2End:radius:)"
        guard radius >= 0, radius.isFinite,
            Self.isValidShape([tangent1End, tangent2End], transform: transform, in: name)
        else {
            if !(radius >= 0 && radius.isFinite) {
                Diagnostics.warn("CGMutablePath.\(name): invalid radius \(radius); ignored")
            }
            return
        }
        guard let currentDevice = lastPoint else {
            Diagnostics.warn("CGMutablePath.\(name): no current point; starting at tangent1End")
            move(to: tangent1End, transform: transform)
            return
        }
        // The construction is done in the arguments' space (before `transform`), so the stored
        // current point is mapped back; a singular transform has no inverse: plain line instead.
        let inverse = transform.inverted()
        guard transform.determinant != 0 else {
            addLine(to: tangent1End, transform: transform)
            return
        }
        let p0 = currentDevice.applying(inverse)
        let p1 = tangent1End, p2 = tangent2End
        // Unit vectors from the corner p1 back along the incoming line and out along the outgoing.
        let ax = p0.x - p1.x, ay = p0.y - p1.y
        let bx = p2.x - p1.x, by = p2.y - p1.y
        let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
        let cross = ax * by - ay * bx
        guard radius > 0, la > 0, lb > 0, abs(cross) > 1e-12 * la * lb else {
            addLine(to: tangent1End, transform: transform)
            return
        }
        let ux = ax / la, uy = ay / la, vx = bx / lb, vy = by / lb
        // Half the angle between the two lines at the corner; tangent points lie r / tan(half) away.
        let cosAngle = Swift.max(-1, Swift.min(1, ux * vx + uy * vy))
        let half = acos(cosAngle) / 2
        let dist = radius / tan(half)
        let t1 = CGPoint(x: p1.x + ux * dist, y: p1.y + uy * dist)
        let t2 = CGPoint(x: p1.x + vx * dist, y: p1.y + vy * dist)
        // The centre is along the bisector at r / sin(half) from the corner.
        let bisX = ux + vx, bisY = uy + vy
        let bisLen = (bisX * bisX + bisY * bisY).squareRoot()
        let centreDist = radius / sin(half)
        let center = CGPoint(x: p1.x + bisX / bisLen * centreDist, y: p1.y + bisY / bisLen * centreDist)
        let a0 = atan2(t1.y - center.y, t1.x - center.x)
        let a1 = atan2(t2.y - center.y, t2.x - center.x)
        // The short way round: sweep in (−π, π).
        var sweep = a1 - a0
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        appendArc(
            center: center, radius: radius, startAngle: a0, sweep: sweep, transform: transform,
            exactStart: t1, exactEnd: t2)
    }

    /// The signed sweep (radians) of `addArc`: increasing for counter-clockwise (`clockwise:
    /// false`), decreasing otherwise, ±2π for a full circle.
    package static func arcSweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let twoPi = 2 * CGFloat.pi
        let delta = end - start
        if abs(delta) >= twoPi { return clockwise ? -twoPi : twoPi }
        // Reduce into the chosen direction: (0, 2π) upward or (−2π, 0) downward; equal angles
        // give an empty sweep.
        var sweep = delta.truncatingRemainder(dividingBy: twoPi)
        if clockwise {
            if sweep > 0 { sweep -= twoPi }
        } else {
            if sweep < 0 { sweep += twoPi }
        }
        return sweep
    }

    /// Appends the line/move to the arc's start then cubic pieces of at most 90°.
    package func appendArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat, transform: CGAffineTransform,
        exactStart: CGPoint? = nil, exactEnd: CGPoint? = nil
    ) {
        let start = exactStart ?? CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        let startDevice = start.applying(transform)
        if lastPoint == nil {
            move(to: start, transform: transform)
        } else if lastPoint != startDevice {
            // After a close the core inserts a move back to the closed subpath's start first.
            addLine(to: start, transform: transform)
        }
        for piece in ArcGeometry.cubicPieces(
            center: center, radius: radius, startAngle: startAngle, sweep: sweep, start: start, end: exactEnd)
        {
            addCurve(to: piece.p3, control1: piece.p1, control2: piece.p2, transform: transform)
        }
    }

    private static func isValidArc(
        center: CGPoint, radius: CGFloat, angles: [CGFloat], transform: CGAffineTransform, in function: String
    ) -> Bool {
        guard radius >= 0, radius.isFinite, angles.allSatisfy(\.isFinite) else {
            Diagnostics.warn("CGMutablePath.\(function): invalid radius \(radius) or angles \(angles); ignored")
            return false
        }
        let corners = [
            CGPoint(x: center.x - radius, y: center.y - radius), CGPoint(x: center.x + radius, y: center.y + radius),
        ]
        return isValidShape(corners, transform: transform, in: function)
    }
}

/// Circular arcs as cubic Béziers, shared by the arc methods and the stroker's round parts.
package enum ArcGeometry {
    /// The cubic pieces (at most 90° each, ⌈|sweep| / 90°⌉ equal ones) of the arc of `radius`
    /// points around `center` from `startAngle` turning by `sweep` radians (positive: increasing
    /// angle). `start`/`end` override the computed end points (to land exactly on given points).
    /// Empty for a zero radius or sweep.
    package static func cubicPieces(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat, start: CGPoint? = nil, end: CGPoint? = nil
    ) -> [PathSegment] {
        guard radius > 0, sweep != 0 else { return [] }
        let count = Swift.max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        // Control points lie on the tangents at 4/3·tan(step/4)·r from the ends (exact at the
        // ends and midpoint of a circular arc); for 90° this is 0.55228474983.
        let k = 4.0 / 3.0 * tan(step / 4)
        var pieces: [PathSegment] = []
        pieces.reserveCapacity(count)
        var from = start ?? CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        for i in 1...count {
            let angle = i == count ? startAngle + sweep : startAngle + step * CGFloat(i)
            var to = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if i == count, let end { to = end }
            let c1 = CGPoint(x: from.x - k * (from.y - center.y), y: from.y + k * (from.x - center.x))
            let c2 = CGPoint(x: to.x + k * (to.y - center.y), y: to.y - k * (to.x - center.x))
            pieces.append(.cubic(from, c1, c2, to))
            from = to
        }
        return pieces
    }
}
