import QuartzCore

extension Demo {
    /// Listing 8.11: an image view whose image changes under a transition; the demo cycles the
    /// four public types (fade, moveIn, push, reveal) over images it draws itself.
    static let imageTransitions = animation(
        "image-transitions", "listing 8.11: images swapped under fade, moveIn, push and reveal transitions",
        duration: 5
    ) { script in
        let root = whiteRoot()
        let imageLayer = CALayer()
        imageLayer.frame = CGRect(x: 60, y: 40, width: 200, height: 160)
        imageLayer.contentsGravity = .resizeAspect
        imageLayer.masksToBounds = true
        let images = [rgb(230, 80, 60), rgb(60, 140, 230), rgb(80, 190, 90), rgb(240, 190, 40)].enumerated().map {
            index, color in
            drawnImage(CGSize(width: 200, height: 160)) { c in
                c.setFillColor(color)
                c.fill(CGRect(x: 0, y: 0, width: 200, height: 160))
                c.setFillColor(CGColor(gray: 1, alpha: 0.85))
                for k in 0...index { c.fillEllipse(in: CGRect(x: 30 + k * 40, y: 60, width: 30, height: 30)) }
            }
        }
        imageLayer.contents = images[0]
        root.addSublayer(imageLayer)
        let types: [(CATransitionType, CATransitionSubtype?)] = [
            (.fade, nil), (.moveIn, .fromRight), (.push, .fromTop), (.reveal, .fromLeft),
        ]
        for (k, (type, subtype)) in types.enumerated() {
            script.at(0.5 + Double(k) * 1.1) {
                // CATransition *transition = [CATransition animation]; transition.type = kCATransitionFade;
                // [self.imageView.layer addAnimation:transition forKey:nil]; self.imageView.image = ...
                let transition = CATransition()
                transition.type = type
                transition.subtype = subtype
                transition.duration = 0.8
                imageLayer.add(transition, forKey: nil)
                imageLayer.contents = images[(k + 1) % images.count]
            }
        }
        return root
    }

    /// A progress ring: a CAShapeLayer circle whose strokeEnd animates (the common iOS idiom).
    static let progressRing = animation(
        "progress-ring", "a CAShapeLayer circle drawn progressively by animating strokeEnd", duration: 3
    ) { script in
        let root = whiteRoot()
        let track = CAShapeLayer()
        track.frame = CGRect(x: 85, y: 45, width: 150, height: 150)
        let circle = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 130, height: 130), transform: nil)
        track.path = circle
        track.fillColor = nil
        track.strokeColor = CGColor(gray: 0.9, alpha: 1)
        track.lineWidth = 14
        let ring = CAShapeLayer()
        ring.frame = track.bounds
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = rgb(40, 140, 240)
        ring.lineWidth = 14
        ring.lineCap = .round
        ring.strokeEnd = 0
        ring.transform = CATransform3DMakeRotation(-.pi / 2, 0, 0, 1)  // start at the top
        track.addSublayer(ring)
        root.addSublayer(track)
        script.at(0.2) {
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 2.5
            grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            ring.strokeEnd = 1
            ring.add(grow, forKey: "progress")
        }
        return root
    }

    /// A loading spinner: one dot in a CAReplicatorLayer, twelve instances, each fading with a
    /// delay.
    static let replicatorLoader = animation(
        "replicator-loader", "a CAReplicatorLayer spinner: 12 instances of one dot, fading with instanceDelay",
        duration: 3
    ) { _ in
        let root = whiteRoot()
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 110, y: 70, width: 100, height: 100)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        let dot = CALayer()
        dot.frame = CGRect(x: 44, y: 0, width: 12, height: 24)
        dot.cornerRadius = 6
        dot.backgroundColor = rgb(50, 50, 60)
        dot.opacity = 0.15
        replicator.addSublayer(dot)
        root.addSublayer(replicator)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        return root
    }
}
