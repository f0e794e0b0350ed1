import QuartzCore

// The seeds' notes on basic and keyframe animations.

extension Demo {
    static let opacityRepeat = animation(
        "opacity-repeat", "an opacity animation repeated twice with autoreverse (Core Animation notes)",
        duration: 4.5
    ) { script in
        let root = whiteRoot()
        let layer = CALayer()
        layer.frame = CGRect(x: 110, y: 70, width: 100, height: 100)
        layer.backgroundColor = rgb(90, 60, 200)
        layer.cornerRadius = 16
        root.addSublayer(layer)
        script.at(0.2) {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1.0
            fade.toValue = 0.0
            fade.duration = 1.0
            fade.repeatCount = 2
            fade.autoreverses = true
            layer.add(fade, forKey: "fade")
        }
        return root
    }

    static let bounce = animation(
        "bounce", "keyframe notes: a ball bouncing along a path of decreasing arcs",
        size: CGSize(width: 360, height: 220), duration: 4
    ) { script in
        let root = whiteRoot(CGSize(width: 360, height: 220))
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 20, y: 40))
        var x: CGFloat = 20, height: CGFloat = 160
        for _ in 0..<4 {
            path.addQuadCurve(to: CGPoint(x: x + 40, y: 200), control: CGPoint(x: x + 20, y: 200 - height * 1.2))
            path.addQuadCurve(to: CGPoint(x: x + 80, y: 200 - height * 0.6), control: CGPoint(x: x + 60, y: 200 - height * 1.1))
            x += 80
            height *= 0.6
        }
        root.addSublayer(pathLayer(path, frame: CGRect(x: 0, y: 0, width: 360, height: 220), color: rgb(210, 210, 210), width: 2))
        let ball = CALayer()
        ball.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
        ball.cornerRadius = 12
        ball.backgroundColor = rgb(230, 80, 50)
        ball.position = CGPoint(x: 20, y: 40)
        root.addSublayer(ball)
        script.at(0.2) {
            let animation = CAKeyframeAnimation(keyPath: "position")
            animation.path = path
            animation.duration = 3
            animation.calculationMode = .paced
            animation.fillMode = .forwards
            animation.isRemovedOnCompletion = false
            ball.add(animation, forKey: "bounce")
        }
        return root
    }

    static let borderGroup = animation(
        "border-group", "keyframe notes: a group of paced borderWidth keyframes and borderColor changes",
        duration: 4
    ) { script in
        let root = whiteRoot()
        let layer = CALayer()
        layer.frame = CGRect(x: 85, y: 45, width: 150, height: 150)
        layer.backgroundColor = rgb(240, 240, 250)
        layer.borderWidth = 2
        layer.borderColor = rgb(40, 40, 40)
        layer.cornerRadius = 12
        root.addSublayer(layer)
        script.at(0.2) {
            let width = CAKeyframeAnimation(keyPath: "borderWidth")
            width.values = [1.0, 10.0, 5.0, 30.0, 0.5, 15.0, 2.0, 50.0, 0.0]
            width.calculationMode = .paced
            let color = CAKeyframeAnimation(keyPath: "borderColor")
            color.values = [rgb(40, 40, 40), rgb(230, 60, 60), rgb(60, 160, 60), rgb(40, 40, 40)]
            let group = CAAnimationGroup()
            group.animations = [width, color]
            group.duration = 3.5
            group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(group, forKey: "BorderChanges")
        }
        return root
    }
}
