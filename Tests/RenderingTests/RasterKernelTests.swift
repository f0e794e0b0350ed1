import CCairo
import CStrataRaster
import CoreGraphics
import Foundation
import QuartzCore
@testable import StrataCompositor
import StrataRender
import Testing

/// The compositor's own kernel (CStrataRaster) against cairo and pixman, which it replaces for
/// layers placed through affine maps and perspective maps in front of the eye. Metric: the
/// largest difference of any premultiplied channel, and the pixels over a stated tolerance.
@Suite("Compositor: the composite kernel")
struct RasterKernelTests {
    static let width = 320, height = 200

    /// Layers of every kind the kernel draws: rotated and scaled (0.5–2×), sub-pixel positions,
    /// rounded and bordered, images, translucent, edge antialiasing on and off, shadows, a few
    /// in perspective; `turn` turns and slides them all.
    func makeScene(
        seed: UInt64, count: Int = 40, antialiasing: Bool? = nil, perspective: Bool = true, turned: Bool = true
    ) -> (root: CALayer, layers: [CALayer]) {
        RenderingTests.scene { () -> (CALayer, [CALayer]) in
            var random = SplitMix(seed: seed)
            let root = canvas(CGFloat(Self.width), CGFloat(Self.height))
            var layers: [CALayer] = []
            for i in 0..<count {
                let layer = solid(
                    CGRect(x: 0, y: 0, width: random.next(in: 8...90), height: random.next(in: 8...70)),
                    random.next(in: 0...1), random.next(in: 0...1), random.next(in: 0...1), random.next(in: 0.5...1))
                layer.position = CGPoint(x: random.next(in: -20...340), y: random.next(in: -20...220))
                layer.cornerRadius = random.next(in: 0...12)
                layer.borderWidth = random.next(in: 0...3)
                layer.borderColor = CGColor(gray: random.next(in: 0...1), alpha: 1)
                if i % 3 == 0 {
                    layer.contents = quadrantImage(size: 24)
                    layer.masksToBounds = true
                }
                if i % 7 == 3 {
                    layer.shadowOpacity = 0.6
                    layer.shadowRadius = random.next(in: 1...5)
                }
                if i % 4 == 1 { layer.opacity = Float(random.next(in: 0.2...0.9)) }
                layer.allowsEdgeAntialiasing = antialiasing ?? (i % 2 == 0)
                if i % 9 == 4, perspective {
                    var perspective = CATransform3DIdentity
                    perspective.m34 = -1.0 / 400
                    layer.transform = CATransform3DRotate(perspective, random.next(in: -0.9...0.9), 0, 1, 0)
                } else if turned {
                    layer.setAffineTransform(
                        CGAffineTransform(rotationAngle: random.next(in: -3...3))
                            .scaledBy(x: random.next(in: 0.5...2), y: random.next(in: 0.5...2)))
                }
                root.addSublayer(layer)
                layers.append(layer)
            }
            return (root, layers)
        }
    }

    func draw(_ root: CALayer, with compositor: Compositor) -> CGImage {
        let context = Golden.makeContext(width: Self.width, height: Self.height)
        guard let snapshot = root.committedSnapshot?.snapshot else { return context.makeImage()! }
        context.withCairo { cr, _, _ in
            compositor.draw(
                snapshot, states: snapshot.nodes.map(\.state), placement: .inSuperlayer, into: cr, base: .identity,
                clip: CGRect(x: 0, y: 0, width: Self.width, height: Self.height))
        }
        return context.makeImage()!
    }

    /// Moves every layer by a sub-pixel amount and (when `turn`) turns it a little.
    func move(_ layers: [CALayer], step: Int, turn: Bool = true) {
        RenderingTests.scene {
            for (k, layer) in layers.enumerated() {
                layer.position.x += 0.37 + Double(k % 3) * 0.21
                layer.position.y -= 0.23
                if turn, k % 9 != 4 { layer.setAffineTransform(layer.affineTransform().rotated(by: 0.013 * Double(step))) }
            }
        }
    }

