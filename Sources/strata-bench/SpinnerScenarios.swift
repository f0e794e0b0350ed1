import CCairo
import Foundation
import QuartzCore
import StrataCompositor

/// Issue 26's Core Animation scene: what iOS spinners and progress rings are made of. 50
/// CAShapeLayers (a ring each, 10 × 5 on a 1080p frame), each with an animated `strokeEnd`,
/// `transform.rotation.z` and `strokeColor`, every frame rendered on one thread (≤ 2 ms), beside
/// the same rings stroked by bare cairo calls.
enum SpinnerScene {
    static let count = 50
    static let radius = 40.0
    static let lineWidth = 8.0

    /// Ring `i`'s centre on the 1080p frame.
    static func center(_ i: Int) -> CGPoint {
        CGPoint(x: 150 + Double(i % 10) * 180, y: 150 + Double(i / 10) * 195)
    }

    /// Ring `i`'s period (s): no two turn together.
    static func period(_ i: Int) -> Double { 0.9 + Double(i % 7) * 0.13 }

    static let startColor = (r: 0.15, g: 0.45, b: 0.95), endColor = (r: 0.95, g: 0.35, b: 0.2)

    /// The layer tree: a white root and the 50 rings, animations added at `start`.
    static func makeRoot(start: Double) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let ring = CGMutablePath()
        ring.addArc(center: CGPoint(x: 50, y: 50), radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        for i in 0..<count {
            let shape = CAShapeLayer()
            shape.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            shape.position = center(i)
            shape.path = ring
            shape.fillColor = nil
            shape.lineWidth = lineWidth
            shape.lineCap = .round
            shape.strokeColor = CGColor(red: startColor.r, green: startColor.g, blue: startColor.b, alpha: 1)
            root.addSublayer(shape)
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = 0.05
            grow.toValue = 0.95
            grow.duration = period(i)
            grow.autoreverses = true
            grow.repeatCount = .infinity
            grow.beginTime = start
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = 2 * Double.pi
            turn.duration = period(i) * 1.5
            turn.repeatCount = .infinity
            turn.beginTime = start
            let tint = CABasicAnimation(keyPath: "strokeColor")
            tint.fromValue = CGColor(red: startColor.r, green: startColor.g, blue: startColor.b, alpha: 1)
            tint.toValue = CGColor(red: endColor.r, green: endColor.g, blue: endColor.b, alpha: 1)
            tint.duration = period(i) * 2
            tint.autoreverses = true
            tint.repeatCount = .infinity
            tint.beginTime = start
            shape.add(grow, forKey: "grow")
            shape.add(turn, forKey: "turn")
            shape.add(tint, forKey: "tint")
        }
        CATransaction.commit()
        return root
    }
}

extension Scenario {
    static let spinners50 = Scenario(
        name: "spinners-50-shape-layers-1080p",
        summary: "1080p frame: 50 CAShapeLayer rings with animated strokeEnd, rotation and strokeColor (a CARenderer, one thread)",
        budgetMilliseconds: 2, units: 50, unitName: "ring",
        prepare: {
            let start = 1_000_000.5
            MediaClock.install(MediaClock.Manual(time: start))
            let host = FullHDRenderer(root: SpinnerScene.makeRoot(start: start))
            host.renderer.compositorOptions.kernelOptions = RasterKernelOptions(threads: 1)
            // A/B: shapes drawn directly by cairo instead of Strata's scan converter.
            if ProcessInfo.processInfo.environment["STRATA_BENCH_CAIRO_SHAPES"] == "1" {
                host.renderer.compositorOptions.scansShapes = false
            }
            return { frame in host.frame(at: start + Double(frame) / 60) }
        },
        baseline: "spinners-50-cairo")

    /// The same rings, at the same times, stroked by bare cairo calls on a cleared 1080p surface
    /// (the arc, rotation and colour worked out by hand from the animations' numbers).
    static let spinners50Cairo = Scenario(
        name: "spinners-50-cairo",
        summary: "the same 50 rings stroked by bare cairo calls (clear, then arc, rotate, colour, stroke each)",
        budgetMilliseconds: nil, units: 50, unitName: "ring",
        prepare: {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 1080)
            let cr = cairo_create(surface)
            return { frame in
                let t = Double(frame) / 60
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_paint(cr)
                cairo_set_line_width(cr, SpinnerScene.lineWidth)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                for i in 0..<SpinnerScene.count {
                    let p = SpinnerScene.period(i)
                    func triangle(_ period: Double) -> Double {
                        let phase = (t / period).truncatingRemainder(dividingBy: 2)
                        return phase <= 1 ? phase : 2 - phase
                    }
                    let end = 0.05 + 0.9 * triangle(p)
                    let angle = 2 * Double.pi * (t / (p * 1.5)).truncatingRemainder(dividingBy: 1)
                    let k = triangle(p * 2)
                    let a = SpinnerScene.startColor, b = SpinnerScene.endColor
                    let c = SpinnerScene.center(i)
                    cairo_save(cr)
                    cairo_translate(cr, c.x, c.y)
                    cairo_rotate(cr, angle)
                    cairo_new_path(cr)
                    cairo_arc(cr, 0, 0, SpinnerScene.radius, 0, 2 * Double.pi * end)
                    cairo_set_source_rgb(cr, a.r + (b.r - a.r) * k, a.g + (b.g - a.g) * k, a.b + (b.b - a.b) * k)
                    cairo_stroke(cr)
                    cairo_restore(cr)
                }
                cairo_surface_flush(surface)
            }
        })
}
