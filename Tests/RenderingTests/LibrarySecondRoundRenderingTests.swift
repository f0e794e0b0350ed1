import CoreGraphics
import QuartzCore
import Testing

/// Issue 28: what five more iOS animation libraries do, where pixels are the point, drawn through
/// `CARenderer` on a clock that starts at each of three origins.
@Suite("Real iOS code, second round, through CARenderer")
struct LibrarySecondRoundRenderingTests {
    // MARK: Item 3: custom animatable properties drawn through CARenderer

    /// A progress ring as a library writes it: its own animatable `angle` (radians), redrawn
    /// for it (`needsDisplay(forKey:)`), drawn in `draw(in:)` from 0 to `angle`.
    final class RingLayer: CALayer {
        var angle: CGFloat {
            get { (value(forKey: "angle") as? NSNumber).map { CGFloat($0.doubleValue) } ?? 0 }
            set { setValue(NSNumber(value: Double(newValue)), forKey: "angle") }
        }

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "angle" || super.needsDisplay(forKey: key)
        }

        override func draw(in ctx: CGContext) {
            let c = CGPoint(x: bounds.midX, y: bounds.midY)
            ctx.setStrokeColor(CGColor(red: 0, green: 0.7, blue: 0, alpha: 1))
            ctx.setLineWidth(8)
            ctx.addArc(center: c, radius: 30, startAngle: 0, endAngle: angle, clockwise: false)
            ctx.strokePath()
        }
    }

    /// Whether the ring is drawn at `degrees` (screen angle, y down) around (40, 40), radius 30.
    private func ringIsLit(_ image: CGImage, at degrees: Double) -> Bool {
        let a = degrees * .pi / 180
        let p = image.rgba(Int((40 + 30 * cos(a)).rounded()), Int((40 + 30 * sin(a)).rounded()))
        return p.g > 120 && p.r < 80
    }

    /// `angle` animated 0 → 2π in 1 s (model set to 2π first, as libraries do): the frames show
    /// a quarter, a half and three quarters of the ring — the presentation copy's drawing, not
    /// the model's full ring.
    @Test(arguments: clockOrigins)
    func aCustomPropertyIsDrawnFrameByFrame(origin: Double) throws {
        let clock = MediaClock.Manual(time: origin)
        try MediaClock.withClock(clock) {
            let (root, ring) = scene { () -> (CALayer, RingLayer) in
                let root = canvas(80, 80)
                let ring = RingLayer()
                ring.frame = root.bounds
                ring.angle = 2 * .pi
                ring.setNeedsDisplay()
                root.addSublayer(ring)
                return (root, ring)
            }
            let fill = CABasicAnimation(keyPath: "angle")
            fill.fromValue = 0
            fill.toValue = 2 * Double.pi
            fill.duration = 1
            CATransaction.begin()
            ring.add(fill, forKey: "fill")
            CATransaction.commit()
            let context = Golden.makeContext(width: 80, height: 80)
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            for (t, lit) in [(0.25, [45.0]), (0.5, [45, 135]), (0.75, [45, 135, 225]), (1.5, [45, 135, 225, 315])] {
                renderer.beginFrame(atTime: origin + t, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
                let image = try #require(context.makeImage())
                for degrees in [45.0, 135, 225, 315] {
                    #expect(ringIsLit(image, at: degrees) == lit.contains(degrees), "at \(t) s, \(degrees)°")
                }
            }
            #expect(ring.angle == 2 * .pi, "the model keeps its value")
        }
    }

    // MARK: Item 5: an emitter starts empty

    private func dotImage() -> CGImage {
        let context = Golden.makeContext(width: 4, height: 4)
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        return context.makeImage()!
    }

    /// A confetti-style emitter on black: one particle a second along +x at 10 points a second,
    /// living 10 s, from (10, 30). `configure` runs before it is added.
    private func confetti(_ configure: (CAEmitterLayer) -> Void = { _ in }) -> (root: CALayer, emitter: CAEmitterLayer) {
        scene {
            let root = canvas(120, 60)
            root.backgroundColor = CGColor(gray: 0, alpha: 1)
            let emitter = CAEmitterLayer()
            emitter.frame = root.bounds
            emitter.emitterPosition = CGPoint(x: 10, y: 30)
            let cell = CAEmitterCell()
            cell.contents = dotImage()
            cell.birthRate = 1
            cell.lifetime = 10
            cell.velocity = 10
            emitter.emitterCells = [cell]
            configure(emitter)
            root.addSublayer(emitter)
            return (root, emitter)
        }
    }

    /// Lit pixels of the white particles on black.
    private func litColumns(_ image: CGImage) -> [Int] {
        (0..<image.width).filter { x in (0..<image.height).contains { image.rgba(x, $0).r > 200 } }
    }

    /// Added at T: nothing at T, then particles born at T, T + 1, T + 2 s, each 10 points a
    /// second along +x (so at T + 2.5 s: at x = 35, 25, 15) — not particles spread along their
    /// whole 10-s path as if it had been emitting since the clock began.
    @Test(arguments: clockOrigins)
    func anEmitterAddedLaterStartsEmpty(origin: Double) {
        let start = origin + 7.25
        MediaClock.withClock(MediaClock.Manual(time: start)) {
            let (root, _) = confetti()
            #expect(litColumns(Golden.render(root, width: 120, height: 60, at: start)).isEmpty, "empty when added")
            let later = Golden.render(root, width: 120, height: 60, at: start + 2.5)
            for x in [35, 25, 15] { #expect(later.rgba(x, 30).r > 200, "particle at x = \(x)") }
            #expect(later.rgba(45, 30).r < 20 && later.rgba(60, 30).r < 20, "no particle born before it was added")
        }
    }

    /// The iOS idiom `emitter.beginTime = CACurrentMediaTime()` starts it at once too.
    @Test(arguments: clockOrigins)
    func anEmitterBegunNowEmitsAtOnce(origin: Double) {
        let start = origin + 3.5
        MediaClock.withClock(MediaClock.Manual(time: start)) {
            let (root, _) = confetti { $0.beginTime = CACurrentMediaTime() }
            let later = Golden.render(root, width: 120, height: 60, at: start + 1.5)
            for x in [25, 15] { #expect(later.rgba(x, 30).r > 200, "particle at x = \(x)") }
            #expect(later.rgba(35, 30).r < 20)
        }
    }

    /// New cells restart emission from the commit that sets them; a paused emitter (speed 0)
    /// keeps its particles where they are.
    @Test(arguments: clockOrigins)
    func newCellsEmitFromTheirCommitAndPausedEmittersFreeze(origin: Double) {
        let start = origin + 1.125
        let clock = MediaClock.Manual(time: start)
        MediaClock.withClock(clock) {
            let (root, emitter) = confetti()
            clock.time = start + 5
            scene {
                let cell = CAEmitterCell()
                cell.contents = dotImage()
                cell.birthRate = 1
                cell.lifetime = 10
                cell.velocity = 20
                emitter.emitterCells = [cell]
            }
            let image = Golden.render(root, width: 120, height: 60, at: start + 6.5)
            // Born at start + 5 and + 6: 30 and 10 points along.
            for x in [40, 20] { #expect(image.rgba(x, 30).r > 200, "particle at x = \(x)") }
            #expect(image.rgba(70, 30).r < 20, "the old cells' particles are gone")

            clock.time = start + 6.5
            scene {
                emitter.timeOffset = emitter.convertTime(CACurrentMediaTime(), from: nil)
                emitter.speed = 0
            }
            let paused = litColumns(Golden.render(root, width: 120, height: 60, at: start + 9))
            #expect(!paused.isEmpty && paused == litColumns(image), "frozen where they were when paused")
        }
    }

    // MARK: Item 9: the context's subpixel text switches

    /// A line of narrow glyphs at a size whose advances are fractional, drawn by `render(in:)`
    /// into a context prepared by `configure`. Pixels compared exactly (same machine, same font).
    private func drawnText(_ configure: (CGContext) -> Void) -> [UInt8] {
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 30)
        layer.string = "iiiiiiiiiiiiiiiiiiiiiiii llll"
        layer.fontSize = 13.3
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        let context = Golden.makeContext(width: 200, height: 30)
        configure(context)
        layer.render(in: context)
        let image = context.makeImage()!
        return (0..<30).flatMap { y in (0..<200).map { UInt8(image.rgba($0, y).a) } }
    }

    /// Whole-pixel placement (either switch off, or unantialiased text) and subpixel placement
    /// draw different glyph positions; `setShouldSubpixelPositionFonts` is saved and restored
    /// with the graphics state, `setAllowsFontSubpixelPositioning` is not.
    @Test func subpixelSwitchesDecideWhereGlyphsSit() {
        let subpixel = drawnText { $0.setShouldSubpixelPositionFonts(true) }
        let whole = drawnText { $0.setShouldSubpixelPositionFonts(false) }
        #expect(subpixel != whole, "subpixel positions differ from whole pixels")
        #expect(subpixel.contains { $0 > 0 } && whole.contains { $0 > 0 }, "text drawn in both")
        #expect(drawnText { $0.setAllowsFontSubpixelPositioning(false) } == whole, "not allowed: whole pixels")
        let restored = drawnText {
            $0.setAllowsFontSubpixelPositioning(true)
            $0.saveGState()
            $0.setShouldSubpixelPositionFonts(false)
            $0.restoreGState()
        }
        #expect(restored == subpixel, "restoring the state turns subpixel positions back on")
        let notRestored = drawnText {
            $0.saveGState()
            $0.setAllowsFontSubpixelPositioning(false)
            $0.restoreGState()
        }
        #expect(notRestored == whole, "allowing is not part of the graphics state")
        // Quantization: accepted and kept (Pango has no quarter-pixel positions): no change.
        let quantized = drawnText {
            $0.setShouldSubpixelPositionFonts(true)
            $0.setAllowsFontSubpixelQuantization(true)
            $0.setShouldSubpixelQuantizeFonts(false)
        }
        #expect(quantized == subpixel)
    }
}