    /// The kernel's frames against cairo/pixman's, for still and moving frames, every layer affine
    /// and with edge antialiasing: inside layers the same bilinear sampling (7-bit weights) and
    /// rounding give at most 2 levels; on edges the kernel's coverage is the area of the pixel
    /// inside each edge (a product at corners), cairo's its rasteriser's: at most 1.5 % of pixels
    /// over 2 levels, none over 16 (measured: 0.7–1.4 %, 12–15 levels).
    @Test(arguments: [UInt64(1), 2, 3])
    func antialiasedLayersMatchCairoAndPixman(seed: UInt64) throws {
        let (root, layers) = makeScene(seed: seed, antialiasing: true, perspective: false)
        try compareWithCairo(root, layers, seed: seed, over2: 0.015, over48: 0, largest: 16)
    }

    /// Layers that only slide by sub-pixel amounts (the kernel's sliding path), against cairo/pixman,
    /// with the bounds of the affine case.
    @Test(arguments: [UInt64(4), 5])
    func slidingLayersMatchCairoAndPixman(seed: UInt64) throws {
        let (root, layers) = makeScene(seed: seed, antialiasing: true, perspective: false, turned: false)
        try compareWithCairo(root, layers, seed: seed, over2: 0.015, over48: 0, largest: 16, turn: false)
    }

    /// With layers in perspective too: pixman's projective path fades edge pixels twice (samples
    /// beyond the raster are transparent, then the outline is antialiased), the kernel once (pad
    /// extend, then coverage), so their outlines differ by up to about a quarter of a colour:
    /// at most 0.1 % of pixels over 48 levels, none over 80 (measured: up to 33 pixels, 68 levels).
    @Test(arguments: [UInt64(1), 2, 3])
    func layersInPerspectiveMatchPixman(seed: UInt64) throws {
        let (root, layers) = makeScene(seed: seed, antialiasing: true)
        try compareWithCairo(root, layers, seed: seed, over2: 0.015, over48: 0.001, largest: 80)
    }

    /// With edge antialiasing off on half the layers (Core Animation's default): a pixel whose
    /// centre lies within a rounding of a hard edge is in on one side and out on the other, so a
    /// few pixels along hard edges differ by a whole colour: at most 1.5 % of pixels over 2 levels,
    /// at most 0.05 % over 48.
    @Test(arguments: [UInt64(1), 2, 3])
    func hardEdgedLayersMatchCairoAndPixman(seed: UInt64) throws {
        let (root, layers) = makeScene(seed: seed)
        try compareWithCairo(root, layers, seed: seed, over2: 0.015, over48: 0.0005, largest: 255)
    }

    /// Compares three frames (moving between them), the fractions of pixels over 2 and 48 levels
    /// and the largest difference held to the bounds given.
    func compareWithCairo(
        _ root: CALayer, _ layers: [CALayer], seed: UInt64, over2: Double, over48: Double, largest: Int,
        turn: Bool = true
    ) throws {
        let kernel = Compositor()
        let reference = Compositor()
        reference.options.usesKernel = false
        let pixels = Self.width * Self.height
        for step in 0..<3 {
            let ours = draw(root, with: kernel), theirs = draw(root, with: reference)
            let difference = try #require(Golden.compare(ours, theirs, channelTolerance: 2))
            let far = try #require(Golden.compare(ours, theirs, channelTolerance: 48))
            #expect(Double(difference.differingPixels) <= over2 * Double(pixels), "seed \(seed) step \(step): \(difference)")
            #expect(Double(far.differingPixels) <= over48 * Double(pixels), "seed \(seed) step \(step): \(far)")
            #expect(difference.maxChannel <= largest, "seed \(seed) step \(step): \(difference)")
            move(layers, step: step, turn: turn)
        }
    }

