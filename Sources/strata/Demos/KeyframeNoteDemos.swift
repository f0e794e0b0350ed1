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

    /// Listing 3-3 of the keyframe notes: a bounce made of two cubic arcs, 5 seconds.
    static let bounce = animation(
        "bounce", "listing 3-3: a layer's position along a two-arc bounce path (CAKeyframeAnimation.path)",
        size: CGSize(width: 640, height: 540), duration: 5.5
    ) { script in
        let root = whiteRoot(CGSize(width: 640, height: 540))
        // CGPathMoveToPoint(thePath, NULL, 74.0, 74.0); CGPathAddCurveToPoint(...) twice.
        let thePath = CGMutablePath()
        thePath.move(to: CGPoint(x: 74, y: 74))
        thePath.addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
        thePath.addCurve(to: CGPoint(x: 566, y: 74), control1: CGPoint(x: 320, y: 500), control2: CGPoint(x: 566, y: 500))
        root.addSublayer(pathLayer(thePath, frame: CGRect(x: 0, y: 0, width: 640, height: 540), color: rgb(210, 210, 210), width: 2))
        let theLayer = CALayer()
        theLayer.bounds = CGRect(x: 0, y: 0, width: 48, height: 48)
        theLayer.cornerRadius = 24
        theLayer.backgroundColor = rgb(230, 80, 50)
        theLayer.position = CGPoint(x: 74, y: 74)
        root.addSublayer(theLayer)
        script.at(0.2) {
            let theAnimation = CAKeyframeAnimation(keyPath: "position")
            theAnimation.path = thePath
            theAnimation.duration = 5.0
            theLayer.add(theAnimation, forKey: "position")
        }
        return root
    }

    /// Listing 3-4 of the keyframe notes: paced borderWidth and borderColor keyframes in a
    /// 5-second group.
    static let borderGroup = animation(
        "border-group", "listing 3-4: a 5 s group of paced borderWidth and borderColor keyframes",
        duration: 5.5
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
            color.values = [
                CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                CGColor(red: 0, green: 0, blue: 1, alpha: 1),
            ]
            color.calculationMode = .paced
            let group = CAAnimationGroup()
            group.animations = [color, width]
            group.duration = 5.0
            layer.add(group, forKey: "BorderChanges")
        }
        return root
    }
}
