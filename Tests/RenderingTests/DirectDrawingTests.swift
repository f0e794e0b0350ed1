import Foundation
import QuartzCore
import StrataCompositor
import StrataLottie
import Testing

/// Layers whose look changes every frame are drawn straight into the frame (issue 26); the same
/// frames drawn through cached rasters (`drawsChangingLayersDirectly = false`) are the reference.
/// Metric: a pixel differs when a channel is off by more than 48 levels of 255 (the two paths
/// antialias edges differently: exact coverage against a raster resampled at a fractional
/// position); at most 0.6 % of the pixels may differ, and the mean channel difference over the
/// frame stays below 1 level (a 60×60 icon is mostly edges). The outermost ring of pixels is left
/// out: a layer filling the frame at a fractional offset fades there through its resampled raster
/// (the reference's error), where drawn in place it stays solid — as a layer seen for the first time
/// is drawn. Each comparison also checks that layers were drawn directly.
@Suite("Direct drawing of changing layers")
struct DirectDrawingTests {
    static let files = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/Lottie")

    /// Frames `first` … `first + 4` of a tree played from clock `origin` (at `fps`), drawn one
    /// after another by one renderer; the last three (direct drawing starts at a layer's third
    /// change in a row) with the number of layers drawn directly in each. `scans` false: shapes
    /// drawn directly are drawn by cairo, not the scan converter.
    static func frames(
        of root: CALayer, width: Int, height: Int, origin: Double, fps: Double, first: Int, direct: Bool, threads: Int,
        scans: Bool = true
    ) -> [(image: CGImage, directDraws: Int)] {
        let context = Golden.makeContext(width: width, height: height)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        renderer.compositorOptions.kernelOptions = RasterKernelOptions(threads: threads)
        renderer.compositorOptions.drawsChangingLayersDirectly = direct
        renderer.compositorOptions.scansShapes = scans
        var out: [(CGImage, Int)] = []
        for k in 0..<5 {
            renderer.beginFrame(atTime: origin + Double(first + k) / fps, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
            if k >= 2, let image = context.makeImage() { out.append((image, renderer.compositor.directDrawsInLastFrame)) }
        }
        return out
    }

    static func expectClose(_ a: CGImage, _ b: CGImage, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let dir = ProcessInfo.processInfo.environment["STRATA_DD_PNG"] {
            try? a.writePNG(to: URL(fileURLWithPath: "\(dir)/\(what)-direct.png"))
            try? b.writePNG(to: URL(fileURLWithPath: "\(dir)/\(what)-cached.png"))
        }
        let inner = CGRect(x: 1, y: 1, width: a.width - 2, height: a.height - 2)
        guard let a = a.cropping(to: inner), let b = b.cropping(to: inner), let difference = Golden.compare(a, b, channelTolerance: 48) else {
            Issue.record("\(what): sizes differ", sourceLocation: sourceLocation)
            return
        }
        let pixels = a.width * a.height
        #expect(
            Double(difference.differingPixels) <= Double(pixels) * 0.006, "\(what): \(difference) of \(pixels) pixels",
            sourceLocation: sourceLocation)
        let pa = a.pixels.words, pb = b.pixels.words
        var total = 0
        for i in 0..<pixels where pa[i] != pb[i] {
            for shift in stride(from: 0, to: 32, by: 8) {
                total += abs(Int((pa[i] >> UInt32(shift)) & 0xFF) - Int((pb[i] >> UInt32(shift)) & 0xFF))
            }
        }
        let mean = Double(total) / Double(pixels * 4)
        #expect(mean < 1, "\(what): mean channel difference \(mean)", sourceLocation: sourceLocation)
    }

