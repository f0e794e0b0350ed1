/// Exact Euclidean distances on a pixel grid (Felzenszwalb and Huttenlocher's lower envelope of
/// parabolas, one pass down the columns and one along the rows: linear in the pixels), for the
/// effects that grow a picture's outline by a distance (the stroke style, an inner shadow's choke).
enum DistanceField {
    /// Stands for "no site on this line": large, yet small enough that sums stay exact.
    static let far = 1e20

    /// The squared distance (pixels²) from each pixel of a `width` × `height` grid (rows top to
    /// bottom) to the nearest pixel where `isSite` holds; `far` and beyond when there is none.
    static func squared(width: Int, height: Int, isSite: (Int) -> Bool) -> [Double] {
        guard width > 0, height > 0 else { return [] }
        var d = [Double](repeating: far, count: width * height)
        for i in 0..<(width * height) where isSite(i) { d[i] = 0 }
        let n = max(width, height)
        var line = [Double](repeating: 0, count: n), out = [Double](repeating: 0, count: n)
        var parabolas = [Int](repeating: 0, count: n), bounds = [Double](repeating: 0, count: n + 1)
        for x in 0..<width {
            for y in 0..<height { line[y] = d[y * width + x] }
            envelope(line, count: height, into: &out, parabolas: &parabolas, bounds: &bounds)
            for y in 0..<height { d[y * width + x] = out[y] }
        }
        for y in 0..<height {
            for x in 0..<width { line[x] = d[y * width + x] }
            envelope(line, count: width, into: &out, parabolas: &parabolas, bounds: &bounds)
            for x in 0..<width { d[y * width + x] = out[x] }
        }
        return d
    }

    /// One line: out[q] = min over p of (q − p)² + f[p].
    private static func envelope(
        _ f: [Double], count n: Int, into out: inout [Double], parabolas v: inout [Int], bounds z: inout [Double]
    ) {
        var k = 0
        v[0] = 0
        z[0] = -Double.infinity
        z[1] = Double.infinity
        for q in 1..<max(n, 1) {
            let fq = f[q] + Double(q * q)
            var s = 0.0
            // z[0] is −∞, so this stops at the first parabola at the latest.
            repeat {
                let p = v[k]
                s = (fq - (f[p] + Double(p * p))) / Double(2 * (q - p))
                if s <= z[k] { k -= 1 } else { break }
            } while k >= 0
            k += 1
            v[k] = q
            z[k] = s
            z[k + 1] = Double.infinity
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Double(q) { k += 1 }
            let p = v[k]
            out[q] = Double((q - p) * (q - p)) + f[p]
        }
    }
}
