import QuartzCore

// Implicit animations and transactions (the seeds' chapter 7 examples and the Core Animation notes).

extension Demo {
    static let seedDemos: [Demo] = [
        implicitColor, nestedTransactions, delegateColor, clock, keyframeColors, spaceshipPath, rotation,
        animationGroup, imageTransitions, startStop, opacityRepeat, bounce, borderGroup, contentsGravity,
        progressRing, replicatorLoader, backingLayer, rotateAroundCenter, snapshotTransition,
    ]

    /// A colour layer that changes to a random colour on each click: the default implicit
    /// animation (0.25 s), then inside a transaction with a 1-second duration, then with a
    /// custom action (a push transition from the left) in the layer's `actions`.
    static let implicitColor = animation(
        "implicit-color",
        "clicks change a layer's colour: implicit (0.25 s), a 1 s transaction, then a custom push action",
        duration: 6
    ) { script in
        let root = whiteRoot()
        let colorLayer = CALayer()
        colorLayer.frame = CGRect(x: 110, y: 70, width: 100, height: 100)
        colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(colorLayer)
        var colors = ColorSequence(seed: 7)
        // - (IBAction)changeColor { colorLayer.backgroundColor = random; } — live, on each click.
        var clickColors = ColorSequence(seed: 99)
        script.onClick { colorLayer.backgroundColor = clickColors.next() }
        for t in [0.5, 1.0] {
            let color = colors.next()
            script.at(t) { colorLayer.backgroundColor = color }
        }
        // [CATransaction begin]; [CATransaction setAnimationDuration:1.0]; ... [CATransaction commit];
        for t in [1.8, 3.0] {
            let color = colors.next()
            script.at(t) {
                CATransaction.begin()
                CATransaction.setAnimationDuration(1.0)
                colorLayer.backgroundColor = color
                CATransaction.commit()
            }
        }
        // CATransition *transition = [CATransition animation]; transition.type = kCATransitionPush;
        // transition.subtype = kCATransitionFromLeft; self.colorLayer.actions = @{@"backgroundColor": transition};
        script.at(4.2) {
            let transition = CATransition()
            transition.type = .push
            transition.subtype = .fromLeft
            colorLayer.actions = ["backgroundColor": transition]
        }
        for t in [4.3, 5.2] {
            let color = colors.next()
            script.at(t) { colorLayer.backgroundColor = color }
        }
        return root
    }

    /// Nested transactions: the outer one lasts 2 s, the inner one 0.5 s.
    static let nestedTransactions = animation(
        "nested-transactions", "nested CATransactions: the outer layer moves in 2 s, the inner change takes 0.5 s",
        duration: 3
    ) { script in
        let root = whiteRoot()
        let slow = CALayer()
        slow.frame = CGRect(x: 20, y: 40, width: 60, height: 60)
        slow.backgroundColor = rgb(60, 120, 220)
        let fast = CALayer()
        fast.frame = CGRect(x: 20, y: 140, width: 60, height: 60)
        fast.backgroundColor = rgb(230, 120, 40)
        root.addSublayer(slow)
        root.addSublayer(fast)
        script.at(0.5) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            slow.position = CGPoint(x: 270, y: 70)
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.5)
            fast.position = CGPoint(x: 270, y: 170)
            CATransaction.commit()
            CATransaction.commit()
        }
        return root
    }

    /// contentsGravity: the same image in the twelve gravities (a still).
    static let contentsGravity = animation(
        "contents-gravity", "one image in each of the twelve contentsGravity values", size: CGSize(width: 420, height: 250),
        duration: 0
    ) { _ in
        let root = whiteRoot(CGSize(width: 420, height: 250))
        let image = drawnImage(CGSize(width: 40, height: 30)) { c in
            c.setFillColor(rgb(255, 200, 60))
            c.fill(CGRect(x: 0, y: 0, width: 40, height: 30))
            c.setFillColor(rgb(220, 60, 60))
            c.fill(CGRect(x: 0, y: 0, width: 20, height: 15))  // top-left marker
        }
        let gravities: [CALayerContentsGravity] = [
            .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight, .resize,
            .resizeAspect, .resizeAspectFill,
        ]
        for (i, gravity) in gravities.enumerated() {
            let layer = CALayer()
            layer.frame = CGRect(x: 10 + CGFloat(i % 4) * 102, y: 10 + CGFloat(i / 4) * 80, width: 92, height: 70)
            layer.backgroundColor = CGColor(gray: 0.88, alpha: 1)
            layer.contents = image
            layer.contentsScale = 2
            layer.contentsGravity = gravity
            layer.masksToBounds = true
            root.addSublayer(layer)
        }
        return root
    }
}
