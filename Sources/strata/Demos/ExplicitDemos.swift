import QuartzCore

// Explicit animations: listings 8.3–8.15 of the seed chapter on explicit animation.

/// Listing 8.3: when the animation ends, the delegate sets the final colour on the model with
/// actions disabled, so the layer keeps it.
final class ColorDelegate: NSObject, CAAnimationDelegate {
    let layer: CALayer

    init(layer: CALayer) { self.layer = layer }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = ((anim as? CABasicAnimation)?.toValue as! CGColor)
        CATransaction.commit()
    }
}

/// Listing 8.4: a clock whose hands move each second; each animation carries its hand layer
/// under the key "handView" (KVC tagging) for the delegate.
final class ClockHands: NSObject, CAAnimationDelegate {
    let hour: CALayer, minute: CALayer, second: CALayer

    init(hour: CALayer, minute: CALayer, second: CALayer) {
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    func tick(seconds: Int) {
        let s = seconds % 60, m = (seconds / 60) % 60, h = (seconds / 3600) % 12
        setAngle(CGFloat(h) / 12 * .pi * 2, for: hour)
        setAngle(CGFloat(m) / 60 * .pi * 2, for: minute)
        setAngle(CGFloat(s) / 60 * .pi * 2, for: second)
    }

    func setAngle(_ angle: CGFloat, for hand: CALayer) {
        let transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = hand.presentation()?.transform
        animation.toValue = transform
        animation.duration = 0.5
        animation.delegate = self
        animation.setValue(hand, forKey: "handView")
        hand.add(animation, forKey: nil)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let hand = anim.value(forKey: "handView") as? CALayer,
            let transform = (anim as? CABasicAnimation)?.toValue as? CATransform3D
        else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hand.transform = transform
        CATransaction.commit()
    }
}

/// Listing 8.15: prints whether the rotation finished or was stopped.
final class StopReporter: NSObject, CAAnimationDelegate {
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        print("  The animation stopped (finished: \(flag ? "YES" : "NO"))")
    }
}

extension Demo {
    static let delegateColor = animation(
        "delegate-color", "listing 8.3: explicit colour animations; the delegate keeps the final colour",
        duration: 4
    ) { script in
        let root = whiteRoot()
        let colorLayer = CALayer()
        colorLayer.frame = CGRect(x: 110, y: 70, width: 100, height: 100)
        colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(colorLayer)
        let delegate = ColorDelegate(layer: colorLayer)
        var colors = ColorSequence(seed: 83)
        for t in [0.5, 1.5, 2.5] {
            let color = colors.next()
            script.at(t) {
                let animation = CABasicAnimation()
                animation.keyPath = "backgroundColor"
                animation.toValue = color
                animation.delegate = delegate
                colorLayer.add(animation, forKey: nil)
            }
        }
        return root
    }

