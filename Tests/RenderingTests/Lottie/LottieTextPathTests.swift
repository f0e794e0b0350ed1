import Foundation
import QuartzCore
import StrataLottie
import Testing

/// Text on a path (`t.p`): the characters of "HH" (DejaVu Sans 40 pt, the pinned test font) follow
/// a mask's outline from the first margin, turned with it, measured by their ink on a 240×240
/// comp: straight outlines whose pictures can be worked out from the same text laid out plainly.
@Suite("Lottie text on a path")
struct LottieTextPathTests {
    /// The text layer at the origin, its mask 0 the open path `from` → `to` (mode none), with
    /// path options `options` (JSON members) or none.
    static func json(
        from: (Double, Double) = (20, 70), to: (Double, Double) = (220, 70), options: String?, justification: Int = 0,
        position: (Double, Double) = (0, 0)
    ) -> String {
        let document = "{\"t\":\"HH\",\"f\":\"DejaVu Sans\",\"s\":40,\"j\":\(justification),\"fc\":[0,0,1]}"
        let outline = "{\"c\":false,\"v\":[[\(LJ.num(from.0)),\(LJ.num(from.1))],[\(LJ.num(to.0)),\(LJ.num(to.1))]],\"i\":[[0,0],[0,0]],\"o\":[[0,0],[0,0]]}"
        let mask = "\"masksProperties\":[{\"mode\":\"n\",\"inv\":false,\"pt\":{\"a\":0,\"k\":\(outline)},\"o\":{\"a\":0,\"k\":100}}]"
        let path = options.map { ",\"p\":{\"m\":0,\($0)}" } ?? ""
        let layer = "{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform(p: LJ.value([position.0, position.1]))),\(mask),\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":\(document)}]}\(path),\"a\":[]}}"
        return LJ.animation(w: 240, h: 240, layers: [layer])
    }

    static func ink(_ json: String, frame: Double = 0, origin: Double? = nil) throws -> (count: Int, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        let image = try origin.map { try LottieRender.frame(json, frame, origin: $0) } ?? LottieRender.frame(json, frame, playing: false)
        return LottieTextAnimatorTests.ink(image)
    }

    @Test func aStraightPathPlacesTheTextAsPlainTextFromItsFirstMargin() throws {
        // Outline from (20, 70), margin 10: the same picture as the text laid out at (30, 70).
        let json = Self.json(options: "\"f\":{\"a\":0,\"k\":10}")
        #expect(!LottieLayer(animation: try LottieRender.animation(json)).warnings.contains { $0.contains("path") })
        let onPath = try Self.ink(json), plain = try Self.ink(Self.json(options: nil, position: (30, 70)))
        #expect(plain.count > 0 && abs(onPath.count - plain.count) <= plain.count / 30, "ink \(onPath.count) vs \(plain.count)")
        for (a, b, what) in [(onPath.minX, plain.minX, "left"), (onPath.maxX, plain.maxX, "right"), (onPath.minY, plain.minY, "top"), (onPath.maxY, plain.maxY, "bottom")] {
            #expect(abs(a - b) <= 1, "\(what) edge \(a) vs \(b)")
        }
    }

    @Test func aDownwardPathTurnsTheCharactersAQuarterClockwise() throws {
        // Outline (100, 10) → (100, 230), margin 20: the baseline runs down x = 100 from y 30, the
        // capitals' tops point to +x (cap height ≈ 29): ink in x 100…130, y from about 32 for
        // as long as the line is wide.
        let plain = try Self.ink(Self.json(options: nil, position: (30, 70)))
        let turned = try Self.ink(Self.json(from: (100, 10), to: (100, 230), options: "\"f\":{\"a\":0,\"k\":20}"))
        #expect(turned.minX >= 99 && turned.minX <= 102 && turned.maxX >= 125 && turned.maxX <= 132, "x \(turned.minX)…\(turned.maxX)")
        #expect(abs(turned.minY - (plain.minX - 30 + 30)) <= 1, "first ink at y \(turned.minY), straight text starts \(plain.minX - 30) in")
        #expect(abs((turned.maxY - turned.minY) - (plain.maxX - plain.minX)) <= 1, "as long as the straight line is wide")
    }

    @Test func aReversedPathRunsBackwardsUpsideDown() throws {
        // Reversed, the outline runs from (220, 70) to the left: the first character starts 10 in,
        // at x 210, and the text reads leftwards turned half a turn (hanging below the baseline).
        let plain = try Self.ink(Self.json(options: nil, position: (30, 70)))
        let back = try Self.ink(Self.json(options: "\"f\":{\"a\":0,\"k\":10},\"r\":{\"a\":0,\"k\":1}"))
        #expect(abs(back.maxX - (240 - plain.minX - 1)) <= 1, "rightmost ink \(back.maxX), mirrored from \(plain.minX)")
        #expect(abs(back.minY - (140 - plain.maxY - 1)) <= 1 && abs(back.maxY - (140 - plain.minY - 1)) <= 1,
            "hanging below y 70: \(back.minY)…\(back.maxY), upright \(plain.minY)…\(plain.maxY)")
    }

    @Test func rightJustifiedTextEndsAtTheLastMargin() throws {
        // Right-justified with last margin 10: the line ends at x 210, as plain right-justified
        // text at (210, 70).
        let onPath = try Self.ink(Self.json(options: "\"l\":{\"a\":0,\"k\":10}", justification: 1))
        let plain = try Self.ink(Self.json(options: nil, justification: 1, position: (210, 70)))
        #expect(abs(onPath.maxX - plain.maxX) <= 1 && abs(onPath.minX - plain.minX) <= 1, "\(onPath.minX)…\(onPath.maxX) vs \(plain.minX)…\(plain.maxX)")
    }

    @Test(arguments: clockOrigins)
    func anAnimatedMarginSlidesTheTextAlongThePath(origin: Double) throws {
        // First margin 0 → 100 over frames 0…30: at frame 15 the text is 50 along, at 30, 100.
        let json = Self.json(options: "\"f\":\(LJ.keys([(0, [0]), (30, [100])]))")
        let start = try Self.ink(json, frame: 0, origin: origin), middle = try Self.ink(json, frame: 15, origin: origin)
        let end = try Self.ink(json, frame: 30, origin: origin)
        #expect(abs(middle.minX - start.minX - 50) <= 1 && abs(end.minX - start.minX - 100) <= 1,
            "origin \(origin): ink from \(start.minX), \(middle.minX), \(end.minX)")
        #expect(middle.minY == start.minY && end.maxY == start.maxY, "along the baseline")
    }

    @Test func aMissingMaskIsNamedAndTheTextDrawnOnItsBaseline() throws {
        // At (0, 70): on its baseline there (at the origin its capitals would end exactly on the comp's top edge).
        let json = Self.json(options: "\"f\":{\"a\":0,\"k\":10}", position: (0, 70)).replacingOccurrences(of: "\"m\":0", with: "\"m\":3")
        let player = LottieLayer(animation: try LottieRender.animation(json))
        #expect(player.warnings.contains { $0.contains("mask 3") }, "\(player.warnings)")
        #expect(try Self.ink(json).count > 0, "the text is still drawn")
    }
}
