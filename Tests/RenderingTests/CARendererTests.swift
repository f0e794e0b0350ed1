import CoreGraphics
import QuartzCore
@testable import StrataCompositor
import StrataRender
import Testing

@Suite("CARenderer: frames, damage, next frame time")
struct CARendererTests {
    /// A renderer over a fresh 200×100 bitmap showing `root`.
    func makeRenderer(_ root: CALayer, width: Int = 200, height: Int = 100) -> (CARenderer, CGContext) {
        let context = Golden.makeContext(width: width, height: height)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        return (renderer, context)
    }

    func frame(_ renderer: CARenderer, at t: Double) -> CGRect {
        renderer.beginFrame(atTime: t, timeStamp: nil)
        let damage = renderer.updateBounds()
        renderer.render()
        renderer.endFrame()
        return damage
    }

    @Test func firstFrameRedrawsEverythingAndAnUnchangedFrameNothing() {
        let root = scene { () -> CALayer in
            let root = canvas(200, 100)
            root.addSublayer(solid(CGRect(x: 10, y: 10, width: 20, height: 20), 1, 0, 0))
            return root
        }
        let (renderer, _) = makeRenderer(root)
        #expect(frame(renderer, at: 0) == CGRect(x: 0, y: 0, width: 200, height: 100))
        let second = frame(renderer, at: 1)
        #expect(second.isNull || second.isEmpty)
    }

    /// Moving one small layer damages only its old and new places.
    @Test func movingOneLayerDamagesOnlyWhereItWasAndIs() {
        let (root, mover) = scene { () -> (CALayer, CALayer) in
            let root = canvas(200, 100)
            for i in 0..<5 { root.addSublayer(solid(CGRect(x: 10 + i * 35, y: 60, width: 30, height: 30), 0, 0, 1)) }
            let mover = solid(CGRect(x: 10, y: 10, width: 20, height: 20), 1, 0, 0)
            root.addSublayer(mover)
            return (root, mover)
        }
        let (renderer, context) = makeRenderer(root)
        _ = frame(renderer, at: 0)
        scene { mover.position = CGPoint(x: 70, y: 20) }
        let damage = frame(renderer, at: 1)
        // Old (10...30, 10...30) and new (60...80, 10...30), with a pixel of slack.
        #expect(damage == CGRect(x: 9, y: 9, width: 72, height: 22))
        let image = context.makeImage()!
        #expect(near(image.rgba(65, 15), (255, 0, 0, 255)))
        #expect(near(image.rgba(15, 15), (255, 255, 255, 255)))
        // The partial redraw equals a full render of the same tree.
        let full = Golden.render(root, width: 200, height: 100, at: 1)
        #expect(Golden.compare(image, full, channelTolerance: 0)?.maxChannel == 0)
    }

