import CoreGraphics
import Foundation
import QuartzCore

/// Text on a path: where each character's middle on the baseline sits along a mask's outline,
/// and which way the outline runs there (After Effects' path options).
struct TextPathLayout {
    let options: LottieTextPath
    let outline: LottieProperty<BezierShape>
    /// 0 left, 1 right, 2 centre: which margin the line starts from.
    let justification: Int
    /// The line's advance (points) as laid out straight.
    var lineWidth: Double

    var isAnimated: Bool { options.isAnimated || outline.isAnimated }

    /// Each character's placement at frame `f` (the layer's own frames), from the distances of
    /// their middles along the straight line: the point on the outline and the angle of travel
    /// there (radians; 0 when the characters are not turned with the outline). Past the
    /// outline's ends the characters go on along its first or last direction.
    func placements(middles: [Double], at f: Double) -> [(point: CGPoint, angle: Double)] {
        var shape = outline.value(at: f)
        if options.reversed.scalar(at: f) != 0 { shape = shape.reversed }
        let measure = PathMeasure(shape.path)
        let length = Double(measure.totalLength)
        let first = finite(options.firstMargin.scalar(at: f)), last = finite(options.lastMargin.scalar(at: f))
        let room = length - last - first
        var start: Double, spacing = 0.0
        if options.forceAlignment.scalar(at: f) != 0, middles.count > 1 {
            // Spread: the first character from the first margin, the last one's end at the last.
            start = first
            spacing = (room - lineWidth) / Double(middles.count - 1)
        } else {
            switch justification {
            case 1: start = length - last - lineWidth
            case 2: start = first + (room - lineWidth) / 2
            default: start = first
            }
        }
        let turns = options.perpendicular.scalar(at: f) != 0
        return middles.enumerated().map { i, middle in
            let s = start + middle + Double(i) * spacing
            var (point, angle) = measure.position(atDistance: CGFloat(min(max(s, 0), length)))
            if s < 0 || s > length {
                let beyond = s < 0 ? s : s - length
                point = CGPoint(x: point.x + CGFloat(cos(angle) * beyond), y: point.y + CGFloat(sin(angle) * beyond))
            }
            return (point, turns ? angle : 0)
        }
    }

    private func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
}
