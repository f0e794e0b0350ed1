import Foundation
import QuartzCore
import StrataLottie
import Testing

/// Lottie text documents' stroke (`sc`, `sw`, `of`) and tracking (`tr`), drawn through Pango
/// glyph outlines (DejaVu Sans, the pinned test font), measured by their ink.
@Suite("Lottie text stroke and tracking")
struct LottieTextStyleTests {
    static func render(_ extra: String, text: String = "HH") throws -> CGImage {
        let document = "{\"t\":\"\(text)\",\"f\":\"DejaVu Sans\",\"s\":40,\"j\":0,\"fc\":[0,0,1]\(extra)}"
        let layer = "{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform(p: LJ.value([10, 70]))),\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":\(document)}]}}}"
        return try LottieRender.frame(LJ.animation(w: 200, h: 100, layers: [layer]), 0, playing: false)
    }

    /// Pixels that are mostly red, and the ink's left and right edges.
    static func measure(_ image: CGImage) -> (red: Int, minX: Int, maxX: Int) {
        var red = 0, minX = Int.max, maxX = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.rgba(x, y)
                guard p.a > 128 else { continue }
                minX = min(minX, x)
                maxX = max(maxX, x)
                if p.r > 180, p.b < 80 { red += 1 }
            }
        }
        return (red, minX, maxX)
    }

    @Test func aStrokeOutlinesTheGlyphsOverOrUnderTheFill() throws {
        let plain = Self.measure(try Self.render(""))
        let over = Self.measure(try Self.render(",\"sc\":[1,0,0],\"sw\":4,\"of\":true"))
        let under = Self.measure(try Self.render(",\"sc\":[1,0,0],\"sw\":4,\"of\":false"))
        #expect(plain.red == 0, "no stroke: blue only")
        #expect(over.red > 150, "a red outline around both letters: \(over.red) pixels")
        #expect(under.red > 40 && under.red < over.red * 3 / 4, "under the fill, half the stroke shows: \(under.red) of \(over.red)")
        #expect(abs((plain.minX - over.minX) - 2) <= 1, "the stroke reaches half its width beyond the glyphs: \(plain.minX) → \(over.minX)")
    }

    @Test func trackingSpreadsTheLetters() throws {
        // tr 500: half an em (20 points) more after each letter: "HH" grows by 20.
        let plain = Self.measure(try Self.render(""))
        let tracked = Self.measure(try Self.render(",\"tr\":500"))
        let growth = (tracked.maxX - tracked.minX) - (plain.maxX - plain.minX)
        #expect(abs(growth - 20) <= 2, "ink 20 points wider: \(growth)")
    }
}