    /// Two small layers changing in opposite corners redraw two small rectangles, not their
    /// bounding box (the whole target): the region has two parts, `updateBounds` is still the
    /// box, and the picture equals a full render (every channel exact), at 3 clock origins.
    @Test(arguments: clockOrigins)
    func changesFarApartRedrawTwoRectanglesNotTheirBoundingBox(origin: Double) {
        let (root, a, b) = scene { () -> (CALayer, CALayer, CALayer) in
            let root = canvas(200, 100)
            for i in 0..<5 { root.addSublayer(solid(CGRect(x: 10 + i * 35, y: 40, width: 30, height: 20), 0, 0, 1)) }
            let a = solid(CGRect(x: 4, y: 4, width: 12, height: 12), 1, 0, 0)
            let b = solid(CGRect(x: 180, y: 82, width: 12, height: 12), 0, 0.6, 0)
            root.addSublayer(a)
            root.addSublayer(b)
            return (root, a, b)
        }
        let (renderer, context) = makeRenderer(root)
        _ = frame(renderer, at: origin)
        scene {
            a.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)
            b.position = CGPoint(x: 183, y: 86)
        }
        renderer.beginFrame(atTime: origin + 1, timeStamp: nil)
        let region = renderer.updateRegion()
        let bounds = renderer.updateBounds()
        renderer.render()
        renderer.endFrame()
        #expect(region.count == 2, "two rectangles: \(region)")
        let pixels = region.reduce(0) { $0 + $1.width * $1.height }
        #expect(pixels < 0.05 * bounds.width * bounds.height, "the region is a small part of its box: \(pixels) of \(bounds)")
        #expect(bounds.width > 180 && bounds.height > 80, "updateBounds is the bounding box: \(bounds)")
        let image = context.makeImage()!
        let full = Golden.render(root, width: 200, height: 100, at: origin + 1)
        #expect(Golden.compare(image, full, channelTolerance: 0)?.maxChannel == 0)
    }

    /// Damage is cut to the destination before it is merged: layers changing far outside it make
    /// no region at all, one reaching into it a region within it, and the picture equals a full
    /// render (every channel exact).
    @Test func damageOutsideTheDestinationIsCutBeforeMerging() {
        let (root, outside, across) = scene { () -> (CALayer, CALayer, CALayer) in
            let root = canvas(200, 100)
            let outside = solid(CGRect(x: 1000, y: 1000, width: 300, height: 300), 1, 0, 0)
            let across = solid(CGRect(x: 150, y: 50, width: 400, height: 400), 0, 0, 1)
            root.addSublayer(outside)
            root.addSublayer(across)
            return (root, outside, across)
        }
        let (renderer, context) = makeRenderer(root)
        _ = frame(renderer, at: 0)
        scene { outside.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        renderer.beginFrame(atTime: 1, timeStamp: nil)
        #expect(renderer.updateRegion().isEmpty, "a change nobody sees redraws nothing")
        renderer.render()
        renderer.endFrame()
        scene { across.backgroundColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1) }
        renderer.beginFrame(atTime: 2, timeStamp: nil)
        let region = renderer.updateRegion()
        let canvasRect = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(!region.isEmpty && region.allSatisfy { canvasRect.contains($0) }, "\(region)")
        renderer.render()
        renderer.endFrame()
        let full = Golden.render(root, width: 200, height: 100, at: 2)
        #expect(Golden.compare(context.makeImage()!, full, channelTolerance: 0)?.maxChannel == 0)
    }

    /// The region's merging: neighbours become one, far ones stay apart, many become their box.
    @Test func damageRegionsMergeNeighboursAndKeepFarOnesApart() {
        let near = DamageRegion.merge([CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 9, y: 0, width: 10, height: 10)])
        #expect(near == [CGRect(x: 0, y: 0, width: 19, height: 10)])
        let far = DamageRegion.merge([CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 500, y: 500, width: 10, height: 10)])
        #expect(far.count == 2)
        // Covering most of their box: the box.
        let most = DamageRegion.merge([CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 0, y: 50, width: 80, height: 50)])
        #expect(most == [CGRect(x: 0, y: 0, width: 100, height: 100)])
        // Twenty scattered boxes: at most eight rectangles, covering every box.
        let scattered = (0..<20).map { CGRect(x: Double($0 % 5) * 200, y: Double($0 / 5) * 200, width: 8, height: 8) }
        let merged = DamageRegion.merge(scattered)
        #expect(merged.count <= DamageRegion.maxRectangles)
        #expect(scattered.allSatisfy { box in merged.contains { $0.contains(box) } })
        #expect(DamageRegion.merge([]).isEmpty)
        // 64 scattered boxes (the most merged pair by pair): at most eight rectangles; 65: their box.
        let grid = (0..<65).map { CGRect(x: Double($0 % 8) * 120, y: Double($0 / 8) * 120, width: 6, height: 6) }
        #expect(DamageRegion.merge(Array(grid.prefix(64))).count <= DamageRegion.maxRectangles)
        #expect(DamageRegion.merge(grid) == [grid.dropFirst().reduce(grid[0]) { $0.union($1) }])
        // 50 turning layers, each damaged where it was and where it is (100 overlapping boxes, as
        // the spinner scene's rings): not their box (most of a 1080p frame) but a few rectangles
        // covering every box with far less area.
        let turning = (0..<50).flatMap { i -> [CGRect] in
            let x = 100 + Double(i % 10) * 180, y = 100 + Double(i / 10) * 195
            return [CGRect(x: x, y: y, width: 124, height: 124), CGRect(x: x + 3, y: y - 2, width: 122, height: 125)]
        }
        let rings = DamageRegion.merge(turning)
        let box = turning.dropFirst().reduce(turning[0]) { $0.union($1) }
        #expect(rings.count > 1 && rings.count <= DamageRegion.maxRectangles, "\(rings.count) rectangles")
        #expect(turning.allSatisfy { b in rings.contains { $0.contains(b) } })
        let area = rings.reduce(0) { $0 + $1.width * $1.height }
        #expect(area < 0.85 * box.width * box.height, "\(area) of \(box.width * box.height) pixels")
    }

    /// A renderer's region is merged in buffers kept from frame to frame: 300 frames of 0 to 90
    /// boxes (random sizes and places, empty and null ones among them, counts across the 64
    /// that switch to cheap merging first) merged in one reused region give exactly what a fresh
    /// region gives (nothing of the last frame's boxes, costs or merges left behind).
    @Test func aReusedDamageRegionMergesAsAFreshOne() {
        var random = SplitMix(seed: 46)
        var reused = DamageRegion()
        for frame in 0..<300 {
            let count = Int(random.next() % 91)
            let boxes = (0..<count).map { _ -> CGRect in
                switch random.next() % 12 {
                case 0: return .null
                case 1: return CGRect(x: 5, y: 5, width: 0, height: 3)
                default:
                    let x = Double(random.next() % 1800), y = Double(random.next() % 1000)
                    return CGRect(x: x, y: y, width: Double(1 + random.next() % 300), height: Double(1 + random.next() % 300))
                }
            }
            reused.rectangles.removeAll(keepingCapacity: true)
            reused.rectangles.append(contentsOf: boxes)
            reused.merge()
            #expect(reused.rectangles == DamageRegion.merge(boxes), "frame \(frame), \(count) boxes")
        }
    }

    /// A shape's damage allows for miters only where its path turns a corner: a circle stroked
    /// with miter joins (a spinner's ring) is damaged within half its line width, a zigzag and a
    /// cubic with a cusp within the miter limit's allowance.
    @Test func aShapesDamageAllowsForMitersOnlyAtCorners() throws {
        func key(_ path: CGPath) throws -> ShapeKey {
            var state = ShapeState()
            state.path = path
            state.strokeColor = CGColor(gray: 0, alpha: 1)
            state.fillColor = nil
            state.lineWidth = 8
            state.lineJoin = .miter
            state.miterLimit = 10
            return try #require(ShapeKey(state))
        }
        let ring = CGMutablePath()
        ring.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ring.closeSubpath()
        let ringKey = try key(ring)
        #expect(ringKey.drawnExtent(of: ring).insetBy(dx: 4, dy: 4).width <= ring.boundingBoxOfPath.width + 1e-6)
        #expect(ringKey.extent.width > ringKey.drawnExtent(of: ring).width + 70, "the raster's extent keeps its allowance")
        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: 0, y: 0))
        zigzag.addLine(to: CGPoint(x: 20, y: 40))
        zigzag.addLine(to: CGPoint(x: 40, y: 0))
        #expect(try key(zigzag).drawnExtent(of: zigzag) == key(zigzag).extent)
        let cusp = CGMutablePath()
        cusp.move(to: CGPoint(x: 0, y: 0))
        cusp.addCurve(to: CGPoint(x: 40, y: 0), control1: CGPoint(x: 60, y: 10), control2: CGPoint(x: -20, y: 10))
        #expect(try key(cusp).drawnExtent(of: cusp) == key(cusp).extent)
    }

    /// The extent damage reads straight from a shape's state is the one its key gives: fills,
    /// strokes with and without corners, joins and caps of every kind, a zero, an infinite and
    /// a NaN width, a transparent stroke or fill, an empty path (nothing drawn: nil either way).
    @Test func aShapesDrawnExtentWithoutItsKeyIsTheKeys() {
        let ring = CGMutablePath()
        ring.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ring.closeSubpath()
        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: 0, y: 0))
        zigzag.addLine(to: CGPoint(x: 20, y: 40))
        zigzag.addLine(to: CGPoint(x: 40, y: 0))
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 5, y: 5))
        line.addLine(to: CGPoint(x: 45, y: 25))
        let paths: [CGPath] = [ring, zigzag, line, CGPath(rect: CGRect(x: 3, y: 4, width: 30, height: 20), transform: nil), CGMutablePath()]
        let colours: [CGColor?] = [nil, CGColor(gray: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 0), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.4)]
        var compared = 0
        for path in paths {
            for fill in colours {
                for stroke in colours {
                    for width in [0, 1, 8, .infinity, .nan] as [Double] {
                        for (join, cap) in [(CGLineJoin.miter, CGLineCap.butt), (.round, .square), (.bevel, .round)] {
                            var state = ShapeState()
                            state.path = path
                            state.fillColor = fill
                            state.strokeColor = stroke
                            state.lineWidth = width
                            state.lineJoin = join
                            state.lineCap = cap
                            state.miterLimit = 10
                            let fromKey = ShapeKey(state).map { $0.drawnExtent(of: path) }
                            #expect(ShapeKey.drawnExtent(of: state) == fromKey, "\(path.boundingBoxOfPath) fill \(String(describing: fill)) stroke \(String(describing: stroke)) width \(width) \(join) \(cap)")
                            if fromKey != nil { compared += 1 }
                        }
                    }
                }
            }
        }
        #expect(compared > 300, "shapes that draw: \(compared)")
    }

    @Test(arguments: clockOrigins)
    func thePreferredFrameRateIsTheHighestARunningAnimationWants(origin: Double) {
        let clock = MediaClock.Manual(time: origin)
        MediaClock.withClock(clock) {
            let (root, a, b) = scene { () -> (CALayer, CALayer, CALayer) in
                let root = canvas(40, 20)
                let a = solid(CGRect(x: 0, y: 0, width: 10, height: 10), 1, 0, 0)
                let b = solid(CGRect(x: 20, y: 0, width: 10, height: 10), 0, 0, 1)
                root.addSublayer(a)
                root.addSublayer(b)
                return (root, a, b)
            }
            let (renderer, _) = makeRenderer(root, width: 40, height: 20)
            _ = frame(renderer, at: origin)
            #expect(renderer.preferredFrameRate() == nil, "nothing animates")
            let slow = CABasicAnimation(keyPath: "opacity")
            slow.fromValue = 1
            slow.toValue = 0
            slow.duration = 2
            slow.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 24)
            let fast = CABasicAnimation(keyPath: "opacity")
            fast.fromValue = 1
            fast.toValue = 0
            fast.duration = 1
            fast.beginTime = origin + 0.5
            fast.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 90, preferred: nil)
            CATransaction.begin()
            a.add(slow, forKey: "slow")
            b.add(fast, forKey: "fast")
            CATransaction.commit()
            _ = frame(renderer, at: origin + 0.25)
            #expect(renderer.preferredFrameRate() == 24, "only the slow one runs: its preferred rate, asked between frames")
            _ = frame(renderer, at: origin + 1)
            #expect(renderer.preferredFrameRate() == 90, "the fast one wants up to 90 (no preferred: its maximum)")
            b.removeAllAnimations()
            clock.time = origin + 1.05
            let plain = CABasicAnimation(keyPath: "opacity")
            plain.duration = 1
            CATransaction.begin()
            b.add(plain, forKey: "plain")
            CATransaction.commit()
            _ = frame(renderer, at: origin + 1.1)
            #expect(renderer.preferredFrameRate() == 60, "an animation without a preference: the display's 60")
            _ = frame(renderer, at: origin + 5)
            #expect(renderer.preferredFrameRate() == nil && renderer.nextFrameTime() == .infinity)
        }
    }

    @Test func addUpdateAddsToTheRegion() {
        let root = scene { canvas(200, 100) }
        let (renderer, _) = makeRenderer(root)
        _ = frame(renderer, at: 0)
        renderer.beginFrame(atTime: 1, timeStamp: nil)
        renderer.addUpdate(CGRect(x: 5, y: 6, width: 7, height: 8))
        #expect(renderer.updateBounds() == CGRect(x: 5, y: 6, width: 7, height: 8))
        renderer.render()
        renderer.endFrame()
    }

    /// Unchanged layers reuse their cached rasters: a second frame rasterizes nothing.
    @Test func unchangedLayersAreNotRasterizedAgain() {
        let root = scene { () -> CALayer in
            let root = canvas(200, 100)
            let rounded = solid(CGRect(x: 10, y: 10, width: 50, height: 50), 0, 0.5, 1)
            rounded.cornerRadius = 10
            root.addSublayer(rounded)
            return root
        }
        let context = Golden.makeContext(width: 200, height: 100)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        _ = frame(renderer, at: 0)
        #expect(renderer.rastersMadeInLastFrame == 1)
        renderer.beginFrame(atTime: 1, timeStamp: nil)
        renderer.addUpdate(CGRect(x: 0, y: 0, width: 200, height: 100))  // redraw everything
        renderer.render()
        renderer.endFrame()
        #expect(renderer.rastersMadeInLastFrame == 0)
    }

    /// Frames show animations at the frame's time; nextFrameTime says when to come back.
    @Test(arguments: clockOrigins)
    func framesFollowAnimationsAndNextFrameTimeTracksThem(origin o: Double) {
        let clock = MediaClock.Manual(time: o)
        MediaClock.withClock(clock) {
            let (root, mover) = scene { () -> (CALayer, CALayer) in
                let root = canvas(200, 100)
                let mover = solid(CGRect(x: 0, y: 40, width: 20, height: 20), 1, 0, 0)
                root.addSublayer(mover)
                return (root, mover)
            }
            let (renderer, context) = makeRenderer(root)
            _ = frame(renderer, at: o)
            renderer.beginFrame(atTime: o, timeStamp: nil)
            #expect(renderer.nextFrameTime() == .infinity)
            renderer.endFrame()

            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10
            move.toValue = 190
            move.duration = 2
            move.beginTime = o + 1  // starts one second from now
            CATransaction.begin()
            mover.add(move, forKey: "move")
            CATransaction.commit()

            renderer.beginFrame(atTime: o + 0.5, timeStamp: nil)
            #expect(abs(renderer.nextFrameTime() - (o + 1)) < 1e-9)
            renderer.render()
            renderer.endFrame()
            renderer.beginFrame(atTime: o + 2, timeStamp: nil)  // half way: x = 100
            #expect(renderer.nextFrameTime() == o + 2)
            renderer.render()
            renderer.endFrame()
            let image = context.makeImage()!
            #expect(near(image.rgba(100, 50), (255, 0, 0, 255)))
            #expect(near(image.rgba(88, 50), (255, 255, 255, 255)))
            renderer.beginFrame(atTime: o + 4, timeStamp: nil)  // over: back to the model value
            #expect(renderer.nextFrameTime() == .infinity)
            renderer.render()
            renderer.endFrame()
            #expect(near(context.makeImage()!.rgba(5, 50), (255, 0, 0, 255)))
        }
    }

    /// A path keyframed with equal neighbours (Lottie's sampled trims: the same path at every frame
    /// while the trim stands still) keeps one path object while its value holds, so the frames of
    /// that stretch redraw nothing, nor do those after the end that fill with the last keyframe;
    /// frames between different keyframes still redraw, and every frame equals a fresh render of
    /// the same time (every channel exact). At 3 clock origins.
    @Test(arguments: clockOrigins)
    func aPathHeldByEqualKeyframesRedrawsNothing(origin o: Double) throws {
        func box(_ x: Double, _ w: Double) -> CGPath { CGPath(rect: CGRect(x: x, y: 20, width: w, height: 40), transform: nil) }
        // Keyframes at 0, 1, 2, 3, 4 s: grows, then holds (two copies of one path, equal not
        // identical, as sampling makes them), then grows again.
        let values: [CGPath] = [box(10, 20), box(10, 60), box(10, 60), box(10, 60), box(10, 150)]
        let clock = MediaClock.Manual(time: o)
        try MediaClock.withClock(clock) {
            let (root, shape) = scene { () -> (CALayer, CAShapeLayer) in
                let root = canvas(200, 100)
                let shape = CAShapeLayer()
                shape.frame = root.bounds
                shape.fillColor = CGColor(red: 0.1, green: 0.5, blue: 0.2, alpha: 1)
                shape.path = values[0]
                root.addSublayer(shape)
                return (root, shape)
            }
            let grow = CAKeyframeAnimation(keyPath: "path")
            grow.values = values
            grow.keyTimes = [0, 0.25, 0.5, 0.75, 1]
            grow.duration = 4
            grow.beginTime = o
            grow.fillMode = .both
            grow.isRemovedOnCompletion = false
            scene { shape.add(grow, forKey: "grow") }
            let (renderer, context) = makeRenderer(root)
            var redrawn: [Double: Bool] = [:]
            for t in [0.5, 1.0, 1.3, 1.7, 2.0, 2.4, 2.9, 3.0, 3.5, 4.5, 5.0, 6.0] {
                renderer.beginFrame(atTime: o + t, timeStamp: nil)
                redrawn[t] = !renderer.updateRegion().isEmpty
                renderer.render()
                renderer.endFrame()
                let full = Golden.render(root, width: 200, height: 100, at: o + t)
                let image = try #require(context.makeImage())
                let difference = try #require(Golden.compare(image, full, channelTolerance: 0))
                #expect(difference.maxChannel == 0, "t = \(t): \(difference)")
            }
            // Held between equal keyframes, and filled with the last one after the end.
            for t in [1.3, 1.7, 2.0, 2.4, 2.9, 3.0, 5.0, 6.0] { #expect(redrawn[t] == false, "held at t = \(t)") }
            #expect(redrawn[0.5] == true && redrawn[1.0] == true && redrawn[3.5] == true, "\(redrawn)")
        }
    }

    /// An opacity fade of 2 s, repeating, that holds at 1 from 0.4 to 1.6 s of each cycle
    /// (between equal keyframes).
    private func heldFade(beginTime: Double) -> CAKeyframeAnimation {
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [0.2, 1, 1, 1, 0.5]
        fade.keyTimes = [0, 0.2, 0.5, 0.8, 1]
        fade.duration = 2
        fade.repeatCount = .infinity
        fade.beginTime = beginTime
        return fade
    }

    /// Renders and ends the frame begun at `t`, and expects its pixels to equal a fresh render of
    /// `root` (200 × 100) at `t` exactly.
    private func finishFrameLikeAFreshRender(
        _ renderer: CARenderer, _ context: CGContext, _ root: CALayer, at t: Double, frame: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        renderer.render()
        renderer.endFrame()
        let fresh = Golden.render(root, width: 200, height: 100, at: t)
        let image = try #require(context.makeImage(), sourceLocation: sourceLocation)
        let difference = try #require(Golden.compare(image, fresh, channelTolerance: 0), sourceLocation: sourceLocation)
        #expect(difference.maxChannel == 0, "frame \(frame): \(difference)", sourceLocation: sourceLocation)
    }

    /// A frame whose time falls where every animation shown holds still keeps the last frame's
    /// states and footprints (nothing is evaluated, nothing redrawn): an opacity held between
    /// equal keyframes (0.4 to 1.6 s of each 2 s cycle, repeating forever) and a layer hidden by
    /// discrete keyframes, 30 frames a second for 5 s, at 3 clock origins. Every frame equals a
    /// fresh render at its time exactly, a change committed during a hold shows in the next
    /// frame, the frames kept are those of a hold from its third on (counted here), and on them
    /// `nextFrameTime()` is the hold's end (the frame's time while something moves).
    @Test(arguments: clockOrigins)
    func framesWhereEveryAnimationHoldsKeepTheLastFrame(origin o: Double) throws {
        let clock = MediaClock.Manual(time: o)
        try MediaClock.withClock(clock) {
            let (root, fader, blinker) = scene { () -> (CALayer, CALayer, CALayer) in
                let root = canvas(200, 100)
                let fader = solid(CGRect(x: 10, y: 10, width: 80, height: 80), 1, 0, 0)
                let blinker = solid(CGRect(x: 110, y: 10, width: 80, height: 80), 0, 0, 1)
                root.addSublayer(fader)
                root.addSublayer(blinker)
                return (root, fader, blinker)
            }
            let begin = o + 0.113
            let fade = heldFade(beginTime: begin)
            let blink = CAKeyframeAnimation(keyPath: "hidden")
            blink.values = [false, false, true]
            blink.keyTimes = [0, 0.25, 0.5, 1]
            blink.calculationMode = .discrete
            blink.duration = 2
            blink.repeatCount = .infinity
            blink.beginTime = begin
            scene {
                fader.add(fade, forKey: "fade")
                blinker.add(blink, forKey: "blink")
            }
            let (renderer, context) = makeRenderer(root)
            var expectedKept = 0
            var lastStretch: Int?
            var run = 0
            for frame in 0..<150 {
                let t = o + Double(frame) / 30
                if frame == 80 {
                    // A commit in a hold (a new snapshot) is drawn at once.
                    scene { blinker.backgroundColor = CGColor(red: 0, green: 0.6, blue: 0, alpha: 1) }
                }
                // Both hold before they begin, and over 0.4…1.0 and 1.0…1.6 s of each cycle (the
                // fade from 0.4 to 1.6 s, the blink shown to 1 s and hidden after).
                let cycle = ((t - begin) / 2).rounded(.down), phase = t - begin - 2 * cycle
                let stretch: Int? =
                    t < begin ? -1 : phase > 0.4 && phase < 1.0 ? Int(2 * cycle) : phase > 1.0 && phase < 1.6 ? Int(2 * cycle) + 1 : nil
                // A span is asked on a frame whose values held since the last one, of a snapshot
                // drawn before: the third frame of a hold is the first kept (the commit starts over).
                run = stretch != nil && stretch == lastStretch && frame != 80 ? run + 1 : 1
                if run >= 3 { expectedKept += 1 }
                lastStretch = stretch
                let keptBefore = renderer.framesKept
                renderer.beginFrame(atTime: t, timeStamp: nil)
                if renderer.framesKept > keptBefore, let stretch {
                    // A host may sleep to the hold's end (or the animations' start before it).
                    let end = stretch < 0 ? begin : begin + 2 * cycle + (stretch % 2 == 0 ? 1.0 : 1.6)
                    #expect(abs(renderer.nextFrameTime() - end) < 1e-4, "frame \(frame): \(renderer.nextFrameTime()) vs \(end)")
                } else if stretch == nil {
                    #expect(renderer.nextFrameTime() == t, "frame \(frame) moves")
                }
                try finishFrameLikeAFreshRender(renderer, context, root, at: t, frame: frame)
            }
            #expect(expectedKept > 30)
            #expect(renderer.framesKept == expectedKept)
        }
    }

    /// Holds seen through every timing that maps them: a held keyframe animation inside a group
    /// (repeating, its own begin and speed), one that autoreverses at double speed with a time
    /// offset, discrete steps in a layer of half speed and an offset, and a hold under a parent
    /// that fades in, 24 frames a second for 6 s at 3 clock origins: every frame equals a fresh
    /// render exactly, and some frames and layers are kept (the holds are found).
    @Test(arguments: clockOrigins)
    func holdsThroughGroupsReversalsAndLayerTimingMatchFreshRenders(origin o: Double) throws {
        let clock = MediaClock.Manual(time: o)
        try MediaClock.withClock(clock) {
            let (root, a, b, c, d, parent) = scene { () -> (CALayer, CALayer, CALayer, CALayer, CALayer, CALayer) in
                let root = canvas(200, 100)
                let a = solid(CGRect(x: 5, y: 10, width: 40, height: 40), 1, 0, 0)
                let b = solid(CGRect(x: 55, y: 10, width: 40, height: 40), 0, 0.5, 0)
                let slow = CALayer()
                slow.frame = root.bounds
                slow.speed = 0.5
                slow.timeOffset = 0.3
                let c = solid(CGRect(x: 105, y: 10, width: 40, height: 40), 0, 0, 1)
                slow.addSublayer(c)
                let parent = CALayer()
                parent.frame = root.bounds
                let d = solid(CGRect(x: 155, y: 10, width: 40, height: 40), 0.5, 0, 0.5)
                parent.addSublayer(d)
                for layer in [a, b, slow, parent] { root.addSublayer(layer) }
                return (root, a, b, c, d, parent)
            }
            func held(_ key: String, _ values: [Any], _ times: [NSNumber], discrete: Bool = false) -> CAKeyframeAnimation {
                let k = CAKeyframeAnimation(keyPath: key)
                k.values = values
                k.keyTimes = times
                if discrete { k.calculationMode = .discrete }
                return k
            }
            let inner = held("position.y", [30, 60, 60, 60, 40], [0, 0.15, 0.4, 0.7, 1])
            inner.duration = 1.5
            inner.beginTime = 0.2
            let group = CAAnimationGroup()
            group.animations = [inner]
            group.duration = 2.1
            group.repeatCount = .infinity
            group.speed = 1.25
            group.beginTime = o + 0.07
            let reversing = held("bounds.size.width", [10, 40, 40, 25], [0, 0.3, 0.75, 1])
            reversing.duration = 1.3
            reversing.autoreverses = true
            reversing.speed = 2
            reversing.timeOffset = 0.4
            reversing.repeatCount = .infinity
            reversing.beginTime = o + 0.11
            let steps = held("opacity", [1, 0.3, 0.3, 0.8], [0, 0.2, 0.5, 0.8, 1], discrete: true)
            steps.duration = 1.7
            steps.repeatCount = .infinity
            steps.beginTime = 0.05
            let fadeIn = CABasicAnimation(keyPath: "opacity")
            fadeIn.fromValue = 0
            fadeIn.toValue = 1
            fadeIn.duration = 2.3
            fadeIn.beginTime = o + 1.01
            fadeIn.fillMode = .backwards
            let hold = held("position.x", [150, 175, 175, 160], [0, 0.2, 0.9, 1])
            hold.duration = 3.1
            hold.repeatCount = .infinity
            hold.beginTime = o
            scene {
                a.add(group, forKey: "group")
                b.add(reversing, forKey: "reversing")
                c.add(steps, forKey: "steps")
                parent.add(fadeIn, forKey: "fadeIn")
                d.add(hold, forKey: "hold")
            }
            let (renderer, context) = makeRenderer(root)
            var layersKept = 0
            for frame in 0..<144 {
                let t = o + Double(frame) / 24
                renderer.beginFrame(atTime: t, timeStamp: nil)
                layersKept += renderer.layersHeldInLastFrame
                try finishFrameLikeAFreshRender(renderer, context, root, at: t, frame: frame)
            }
            #expect(layersKept > 20, "held layers kept: \(layersKept)")
        }
    }

    /// An animated layer whose values hold keeps its state while another layer moves: an opacity
    /// held between equal keyframes (0.4 to 1.6 s of each 2 s cycle, and before it begins) beside a layer sliding all
    /// the time, 30 frames a second for 4 s, at 3 clock origins. Every frame equals a fresh render
    /// exactly; the held layer is evaluated on the first two frames of each hold (the second sees
    /// its values held and asks for how long) and kept on the others.
    @Test(arguments: clockOrigins)
    func aHoldingLayerIsKeptWhileAnotherMoves(origin o: Double) throws {
        let clock = MediaClock.Manual(time: o)
        try MediaClock.withClock(clock) {
            let (root, fader, mover) = scene { () -> (CALayer, CALayer, CALayer) in
                let root = canvas(200, 100)
                let fader = solid(CGRect(x: 10, y: 10, width: 80, height: 80), 1, 0, 0)
                let mover = solid(CGRect(x: 110, y: 40, width: 20, height: 20), 0, 0, 1)
                root.addSublayer(fader)
                root.addSublayer(mover)
                return (root, fader, mover)
            }
            let begin = o + 0.113
            let fade = heldFade(beginTime: begin)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 110
            slide.toValue = 190
            slide.duration = 10
            slide.beginTime = o
            scene {
                fader.add(fade, forKey: "fade")
                mover.add(slide, forKey: "slide")
            }
            let (renderer, context) = makeRenderer(root)
            var expected = 0, kept = 0
            var run = 0
            for frame in 0..<120 {
                let t = o + Double(frame) / 30
                let cycle = ((t - begin) / 2).rounded(.down), phase = t - begin - 2 * cycle
                // It holds before it begins too (nothing applied yet).
                let holding = t < begin || (phase > 0.4 && phase < 1.6)
                run = holding ? run + 1 : 0
                if run >= 3 { expected += 1 }
                renderer.beginFrame(atTime: t, timeStamp: nil)
                kept += renderer.layersHeldInLastFrame
                try finishFrameLikeAFreshRender(renderer, context, root, at: t, frame: frame)
            }
            #expect(renderer.framesKept == 0, "the slide never holds")
            #expect(expected > 40)
            #expect(kept == expected)
        }
    }

    /// Animation events come from the model tree, which a frame walks only when one can be due
    /// (worked out from the snapshot): over 61 frames of a second, a spinner repeating forever and
    /// a move from 0.25 to 0.75 s cost a walk at the first frame, at the move's start and at its
    /// end (3, at most 4 with rounding; every frame walked before), and the move is removed
    /// (removedOnCompletion) in the very frame its end is reached, at 3 clock origins.
    @Test(arguments: clockOrigins)
    func theModelIsWalkedForEventsOnlyWhenOneIsDue(origin o: Double) {
        let clock = MediaClock.Manual(time: o)
        MediaClock.withClock(clock) {
            let (root, mover) = scene { () -> (CALayer, CALayer) in
                let root = canvas(200, 100)
                let mover = solid(CGRect(x: 0, y: 40, width: 20, height: 20), 1, 0, 0)
                root.addSublayer(mover)
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.toValue = Double.pi
                spin.duration = 0.3
                spin.repeatCount = .infinity
                mover.add(spin, forKey: "spin")
                let move = CABasicAnimation(keyPath: "position.x")
                move.fromValue = 10
                move.toValue = 190
                move.beginTime = o + 0.25
                move.duration = 0.5
                mover.add(move, forKey: "move")
                return (root, mover)
            }
            let (renderer, _) = makeRenderer(root)
            var removedAt: Int?
            for k in 0...60 {
                let t = o + Double(k) / 60
                clock.time = t
                renderer.beginFrame(atTime: t, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
                if removedAt == nil, mover.animation(forKey: "move") == nil { removedAt = k }
            }
            #expect(removedAt == 45, "the move ends at 0.75 s, frame 45: removed at \(String(describing: removedAt))")
            #expect(mover.animation(forKey: "spin") != nil)
            #expect((3...4).contains(renderer.eventWalkCount), "walks: \(renderer.eventWalkCount)")
        }
    }

    /// The renderer's bounds choose what part of the layer space fills the destination.
    @Test func boundsScaleTheLayerSpaceOntoTheDestination() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 50)
            root.addSublayer(solid(CGRect(x: 50, y: 25, width: 10, height: 10), 0, 0, 1))
            return root
        }
        let (renderer, context) = makeRenderer(root)
        renderer.bounds = CGRect(x: 50, y: 25, width: 50, height: 25)  // the bottom-right quarter, ×4
        _ = frame(renderer, at: 0)
        let image = context.makeImage()!
        #expect(near(image.rgba(1, 1), (0, 0, 255, 255)))
        #expect(near(image.rgba(39, 39), (0, 0, 255, 255)))
        #expect(near(image.rgba(41, 41), (255, 255, 255, 255)))
    }

    @Test func nonFiniteFrameTimeSkipsTheFrame() {
        let root = scene { canvas(200, 100) }
        let (renderer, context) = makeRenderer(root)
        renderer.beginFrame(atTime: .nan, timeStamp: nil)  // tried: NaN time → warning, nothing drawn
        renderer.render()
        renderer.endFrame()
        #expect(context.makeImage()!.rgba(50, 50).a == 0)
        #expect(renderer.nextFrameTime() == .infinity)
    }

    /// Partial redraws skip leaves whose footprint misses the damage; across replicator
    /// instances, a mask's sublayers, a transform layer's sublayers, a clipping parent and a
    /// perspective subtree, every partial frame equals the tree drawn whole by a compositor that
    /// has no footprints (tolerance 0: the same pixels).
    @Test func partialRedrawsSkippingOffDamageLeavesEqualFullRenders() throws {
        let (root, mover) = scene { () -> (CALayer, CALayer) in
            let root = canvas(200, 100)
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 0, y: 0, width: 200, height: 30)
            replicator.instanceCount = 6
            replicator.instanceTransform = CATransform3DMakeTranslation(32, 0, 0)
            let dot = solid(CGRect(x: 4, y: 4, width: 20, height: 20), 0.9, 0.5, 0.1)
            dot.cornerRadius = 10
            replicator.addSublayer(dot)
            root.addSublayer(replicator)
            let masked = solid(CGRect(x: 10, y: 40, width: 60, height: 50), 0.2, 0.3, 0.9)
            let mask = CALayer()
            mask.frame = masked.bounds
            let maskPart = solid(CGRect(x: 0, y: 0, width: 40, height: 50), 0, 0, 0)
            mask.addSublayer(maskPart)
            masked.mask = mask
            root.addSublayer(masked)
            let stage = CATransformLayer()
            stage.frame = CGRect(x: 80, y: 40, width: 50, height: 50)
            let face = solid(CGRect(x: 5, y: 5, width: 40, height: 40), 0.3, 0.8, 0.3)
            face.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
            stage.addSublayer(face)
            root.addSublayer(stage)
            let clipper = solid(CGRect(x: 140, y: 40, width: 50, height: 50), 0.9, 0.9, 0.6)
            clipper.masksToBounds = true
            let inner = solid(CGRect(x: 20, y: 20, width: 60, height: 60), 0.6, 0.1, 0.5)
            inner.setAffineTransform(CGAffineTransform(rotationAngle: 0.4))
            clipper.addSublayer(inner)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 200
            clipper.transform = CATransform3DRotate(perspective, 0.3, 1, 0, 0)
            root.addSublayer(clipper)
            let mover = solid(CGRect(x: 0, y: 32, width: 6, height: 6), 1, 0, 0)
            root.addSublayer(mover)
            return (root, mover)
        }
        let (renderer, context) = makeRenderer(root)
        _ = frame(renderer, at: 0)
        for step in 1...12 {
            scene { mover.position = CGPoint(x: 3 + Double(step) * 16, y: 20 + Double(step % 4) * 20) }
            let damage = frame(renderer, at: Double(step))
            #expect(damage.width < 60, "step \(step): a small damaged region, \(damage)")
            let full = try #require(drawnWhole(root, at: Double(step)))
            let difference = try #require(Golden.compare(context.makeImage()!, full, channelTolerance: 0))
            #expect(difference.maxChannel == 0, "step \(step): \(difference)")
        }
    }

    /// A shape layer's path is often drawn around zero-size bounds (`CAShapeLayer()` with a
    /// position and a path): moving it damages and redraws where the path was and is, not just
    /// its bounds. Checked against the tree drawn whole (tolerance 0).
    @Test func aShapeDrawnOutsideItsBoundsIsDamagedWhereItsPathIs() throws {
        let (root, shape) = scene { () -> (CALayer, CAShapeLayer) in
            let root = canvas(200, 100)
            let shape = CAShapeLayer()
            shape.position = CGPoint(x: 50, y: 50)
            shape.path = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40), transform: nil)
            shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            shape.lineWidth = 4
            root.addSublayer(shape)
            return (root, shape)
        }
        let (renderer, context) = makeRenderer(root)
        _ = frame(renderer, at: 0)
        scene { shape.position = CGPoint(x: 120, y: 60) }
        let damage = frame(renderer, at: 1)
        // The old circle (28...72 with its stroke) and the new one (98...142, 38...82).
        #expect(damage.minX <= 28 && damage.maxX >= 142 && damage.minY <= 28 && damage.maxY >= 82, "\(damage)")
        let image = context.makeImage()!
        #expect(near(image.rgba(50, 35), (255, 255, 255, 255)))  // where the old circle was
        #expect(near(image.rgba(120, 45), (255, 0, 0, 255)))  // inside the new one, off its bounds' row
        let whole = try #require(drawnWhole(root, at: 1))
        let difference = try #require(Golden.compare(image, whole, channelTolerance: 0))
        #expect(difference.maxChannel == 0, "\(difference)")
    }

    /// A stroke's miters can stick out only where the path turns: a single 16-point segment with
    /// miter joins (limit 10) that moves 2 points damages a band about 20 pixels high, not the
    /// 160-pixel allowance of a miter; the frame equals the tree drawn whole (tolerance 0).
    @Test func aSingleSegmentStrokeDamagesOnlyItsWidth() throws {
        let (root, bar) = scene { () -> (CALayer, CAShapeLayer) in
            let root = canvas(200, 100)
            let bar = CAShapeLayer()
            let line = CGMutablePath()
            line.move(to: CGPoint(x: 20, y: 0))
            line.addLine(to: CGPoint(x: 120, y: 0))
            bar.path = line
            bar.position = CGPoint(x: 0, y: 50)
            bar.strokeColor = CGColor(red: 0.9, green: 0.4, blue: 0.3, alpha: 1)
            bar.lineWidth = 16
            bar.lineJoin = .miter
            bar.miterLimit = 10
            root.addSublayer(bar)
            return (root, bar)
        }
        let (renderer, context) = makeRenderer(root)
        _ = frame(renderer, at: 0)
        scene { bar.position = CGPoint(x: 0, y: 52) }
        let damage = frame(renderer, at: 1)
        #expect(damage.height <= 24 && damage.width <= 120, "\(damage)")
        let whole = try #require(drawnWhole(root, at: 1))
        let difference = try #require(Golden.compare(context.makeImage()!, whole, channelTolerance: 0))
        #expect(difference.maxChannel == 0, "\(difference)")
    }

    /// A path animation makes a new path every frame, often where the last frame's was just
    /// freed; its bounding box here never changes. Caches that knew paths by address took each
    /// new path for the old one (no damage, the old raster). Every frame equals the tree drawn
    /// whole (rasters on both sides, tolerance 0), at three clock origins.
    @Test(arguments: clockOrigins)
    func aPathMadeWhereTheLastFramesPathWasFreedIsDrawn(origin: Double) throws {
        func zigzag(_ x: Double) -> CGPath {
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 20, y: 20))
            path.addLine(to: CGPoint(x: x, y: 50))
            path.addLine(to: CGPoint(x: 180, y: 80))
            return path.copy()!
        }
        try MediaClock.withClock(MediaClock.Manual(time: origin)) {
            let root = scene { () -> CALayer in
                let root = canvas(200, 100)
                let shape = CAShapeLayer()
                shape.path = zigzag(40)
                shape.fillColor = nil
                shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                shape.lineWidth = 4
                let morph = CABasicAnimation(keyPath: "path")
                (morph.fromValue, morph.toValue, morph.duration) = (zigzag(40), zigzag(160), 1)
                shape.add(morph, forKey: "morph")
                root.addSublayer(shape)
                return root
            }
            let (renderer, context) = makeRenderer(root)
            renderer.compositorOptions.drawsChangingLayersDirectly = false
            for step in 0..<10 {
                let t = origin + 0.05 + Double(step) * 0.09
                let damage = frame(renderer, at: t)
                if step > 0 { #expect(!damage.isNull, "step \(step): the new path damages the frame") }
                let whole = try #require(drawnWhole(root, at: t))
                let difference = try #require(Golden.compare(context.makeImage()!, whole, channelTolerance: 0))
                #expect(difference.maxChannel == 0, "step \(step) (origin \(origin)): \(difference)")
            }
        }
    }

    /// A push transition on a layer with sublayers runs while another small layer moves: every
    /// partial frame equals the tree drawn whole at its time (tolerance 0), the transition's
    /// shifted pictures included.
    @Test func partialRedrawsDuringATransitionEqualFullRenders() throws {
        let clock = MediaClock.Manual(time: 10)
        try MediaClock.withClock(clock) {
            let (root, panel, mover) = scene { () -> (CALayer, CALayer, CALayer) in
                let root = canvas(200, 100)
                let panel = solid(CGRect(x: 10, y: 10, width: 120, height: 60), 1, 0, 0)
                panel.addSublayer(solid(CGRect(x: 10, y: 10, width: 30, height: 30), 1, 1, 0))
                panel.addSublayer(solid(CGRect(x: 80, y: 20, width: 30, height: 30), 0, 0.6, 0))
                root.addSublayer(panel)
                let mover = solid(CGRect(x: 150, y: 80, width: 8, height: 8), 0, 0, 0)
                root.addSublayer(mover)
                return (root, panel, mover)
            }
            let (renderer, context) = makeRenderer(root)
            _ = frame(renderer, at: 10)
            CATransaction.begin()
            let transition = CATransition()
            transition.type = .push
            transition.subtype = .fromRight
            transition.duration = 1
            panel.add(transition, forKey: nil)
            CATransaction.setDisableActions(true)
            panel.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            panel.sublayers?.first?.position = CGPoint(x: 60, y: 45)
            CATransaction.commit()
            var panelPixels: [Int] = []
            for step in 1...6 {
                let t = 10 + Double(step) * 0.15
                clock.time = t
                scene { mover.position = CGPoint(x: 150 + Double(step) * 6, y: 84) }
                _ = frame(renderer, at: t)
                panelPixels.append(context.makeImage()!.rgba(70, 15).r)
                let whole = try #require(drawnWhole(root, at: t))
                let difference = try #require(Golden.compare(context.makeImage()!, whole, channelTolerance: 0))
                #expect(difference.maxChannel == 0, "t = \(t): \(difference)")
            }
            // The transition ran: the panel's top edge went from the old red to the new blue.
            #expect(panelPixels.first == 255 && panelPixels.last == 0, "\(panelPixels)")
        }
    }

    /// `root`'s committed tree at `time`, drawn whole onto white by a fresh compositor without
    /// footprints (nothing skipped), placed as `CARenderer` places it.
    func drawnWhole(_ root: CALayer, at time: Double, width: Int = 200, height: Int = 100) -> CGImage? {
        guard let committed = root.committedSnapshot else { return nil }
        let context = Golden.makeContext(width: width, height: height)
        let states = RenderEvaluator.presentation(of: committed.snapshot, at: time)
        context.withCairo { cr, _, _ in
            Compositor().draw(
                committed.snapshot, states: states, root: committed.index, placement: .inSuperlayer, into: cr,
                base: .identity, clip: CGRect(x: 0, y: 0, width: width, height: height), time: time)
        }
        return context.makeImage()
    }
}
