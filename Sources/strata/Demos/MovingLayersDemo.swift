import QuartzCore
import StrataExport
import StrataRender

extension Demo {
    /// The compositor's load test, live: 300 layers at 1920×1080 (rounded, bordered, a third
    /// with images, a tenth with shadows), every one turning and sliding all the time, so every
    /// frame resamples every layer. `strata play moving-layers --stats` reports the frame times.
    static let movingLayers = animation(
        "moving-layers", "300 layers at 1920×1080, all turning and sliding every frame (the compositor's load test)",
        size: CGSize(width: 1920, height: 1080), duration: 2
    ) { _ in
        var random = SplitMix(seed: 16)
        let root = whiteRoot(CGSize(width: 1920, height: 1080))
        root.backgroundColor = rgb(242, 242, 247)
        let images = (0..<6).map { stripes(index: $0) }
        let now = CACurrentMediaTime()
        for i in 0..<300 {
            let layer = CALayer()
            let w = random.next(in: 64...256), h = random.next(in: 64...256)
            layer.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            layer.position = CGPoint(x: random.next(in: 0...1920), y: random.next(in: 0...1080))
            layer.backgroundColor = rgb(random.next(in: 0...255), random.next(in: 0...255), random.next(in: 0...255))
            layer.cornerRadius = random.next(in: 6...24)
            layer.borderWidth = random.next(in: 1...4)
            layer.borderColor = CGColor(gray: random.next(in: 0...0.5), alpha: 1)
            layer.allowsEdgeAntialiasing = true
            if i % 3 == 0 {
                layer.contents = images[i % images.count]
                layer.contentsGravity = .resizeAspectFill
                layer.masksToBounds = true
            }
            if i % 10 == 5 {
                layer.shadowOpacity = 0.5
                layer.shadowRadius = random.next(in: 3...8)
                layer.shadowOffset = CGSize(width: 0, height: 4)
            }
            root.addSublayer(layer)
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = (i % 2 == 0 ? 1 : -1) * 2 * Double.pi
            spin.duration = random.next(in: 3...9)
            spin.repeatCount = .infinity
            spin.beginTime = now - random.next(in: 0...3)
            layer.add(spin, forKey: "spin")
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.byValue = random.next(in: -120...120)
            slide.duration = random.next(in: 1.5...4)
            slide.autoreverses = true
            slide.repeatCount = .infinity
            slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(slide, forKey: "slide")
        }
        return root
    }

    /// A 128×128 picture of eight vertical stripes.
    private static func stripes(index: Int) -> CGImage? {
        guard let context = CGContext(
            data: nil, width: 128, height: 128, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        for k in 0..<8 {
            context.setFillColor(CGColor(red: CGFloat(k) / 8, green: CGFloat(index) / 6, blue: 0.5, alpha: 1))
            context.fill(CGRect(x: k * 16, y: 0, width: 16, height: 128))
        }
        return context.makeImage()
    }
}
