import CCairo
import CStrataRaster
import CoreGraphics
import Foundation
@testable import StrataCompositor
import StrataRender
import Testing

/// Hidden pixels: a batch skips the pixels of an operation that a later one overwrites with
/// opaque pixels (the later layer's opaque part, at full opacity, wholly covering the pixel with
/// samples that read only opaque source pixels). The frame must be the same to the byte.
@Suite("Compositor: pixels hidden by later layers are skipped")
struct KernelCullingTests {
    /// The largest rectangle of opaque pixels, against a search of every rectangle, on 600 random
    /// alpha masks from 1×1 to 14×12: noise from sparse to dense, and unions of one to three
    /// rectangles with a few holes (rows that repeat, as a shape's solid middle does, which the
    /// search skips). The rectangle found is all opaque and has the largest area (all zero when
    /// no pixel is opaque).
    @Test func opaqueRectIsTheLargestRectangleOfOpaquePixels() {
        var random = SplitMix(seed: 21)
        for trial in 0..<600 {
            let w = Int(random.next() % 14) + 1, h = Int(random.next() % 12) + 1
            let density = random.next(in: 0.2...0.97)
            let stride = w + Int(random.next() % 3)
            var pixels = [UInt32](repeating: 0x1234_5678, count: stride * h)
            let blocks = (0..<(trial % 2 == 0 ? 0 : Int(random.next() % 3) + 1)).map { _ in
                let x0 = Int(random.next() % UInt64(w)), y0 = Int(random.next() % UInt64(h))
                return (x0, y0, x0 + Int(random.next() % UInt64(w - x0)) + 1, y0 + Int(random.next() % UInt64(h - y0)) + 1)
            }
            for y in 0..<h {
                for x in 0..<w {
                    let opaque = blocks.isEmpty
                        ? random.next(in: 0...1) < density
                        : blocks.contains { x >= $0.0 && y >= $0.1 && x < $0.2 && y < $0.3 } && random.next(in: 0...1) < 0.97
                    pixels[y * stride + x] = opaque ? 0xFF10_2030 : 0xFE10_2030
                }
            }
            func opaque(_ x: Int, _ y: Int) -> Bool { pixels[y * stride + x] >> 24 == 255 }
            var best = 0
            for y0 in 0..<h {
                for x0 in 0..<w {
                    for y1 in (y0 + 1)...h {
                        for x1 in (x0 + 1)...w where (x1 - x0) * (y1 - y0) > best {
                            let all = (y0..<y1).allSatisfy { y in (x0..<x1).allSatisfy { opaque($0, y) } }
                            if all { best = (x1 - x0) * (y1 - y0) }
                        }
                    }
                }
            }
            var r = [Int32](repeating: -1, count: 4)
            strata_opaque_rect(pixels, Int32(w), Int32(h), Int32(stride), &r)
            let (x0, y0, x1, y1) = (Int(r[0]), Int(r[1]), Int(r[2]), Int(r[3]))
            #expect((x1 - x0) * (y1 - y0) == best, "trial \(trial): \(w)×\(h), found \(r), best area \(best)")
            #expect(x0 >= 0 && y0 >= 0 && x1 <= w && y1 <= h)
            let inside = (y0..<max(y0, y1)).allSatisfy { y in (x0..<max(x0, x1)).allSatisfy { opaque($0, y) } }
            #expect(inside, "trial \(trial): \(r) holds a translucent pixel")
        }
    }