    /// The bench files whose layers change every frame, each at one clock origin and thread
    /// count (cycled, so both thread counts and every origin are covered), at two points where
    /// something changes (nil: a quarter and three fifths of the way).
    @Test(arguments: [
        ("LottieLogo1_masked", 0, [20, 60]), ("TwitterHeartButton", 1, [36, 44]), ("growth", 2, nil),
        ("infinity_loader", 3, nil), ("loading_gradient_strokes", 4, nil), ("success", 5, nil), ("shop", 6, nil),
        ("gradient_shapes", 7, [300, 900]),
    ] as [(String, Int, [Int]?)])
    func lottieFramesDrawnDirectlyMatchTheCachedRasters(name: String, cycle: Int, starts: [Int]?) throws {
        let animation = try LottieAnimation(contentsOf: Self.files.appendingPathComponent("\(name).json"))
        let width = Int(animation.size.width), height = Int(animation.size.height)
        let origin = clockOrigins[cycle % clockOrigins.count]
        let threads = 1 + cycle % 2
        let frameCount = Int(animation.outPoint - animation.inPoint)
        var drawnDirectly = 0
        for first in starts ?? [frameCount / 4, frameCount * 3 / 5] {
            func play(direct: Bool) -> [(image: CGImage, directDraws: Int)] {
                MediaClock.withClock(MediaClock.Manual(time: origin)) {
                    let player = scene { () -> LottieLayer in
                        let player = LottieLayer(animation: animation)
                        player.frame = CGRect(x: 0, y: 0, width: width, height: height)
                        player.loopMode = .loop
                        return player
                    }
                    player.play()
                    CATransaction.flush()
                    return Self.frames(
                        of: player, width: width, height: height, origin: origin, fps: animation.frameRate, first: first,
                        direct: direct, threads: threads)
                }
            }
            let direct = play(direct: true), cached = play(direct: false)
            for (k, (d, c)) in zip(direct, cached).enumerated() {
                Self.expectClose(d.image, c.image, "\(name) frame \(first + 2 + k) (origin \(origin), \(threads) threads)")
                #expect(c.directDraws == 0, "the reference draws nothing directly")
                drawnDirectly += d.directDraws
            }
        }
        #expect(drawnDirectly > 0, "\(name): some layer changes every frame and is drawn directly")
    }

