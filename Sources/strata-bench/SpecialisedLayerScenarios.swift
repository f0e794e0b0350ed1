import Foundation
import QuartzCore

/// A 1920×1080 renderer showing `root`, for frame-time scenarios.
final class FullHDRenderer: @unchecked Sendable {
    let renderer: CARenderer
    let context: CGContext

    init(root: CALayer) {
        context = CGContext(
            data: nil, width: 1920, height: 1080, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        renderer = CARenderer(cgContext: context)
        renderer.layer = root
    }

    func frame(at t: Double) {
        renderer.beginFrame(atTime: t, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
    }
}

extension Scenario {
    /// Issue 7: a CAShapeLayer stroking a 10,000-segment path while strokeEnd animates.
    static let shapeStroke10k = Scenario(
        name: "shape-stroke-10k-segments",
        summary: "1080p frame: a CAShapeLayer stroking a 10,000-segment path while strokeEnd animates",
        budgetMilliseconds: nil, units: 10_000, unitName: "segment",
        prepare: {
            let clock = MediaClock.Manual(time: 0)
            MediaClock.install(clock)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let shape = CAShapeLayer()
            shape.frame = root.bounds
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 60, y: 540))
            for i in 1...10_000 {
                let x = 60 + Double(i) * 0.18
                path.addLine(to: CGPoint(x: x, y: 540 + 400 * sin(Double(i) / 80) * cos(Double(i) / 1300)))
            }
            shape.path = path
            shape.fillColor = nil
            shape.strokeColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
            shape.lineWidth = 3
            root.addSublayer(shape)
            CATransaction.commit()
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 1e6
            CATransaction.begin()
            shape.add(grow, forKey: "grow")
            CATransaction.commit()
            let host = FullHDRenderer(root: root)
            return { frame in host.frame(at: 1e5 + Double(frame)) }
        })

    /// Issue 29: 200 small layers whose wide shadows (shadowRadius 100–200) change every frame,
    /// so every shadow is blurred anew (17–33 s a frame before wide blurs were made coarse).
    static let wideShadows = Scenario(
        name: "shadows-200-wide",
        summary: "1080p frame: 200 8×8 layers with shadowRadius animating from 100 to 200 (each shadow re-blurred)",
        budgetMilliseconds: nil, units: 200, unitName: "shadow",
        prepare: {
            MediaClock.install(MediaClock.Manual(time: 0))
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let grow = CABasicAnimation(keyPath: "shadowRadius")
            grow.fromValue = 100
            grow.toValue = 200
            grow.duration = 1e4
            for i in 0..<200 {
                let layer = CALayer()
                layer.frame = CGRect(x: 200 + Double(i % 20) * 75, y: 100 + Double(i / 20) * 90, width: 8, height: 8)
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                layer.shadowOpacity = 0.5
                layer.shadowOffset = CGSize(width: 3, height: 3)
                layer.add(grow, forKey: "grow")
                root.addSublayer(layer)
            }
            CATransaction.commit()
            let host = FullHDRenderer(root: root)
            return { frame in host.frame(at: 10 + Double(frame) / 60) }
        })

    /// Issue 7: 5,000 emitter particles.
    static let emitter5k = Scenario(
        name: "emitter-5000-particles",
        summary: "1080p frame: a CAEmitterLayer with 5,000 particles alive (16×16 images, rotating, fading)",
        budgetMilliseconds: nil, units: 5_000, unitName: "particle",
        prepare: {
            MediaClock.install(MediaClock.Manual(time: 0))
            CATransaction.begin()
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
            root.backgroundColor = CGColor(gray: 0.05, alpha: 1)
            let emitter = CAEmitterLayer()
            emitter.frame = root.bounds
            emitter.emitterPosition = CGPoint(x: 960, y: 540)
            emitter.emitterShape = .circle
            emitter.emitterSize = CGSize(width: 400, height: 400)
            let dot = CGContext(
                data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            dot.setFillColor(CGColor(gray: 1, alpha: 1))
            dot.fillEllipse(in: CGRect(x: 0, y: 0, width: 16, height: 16))
            let cell = CAEmitterCell()
            cell.contents = dot.makeImage()
            cell.birthRate = 2500
            cell.lifetime = 2
            cell.velocity = 150
            cell.velocityRange = 100
            cell.emissionRange = .pi * 2
            cell.spin = 2
            cell.alphaSpeed = -0.4
            cell.color = CGColor(red: 1, green: 0.7, blue: 0.3, alpha: 1)
            emitter.emitterCells = [cell]
            root.addSublayer(emitter)
            CATransaction.commit()
            let host = FullHDRenderer(root: root)
            return { frame in host.frame(at: 10 + Double(frame) / 60) }
        })

    /// Issue 7: a 60-character text layer re-laid out each frame.
    static let text60 = Scenario(
        name: "text-60-characters-relayout",
        summary: "1080p frame: a CATextLayer whose 60-character string changes every frame (layout + raster + redraw)",
        budgetMilliseconds: nil, units: 60, unitName: "character",
        prepare: {
            MediaClock.install(MediaClock.Manual(time: 0))
            CATransaction.begin()
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let text = CATextLayer()
            text.frame = CGRect(x: 100, y: 100, width: 1700, height: 200)
            text.foregroundColor = CGColor(gray: 0, alpha: 1)
            text.fontSize = 48
            text.isWrapped = true
            root.addSublayer(text)
            CATransaction.commit()
            let host = FullHDRenderer(root: root)
            let base = "Core Animation on Linux, laid out by Pango: frame number "
            return { frame in
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                text.string = base + String(format: "%04d", frame % 10_000)
                CATransaction.commit()
                host.frame(at: Double(frame))
            }
        })
}