    /// One thread or two, AVX2, SSSE3 or portable code, hidden pixels skipped or drawn: the same
    /// bytes (rows are split between threads, and every pixel's value depends only on the
    /// operation and the pixel).
    /// Scenes whose layers turn, and scenes whose layers only slide (the sliding fast path).
    @Test(arguments: [true, false])
    func framesAreByteIdenticalOnAnyNumberOfThreadsWithOrWithoutSIMD(turning: Bool) throws {
        let (root, layers) = makeScene(seed: 7, count: 60, turned: turning)
        let configurations = [
            RasterKernelOptions(threads: 1, simd: true), RasterKernelOptions(threads: 2, simd: true),
            RasterKernelOptions(threads: 2, simd: false), RasterKernelOptions(threads: 1, simd: false),
            RasterKernelOptions(threads: 2, simd: true, avx2: false),
            RasterKernelOptions(threads: 2, simd: true, culls: false),
        ]
        let compositors = configurations.map { options -> Compositor in
            let compositor = Compositor()
            compositor.options.kernelOptions = options
            return compositor
        }
        for step in 0..<4 {
            let frames = compositors.map { draw(root, with: $0) }
            for (k, frame) in frames.enumerated().dropFirst() {
                let difference = try #require(Golden.compare(frames[0], frame, channelTolerance: 0))
                #expect(difference.maxChannel == 0, "step \(step), \(configurations[k]) vs \(configurations[0]): \(difference)")
            }
            if step < 2 { move(layers, step: step, turn: turning) }
        }
    }

    /// Layers that move, then stop: drawn straight by the kernel while they move, through copies
    /// made and then kept once they stop; every frame has the bytes of a fresh compositor's
    /// (which draws everything straight), so what was cached never shows.
    @Test(arguments: [true, false])
    func framesFromKeptCopiesMatchFramesDrawnStraight(turning: Bool) throws {
        let (root, layers) = makeScene(seed: 11, turned: turning)
        let compositor = Compositor()
        var madeCopies = false
        for step in 0..<7 {
            if step < 3 { move(layers, step: step, turn: turning) }
            let frame = draw(root, with: compositor)
            madeCopies = madeCopies || compositor.placedMadeInLastFrame > 0
            let fresh = draw(root, with: Compositor())
            let difference = try #require(Golden.compare(frame, fresh, channelTolerance: 0))
            #expect(difference.maxChannel == 0, "step \(step): \(difference)")
        }
        #expect(madeCopies, "still layers were given copies")
        #expect(compositor.placedByteCount > 0)
    }

