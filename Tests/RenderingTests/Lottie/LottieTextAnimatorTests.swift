import Foundation
import QuartzCore
import StrataLottie
import Testing

/// Text animators: range selectors choosing characters (by percent or index, square or shaped,
/// spaces counted or not) and the opacity, position, scale and fill colour they move them by,
/// measured by the ink of "HHHH" (DejaVu Sans 40 pt, the pinned test font) on a 240×100 comp.
@Suite("Lottie text animators")
struct LottieTextAnimatorTests {
    static func json(_ animators: String, text: String = "HHHH") -> String {
        let document = "{\"t\":\"\(text)\",\"f\":\"DejaVu Sans\",\"s\":40,\"j\":0,\"fc\":[0,0,1]}"
        let layer = "{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform(p: LJ.value([10, 70]))),\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":\(document)}]},\"a\":[\(animators)]}}"
        return LJ.animation(w: 240, h: 100, layers: [layer])
    }

    static func animator(selector: String = "", _ properties: String) -> String {
        "{\"s\":{\"t\":0\(selector)},\"a\":{\(properties)}}"
    }

    /// Inked pixels (alpha over half) and their box.
    static func ink(_ image: CGImage) -> (count: Int, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        var n = 0, minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.rgba(x, y).a > 128 {
                n += 1
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return (n, minX, maxX, minY, maxY)
    }

    @Test func aSquareSelectorHidesTheCharactersItCovers() throws {
        let plain = Self.ink(try LottieRender.frame(Self.json(""), 0, playing: false))
        let json = Self.json(Self.animator(selector: ",\"s\":{\"k\":0},\"e\":{\"k\":50}", "\"o\":{\"k\":0}"))
        #expect(try !LottieRender.animation(json).warnings.contains { $0.contains("text animators") })
        let half = Self.ink(try LottieRender.frame(json, 0, playing: false))
        #expect(abs(Double(half.count) / Double(plain.count) - 0.5) < 0.05, "half the letters: \(half.count) of \(plain.count)")
        #expect(half.minX > plain.minX + 40, "the first two letters gone: ink from \(half.minX), was \(plain.minX)")
        #expect(half.maxX == plain.maxX, "the last ones where they were")
    }

    @Test(arguments: clockOrigins)
    func anAnimatedSelectorRevealsLetterByLetter(origin: Double) throws {
        // The range's end goes 0 → 100 % over frames 0…30, opacity 0: letters vanish one by one.
        let json = Self.json(Self.animator(selector: ",\"s\":{\"k\":0},\"e\":\(LJ.keys([(0, [0]), (30, [100])]))", "\"o\":{\"k\":0}"))
        let counts = try [0.0, 15, 30].map { Self.ink(try LottieRender.frame(json, $0, origin: origin)).count }
        #expect(counts[0] > 0 && counts[2] == 0, "all at 0, none at 30: \(counts)")
        #expect(abs(Double(counts[1]) / Double(counts[0]) - 0.5) < 0.05, "half at 15: \(counts)")
    }

    @Test func positionAndScaleMoveTheCharactersAboutTheirBaseline() throws {
        let plain = Self.ink(try LottieRender.frame(Self.json(""), 0, playing: false))
        let up = Self.ink(try LottieRender.frame(Self.json(Self.animator("\"p\":{\"k\":[0,-20,0]}")), 0, playing: false))
        #expect(up.minY == plain.minY - 20 && up.maxY == plain.maxY - 20, "all 20 up: \(plain.minY)…\(plain.maxY) → \(up.minY)…\(up.maxY)")
        let big = Self.ink(try LottieRender.frame(Self.json(Self.animator("\"s\":{\"k\":[200,200,100]}")), 0, playing: false))
        let plainHeight = plain.maxY - plain.minY, bigHeight = big.maxY - big.minY
        #expect(abs(big.maxY - plain.maxY) <= 1, "standing on the same baseline")
        #expect(abs(bigHeight - 2 * plainHeight) <= 3, "twice as tall: \(plainHeight) → \(bigHeight)")
    }

    @Test func aFillColourAnimatorByIndexRecoloursOneLetter() throws {
        // Index units (r 2): characters 3…4 (the last H) turn red.
        let json = Self.json(Self.animator(selector: ",\"r\":2,\"s\":{\"k\":3},\"e\":{\"k\":4}", "\"fc\":{\"k\":[1,0,0,1]}"))
        let image = try LottieRender.frame(json, 0, playing: false)
        var red = 0, blue = 0, redMinX = Int.max
        for y in 0..<100 {
            for x in 0..<240 {
                let p = image.rgba(x, y)
                guard p.a > 200 else { continue }
                if p.r > 200 && p.b < 50 { red += 1; redMinX = min(redMinX, x) }
                if p.b > 200 && p.r < 50 { blue += 1 }
            }
        }
        #expect(red > 0 && blue > 2 * red, "one red letter, three blue: \(red) red, \(blue) blue")
        #expect(redMinX > 10 + 3 * 25, "the red one is the last: from x \(redMinX)")
    }

    @Test(arguments: clockOrigins)
    func aStrokeColourAnimatorRecoloursTheOutlinesItCoversAndNotTheFill(origin: Double) throws {
        // "HHHH" filled blue with a black 2-point outline over the fill; the animator turns the
        // outline red on the first half of the letters (0…50 %) from frame 10 (0 → 100 % amount).
        let document = "{\"t\":\"HHHH\",\"f\":\"DejaVu Sans\",\"s\":40,\"j\":0,\"fc\":[0,0,1],\"sc\":[0,0,0],\"sw\":2,\"of\":true}"
        let amount = LJ.keys([(0, [0]), (9, [0]), (10, [100])])
        let animator = Self.animator(selector: ",\"s\":{\"k\":0},\"e\":{\"k\":50},\"a\":\(amount)", "\"sc\":{\"k\":[1,0,0,1]}")
        let layer = "{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform(p: LJ.value([10, 70]))),\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":\(document)}]},\"a\":[\(animator)]}}"
        let json = LJ.animation(w: 240, h: 100, layers: [layer])
        func colours(_ frame: Double) throws -> (redLeft: Int, redRight: Int, blackLeft: Int, blackRight: Int, blueLeft: Int, blueRight: Int) {
            let image = try LottieRender.frame(json, frame, origin: origin)
            let middle = Self.ink(image).minX + (Self.ink(image).maxX - Self.ink(image).minX) / 2
            var result = (redLeft: 0, redRight: 0, blackLeft: 0, blackRight: 0, blueLeft: 0, blueRight: 0)
            for y in 0..<100 {
                for x in 0..<240 {
                    let p = image.rgba(x, y)
                    guard p.a > 240 else { continue }
                    if p.r > 200 && p.g < 50 && p.b < 50 { if x < middle { result.redLeft += 1 } else { result.redRight += 1 } }
                    if p.r < 40 && p.g < 40 && p.b < 40 { if x < middle { result.blackLeft += 1 } else { result.blackRight += 1 } }
                    if p.b > 200 && p.g < 50 { if x < middle { result.blueLeft += 1 } else { result.blueRight += 1 } }
                }
            }
            return result
        }
        let before = try colours(5), after = try colours(20)
        #expect(before.redLeft == 0 && before.redRight == 0 && before.blackLeft > 100 && before.blackRight > 100,
            "origin \(origin): black outlines before frame 10: \(before)")
        #expect(after.redLeft > 100 && after.blackLeft < after.redLeft / 10, "origin \(origin): red outlines on the left half: \(after)")
        #expect(after.redRight == 0 && after.blackRight > 100, "origin \(origin): black on the right half: \(after)")
        // The fill stays: as many pixels mostly blue (over 200) on both halves, before and after.
        #expect(before.blueRight > 100 && after.blueRight == before.blueRight, "the right half's fill: \(before.blueRight) → \(after.blueRight)")
        #expect(before.blueLeft > 100 && abs(after.blueLeft - before.blueLeft) <= 2, "the left half's fill: \(before.blueLeft) → \(after.blueLeft)")
    }

    @Test func aTrackingAnimatorSpreadsTheLettersItCovers() throws {
        // Tracking 500 (half an em, 20 points) on all four letters: three gaps, 60 points wider.
        let plain = Self.ink(try LottieRender.frame(Self.json(""), 0, playing: false))
        let tracked = Self.ink(try LottieRender.frame(Self.json(Self.animator("\"t\":{\"k\":500}")), 0, playing: false))
        let growth = (tracked.maxX - tracked.minX) - (plain.maxX - plain.minX)
        #expect(abs(growth - 60) <= 2, "ink 60 points wider: \(growth)")
    }

    @Test func longAnimatedTextInALongFileIsDrawnStillWithAWarning() throws {
        // Bad input: 300 characters animated over 2,000 frames would be 600,000 looks to work
        // out (the bound is 200,000): the text is drawn still, named in the warnings.
        let text = String(repeating: "H", count: 300)
        var json = Self.json(Self.animator(selector: ",\"e\":\(LJ.keys([(0, [0]), (30, [100])]))", "\"o\":{\"k\":0}"), text: text)
        json = json.replacingOccurrences(of: "\"op\":60", with: "\"op\":2000")
        let animation = try LottieRender.animation(json)
        let player = LottieLayer(animation: animation)
        #expect(player.warnings.contains { $0.contains("200000 characters × frames") }, "\(player.warnings)")
        #expect(Self.ink(try LottieRender.frame(json, 100, playing: false)).count > 0, "drawn still, not left out")
    }
}
