import QuartzCore
import StrataExport

// Two more indicator-library idioms (issue 28), in Strata's own code: a progress ring that
// animates a custom property drawn in `draw(in:)`, and a checkbox whose mark bounces in from a
// zero scale after its frame was set while scaled to 0.

/// A ring drawn from the top, clockwise, to `progress` (0…1): a custom animatable property,
/// redrawn for each frame from the presentation copy.
final class ProgressRingLayer: CALayer {
    var progress: CGFloat {
        get { (value(forKey: "progress") as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0 }
        set { setValue(NSNumber(value: Double(newValue)), forKey: "progress") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? NSNumber(value: 0) : super.defaultValue(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 10
        ctx.setLineWidth(12)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(rgb(225, 228, 235))
        ctx.addArc(center: centre, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ctx.strokePath()
        guard progress > 0 else { return }
        // The context is y-down (as on iOS): −π/2 is the top, increasing angles turn clockwise.
        ctx.setStrokeColor(rgb(90, 110, 240))
        ctx.addArc(
            center: centre, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * min(progress, 1),
            clockwise: false)
        ctx.strokePath()
    }
}

extension Demo {
    static let secondRoundLibraryDemos: [Demo] = [customPropertyRing, checkboxBounce]

    /// A progress ring filling to 100 %, emptying and filling again (custom `progress` property).
    static let customPropertyRing = animation(
        "custom-property-ring", "library style: a custom animatable property (progress) drawn in draw(in:) every frame",
        size: CGSize(width: 160, height: 160), duration: 3
    ) { _ in
        let root = whiteRoot(CGSize(width: 160, height: 160))
        let ring = ProgressRingLayer()
        ring.frame = CGRect(x: 20, y: 20, width: 120, height: 120)
        ring.contentsScale = 2
        ring.progress = 1
        ring.setNeedsDisplay()
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 1.2
        fill.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        fill.autoreverses = true
        fill.repeatCount = HUGE
        fill.beginTime = CACurrentMediaTime() + 0.2
        fill.fillMode = .backwards
        ring.add(fill, forKey: "progress")
        root.addSublayer(ring)
        return root
    }

    /// A checkbox's mark set up while scaled to 0, then bouncing in (0 → 1.35 → 1), repeatedly.
    static let checkboxBounce = animation(
        "checkbox-bounce", "library style: a mark laid out while scaled to 0 bounces in (transform keyframes through scale 0)",
        size: CGSize(width: 160, height: 160), duration: 3
    ) { _ in
        let root = whiteRoot(CGSize(width: 160, height: 160))
        let box = CALayer()
        box.frame = CGRect(x: 40, y: 40, width: 80, height: 80)
        box.cornerRadius = 16
        box.backgroundColor = rgb(40, 170, 110)
        root.addSublayer(box)
        let mark = CAShapeLayer()
        mark.transform = CATransform3DMakeScale(0, 0, 0)
        mark.frame = CGRect(x: 16, y: 16, width: 48, height: 48)
        let tick = CGMutablePath()
        tick.move(to: CGPoint(x: 8, y: 25))
        tick.addLine(to: CGPoint(x: 20, y: 37))
        tick.addLine(to: CGPoint(x: 40, y: 12))
        mark.path = tick
        mark.fillColor = nil
        mark.strokeColor = rgb(255, 255, 255)
        mark.lineWidth = 7
        mark.lineCap = .round
        mark.lineJoin = .round
        mark.transform = CATransform3DIdentity
        box.addSublayer(mark)
        let bounce = CAKeyframeAnimation(keyPath: "transform")
        bounce.values = [
            NSValue(caTransform3D: CATransform3DMakeScale(0, 0, 0)),
            NSValue(caTransform3D: CATransform3DMakeScale(1.35, 1.35, 1.35)),
            NSValue(caTransform3D: CATransform3DIdentity),
        ]
        bounce.keyTimes = [0, 0.5, 1]
        bounce.duration = 0.6
        let hold = CAAnimationGroup()
        hold.animations = [bounce]
        hold.duration = 1.5
        hold.repeatCount = HUGE
        hold.beginTime = CACurrentMediaTime() + 0.1
        hold.fillMode = .backwards
        mark.add(hold, forKey: "bounce")
        return root
    }
}
