import CCairo
import CoreGraphics
import Foundation
import Testing

/// The shadows' blur: from σ = 3 px on, three box blurs a direction stand in for pixman's
/// Gaussian convolution (whose cost grows with σ: an animated Lottie drop shadow was re-blurred
/// at 10 ms a frame). The reference is the Gaussian itself, computed here in doubles.
@Suite("Box blur against the Gaussian")
struct BoxBlurTests {
    private static let width = 160, height = 120

    /// A 160×120 A8 surface with a filled rectangle, a disc and a thin line (edges of every
    /// kind: straight, curved, thin), the rectangle near the surface's edge.
    private func shapes() -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(Self.width), Int32(Self.height))!
        let cr = cairo_create(surface)!
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_rectangle(cr, 4, 20, 50, 40)
        cairo_fill(cr)
        cairo_arc(cr, 110, 60, 25, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.8)
        cairo_rectangle(cr, 10, 95, 140, 1)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    private func values(_ surface: OpaquePointer) -> [Double] {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        return (0..<Self.height).flatMap { y in (0..<Self.width).map { Double(data[y * stride + $0]) } }
    }

    /// The Gaussian blur of `source` (pixels outside count as 0), in doubles: across, then down.
    private func gaussian(_ source: [Double], sigma: Double) -> [Double] {
        let w = Self.width, h = Self.height, r = Int((3 * sigma).rounded(.up))
        let weights = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        var across = [Double](repeating: 0, count: w * h), down = across
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for i in Swift.max(-r, -x)...Swift.min(r, w - 1 - x) { sum += source[y * w + x + i] * weights[i + r] }
                across[y * w + x] = sum / total
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for i in Swift.max(-r, -y)...Swift.min(r, h - 1 - y) { sum += across[(y + i) * w + x] * weights[i + r] }
                down[y * w + x] = sum / total
            }
        }
        return down
    }

    /// Tried at σ 3.5, 8, 20 and 64 px (the largest reaching past the surface on every side):
    /// every pixel within 6 levels of the Gaussian, the mean difference under 1.5 levels, the
    /// blurred mass (the sum of alpha) within 5 % (three boxes are a Gaussian within about 3 %;
    /// their lighter tails keep more of a blur wider than the surface inside it).
    @Test(arguments: [3.5, 8, 20, 64])
    func boxesStayWithinAFewLevelsOfTheGaussian(sigma: Double) {
        let source = shapes()
        defer { cairo_surface_destroy(source) }
        let blurred = GaussianBlur.blurA8(source, sigma: sigma, approximate: true)
        defer { cairo_surface_destroy(blurred) }
        let got = values(blurred), expected = gaussian(values(source), sigma: sigma)
        let differences = zip(got, expected).map { abs($0 - $1) }
        let worst = differences.max() ?? 0
        let mean = differences.reduce(0, +) / Double(differences.count)
        #expect(worst <= 6, "σ \(sigma): worst \(worst)")
        #expect(mean < 1.5, "σ \(sigma): mean \(mean)")
        let mass = got.reduce(0, +), expectedMass = expected.reduce(0, +)
        #expect(abs(mass - expectedMass) <= 0.05 * expectedMass, "σ \(sigma): mass \(mass) vs \(expectedMass)")
    }

    /// Below σ 3 the exact convolution runs: the same bytes as asking for it.
    @Test func smallDeviationsUseTheConvolution() {
        let source = shapes()
        defer { cairo_surface_destroy(source) }
        let a = GaussianBlur.blurA8(source, sigma: 2.5, approximate: true), b = GaussianBlur.blurA8(source, sigma: 2.5)
        #expect(values(a) == values(b))
        cairo_surface_destroy(a)
        cairo_surface_destroy(b)
    }

    /// Tried: NaN, negative and zero σ (the pixels unchanged), enormous and infinite σ (held to
    /// `maxSigma`), and a 1×1 surface.
    @Test func badDeviationsAreHeldOrIgnored() {
        let source = shapes()
        defer { cairo_surface_destroy(source) }
        let original = values(source)
        for sigma in [Double.nan, -5, 0] {
            let out = GaussianBlur.blurA8(source, sigma: sigma, approximate: true)
            #expect(values(out) == original, "σ \(sigma) leaves the pixels")
            cairo_surface_destroy(out)
        }
        let held = GaussianBlur.blurA8(source, sigma: GaussianBlur.maxSigma, approximate: true)
        for sigma in [1e300, .infinity] {
            let out = GaussianBlur.blurA8(source, sigma: sigma, approximate: true)
            #expect(values(out) == values(held), "σ \(sigma) is held to \(GaussianBlur.maxSigma)")
            cairo_surface_destroy(out)
        }
        cairo_surface_destroy(held)
        let tiny = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!
        let blurredTiny = GaussianBlur.blurA8(tiny, sigma: 30, approximate: true)
        cairo_surface_flush(blurredTiny)
        #expect(cairo_image_surface_get_data(blurredTiny)![0] == 0)
        cairo_surface_destroy(blurredTiny)
        cairo_surface_destroy(tiny)
    }
}