    /// Rows whose every opaque column goes on opaque in the next row are skipped: the rectangle
    /// found is the very one a search of every row finds first (the same corners, not only the
    /// same area), on 120 masks up to 64×48 made of rounded blocks with holes. Metric: equality.
    @Test func skippingRowsFindsTheSameRectangleAsSearchingEveryRow() {
        var random = SplitMix(seed: 77)
        for trial in 0..<120 {
            let w = Int(random.next() % 64) + 1, h = Int(random.next() % 48) + 1
            var pixels = [UInt32](repeating: 0, count: w * h)
            for _ in 0..<(Int(random.next() % 4) + 1) {
                let x0 = Int(random.next() % UInt64(w)), y0 = Int(random.next() % UInt64(h))
                let x1 = x0 + Int(random.next() % UInt64(w - x0)) + 1, y1 = y0 + Int(random.next() % UInt64(h - y0)) + 1
                let corner = Int(random.next() % 4)
                for y in y0..<y1 {
                    // Corners cut diagonally: the opaque span narrows over the first and last rows.
                    let inset = max(0, corner - min(y - y0, y1 - 1 - y))
                    for x in (x0 + inset)..<max(x0 + inset, x1 - inset) { pixels[y * w + x] = 0xFF00_0000 }
                }
            }
            for _ in 0..<Int(random.next() % 6) { pixels[Int(random.next() % UInt64(w * h))] = 0x8000_0000 }
            var r = [Int32](repeating: -1, count: 4)
            strata_opaque_rect(pixels, Int32(w), Int32(h), Int32(w), &r)
            let expected = Self.largestSearchingEveryRow(pixels, w, h)
            #expect(r.map(Int.init) == expected, "trial \(trial): \(w)×\(h)")
        }
    }

    /// The largest opaque rectangle by a histogram search of every row: the first of the largest.
    private static func largestSearchingEveryRow(_ pixels: [UInt32], _ w: Int, _ h: Int) -> [Int] {
        var heights = [Int](repeating: 0, count: w + 1)
        var best = 0
        var found = [0, 0, 0, 0]
        for y in 0..<h {
            for x in 0..<w { heights[x] = pixels[y * w + x] >> 24 == 255 ? heights[x] + 1 : 0 }
            var stack: [Int] = []
            for x in 0...w {
                while let top = stack.last, heights[top] >= heights[x] {
                    stack.removeLast()
                    let left = (stack.last ?? -1) + 1
                    let area = heights[top] * (x - left)
                    if area > best { (best, found) = (area, [left, y + 1 - heights[top], x, y + 1]) }
                }
                stack.append(x)
            }
        }
        return found
    }