    /// Spinner-like CAShapeLayers (animated strokeEnd, rotation and colour, as in
    /// `strata-bench spinners-50-shape-layers-1080p`) at three clock origins, one and two threads.
    @Test(arguments: clockOrigins)
    func spinnerShapeLayersDrawnDirectlyMatchTheCachedRasters(origin: Double) {
        for threads in [1, 2] {
            func play(direct: Bool) -> [(image: CGImage, directDraws: Int)] {
                MediaClock.withClock(MediaClock.Manual(time: origin)) {
                    let root = scene { () -> CALayer in
                        let root = CALayer()
                        root.frame = CGRect(x: 0, y: 0, width: 320, height: 200)
                        root.backgroundColor = CGColor(gray: 1, alpha: 1)
                        let ring = CGMutablePath()
                        ring.addArc(center: CGPoint(x: 30, y: 30), radius: 22, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
                        for i in 0..<12 {
                            let shape = CAShapeLayer()
                            shape.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
                            shape.position = CGPoint(x: 40 + Double(i % 4) * 80, y: 40 + Double(i / 4) * 60)
                            shape.path = ring
                            shape.fillColor = i % 3 == 0 ? CGColor(gray: 0.8, alpha: 0.5) : nil
                            shape.strokeColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
                            shape.lineWidth = 6
                            shape.lineCap = .round
                            shape.opacity = i % 4 == 1 ? 0.6 : 1
                            root.addSublayer(shape)
                        }
                        return root
                    }
                    for (i, shape) in (root.sublayers ?? []).enumerated() {
                        let grow = CABasicAnimation(keyPath: "strokeEnd")
                        (grow.fromValue, grow.toValue, grow.duration) = (0.05, 0.95, 0.7 + Double(i) * 0.05)
                        grow.autoreverses = true
                        grow.repeatCount = .infinity
                        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
                        (turn.fromValue, turn.toValue, turn.duration) = (0, 2 * Double.pi, 1.1)
                        turn.repeatCount = .infinity
                        let tint = CABasicAnimation(keyPath: "strokeColor")
                        tint.fromValue = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
                        tint.toValue = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
                        tint.duration = 1.3
                        shape.add(grow, forKey: "grow")
                        shape.add(turn, forKey: "turn")
                        shape.add(tint, forKey: "tint")
                    }
                    CATransaction.flush()
                    return Self.frames(
                        of: root, width: 320, height: 200, origin: origin, fps: 60, first: 7, direct: direct, threads: threads)
                }
            }
            let direct = play(direct: true), cached = play(direct: false)
            for (k, (d, c)) in zip(direct, cached).enumerated() {
                Self.expectClose(d.image, c.image, "spinners frame \(k) (origin \(origin), \(threads) threads)")
                #expect(d.directDraws == 12, "every ring changes every frame: all 12 drawn directly")
            }
        }
    }

    /// A 240-point white root holding a replicator of eight instances, each turned a further 45°,
    /// of one 50-point stroked ring (`lineWidth` wide, its colour at `alpha`); the root and ring.
    static func replicatedRing(lineWidth: Double, alpha: Double) -> (CALayer, CAShapeLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 240)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 8
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 130, y: 90, width: 60, height: 60)
        ring.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.1, green: 0.5, blue: 0.8, alpha: alpha)
        ring.lineWidth = lineWidth
        replicator.addSublayer(ring)
        root.addSublayer(replicator)
        return (root, ring)
    }

    /// A replicator's instances of a ring whose stroke end changes every frame are all drawn
    /// directly, not only the first (the held-out abstract_circle: 17 of its 18 instances remade
    /// and resampled the ring's raster, 3.9 ms a frame for ThorVG's 1.1). Eight instances turned
    /// 45° about the replicator's centre, against the cached rasters' frames, at three clock
    /// origins, one and two threads.
    @Test(arguments: clockOrigins)
    func replicatedChangingShapesAreAllDrawnDirectly(origin: Double) {
        for threads in [1, 2] {
            func play(direct: Bool) -> [(image: CGImage, directDraws: Int)] {
                MediaClock.withClock(MediaClock.Manual(time: origin)) {
                    let (root, ring) = scene { Self.replicatedRing(lineWidth: 3, alpha: 1) }
                    let grow = CABasicAnimation(keyPath: "strokeEnd")
                    (grow.fromValue, grow.toValue, grow.duration) = (0.1, 1, 0.9)
                    grow.repeatCount = .infinity
                    ring.add(grow, forKey: "grow")
                    CATransaction.flush()
                    return Self.frames(
                        of: root, width: 240, height: 240, origin: origin, fps: 60, first: 5, direct: direct, threads: threads)
                }
            }
            let direct = play(direct: true), cached = play(direct: false)
            for (k, (d, c)) in zip(direct, cached).enumerated() {
                Self.expectClose(d.image, c.image, "replicated ring frame \(k) (origin \(origin), \(threads) threads)")
                #expect(d.directDraws == 8, "the ring changes every frame: all 8 instances drawn directly (\(d.directDraws))")
            }
        }
    }

    /// A still ring repeated eight times by a replicator, redrawn every frame (the background
    /// under it changes colour): a thin stroke's raster is mostly empty pixels to resample at
    /// each instance, so each instance is scanned (abstract_circle's eighteen rings: 2.4 → 0.7 ms
    /// a frame); a thick ring (covering over a quarter of its extent) keeps its raster. Both
    /// within the metric of the cached rasters, at three clock origins, on one and two threads.
    @Test(arguments: clockOrigins)
    func stillThinRingsRepeatedByAReplicatorAreScannedAndThickOnesResampled(origin: Double) {
        for (lineWidth, drawnDirectly) in [(3.0, 8), (20.0, 0)] {
            for threads in [1, 2] {
                func play(direct: Bool) -> [(image: CGImage, directDraws: Int)] {
                    MediaClock.withClock(MediaClock.Manual(time: origin)) {
                        let root = scene {
                            let (root, ring) = Self.replicatedRing(lineWidth: lineWidth, alpha: 0.8)
                            // Round joins: the extent is the stroke's, with no miter allowance.
                            ring.lineJoin = .round
                            return root
                        }
                        let fade = CABasicAnimation(keyPath: "backgroundColor")
                        fade.fromValue = CGColor(gray: 1, alpha: 1)
                        fade.toValue = CGColor(red: 1, green: 0.9, blue: 0.8, alpha: 1)
                        (fade.duration, fade.repeatCount) = (0.9, .infinity)
                        root.add(fade, forKey: "fade")
                        CATransaction.flush()
                        return Self.frames(
                            of: root, width: 240, height: 240, origin: origin, fps: 60, first: 5, direct: direct, threads: threads)
                    }
                }
                let direct = play(direct: true), cached = play(direct: false)
                for (k, (d, c)) in zip(direct, cached).enumerated() {
                    Self.expectClose(d.image, c.image, "rings \(lineWidth) wide frame \(k) (origin \(origin), \(threads) threads)")
                    #expect(d.directDraws == drawnDirectly, "rings \(lineWidth) wide: \(d.directDraws) instances drawn directly")
                    #expect(c.directDraws == 0)
                }
            }
        }
    }

    /// A changing ring inside a container turned 20° and scaled by 0.79 that clips to its bounds
    /// (a turned, scaled precomposition: cairo cannot list that clip) is still drawn by the scan
    /// converter, cut to the container's turned bounds from the walk's own account of the clip:
    /// its frames differ from cairo's drawing of the same ring (another antialiasing) and are
    /// within the metric of it and of the cached rasters, which cairo clips; at three clock
    /// origins. The same with the ring two clips deep: inside a second container turned −35° on
    /// fractional pixels, which fades as a group (a square beside the ring overlaps it), so the
    /// account is cut again by the group's whole-pixel limit.
    @Test(arguments: clockOrigins)
    func changingShapesUnderATurnedClipAreScanned(origin: Double) {
        func play(nested: Bool, direct: Bool, scans: Bool) -> [CGImage] {
            MediaClock.withClock(MediaClock.Manual(time: origin)) {
                let (root, ring) = scene { () -> (CALayer, CAShapeLayer) in
                    let root = CALayer()
                    root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
                    root.backgroundColor = CGColor(gray: 1, alpha: 1)
                    let clip = CALayer()
                    clip.bounds = CGRect(x: 0, y: 0, width: 150, height: 110)
                    clip.position = CGPoint(x: 100.3, y: 99.6)
                    clip.transform = CATransform3DRotate(CATransform3DMakeScale(0.79, 0.79, 1), 20 * .pi / 180, 0, 0, 1)
                    clip.masksToBounds = true
                    let ring = CAShapeLayer()
                    ring.frame = CGRect(x: 20, y: -20, width: 150, height: 150)
                    ring.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 130, height: 130), transform: nil)
                    ring.fillColor = nil
                    ring.strokeColor = CGColor(red: 0.8, green: 0.2, blue: 0.3, alpha: 1)
                    ring.lineWidth = 9
                    if nested {
                        let inner = CALayer()
                        inner.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
                        inner.position = CGPoint(x: 80.4, y: 50.7)
                        inner.transform = CATransform3DMakeRotation(-35 * .pi / 180, 0, 0, 1)
                        inner.masksToBounds = true
                        inner.opacity = 0.8
                        ring.frame = CGRect(x: 25, y: -15, width: 110, height: 110)
                        ring.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 90, height: 90), transform: nil)
                        inner.addSublayer(ring)
                        inner.addSublayer(solid(CGRect(x: 50, y: 40, width: 40, height: 30), 0.2, 0.6, 0.3))
                        clip.addSublayer(inner)
                    } else {
                        clip.addSublayer(ring)
                    }
                    root.addSublayer(clip)
                    return (root, ring)
                }
                let grow = CABasicAnimation(keyPath: "strokeEnd")
                (grow.fromValue, grow.toValue, grow.duration) = (0.2, 1, 0.9)
                grow.repeatCount = .infinity
                ring.add(grow, forKey: "grow")
                CATransaction.flush()
                return Self.frames(
                    of: root, width: 200, height: 200, origin: origin, fps: 60, first: 5, direct: direct, threads: 1,
                    scans: scans
                ).map(\.image)
            }
        }
        for nested in [false, true] {
            let what = nested ? "two turned clips" : "a turned clip"
            let scanned = play(nested: nested, direct: true, scans: true), byCairo = play(nested: nested, direct: true, scans: false)
            let cached = play(nested: nested, direct: false, scans: false)
            for k in 0..<min(scanned.count, byCairo.count, cached.count) {
                #expect(
                    !scanned[k].pixels.words.elementsEqual(byCairo[k].pixels.words),
                    "\(what), frame \(k) (origin \(origin)): the ring is scanned, not drawn by cairo")
                Self.expectClose(scanned[k], byCairo[k], "\(what), scanned against cairo, frame \(k) (origin \(origin))")
                Self.expectClose(scanned[k], cached[k], "\(what), scanned against cached rasters, frame \(k) (origin \(origin))")
            }
            #expect(scanned.count == 3)
        }
    }

    /// Shapes turning about y in perspective (m34), one filled, one filled and stroked, are
    /// drawn through their projected outlines (the stroke outlined in layer space, where the pen
    /// is round), not rasters resampled through the perspective: both drawn directly every frame,
    /// within the metric of the cached rasters' frames, at three clock origins.
    @Test(arguments: clockOrigins)
    func shapesInPerspectiveAreDrawnThroughTheirProjectedOutlines(origin: Double) {
        func play(direct: Bool) -> [(image: CGImage, directDraws: Int)] {
            MediaClock.withClock(MediaClock.Manual(time: origin)) {
                let (root, turning) = scene { () -> (CALayer, [CAShapeLayer]) in
                    let root = CALayer()
                    root.frame = CGRect(x: 0, y: 0, width: 240, height: 140)
                    root.backgroundColor = CGColor(gray: 1, alpha: 1)
                    var perspective = CATransform3DIdentity
                    perspective.m34 = -1 / 300
                    root.sublayerTransform = perspective
                    var shapes: [CAShapeLayer] = []
                    for (k, stroked) in [false, true].enumerated() {
                        let shape = CAShapeLayer()
                        shape.frame = CGRect(x: 20 + 110 * Double(k), y: 20, width: 100, height: 100)
                        shape.path = CGPath(roundedRect: CGRect(x: 10, y: 10, width: 80, height: 80), cornerWidth: 18, cornerHeight: 18, transform: nil)
                        shape.fillColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
                        if stroked {
                            shape.strokeColor = CGColor(red: 0.1, green: 0.2, blue: 0.7, alpha: 1)
                            shape.lineWidth = 4
                        }
                        root.addSublayer(shape)
                        shapes.append(shape)
                    }
                    return (root, shapes)
                }
                for shape in turning {
                    let turn = CABasicAnimation(keyPath: "transform.rotation.y")
                    (turn.fromValue, turn.toValue, turn.duration) = (-0.9, 0.9, 0.8)
                    turn.repeatCount = .infinity
                    shape.add(turn, forKey: "turn")
                }
                CATransaction.flush()
                return Self.frames(of: root, width: 240, height: 140, origin: origin, fps: 60, first: 5, direct: direct, threads: 1)
            }
        }
        let direct = play(direct: true), cached = play(direct: false)
        #expect(direct.count == 3)
        for (k, (d, c)) in zip(direct, cached).enumerated() {
            Self.expectClose(d.image, c.image, "shapes turning in perspective frame \(k) (origin \(origin))")
            #expect(d.directDraws == 2, "both shapes drawn through their outlines (\(d.directDraws))")
            #expect(c.directDraws == 0)
        }
    }

    /// Filled shape layers that slide and turn every frame (their look still), large or small,
    /// are drawn straight into the frame, and a stroke along a few straight segments; a stroked
    /// rounded box keeps its raster. Frames against the cached rasters' at three clock origins,
    /// one and two threads.
    @Test(arguments: clockOrigins)
    func movingFilledShapesMatchTheCachedRasters(origin: Double) {
        for threads in [1, 2] {
            func play(direct: Bool) -> [(image: CGImage, directDraws: Int)] {
                MediaClock.withClock(MediaClock.Manual(time: origin)) {
                    let root = scene { () -> CALayer in
                        let root = CALayer()
                        root.frame = CGRect(x: 0, y: 0, width: 400, height: 240)
                        root.backgroundColor = CGColor(gray: 1, alpha: 1)
                        for i in 0..<5 {
                            // Two large (160 points), one small (40), one large but stroked, one
                            // stroked zigzag of three straight segments.
                            let side: Double = i == 2 || i == 4 ? 40 : 160
                            let shape = CAShapeLayer()
                            shape.bounds = CGRect(x: 0, y: 0, width: side, height: side)
                            shape.position = CGPoint(x: 60 + Double(i) * 80, y: 120)
                            shape.path = CGPath(roundedRect: shape.bounds.insetBy(dx: 4, dy: 4), cornerWidth: side / 5,
                                cornerHeight: side / 5, transform: nil)
                            if i == 4 {
                                let zigzag = CGMutablePath()
                                zigzag.addLines(between: [CGPoint(x: 2, y: 30), CGPoint(x: 14, y: 4), CGPoint(x: 26, y: 36), CGPoint(x: 38, y: 10)])
                                shape.path = zigzag
                                shape.fillColor = nil
                                shape.strokeColor = CGColor(red: 0.8, green: 0.2, blue: 0.1, alpha: 1)
                                shape.lineWidth = 4
                                root.addSublayer(shape)
                                continue
                            }
                            shape.fillColor = CGColor(red: 0.2 + Double(i) * 0.2, green: 0.5, blue: 0.8, alpha: i == 1 ? 0.6 : 1)
                            if i == 3 {
                                shape.strokeColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
                                shape.lineWidth = 3
                            }
                            root.addSublayer(shape)
                        }
                        return root
                    }
                    for (i, shape) in (root.sublayers ?? []).enumerated() {
                        let slide = CABasicAnimation(keyPath: "position.x")
                        (slide.fromValue, slide.toValue, slide.duration) = (shape.position.x, shape.position.x + 23.7, 0.9)
                        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
                        (turn.fromValue, turn.toValue, turn.duration) = (0, 0.5 + Double(i) * 0.1, 1.3)
                        shape.add(slide, forKey: "slide")
                        shape.add(turn, forKey: "turn")
                    }
                    CATransaction.flush()
                    return Self.frames(of: root, width: 400, height: 240, origin: origin, fps: 60, first: 10, direct: direct, threads: threads)
                }
            }
            let direct = play(direct: true), cached = play(direct: false)
            for (k, (d, c)) in zip(direct, cached).enumerated() {
                Self.expectClose(d.image, c.image, "moving shapes frame \(k) (origin \(origin), \(threads) threads)")
                #expect(d.directDraws == 4, "the three filled shapes and the zigzag drawn directly, not the stroked box")
            }
        }
    }

    /// Gradient layers cut by shape masks whose outline changes every frame (a path animation):
    /// the gradient is filled through the outline straight into the frame.
    @Test(arguments: clockOrigins)
    func gradientsCutByChangingOutlinesMatchTheCachedRasters(origin: Double) {
        expectGradientCutsMatch(origin: origin, what: "changing cuts") { gradient in
            let morph = CABasicAnimation(keyPath: "path")
            morph.fromValue = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 40, height: 70), transform: nil)
            // Outlines of the same elements morph point by point (as on Apple).
            morph.toValue = CGPath(ellipseIn: CGRect(x: 2, y: 20, width: 46, height: 40), transform: nil)
            morph.duration = 0.9
            gradient.mask?.add(morph, forKey: "morph")
        }
    }

    /// Gradient layers cut by stroked outlines (a gradient ring, as in Lottie gradient strokes)
    /// whose stroke end and width change every frame.
    @Test(arguments: clockOrigins)
    func gradientsCutByChangingStrokesMatchTheCachedRasters(origin: Double) {
        expectGradientCutsMatch(origin: origin, what: "changing strokes", stroked: true) { gradient in
            let trim = CABasicAnimation(keyPath: "strokeEnd")
            (trim.fromValue, trim.toValue, trim.duration) = (0.2, 0.95, 0.9)
            let width = CABasicAnimation(keyPath: "lineWidth")
            (width.fromValue, width.toValue, width.duration) = (4, 9, 0.7)
            gradient.mask?.add(trim, forKey: "trim")
            gradient.mask?.add(width, forKey: "width")
        }
    }

    /// Gradient layers cut by still outlines that move and turn every frame: drawn through the
    /// gradient kernel straight into the frame rather than resampling their rasters.
    @Test(arguments: clockOrigins)
    func movingGradientCutsMatchTheCachedRasters(origin: Double) {
        expectGradientCutsMatch(origin: origin, what: "moving cuts") { gradient in
            let slide = CABasicAnimation(keyPath: "position.y")
            (slide.fromValue, slide.toValue, slide.duration) = (gradient.position.y, gradient.position.y + 17.3, 0.8)
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            (turn.fromValue, turn.toValue, turn.duration) = (0, 0.6, 0.9)
            gradient.add(slide, forKey: "slide")
            gradient.add(turn, forKey: "turn")
        }
    }

    /// Four gradient layers (axial and radial, one cut at half opacity) cut by ellipse masks
    /// (filled, or stroked 6 points wide), animated by `animate`: frames drawn directly against the cached rasters', and all four
    /// drawn directly.
    func expectGradientCutsMatch(
        origin: Double, what: String, stroked: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
        animate: @escaping (CAGradientLayer) -> Void
    ) {
        func play(direct: Bool) -> [(image: CGImage, directDraws: Int)] {
            MediaClock.withClock(MediaClock.Manual(time: origin)) {
                let root = scene { () -> CALayer in
                    let root = CALayer()
                    root.frame = CGRect(x: 0, y: 0, width: 240, height: 120)
                    for i in 0..<4 {
                        let gradient = CAGradientLayer()
                        gradient.frame = CGRect(x: 10 + Double(i) * 57, y: 20, width: 50, height: 80)
                        gradient.colors = [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(red: 0.2, green: 0.3, blue: 1, alpha: 0.8)]
                        gradient.type = i % 2 == 0 ? .axial : .radial
                        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
                        gradient.endPoint = CGPoint(x: 1, y: 1)
                        let mask = CAShapeLayer()
                        mask.frame = gradient.bounds
                        mask.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 40, height: 70), transform: nil)
                        mask.fillColor = CGColor(gray: 0, alpha: i == 3 ? 0.5 : 1)
                        if stroked {
                            mask.strokeColor = mask.fillColor
                            mask.fillColor = nil
                            mask.lineWidth = 6
                            mask.lineCap = .round
                        }
                        gradient.mask = mask
                        root.addSublayer(gradient)
                    }
                    return root
                }
                for case let gradient as CAGradientLayer in root.sublayers ?? [] { animate(gradient) }
                CATransaction.flush()
                return Self.frames(of: root, width: 240, height: 120, origin: origin, fps: 60, first: 10, direct: direct, threads: 1)
            }
        }
        let direct = play(direct: true), cached = play(direct: false)
        for (k, (d, c)) in zip(direct, cached).enumerated() {
            Self.expectClose(d.image, c.image, "gradient \(what) frame \(k) (origin \(origin))", sourceLocation: sourceLocation)
            #expect(d.directDraws == 4, "all four \(what) drawn directly", sourceLocation: sourceLocation)
        }
    }

    /// A shape layer seen for the first time (a still: a snapshot, a poster frame, one frame of a
    /// conformance test) is drawn in place, not through a raster resampled to its position: at a
    /// fractional position and a scale of 0.37 its pixels equal CoreGraphics filling and stroking
    /// the same path through the same transform (metric: no channel off by more than 2 levels,
    /// at 3 clock origins). Through a raster its edges were off by up to ~60 levels.
    @Test(arguments: clockOrigins)
    func aShapeLayerSeenForTheFirstTimeIsDrawnInPlace(origin: Double) throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 20, y: 30))
        path.addCurve(to: CGPoint(x: 180, y: 60), control1: CGPoint(x: 70, y: -20), control2: CGPoint(x: 140, y: 190))
        path.addLine(to: CGPoint(x: 60, y: 170))
        path.closeSubpath()
        let (dx, dy, k) = (10.3, 7.6, 0.37)
        let shape = scene { () -> CAShapeLayer in
            let shape = CAShapeLayer()
            shape.anchorPoint = .zero
            shape.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            shape.position = CGPoint(x: dx, y: dy)
            shape.transform = CATransform3DMakeScale(k, k, 1)
            shape.path = path
            shape.fillColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
            shape.strokeColor = CGColor(red: 0.1, green: 0.2, blue: 0.7, alpha: 1)
            shape.lineWidth = 6
            return shape
        }
        let image = Golden.render(shape, width: 90, height: 90, at: origin)
        let reference = Golden.makeContext(width: 90, height: 90)
        reference.translateBy(x: 0, y: 90)
        reference.scaleBy(x: 1, y: -1)
        reference.translateBy(x: dx, y: dy)
        reference.scaleBy(x: k, y: k)
        reference.addPath(path)
        reference.setFillColor(CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1))
        reference.fillPath()
        reference.addPath(path)
        reference.setStrokeColor(CGColor(red: 0.1, green: 0.2, blue: 0.7, alpha: 1))
        reference.setLineWidth(6)
        reference.strokePath()
        let expected = try #require(reference.makeImage())
        let difference = try #require(Golden.compare(image, expected, channelTolerance: 2))
        #expect(difference.differingPixels == 0, "origin \(origin): \(difference)")
    }

    /// A still shape redrawn only where a neighbour's damage cuts it keeps the pixels it was
    /// drawn with: scanned while it moved, or drawn in place by cairo at first sight. Switching
    /// it to its raster (resampled at a fractional position) inside the damage alone left a
    /// seam, crisp outside and soft inside: the frame showed its history. The circle's left half
    /// must be byte-identical from the frame it holds, at 3 clock origins, for a circle that
    /// slid there and one that never moved.
    @Test(arguments: clockOrigins)
    func aStillShapeRedrawnInPartKeepsThePixelsItWasDrawnWith(origin: Double) throws {
        for slides in [true, false] {
            try expectHeldBesideAChangingNeighbour(origin: origin, slides: slides, what: "circle") {
                let circle = CAShapeLayer()
                circle.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
                circle.fillColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
                return circle
            }
        }
    }

    /// The same for a gradient cut by a circular shape mask: painted straight through the mask's
    /// outline while it slid, the still cut is not switched to its raster inside a neighbour's
    /// damage alone.
    @Test(arguments: clockOrigins)
    func aStillMaskedGradientRedrawnInPartKeepsThePixelsItWasDrawnWith(origin: Double) throws {
        for slides in [true, false] {
            try expectHeldBesideAChangingNeighbour(origin: origin, slides: slides, what: "masked gradient") {
                let gradient = CAGradientLayer()
                gradient.colors = [CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1), CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)]
                gradient.startPoint = CGPoint(x: 0, y: 0)
                gradient.endPoint = CGPoint(x: 1, y: 1)
                let mask = CAShapeLayer()
                mask.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
                mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
                gradient.mask = mask
                return gradient
            }
        }
    }

    /// Plays 16 frames of a 160×120 scene: an L on the left whose colour changes every frame (its
    /// box covers the subject's left half, its ink never touches it) and `subject` (60×60 points,
    /// centred at (70.3, 60.4)), sliding there over its first 0.1 s when `slides`. From the frame
    /// the subject holds, its left half must stay byte-identical, in frames that redraw only the
    /// neighbour's box.
    private func expectHeldBesideAChangingNeighbour(
        origin: Double, slides: Bool, what: String, subject makeSubject: () -> CALayer
    ) throws {
        let (root, neighbour, subject) = scene { () -> (CALayer, CALayer, CALayer) in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            let neighbour = CAShapeLayer()
            neighbour.frame = CGRect(x: 0, y: 0, width: 70, height: 120)
            let l = CGMutablePath()
            l.addRect(CGRect(x: 0, y: 0, width: 10, height: 120))
            l.addRect(CGRect(x: 0, y: 110, width: 70, height: 10))
            neighbour.path = l
            neighbour.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let subject = makeSubject()
            subject.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
            subject.position = CGPoint(x: 70.3, y: 60.4)
            root.addSublayer(neighbour)
            root.addSublayer(subject)
            return (root, neighbour, subject)
        }
        let shade = CABasicAnimation(keyPath: "fillColor")
        (shade.fromValue, shade.toValue, shade.duration) = (
            CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0.8, blue: 0, alpha: 1), 10
        )
        let slide = CABasicAnimation(keyPath: "position.x")
        (slide.fromValue, slide.toValue, slide.duration) = (50.3, 70.3, 0.1)
        try MediaClock.withClock(MediaClock.Manual(time: origin)) {
            if slides { subject.add(slide, forKey: "slide") }
            neighbour.add(shade, forKey: "shade")
            CATransaction.flush()
            let context = Golden.makeContext(width: 160, height: 120)
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            renderer.compositorOptions.kernelOptions = RasterKernelOptions(threads: 1)
            // The subject's left half (device pixels, y down), away from the L.
            let half = CGRect(x: 38, y: 28, width: 33, height: 65)
            var kept: [UInt32]?
            var partial = 0
            for frame in 0..<16 {
                renderer.beginFrame(atTime: origin + Double(frame) / 60, timeStamp: nil)
                let damage = renderer.updateBounds()
                renderer.render()
                renderer.endFrame()
                let image = try #require(context.makeImage()?.cropping(to: half))
                // The slide ends at 0.1 s: from frame 7 the subject holds.
                guard frame >= (slides ? 7 : 0) else { continue }
                let pixels = Array(image.pixels.words)
                if let kept {
                    let which = "\(what), frame \(frame) (origin \(origin), slides: \(slides))"
                    let changed = zip(pixels, kept).count { $0 != $1 }
                    #expect(changed == 0, "\(which): \(changed) pixels of the left half changed while it held")
                    if damage.width < 160 { partial += 1 }
                }
                kept = pixels
            }
            #expect(partial >= 6, "\(what): frames where it holds redraw only the neighbour's box (\(partial) partial)")
        }
    }
}
