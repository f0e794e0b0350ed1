import CoreGraphics
import Foundation

/// The comparison behind the image strategies, with swift-snapshot-testing's meanings:
/// - `precision`: the fraction of pixels that must match (1: all of them);
/// - `perceptualPrecision`: how close a pixel must be to count as matching. 1 asks for the same
///   bytes; below 1 a pixel matches when its colour difference ΔE*94 (CIE 1994, graphic-arts
///   weights, the reference's chroma; in CIELAB under D65 from sRGB, alpha composited over white)
///   is at most `(1 − perceptualPrecision) × 100` — the library's rule: it asks Core Image's
///   `CILabDeltaE`, whose values are ΔE 1994, and which Linux does not have. ΔE 1–2 is about what
///   an eye can tell, so 0.98–0.99 mimics it.
struct ImageComparison {
    var precision: Float
    var perceptualPrecision: Float

    /// The tolerance for references recorded on iOS: 99 % of pixels within ΔE*94 2. Measured on
    /// public iOS-recorded layer references (issue 44): flat fills match exactly; Core Graphics'
    /// and Strata's antialiasing of curves, strokes and gradient steps differ by a few levels.
    static let recordedOnIOS = (precision: Float(0.99), perceptualPrecision: Float(0.98))

    /// What a comparison found.
    struct Result {
        var width: Int
        var height: Int
        var differingPixels: Int
        /// The largest ΔE*94 found, and where (x, y from the top left).
        var worst: (deltaE: Double, x: Int, y: Int)
        /// Per-channel absolute differences, opaque: black where the pictures agree.
        var difference: CGImage
    }

    /// Nil when `failure` matches `reference`; otherwise a readable message and the result.
    func failure(reference: CGImage, failure: CGImage) -> (message: String, result: Result?)? {
        guard reference.width == failure.width, reference.height == failure.height else {
            return ("The snapshot is \(failure.width)×\(failure.height) pixels; the reference is "
                + "\(reference.width)×\(reference.height).", nil)
        }
        let a = reference.pixels.words, b = failure.pixels.words
        if a.elementsEqual(b) { return nil }
        let result = compare(reference, failure)
        let total = max(1, result.width * result.height)
        let allowed = Int((Double(1 - precision) * Double(total)).rounded(.down))
        guard result.differingPixels > allowed else { return nil }
        let percent = String(format: "%.2f", 100 * Double(result.differingPixels) / Double(total))
        let tolerance = perceptualPrecision >= 1
            ? "any change counts" : String(format: "ΔE ≤ %.2f counts as a match", Double(1 - perceptualPrecision) * 100)
        let message = """
            \(result.differingPixels) of \(total) pixels (\(percent) %) differ from the reference; precision \
            \(precision) allows \(allowed) (\(tolerance)). Largest difference: ΔE \
            \(String(format: "%.2f", result.worst.deltaE)) at (\(result.worst.x), \(result.worst.y)).
            """
        return (message, result)
    }

    private func compare(_ reference: CGImage, _ failure: CGImage) -> Result {
        let w = reference.width, h = reference.height
        let a = reference.pixels.words, b = failure.pixels.words
        let limit = Double(1 - perceptualPrecision) * 100
        var differing = 0
        var worst = (deltaE: 0.0, x: 0, y: 0)
        let difference = PixelBuffer(width: w, height: h) { out in
            for i in 0..<(w * h) {
                let p = a[i], q = b[i]
                out[i] = Self.absoluteDifference(p, q)
                guard p != q else { continue }
                let e = Self.deltaE(p, q)
                if e > worst.deltaE { worst = (e, i % w, i / w) }
                if perceptualPrecision >= 1 || e > limit { differing += 1 }
            }
        }
        return Result(
            width: w, height: h, differingPixels: differing, worst: worst,
            difference: CGImage(pixels: difference, opaque: true))
    }

    /// |p − q| per colour channel of two premultiplied ARGB words, alpha 255.
    private static func absoluteDifference(_ p: UInt32, _ q: UInt32) -> UInt32 {
        var out: UInt32 = 0xFF00_0000
        for shift: UInt32 in [0, 8, 16] {
            let x = Int((p >> shift) & 0xFF), y = Int((q >> shift) & 0xFF)
            out |= UInt32(abs(x - y)) << shift
        }
        return out
    }

    /// ΔE*94 from a reference pixel `p` to `q` (premultiplied ARGB), each composited over white.
    static func deltaE(_ p: UInt32, _ q: UInt32) -> Double {
        deltaE94(lab(p), lab(q))
    }

    /// CIE 1994 colour difference from `reference` to `sample` (CIELAB), with the graphic-arts
    /// weights (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015) and the reference's chroma in SC, SH.
    static func deltaE94(_ reference: SIMD3<Double>, _ sample: SIMD3<Double>) -> Double {
        let c1 = (reference.y * reference.y + reference.z * reference.z).squareRoot()
        let c2 = (sample.y * sample.y + sample.z * sample.z).squareRoot()
        let dL = reference.x - sample.x, da = reference.y - sample.y, db = reference.z - sample.z
        let dC = c1 - c2
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    /// CIELAB (D65) of a premultiplied ARGB pixel over white.
    static func lab(_ p: UInt32) -> SIMD3<Double> {
        let alpha = Double((p >> 24) & 0xFF) / 255
        func channel(_ shift: UInt32) -> Double {
            // Premultiplied over white: c + (1 − α).
            let c = Double((p >> shift) & 0xFF) / 255 + (1 - alpha)
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = channel(16), g = channel(8), b = channel(0)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