    /// The kernel's arithmetic on a 2×2 raster magnified 8× with a sub-pixel offset, checked against
    /// bilinear interpolation computed here (pad extend beyond the pixel centres): within one level.
    @Test func bilinearSamplesMatchTheInterpolationFormula() throws {
        let colours: [UInt32] = [0xFF_FF_00_00, 0xFF_00_FF_00, 0xFF_00_00_FF, 0x80_40_40_40]
        let raster = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 2, height: 2), scale: 1))
        fill(raster) { x, y in colours[y * 2 + x] }
        let target = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 24, height: 24), scale: 1))
        let map = PlaneMap(a: 8, b: 0, c: 0, d: 0, e: 8, f: 0, g: 2.25, h: 3.5, i: 1)
        let buffer = KernelTarget(raster: target, originX: 0, originY: 0)
        let drew = RasterKernel.composite(
            raster, map: map, bilinear: true, alpha: 1, antialias: true, onto: buffer,
            options: RasterKernelOptions(threads: 1))
        #expect(drew)
        let out = pixels(target)
        var worst = 0
        for y in 5..<18 {
            for x in 4..<17 {
                // Pixel centre → raster coordinates, less half a pixel (sample at pixel centres), clamped.
                let u = min(max((Double(x) + 0.5 - 2.25) / 8 - 0.5, 0), 1)
                let v = min(max((Double(y) + 0.5 - 3.5) / 8 - 0.5, 0), 1)
                for shift in stride(from: 0, to: 32, by: 8) {
                    func c(_ i: Int) -> Double { Double((colours[i] >> UInt32(shift)) & 0xFF) }
                    let expected = (c(0) * (1 - u) + c(1) * u) * (1 - v) + (c(2) * (1 - u) + c(3) * u) * v
                    let got = Int((out[y * target.width + x] >> UInt32(shift)) & 0xFF)
                    worst = max(worst, abs(got - Int(expected.rounded())))
                }
            }
        }
        #expect(worst <= 1, "largest difference from the formula: \(worst) levels")
        // Outside the layer nothing is drawn.
        #expect(out[0] == 0 && out[23 * target.width + 23] == 0)
    }

    /// Rasters one pixel wide or high (no two-pixel loads possible), a singular map, a map with
    /// NaN, and a layer far off the target: drawn where they show, nothing elsewhere, no crash.
    @Test func degenerateRastersAndMapsAreHandled() throws {
        let target = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 16, height: 16), scale: 1))
        let buffer = KernelTarget(raster: target, originX: 0, originY: 0)
        let options = RasterKernelOptions(threads: 2)
        let dot = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1))
        fill(dot) { _, _ in 0xFF_20_40_60 }
        RasterKernel.composite(
            dot, map: PlaneMap(a: 10, b: 0, c: 0, d: 0, e: 10, f: 0, g: 3, h: 3, i: 1), bilinear: true, alpha: 1,
            antialias: false, onto: buffer, options: options)
        var out = pixels(target)
        #expect(out[8 * 16 + 8] == 0xFF_20_40_60, "a 1×1 raster magnified is its colour")
        #expect(out[1 * 16 + 1] == 0, "outside it nothing")
        for bad in [
            PlaneMap(a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, g: 3, h: 3, i: 1),
            PlaneMap(a: .nan, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1),
            PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 1e12, h: -1e12, i: 1),
        ] {
            let before = pixels(target)
            RasterKernel.composite(dot, map: bad, bilinear: true, alpha: 1, antialias: true, onto: buffer, options: options)
            out = pixels(target)
            #expect(out == before, "\(bad) changed pixels")
        }
    }

    /// Rows of an unturned layer (slid by fractions of a pixel, or scaled) share their spans and
    /// edge coverage, which the kernel works out once per operation: drawing such layers whole
    /// gives exactly the pixels of drawing them one row at a time (each row then works them out
    /// for itself), with and without SIMD, antialiased or not, bilinear or nearest, on 1 or 2
    /// threads (tolerance 0).
    @Test(arguments: [0, 1, 2])
    func unturnedLayersDrawnWholeEqualThemDrawnRowByRow(level: Int) throws {
        let raster = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 37, height: 23), scale: 1))
        fill(raster) { x, y in
            let a = UInt32(128 + (x * 7 + y * 3) % 128)
            return a << 24 | UInt32((x * 11) % Int(a)) << 16 | UInt32((y * 13) % Int(a)) << 8 | UInt32((x + y) % Int(a))
        }
        let maps = [
            PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 5.3, h: 7.71, i: 1),  // a slide
            PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 10.5, h: 3.25, i: 1),  // half pixels
            PlaneMap(a: 1.37, b: 0, c: 0, d: 0, e: 0.81, f: 0, g: 2.2, h: 4.9, i: 1),  // scaled
            PlaneMap(a: -1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 50.6, h: 1.1, i: 1),  // mirrored
        ]
        var compared = 0
        for map in maps {
            for antialias in [true, false] {
                for bilinear in [true, false] {
                    for threads in [1, 2] {
                        let options = RasterKernelOptions(threads: threads, simd: level >= 1, avx2: level >= 2)
                        let whole = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 64, height: 40), scale: 1))
                        let rows = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 64, height: 40), scale: 1))
                        fill(whole) { _, _ in 0x80_20_30_40 }
                        fill(rows) { _, _ in 0x80_20_30_40 }
                        RasterKernel.composite(
                            raster, map: map, bilinear: bilinear, alpha: 0.8, antialias: antialias,
                            onto: KernelTarget(raster: whole, originX: 0, originY: 0), options: options)
                        for y in 0..<40 {
                            RasterKernel.composite(
                                raster, map: map, bilinear: bilinear, alpha: 0.8, antialias: antialias,
                                crop: CGRect(x: 0, y: y, width: 64, height: 1),
                                onto: KernelTarget(raster: rows, originX: 0, originY: 0), options: options)
                        }
                        let a = pixels(whole), b = pixels(rows)
                        #expect(a == b, "\(map), antialias \(antialias), bilinear \(bilinear), \(threads) threads")
                        #expect(a.contains { $0 != 0x80_20_30_40 }, "something was drawn")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 32)
    }

    /// A frame's operations batched (one thread or two: runs of slides in bands, turned layers in
    /// halves) give the pixels of each drawn on its own, in order (tolerance 0): 700 overlapping
    /// slid, scaled and turned layers, translucent, antialiased or not.
    @Test func batchedOperationsEqualOperationsDrawnOneByOne() throws {
        let source = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 24, height: 18), scale: 1))
        fill(source) { x, y in
            let a = UInt32(100 + (x * 5 + y * 9) % 156)
            return a << 24 | UInt32((x * 17) % Int(a)) << 16 | UInt32((y * 23) % Int(a)) << 8 | UInt32((x * y) % Int(a))
        }
        var random = SplitMix(seed: 7)
        var maps: [(PlaneMap, Bool, Double)] = []
        for _ in 0..<700 {
            let x = Double(random.next() % 300) / 2.3, y = Double(random.next() % 200) / 1.7
            let kind = random.next() % 3
            let map: PlaneMap
            switch kind {
            case 0: map = PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: x, h: y, i: 1)
            case 1: map = PlaneMap(a: 1.3, b: 0, c: 0, d: 0, e: 0.7, f: 0, g: x, h: y, i: 1)
            default: map = PlaneMap(a: 0.9, b: 0.3, c: 0, d: -0.3, e: 0.9, f: 0, g: x, h: y, i: 1)
            }
            maps.append((map, random.next() % 4 != 0, 0.35 + Double(random.next() % 65) / 100))
        }
        func draw(twoThreads: Bool, batched: Bool) throws -> [UInt32] {
            let target = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 160, height: 140), scale: 1))
            fill(target) { x, y in 0xFF_00_00_00 | UInt32(x) << 8 | UInt32(y) }
            let buffer = KernelTarget(raster: target, originX: 0, originY: 0)
            let options = RasterKernelOptions(threads: twoThreads ? 2 : 1)
            let batch = batched ? KernelBatch() : nil
            for (map, antialias, alpha) in maps {
                guard let made = RasterKernel.operation(
                    source, map: map, frame: (0, 0), bilinear: true, alpha: alpha, antialias: antialias),
                    var op = made
                else { continue }
                if let batch {
                    batch.add(op, holding: source, next: nil, onto: buffer, options: options)
                } else {
                    var target = buffer.buffer
                    strata_composite(&op, &target, 1, 2)
                    cairo_surface_mark_dirty(buffer.surface)
                }
            }
            batch?.flush()
            return pixels(target)
        }
        let oneByOne = try draw(twoThreads: false, batched: false)
        let batched = try draw(twoThreads: false, batched: true)
        let shared = try draw(twoThreads: true, batched: true)
        #expect(batched == oneByOne, "batched")
        #expect(shared == oneByOne, "batched on two threads")
        let untouched = (0..<140).flatMap { y in (0..<160).map { x in 0xFF_00_00_00 | UInt32(x) << 8 | UInt32(y) } }
        #expect(zip(oneByOne, untouched).filter { $0 != $1 }.count > 10_000, "the layers were drawn")
    }

    // MARK: - Helpers

    func fill(_ raster: Raster, _ colour: (Int, Int) -> UInt32) { raster.setWords(colour) }

    func pixels(_ raster: Raster) -> [UInt32] { raster.words }
}
