import Foundation
import CCairo
import QuartzCore
import StrataCompositor
import StrataRender

/// Issue 6's scene: 300 layers (64–256 points, rounded corners and borders, a third with images,
/// a tenth with shadows, random 2D transforms, 20 with perspective) on a 1920×1080 canvas.
final class CompositeScene: @unchecked Sendable {
    let root: CALayer
    let layers: [CALayer]
    let snapshot: RenderTreeSnapshot
    let states: [RenderLayerState]
    let surface: OpaquePointer
    let cr: OpaquePointer
    static let width = 1920, height = 1080

    /// `turned`: the 2D layers rotated and scaled (issue 6's scene); otherwise they are only
    /// placed (the scene in which layers slide).
    init(turned: Bool = true) {
        var random = SplitMix(seed: 6)
        let images = (0..<6).map { CompositeScene.makeImage(index: $0) }
        var layers: [CALayer] = []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: CompositeScene.width, height: CompositeScene.height)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        for i in 0..<300 {
            let layer = CALayer()
            let w = random.next(in: 64...256), h = random.next(in: 64...256)
            layer.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            layer.position = CGPoint(x: random.next(in: 0...1920), y: random.next(in: 0...1080))
            layer.backgroundColor = CGColor(
                red: random.next(in: 0...1), green: random.next(in: 0...1), blue: random.next(in: 0...1), alpha: 1)
            layer.cornerRadius = random.next(in: 6...24)
            layer.borderWidth = random.next(in: 1...4)
            layer.borderColor = CGColor(gray: random.next(in: 0...0.5), alpha: 1)
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
            if i < 20 {
                var perspective = CATransform3DIdentity
                perspective.m34 = -1.0 / 800
                layer.transform = CATransform3DRotate(perspective, random.next(in: -0.8...0.8), 0, 1, 0)
            } else {
                let transform = CGAffineTransform(rotationAngle: random.next(in: -0.6...0.6))
                    .scaledBy(x: random.next(in: 0.8...1.2), y: random.next(in: 0.8...1.2))
                if turned { layer.setAffineTransform(transform) }
            }
            layer.allowsEdgeAntialiasing = true
            root.addSublayer(layer)
            layers.append(layer)
        }
        CATransaction.commit()
        self.root = root
        self.layers = layers
        snapshot = root.committedSnapshot!.snapshot
        states = snapshot.nodes.map(\.state)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(CompositeScene.width), Int32(CompositeScene.height))
        cr = cairo_create(surface)
    }

    var canvas: CGRect { CGRect(x: 0, y: 0, width: CompositeScene.width, height: CompositeScene.height) }

    static func makeImage(index: Int) -> CGImage {
        let context = CGContext(
            data: nil, width: 128, height: 128, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        for k in 0..<8 {
            context.setFillColor(CGColor(red: CGFloat(k) / 8, green: CGFloat(index) / 6, blue: 0.5, alpha: 1))
            context.fill(CGRect(x: k * 16, y: 0, width: 16, height: 128))
        }
        return context.makeImage()!
    }

    /// Every layer's transform turned by a hundredth of a radian: a frame in which all layers moved.
    lazy var turnedStates: [RenderLayerState] = states.map { state in
        var turned = state
        turned.transform = CATransform3DRotate(state.transform, 0.01, 0, 0, 1)
        return turned
    }

    /// Every layer moved by a fraction of a pixel (0.37, 0.23): a frame in which all layers slid.
    lazy var slidStates: [RenderLayerState] = states.map { state in
        var slid = state
        slid.position.x += 0.37
        slid.position.y += 0.23
        return slid
    }

    /// The composites of a steady frame (drawn from placed copies), or of a frame in which every
    /// layer's map changed to `changed` (each raster resampled straight onto the target: the bare
    /// calls without the compositor's intermediate copy), as recorded by a compositor drawing the scene.
    func recordedFrame(changed: [RenderLayerState]?) -> [Compositor.RecordedComposite] {
        let recorder = Compositor()
        recorder.options.drawsThroughCopies = changed == nil
        for n in 0..<3 {
            recorder.recordsComposites = n == 2
            let states = n % 2 == 1 ? changed ?? self.states : self.states
            recorder.draw(snapshot, states: states, placement: .inSuperlayer, into: cr, base: .identity, clip: canvas)
        }
        return recorder.recorded
    }

    /// Replays the recorded composites as the plain cairo/pixman calls that make the same pixels.
    func replay(_ records: [Compositor.RecordedComposite]) {
        for r in records {
            if let raster = r.raster {
                guard r.map.isAffine else {
                    ProjectiveWarp.draw(raster, through: r.map, onto: cr, clip: canvas, alpha: r.alpha, antialias: r.antialias)
                    continue
                }
                let t = r.map.affine
                var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                cairo_save(cr)
                cairo_set_matrix(cr, &m)
                let pattern = raster.makePattern(filter: CAIRO_FILTER_BILINEAR)!
                cairo_set_source(cr, pattern)
                cairo_set_antialias(cr, r.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
                cairo_rectangle(cr, r.rect.minX, r.rect.minY, r.rect.width, r.rect.height)
                if r.alpha >= 1 {
                    cairo_fill(cr)
                } else {
                    cairo_clip(cr)
                    cairo_paint_with_alpha(cr, r.alpha)
                }
                cairo_pattern_destroy(pattern)
                cairo_restore(cr)
            } else if let color = r.color {
                let t = r.map.affine
                var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                cairo_save(cr)
                cairo_set_matrix(cr, &m)
                cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * r.alpha)
                cairo_rectangle(cr, r.rect.minX, r.rect.minY, r.rect.width, r.rect.height)
                cairo_fill(cr)
                cairo_restore(cr)
            }
        }
    }
}