    static let clock = animation(
        "clock", "listing 8.4: clock hands tick each second; animations tagged with setValue(_:forKey:)",
        size: CGSize(width: 240, height: 240), duration: 5
    ) { script in
        let root = whiteRoot(CGSize(width: 240, height: 240))
        let face = CALayer()
        face.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
        face.cornerRadius = 100
        face.borderWidth = 6
        face.borderColor = rgb(40, 40, 40)
        face.backgroundColor = rgb(250, 248, 240)
        root.addSublayer(face)
        func hand(length: CGFloat, width: CGFloat, color: CGColor) -> CALayer {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: width, height: length)
            layer.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            layer.position = CGPoint(x: 100, y: 100)
            layer.backgroundColor = color
            layer.cornerRadius = width / 2
            layer.allowsEdgeAntialiasing = true
            face.addSublayer(layer)
            return layer
        }
        let hands = ClockHands(
            hour: hand(length: 60, width: 10, color: rgb(30, 30, 30)),
            minute: hand(length: 85, width: 6, color: rgb(30, 30, 30)),
            second: hand(length: 90, width: 2, color: rgb(210, 40, 40)))
        let start = 10 * 3600 + 10 * 60 + 30  // 10:10:30
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in [hands.hour, hands.minute, hands.second] { layer.transform = CATransform3DIdentity }
        CATransaction.commit()
        for k in 0...5 { script.at(Double(k)) { hands.tick(seconds: start + k) } }
        return root
    }

    static let keyframeColors = animation(
        "keyframe-colors", "listing 8.5: a CAKeyframeAnimation through blue, red, green and back to blue",
        duration: 3
    ) { script in
        let root = whiteRoot()
        let colorLayer = CALayer()
        colorLayer.frame = CGRect(x: 110, y: 70, width: 100, height: 100)
        colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(colorLayer)
        script.at(0.25) {
            let animation = CAKeyframeAnimation()
            animation.keyPath = "backgroundColor"
            animation.duration = 2.0
            animation.values = [
                CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1),
            ]
            colorLayer.add(animation, forKey: nil)
        }
        return root
    }

    /// The seeds' cubic Bézier flight path.
    static func flightPath() -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        return path
    }

    static let spaceshipPath = animation(
        "spaceship-path", "listing 8.6: a ship flies a Bézier path with rotationMode = .rotateAuto",
        size: CGSize(width: 320, height: 300), duration: 5
    ) { script in
        let root = whiteRoot(CGSize(width: 320, height: 300))
        let path = flightPath()
        root.addSublayer(pathLayer(path, frame: CGRect(x: 10, y: 0, width: 300, height: 300)))
        let ship = shipLayer(CGRect(x: -22, y: 118, width: 64, height: 64))
        root.addSublayer(ship)
        script.at(0.2) {
            let animation = CAKeyframeAnimation()
            animation.keyPath = "position"
            animation.duration = 4.0
            var offset = CGAffineTransform(translationX: 10, y: 0)
            animation.path = path.copy(using: &offset)
            animation.rotationMode = .rotateAuto
            ship.add(animation, forKey: nil)
        }
        return root
    }

    static let rotation = animation(
        "rotation", "listing 8.9: transform.rotation by 2π turns; a 2π matrix toValue shows no motion; a matrix byValue (Strata concatenates it: it turns, see README)",
        size: CGSize(width: 360, height: 140), duration: 3
    ) { script in
        let root = whiteRoot(CGSize(width: 360, height: 140))
        let ships = (0..<3).map { i -> CALayer in
            let ship = shipLayer(CGRect(x: 30 + CGFloat(i) * 110, y: 30, width: 80, height: 80))
            root.addSublayer(ship)
            return ship
        }
        script.at(0.25) {
            // Works: the virtual key path rotates by a full turn.
            let turn = CABasicAnimation()
            turn.keyPath = "transform.rotation"
            turn.duration = 2.0
            turn.byValue = CGFloat.pi * 2
            ships[0].add(turn, forKey: nil)
            // Pitfall 1: a 2π matrix equals the identity, so nothing moves.
            let matrix = CABasicAnimation()
            matrix.keyPath = "transform"
            matrix.duration = 2.0
            matrix.toValue = CATransform3DMakeRotation(.pi * 2, 0, 0, 1)
            ships[1].add(matrix, forKey: nil)
            // Pitfall 2: on Apple, byValue with a matrix is summed element by element (the seed text
            // says the ship grows instead of turning); Strata's engine concatenates transforms for
            // byValue (spec §3.1 decision), so here it turns. Kept to show the difference.
            let byMatrix = CABasicAnimation()
            byMatrix.keyPath = "transform"
            byMatrix.duration = 2.0
            byMatrix.byValue = CATransform3DMakeRotation(.pi, 0, 0, 1)
            ships[2].add(byMatrix, forKey: nil)
        }
        return root
    }

    static let animationGroup = animation(
        "animation-group", "listing 8.10: a group moving a layer along a path while its colour changes",
        size: CGSize(width: 320, height: 300), duration: 5
    ) { script in
        let root = whiteRoot(CGSize(width: 320, height: 300))
        let path = flightPath()
        root.addSublayer(pathLayer(path, frame: CGRect(x: 10, y: 0, width: 300, height: 300)))
        let colorLayer = CALayer()
        colorLayer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        colorLayer.position = CGPoint(x: 10, y: 150)
        colorLayer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        root.addSublayer(colorLayer)
        script.at(0.2) {
            let move = CAKeyframeAnimation()
            move.keyPath = "position"
            var offset = CGAffineTransform(translationX: 10, y: 0)
            move.path = path.copy(using: &offset)
            move.rotationMode = .rotateAuto
            let color = CABasicAnimation()
            color.keyPath = "backgroundColor"
            color.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let group = CAAnimationGroup()
            group.animations = [move, color]
            group.duration = 4.0
            colorLayer.add(group, forKey: nil)
        }
        return root
    }

    static let startStop = animation(
        "start-stop", "listing 8.15: a rotation started, stopped half way (finished: NO), started again (finished: YES)",
        size: CGSize(width: 240, height: 200), duration: 5
    ) { script in
        let root = whiteRoot(CGSize(width: 240, height: 200))
        let ship = shipLayer(CGRect(x: 70, y: 50, width: 100, height: 100))
        root.addSublayer(ship)
        let reporter = StopReporter()
        func start() {
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation"
            animation.duration = 2.0
            animation.byValue = CGFloat.pi * 2
            animation.delegate = reporter
            ship.add(animation, forKey: "rotateAnimation")
        }
        script.at(0.2, start)
        script.at(1.2) { ship.removeAnimation(forKey: "rotateAnimation") }
        script.at(2.0, start)
        return root
    }
}