    /// A raster's opaque rectangle is worked out once and again after it is drawn on: a rounded,
    /// opaque rectangle's lies inside its corners; a transparent raster has none.
    @Test func rasterOpaqueRectFollowsItsPixels() throws {
        let raster = try #require(Raster(covering: CGRect(x: 0, y: 0, width: 40, height: 30), scale: 1))
        #expect(raster.opaqueRect == (0, 0, 0, 0), "transparent")
        raster.draw { cr in
            cairo_set_source_rgba(cr, 0.2, 0.4, 0.6, 1)
            // A rounded rectangle: 8-point corners.
            cairo_new_path(cr)
            cairo_arc(cr, 32, 8, 8, -Double.pi / 2, 0)
            cairo_arc(cr, 32, 22, 8, 0, Double.pi / 2)
            cairo_arc(cr, 8, 22, 8, Double.pi / 2, Double.pi)
            cairo_arc(cr, 8, 8, 8, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
        let r = raster.opaqueRect
        // The largest rectangle inside 8-point corners: at least the 40 × 14 band between them.
        #expect((Int(r.x1) - Int(r.x0)) * (Int(r.y1) - Int(r.y0)) >= 40 * 14, "\(r)")
        #expect(r.x0 >= 0 && r.y0 >= 0 && r.x1 <= 40 && r.y1 <= 30)
        #expect(!(r.x0 == 0 && r.y0 == 0), "a rounded corner is not opaque")
    }

    /// Random batches of overlapping operations over a patterned target, drawn with hidden pixels
    /// skipped (one thread and two) and with every pixel drawn, and one operation at a time:
    /// byte-identical (tolerance 0). The later operations are every kind that can hide or must
    /// not: magnified 4–9× (so a sample between the opaque part and a translucent border reads
    /// both), turned, nearest-filtered, 1:1 copies, slides, translucent layers (which hide nothing),
    /// antialiased or hard-edged; each with its own whole-pixel frame offset, on a target whose
    /// first pixel is not at the origin. Some pixels must have been skipped, and none without culling.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func skippingHiddenPixelsLeavesTheSameFrame(seed: UInt64) throws {
        // Opaque inside, a half-transparent one-pixel ring, one transparent pixel inside.
        let ringed = try raster(20, 16) { x, y in
            if x == 0 || y == 0 || x == 19 || y == 15 { return 0x80_40_20_10 }
            if x == 6, y == 5 { return 0 }
            return 0xFF_00_00_00 | UInt32(x * 12) << 16 | UInt32(y * 15) << 8 | 0x33
        }
        let tiny = try raster(3, 3) { x, y in 0xFF_20_00_00 | UInt32(x * 100) << 8 | UInt32(y * 100) }
        let translucent = try raster(12, 12) { x, y in 0xC0_30_30_30 | UInt32((x + y) % 2) * 0x20 }
        let sources = [ringed, tiny, translucent]
        var random = SplitMix(seed: seed)
        var ops: [(strata_composite_op, Raster)] = []
        for _ in 0..<90 {
            let source = sources[Int(random.next() % 3)]
            let kind = random.next() % 5
            let x = random.next(in: -30...150), y = random.next(in: -30...110)
            let map: PlaneMap
            switch kind {
            case 0: map = PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: x.rounded(), h: y.rounded(), i: 1)
            case 1: map = PlaneMap(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: x, h: y, i: 1)
            default:
                let angle = kind == 2 ? 0 : random.next(in: -3...3), scale = random.next(in: 0.7...9)
                map = PlaneMap(
                    a: scale * cos(angle), b: scale * sin(angle), c: 0, d: -scale * sin(angle), e: scale * cos(angle), f: 0,
                    g: x, h: y, i: 1)
            }
            let bilinear = kind != 0 && random.next() % 4 != 0
            let alpha = random.next() % 5 == 0 ? 0.6 : 1
            // Coordinates less a whole-pixel frame offset, as a layer drawn with its copy's numbers.
            let frame = (x: Int(random.next() % 9) - 4, y: Int(random.next() % 7) - 3)
            guard let made = RasterKernel.operation(
                source, map: map, frame: frame, bilinear: bilinear, alpha: alpha, antialias: random.next() % 2 == 0),
                var op = made
            else { continue }
            (op.frameX, op.frameY) = (Int32(frame.x), Int32(frame.y))
            ops.append((op, source))
        }
        func draw(culls: Bool?, threads: Int) throws -> (pixels: [UInt32], hidden: Int64) {
            let target = try raster(170, 130) { x, y in 0xFF_00_00_00 | UInt32(x) << 8 | UInt32(y) }
            // Its pixel (0, 0) at device (−7, 5).
            let buffer = KernelTarget(raster: target, originX: -7, originY: 5)
            guard let culls else {
                for (op, _) in ops {
                    var op = op, t = buffer.buffer
                    strata_composite(&op, &t, 1, 2)
                }
                cairo_surface_mark_dirty(target.surface)
                return (target.words, 0)
            }
            let batch = KernelBatch()
            let options = RasterKernelOptions(threads: threads, culls: culls)
            for (op, source) in ops { batch.add(op, holding: source, next: nil, onto: buffer, options: options) }
            batch.flush()
            return (target.words, batch.hiddenPixels)
        }
        let oneByOne = try draw(culls: nil, threads: 1)
        let drawn = try draw(culls: false, threads: 2)
        let culled = try draw(culls: true, threads: 1)
        let culledShared = try draw(culls: true, threads: 2)
        func differing(_ frame: [UInt32]) -> Int { zip(frame, oneByOne.pixels).filter { $0 != $1 }.count }
        #expect(differing(drawn.pixels) == 0, "seed \(seed): batched, every pixel drawn")
        #expect(drawn.hidden == 0)
        #expect(differing(culled.pixels) == 0, "seed \(seed): hidden pixels skipped")
        #expect(differing(culledShared.pixels) == 0, "seed \(seed): hidden pixels skipped on two threads")
        #expect(culled.hidden == culledShared.hidden)
        #expect(culled.hidden > 2_000, "seed \(seed): only \(culled.hidden) pixels were skipped")
    }

    // MARK: - Helpers

    func raster(_ w: Int, _ h: Int, _ colour: (Int, Int) -> UInt32) throws -> Raster {
        let raster = try #require(Raster(covering: CGRect(x: 0, y: 0, width: w, height: h), scale: 1))
        raster.setWords(colour)
        return raster
    }
}
