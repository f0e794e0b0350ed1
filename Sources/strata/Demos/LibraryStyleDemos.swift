import QuartzCore
import StrataExport

// Animations written the way popular iOS indicator libraries write them (groups of keyframe
// animations with begin times from CACurrentMediaTime(), repeatCount = HUGE, NSValue-boxed
// transforms, "transform.scale.xy", per-segment timing functions, keyTimes ending before 1).
// Strata's own code in that style, not copied from any library. They run on a recording clock
// that does not start at 0, as in an app.

extension Demo {
    static let libraryStyleDemos: [Demo] = [ballPulse, pulseRings, materialSpinner]

    /// Three dots that shrink and grow one after another (a "ball pulse" indicator).
    static let ballPulse = animation(
        "ball-pulse", "library style: three dots pulse in turn (NSValue transforms, keyTimes, timingFunctions, HUGE)",
        size: CGSize(width: 240, height: 120), duration: 3
    ) { _ in
        let root = whiteRoot(CGSize(width: 240, height: 120))
        let size: CGFloat = 40, spacing: CGFloat = 16
        let x0 = (240 - 3 * size - 2 * spacing) / 2
        let ease = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)
        let beginTime = CACurrentMediaTime()
        let delays: [CFTimeInterval] = [0.12, 0.24, 0.36]
        let pulse = CAKeyframeAnimation(keyPath: "transform")
        pulse.keyTimes = [0, 0.3, 1]
        pulse.timingFunctions = [ease, ease]
        pulse.values = [
            NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 1)),
            NSValue(caTransform3D: CATransform3DMakeScale(0.3, 0.3, 1)),
            NSValue(caTransform3D: CATransform3DMakeScale(1, 1, 1)),
        ]
        pulse.duration = 0.75
        pulse.repeatCount = HUGE
        pulse.isRemovedOnCompletion = false
        for i in 0..<3 {
            let dot = CAShapeLayer()
            dot.frame = CGRect(x: x0 + CGFloat(i) * (size + spacing), y: 40, width: size, height: size)
            dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: size, height: size), transform: nil)
            dot.fillColor = rgb(236, 72, 96)
            pulse.beginTime = beginTime + delays[i]
            dot.add(pulse, forKey: "pulse")
            root.addSublayer(dot)
        }
        return root
    }

    /// Rings that grow from the centre and fade, staggered (a "pulsator").
    static let pulseRings = animation(
        "pulse-rings", "library style: staggered rings grow by transform.scale.xy and fade by 70 % (keyTimes [0, 0.7])",
        size: CGSize(width: 240, height: 160), duration: 4
    ) { _ in
        let root = whiteRoot(CGSize(width: 240, height: 160))
        let centre = CGPoint(x: 120, y: 80)
        let now = CACurrentMediaTime()
        for i in 0..<3 {
            let ring = CALayer()
            ring.bounds = CGRect(x: 0, y: 0, width: 140, height: 140)
            ring.position = centre
            ring.cornerRadius = 70
            ring.backgroundColor = rgb(40, 140, 240, 0.5)
            ring.opacity = 0
            let grow = CABasicAnimation(keyPath: "transform.scale.xy")
            grow.fromValue = 0
            grow.toValue = 1
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0]
            fade.keyTimes = [0, 0.7]
            let group = CAAnimationGroup()
            group.animations = [grow, fade]
            group.duration = 1.8
            group.timingFunction = CAMediaTimingFunction(name: .easeOut)
            group.repeatCount = HUGE
            group.beginTime = now + Double(i) * 0.6
            group.fillMode = .backwards
            ring.add(group, forKey: "pulse")
            root.addSublayer(ring)
        }
        let core = CALayer()
        core.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
        core.position = centre
        core.cornerRadius = 12
        core.backgroundColor = rgb(20, 100, 220)
        root.addSublayer(core)
        return root
    }

    /// A stroke that chases itself round a circle while the circle turns (a "material spinner"):
    /// strokeEnd runs first, strokeStart follows half a second later inside the same group.
    static let materialSpinner = animation(
        "material-spinner", "library style: strokeStart follows strokeEnd in a group (child beginTime 0.5), turning",
        size: CGSize(width: 160, height: 160), duration: 3
    ) { _ in
        let root = whiteRoot(CGSize(width: 160, height: 160))
        let spinner = CAShapeLayer()
        spinner.frame = CGRect(x: 30, y: 30, width: 100, height: 100)
        spinner.path = CGPath(ellipseIn: CGRect(x: 6, y: 6, width: 88, height: 88), transform: nil)
        spinner.fillColor = nil
        spinner.strokeColor = rgb(30, 160, 90)
        spinner.lineWidth = 8
        spinner.lineCap = .round
        let end = CABasicAnimation(keyPath: "strokeEnd")
        end.fromValue = 0
        end.toValue = 1
        end.duration = 0.75
        end.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let start = CABasicAnimation(keyPath: "strokeStart")
        start.fromValue = 0
        start.toValue = 1
        start.beginTime = 0.5
        start.duration = 0.75
        start.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let chase = CAAnimationGroup()
        chase.animations = [end, start]
        chase.duration = 1.25
        chase.repeatCount = HUGE
        chase.isRemovedOnCompletion = false
        chase.fillMode = .forwards
        spinner.add(chase, forKey: "stroke")
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 2 * CGFloat.pi
        turn.duration = 2
        turn.repeatCount = HUGE
        spinner.add(turn, forKey: "rotation")
        root.addSublayer(spinner)
        return root
    }
}