extension Scenario {
    static let compositeScene = CompositeScene()
    nonisolated(unsafe) static let compositor = Compositor()

    /// Issue 6's first figure: the 300-layer 1080p frame, fully recomposited (rasters cached, and
    /// resampled into target pixels since the layers kept their maps).
    static let composite300 = Scenario(
        name: "composite-300-layers-1080p",
        summary: "a 1920×1080 frame of 300 layers (rounded, bordered, 1/3 images, 1/10 shadows, 2D transforms, 20 in perspective), fully recomposited from cached layer rasters",
        budgetMilliseconds: 6, units: 300, unitName: "layer",
        prepare: {
            let scene = compositeScene
            return { _ in
                compositor.draw(
                    scene.snapshot, states: scene.states, placement: .inSuperlayer, into: scene.cr, base: .identity,
                    clip: scene.canvas)
            }
        },
        baseline: "composite-300-layers-1080p-baseline", referenceBaselineMilliseconds: 4.5)

    /// The baseline for the figure above: the same composites as bare cairo/pixman calls.
    static let composite300Baseline = baseline(
        name: "composite-300-layers-1080p-baseline",
        summary: "the same frame as the bare cairo/pixman calls (set matrix, source, fill) from the same cached rasters",
        changes: nil)

    /// The same frame when every layer's transform changed since the last one (all 300 turn):
    /// each raster is resampled through its new map, no placed copy applies.
    static let composite300Turning = Scenario(
        name: "composite-300-layers-1080p-all-turning",
        summary: "the same frame when all 300 layers changed their transforms since the last frame (every raster resampled)",
        budgetMilliseconds: 16, units: 300, unitName: "layer",
        prepare: {
            let scene = compositeScene
            let turning = Compositor()
            let alternate = scene.turnedStates
            return { frame in
                turning.draw(
                    scene.snapshot, states: frame % 2 == 0 ? scene.states : alternate, placement: .inSuperlayer,
                    into: scene.cr, base: .identity, clip: scene.canvas)
            }
        },
        baseline: "composite-300-layers-1080p-all-turning-baseline", referenceBaselineMilliseconds: 140,
        ratioBudget: 0.15)

    /// The baseline for the turning frame: its composites as bare cairo/pixman calls.
    static let composite300TurningBaseline = baseline(
        name: "composite-300-layers-1080p-all-turning-baseline",
        summary: "the turning frame as the bare cairo/pixman calls from the same cached rasters",
        changes: { $0.turnedStates })

    static let slidingScene = CompositeScene(turned: false)

    /// The 300 layers unturned, every one slid by a fraction of a pixel since the last frame (the
    /// most common animation: scrolling, sliding); every raster resampled with its new offset.
    static let composite300Sliding = Scenario(
        name: "composite-300-layers-1080p-all-sliding",
        summary: "the same 300 layers, unturned, all slid by a fraction of a pixel since the last frame (every raster resampled)",
        budgetMilliseconds: 6, units: 300, unitName: "layer",
        prepare: {
            let scene = slidingScene
            let sliding = Compositor()
            let alternate = scene.slidStates
            return { frame in
                sliding.draw(
                    scene.snapshot, states: frame % 2 == 0 ? scene.states : alternate, placement: .inSuperlayer,
                    into: scene.cr, base: .identity, clip: scene.canvas)
            }
        },
        baseline: "composite-300-layers-1080p-all-sliding-baseline", referenceBaselineMilliseconds: 17)

    static let composite300SlidingBaseline = baseline(
        name: "composite-300-layers-1080p-all-sliding-baseline",
        summary: "the sliding frame as the bare cairo/pixman calls from the same cached rasters",
        scene: { slidingScene }, changes: { $0.slidStates })

    /// A frame's recorded composites replayed as bare cairo/pixman calls: `changes` gives the
    /// states every layer's map changed to (nil: a steady frame).
    static func baseline(
        name: String, summary: String, scene: @escaping @Sendable () -> CompositeScene = { compositeScene },
        changes: (@Sendable (CompositeScene) -> [RenderLayerState])?
    ) -> Scenario {
        Scenario(
            name: name, summary: summary, budgetMilliseconds: nil, units: 300, unitName: "layer",
            prepare: {
                let scene = scene()
                let records = scene.recordedFrame(changed: changes.map { $0(scene) })
                return { _ in scene.replay(records) }
            })
    }

    /// Issue 6's second figure: one small layer moves; the renderer redraws only the damage.
    static let compositeOneMoves = Scenario(
        name: "composite-one-small-layer-moves",
        summary: "the same 300-layer scene in a CARenderer: one 64-point layer moves 3 points (commit, evaluate, damage, redraw)",
        budgetMilliseconds: 0.1, units: 1, unitName: "frame",
        prepare: {
            let scene = CompositeScene()
            let context = CGContext(
                data: nil, width: CompositeScene.width, height: CompositeScene.height, bitsPerComponent: 8,
                bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let renderer = CARenderer(cgContext: context)
            renderer.layer = scene.root
            let mover = CALayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            mover.frame = CGRect(x: 100, y: 100, width: 64, height: 64)
            mover.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            scene.root.addSublayer(mover)
            CATransaction.commit()
            renderer.beginFrame(atTime: 0, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
            return { frame in
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                mover.position = CGPoint(x: 132 + Double(frame % 100) * 3, y: 132)
                CATransaction.commit()
                renderer.beginFrame(atTime: Double(frame), timeStamp: nil)
                renderer.render()
                renderer.endFrame()
            }
        })
}
