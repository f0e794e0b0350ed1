import CoreGraphics

/// The universal image quality index (Wang & Bovik 2002) exactly as the Lottie feature-file suite's
/// report computes it — the formulation of the `sewar` Python package (`uqi`, window 8), which
/// reproduces the suite's published figures (Strata's 128 of 143 and its 15 misses, before this
/// work): fully transparent pixels set to 0 in both images, the four channels (straight, 0…255)
/// scored apart and averaged.
///
/// For each 8×8 window with means μx, μy and means of squares and products m(x²), m(y²), m(xy),
/// Q = 4·(N·m(xy) − μx·μy)·μx·μy / ((N·(m(x²) + m(y²)) − μx² − μy²)·(μx² + μy²)), N = 64: sewar feeds
/// window means where the paper's formula takes sums, which makes Q far more forgiving of
/// antialiasing than the paper's (a textbook UQI scores the same renders about 4 points lower).
/// Degenerate windows: 2·μx·μy/(μx² + μy²) when the first factor of the denominator is 0, 1 when
/// everything is 0. The mean is over windows whose centre lies 4 pixels or more inside the image.
enum UniversalQualityIndex {
    static let window = 8

    /// The index of `a` against `b` (same size), at most 1; nil when the sizes differ or are too small.
    static func index(_ a: CGImage, _ b: CGImage) -> Double? {
        guard a.width == b.width, a.height == b.height, a.width > window, a.height > window else { return nil }
        let x = channels(a), y = channels(b)
        var total = 0.0
        for c in 0..<4 { total += index(x[c], y[c], width: a.width, height: a.height) }
        return total / 4
    }

    /// The suite's score of one image: 1 above 0.95, the cube of the index below.
    static func score(_ uqi: Double) -> Double { uqi > 0.95 ? 1 : max(0, uqi * uqi * uqi) }

    /// Four planes (b, g, r, a) of straight 8-bit values, transparent pixels zeroed.
    private static func channels(_ image: CGImage) -> [[Double]] {
        var planes = [[Double]](repeating: [Double](repeating: 0, count: image.width * image.height), count: 4)
        for yy in 0..<image.height {
            for xx in 0..<image.width {
                let p = image.rgba(xx, yy)
                guard p.a > 0 else { continue }
                let i = yy * image.width + xx
                let straight = { (v: Int) in Double(min(255, (v * 255 + p.a / 2) / p.a)) }
                planes[0][i] = straight(p.b)
                planes[1][i] = straight(p.g)
                planes[2][i] = straight(p.r)
                planes[3][i] = Double(p.a)
            }
        }
        return planes
    }

    /// The mean Q over the windows of one channel, from summed-area tables.
    private static func index(_ x: [Double], _ y: [Double], width w: Int, height h: Int) -> Double {
        let sx = Integral(x, w, h), sy = Integral(y, w, h)
        let sxx = Integral(x.map { $0 * $0 }, w, h), syy = Integral(y.map { $0 * $0 }, w, h)
        let sxy = Integral(zip(x, y).map { $0 * $1 }, w, h)
        let n = Double(window * window)
        var total = 0.0, count = 0
        // A window centred on pixel c spans c−4…c+3; centres 4…size−5 keep it inside.
        for top in 0..<(h - window) {
            for left in 0..<(w - window) {
                let mx = sx.sum(left, top) / n, my = sy.sum(left, top) / n
                let mxx = sxx.sum(left, top) / n, myy = syy.sum(left, top) / n, mxy = sxy.sum(left, top) / n
                let product = mx * my, squares = mx * mx + my * my
                let spread = n * (mxx + myy) - squares
                var q = 1.0
                if spread * squares != 0 {
                    q = 4 * (n * mxy - product) * product / (spread * squares)
                } else if spread == 0, squares != 0 {
                    q = 2 * product / squares
                }
                total += q
                count += 1
            }
        }
        return total / Double(count)
    }

    /// A summed-area table, for the sum over any window in four reads.
    private struct Integral {
        var table: [Double]
        var width: Int

        init(_ values: [Double], _ w: Int, _ h: Int) {
            width = w + 1
            table = [Double](repeating: 0, count: (w + 1) * (h + 1))
            for yy in 0..<h {
                var row = 0.0
                for xx in 0..<w {
                    row += values[yy * w + xx]
                    table[(yy + 1) * width + xx + 1] = table[yy * width + xx + 1] + row
                }
            }
        }

        func sum(_ left: Int, _ top: Int) -> Double {
            let s = UniversalQualityIndex.window
            let r = left + s, b = top + s
            return table[b * width + r] - table[top * width + r] - table[b * width + left] + table[top * width + left]
        }
    }
}
