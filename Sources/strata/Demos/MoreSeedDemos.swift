import QuartzCore

/// What a UIView does for its backing layer outside animation blocks: no action (NSNull), so
/// changes are instant (seed: "the root layer does not animate implicitly").
final class ViewLikeDelegate: NSObject, CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
}

extension Demo {
    /// The seeds' "rootLayer does not animate": a view's backing layer (its delegate answers NSNull)
    /// changes colour instantly, while a plain sublayer animates.
    static let backingLayer = animation(
        "backing-layer", "a view's backing layer (delegate answers NSNull) changes instantly; a plain layer animates",
        duration: 3
    ) { script in
        let root = whiteRoot()
        let backing = CALayer()
        backing.frame = CGRect(x: 20, y: 70, width: 120, height: 100)
        backing.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let delegate = ViewLikeDelegate()
        backing.delegate = delegate
        let plain = CALayer()
        plain.frame = CGRect(x: 180, y: 70, width: 120, height: 100)
        plain.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(backing)
        root.addSublayer(plain)
        var colors = ColorSequence(seed: 1)
        for t in [0.5, 1.5, 2.5] {
            let color = colors.next()
            script.at(t) {
                _ = delegate  // the layer holds its delegate weakly, as on Apple
                backing.backgroundColor = color
                plain.backgroundColor = color
            }
        }
        return root
    }

    /// Section 2.6.2 of the seeds' introduction: a view rotating about its centre forever.
    static let rotateAroundCenter = animation(
        "rotate-around-center", "transform.rotation.z from 0 to π in 1.5 s, linear, repeated forever", duration: 3
    ) { script in
        let root = whiteRoot()
        let childView = CALayer()
        childView.frame = CGRect(x: 110, y: 70, width: 100, height: 100)
        childView.backgroundColor = rgb(60, 140, 230)
        childView.addSublayer(solidLayer(CGRect(x: 40, y: 0, width: 20, height: 20), rgb(250, 250, 250)))
        root.addSublayer(childView)
        script.at(0) {
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation.z"
            animation.fromValue = 0
            animation.toValue = CGFloat.pi
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            animation.isRemovedOnCompletion = false
            animation.duration = 1.5
            animation.repeatCount = .infinity
            childView.add(animation, forKey: "animation")
        }
        return root
    }

    /// Section 2.10: a custom transition made with render(in:): a snapshot of the view covers it,
    /// shrinks, turns and fades while the background changes colour underneath.
    static let snapshotTransition = animation(
        "snapshot-transition", "2.10: render(in:) snapshots the view; the snapshot shrinks, turns and fades over the new colour",
        duration: 2.5
    ) { script in
        let view = whiteRoot()
        view.backgroundColor = rgb(90, 170, 110)
        let label = CATextLayer()
        label.frame = CGRect(x: 20, y: 20, width: 280, height: 40)
        label.string = "render(in:) snapshot"
        label.fontSize = 24
        view.addSublayer(label)
        var colors = ColorSequence(seed: 210)
        let newColor = colors.next()
        script.at(0.5) {
            // UIGraphicsBeginImageContextWithOptions: a y-down context the view's size.
            let size = view.bounds.size
            let context = CGContext(
                data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            context.translateBy(x: 0, y: size.height)
            context.scaleBy(x: 1, y: -1)
            view.render(in: context)
            let coverView = CALayer()
            coverView.frame = view.bounds
            coverView.contents = context.makeImage()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            view.addSublayer(coverView)
            view.backgroundColor = newColor
            CATransaction.commit()
            // UIView.animate(withDuration: 1) adds explicit animations to the layer: so do we.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            CATransaction.setCompletionBlock { coverView.removeFromSuperlayer() }
            let transform = CATransform3DMakeAffineTransform(
                CGAffineTransform(scaleX: 0.01, y: 0.01).rotated(by: .pi / 2))
            let turn = CABasicAnimation(keyPath: "transform")
            turn.fromValue = CATransform3DIdentity
            turn.toValue = transform
            turn.duration = 1
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 1
            coverView.transform = transform
            coverView.opacity = 0
            coverView.add(turn, forKey: "transform")
            coverView.add(fade, forKey: "opacity")
            CATransaction.commit()
        }
        return view
    }
}

/// A solid layer for demos.
func solidLayer(_ frame: CGRect, _ color: CGColor) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
}
