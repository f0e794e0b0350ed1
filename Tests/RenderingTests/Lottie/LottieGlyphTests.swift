import CoreGraphics
import Foundation
import QuartzCore
@testable import StrataLottie
import Testing

/// Text drawn from the glyph outlines a file carries (`chars`) when its font is not installed.
/// The glyphs are made here from the pinned DejaVu Sans (its outlines at size 100, y down, its
/// advances), under a family name no machine has; the same text in "DejaVu Sans" itself is
/// drawn by Pango. The two must match: at most 2 % of the ink's pixels off by more than 32 levels.
/// A file's glyphs carry no kerning (nor do Lottie players apply any to them), so the texts are
/// ones DejaVu Sans has no kerning pair in ("Hamburg" has one, "rg": 0.56 points at 32).
@Suite("Lottie glyph outlines")
struct LottieGlyphTests {
    static let missingFamily = "Strata Glyph Sans"

    /// `chars` entries for every character of `text`, made from `face`'s outlines.
    static func chars(_ text: String, family: String, style: String = "Regular", face: FontFace) -> [String] {
        var seen = Set<Character>()
        var entries: [String] = []
        let k = 100 / Double(face.unitsPerEm)
        for ch in text where seen.insert(ch).inserted {
            guard let scalar = ch.unicodeScalars.first, let glyph = face.glyph(for: scalar.value) else { continue }
            let shapes = contours(face.outline(of: glyph), scale: k).map { "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":\($0)}}" }
            let group = shapes.isEmpty ? "" : LJ.group(shapes)
            let w = LJ.num((Double(face.advance(of: glyph)) * k * 1000).rounded() / 1000)
            let escaped = ch == "\"" ? "\\\"" : ch == "\\" ? "\\\\" : String(ch)
            entries.append("{\"ch\":\"\(escaped)\",\"size\":40,\"style\":\"\(style)\",\"fFamily\":\"\(family)\",\"w\":\(w),\"data\":{\"shapes\":[\(group)]}}")
        }
        return entries
    }

    /// A font-unit outline (y up) as Lottie bezier shapes at size 100 (y down).
    static func contours(_ path: CGPath, scale k: Double) -> [String] {
        var shapes: [(v: [CGPoint], i: [CGPoint], o: [CGPoint])] = []
        var closed: [Bool] = []
        var current = CGPoint.zero
        func map(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x * k, y: -p.y * k) }
        func append(_ p: CGPoint, inTangent: CGPoint) {
            shapes[shapes.count - 1].v.append(p)
            shapes[shapes.count - 1].i.append(inTangent)
            shapes[shapes.count - 1].o.append(.zero)
        }
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint:
                current = map(e.points[0])
                shapes.append(([current], [.zero], [.zero]))
                closed.append(false)
            case .addLineToPoint:
                current = map(e.points[0])
                append(current, inTangent: .zero)
            case .addQuadCurveToPoint:
                let c = map(e.points[0]), q = map(e.points[1])
                let c1 = CGPoint(x: current.x + (c.x - current.x) * 2 / 3, y: current.y + (c.y - current.y) * 2 / 3)
                let c2 = CGPoint(x: q.x + (c.x - q.x) * 2 / 3, y: q.y + (c.y - q.y) * 2 / 3)
                shapes[shapes.count - 1].o[shapes[shapes.count - 1].o.count - 1] = CGPoint(x: c1.x - current.x, y: c1.y - current.y)
                append(q, inTangent: CGPoint(x: c2.x - q.x, y: c2.y - q.y))
                current = q
            case .addCurveToPoint:
                let c1 = map(e.points[0]), c2 = map(e.points[1]), q = map(e.points[2])
                shapes[shapes.count - 1].o[shapes[shapes.count - 1].o.count - 1] = CGPoint(x: c1.x - current.x, y: c1.y - current.y)
                append(q, inTangent: CGPoint(x: c2.x - q.x, y: c2.y - q.y))
                current = q
            case .closeSubpath:
                closed[closed.count - 1] = true
            @unknown default:
                break
            }
        }
        return zip(shapes, closed).compactMap { shape, isClosed in
            var (v, i, o) = shape
            // A contour ending where it began: the last vertex is the first.
            if isClosed, v.count > 1, let first = v.first, let last = v.last, abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9 {
                i[0] = i[v.count - 1]
                v.removeLast(); i.removeLast(); o.removeLast()
            }
            guard v.count > 1 else { return nil }
            func points(_ ps: [CGPoint]) -> String { "[" + ps.map { "[\(LJ.num(Double($0.x))),\(LJ.num(Double($0.y)))]" }.joined(separator: ",") + "]" }
            return "{\"c\":\(isClosed),\"v\":\(points(v)),\"i\":\(points(i)),\"o\":\(points(o))}"
        }
    }

    static var dejaVu: FontFace {
        get throws { try #require(FontLocator.face(named: "DejaVu Sans"), "the pinned DejaVu Sans") }
    }

    /// A file with one text layer at (x, 70) of a 300×120 composition, its font `family`, drawn
    /// twice as large (a 600×240 composition; at 1× the installed font's 2× raster is resampled,
    /// which softens its edges by more than the metric allows).
    static func file(
        _ document: String, family: String, chars: [String] = [], ascent: Double? = nil, animators: String = "", op: Double = 60,
        x: Double = 20
    ) -> String {
        let font = "{\"fName\":\"Face\",\"fFamily\":\"\(family)\",\"fStyle\":\"Regular\"\(ascent.map { ",\"ascent\":\(LJ.num($0))" } ?? "")}"
        let layer = "{\"ty\":5,\"ind\":1,\"ip\":0,\"op\":\(LJ.num(op)),\"ks\":\(LJ.transform(p: LJ.value([2 * x, 140]), s: LJ.value([200, 200]))),\"t\":{\"d\":{\"k\":[{\"t\":0,\"s\":\(document)}]}\(animators)}}"
        var json = LJ.animation(w: 600, h: 240, op: op, layers: [layer])
        json.removeLast()
        return json + ",\"fonts\":{\"list\":[\(font)]},\"chars\":[\(chars.joined(separator: ","))]}"
    }

    static func document(_ text: String, size: Double = 40, j: Int = 0, extra: String = "") -> String {
        "{\"t\":\"\(text)\",\"f\":\"Face\",\"s\":\(LJ.num(size)),\"j\":\(j),\"fc\":[0,0,0.6]\(extra)}"
    }

    /// Pixels that differ by more than 32 levels in a channel (premultiplied), the pixels either
    /// image inks, and each image's ink: its sum (in pixels of full coverage) and centroid.
    static func difference(_ a: CGImage, _ b: CGImage) -> (off: Int, ink: Int, sums: (Double, Double), centroids: (CGPoint, CGPoint)) {
        var off = 0, ink = 0
        var sum = (0.0, 0.0), x = (0.0, 0.0), y = (0.0, 0.0)
        for row in 0..<a.height {
            for column in 0..<a.width {
                let p = a.rgba(column, row), q = b.rgba(column, row)
                if p.a > 0 || q.a > 0 { ink += 1 }
                if max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b), abs(p.a - q.a)) > 32 { off += 1 }
                let pa = Double(p.a) / 255, qa = Double(q.a) / 255
                sum.0 += pa; sum.1 += qa
                x.0 += pa * Double(column); x.1 += qa * Double(column)
                y.0 += pa * Double(row); y.1 += qa * Double(row)
            }
        }
        let c0 = CGPoint(x: x.0 / max(sum.0, 1e-9), y: y.0 / max(sum.0, 1e-9)), c1 = CGPoint(x: x.1 / max(sum.1, 1e-9), y: y.1 / max(sum.1, 1e-9))
        return (off, ink, sum, (c0, c1))
    }

    /// The same text from glyphs and from the font: at most 2 % of the image's pixels off by more
    /// than 32 levels, the ink within 1 % and its centroid within 0.15 pixels. (Of the inked
    /// pixels alone about 10 % differ that much: the font's text is a raster resampled onto the
    /// target, the glyphs are filled in place; the centroid and ink show the layout is the same.)
    static func expectSame(_ glyphs: CGImage, _ font: CGImage, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let d = difference(glyphs, font)
        if ProcessInfo.processInfo.environment["STRATA_DUMP"] != nil {
            try? glyphs.writePNG(to: URL(fileURLWithPath: "/tmp/g-\(what)-glyphs.png"))
            try? font.writePNG(to: URL(fileURLWithPath: "/tmp/g-\(what)-font.png"))
        }
        let pixels = Double(glyphs.width * glyphs.height)
        #expect(d.ink > 1000, "\(what): text drawn (\(d.ink) inked pixels)", sourceLocation: sourceLocation)
        #expect(Double(d.off) <= 0.02 * pixels, "\(what): \(d.off) of \(Int(pixels)) pixels off by more than 32 levels", sourceLocation: sourceLocation)
        #expect(abs(d.sums.0 - d.sums.1) <= 0.01 * d.sums.1, "\(what): ink \(d.sums.0) from glyphs, \(d.sums.1) from the font", sourceLocation: sourceLocation)
        let (g, f) = d.centroids
        #expect(abs(g.x - f.x) <= 0.15 && abs(g.y - f.y) <= 0.15, "\(what): ink centred at \(g) from glyphs, \(f) from the font", sourceLocation: sourceLocation)
    }

    @Test(arguments: [0, 1, 2])
    func pointTextFromGlyphsMatchesTheInstalledFont(justification: Int) throws {
        let text = "Humbug fonts"
        let glyphs = Self.chars(text, family: Self.missingFamily, face: try Self.dejaVu)
        // Right and centred text around x = 280 and 150 (the layer's origin moved there).
        let document = Self.document(text, size: 32, j: justification)
        let places: [Int: Double] = [0: 20, 1: 280, 2: 150]
        let x = places[justification] ?? 20
        let fromGlyphs = Self.file(document, family: Self.missingFamily, chars: glyphs, x: x)
        let fromFont = Self.file(document, family: "DejaVu Sans", x: x)
        Self.expectSame(
            try LottieRender.frame(fromGlyphs, 0, playing: false), try LottieRender.frame(fromFont, 0, playing: false),
            "justification \(justification)")
    }

    @Test func boxTextWrapsAndStartsAtTheAscentLikeTheInstalledFont() throws {
        // Lines 1.5 × size apart (Pango's own spacing would be 1.16), the first baseline at the
        // box's top plus the file's ascent (80 % of the size: not DejaVu's own 92.8 %).
        let text = "Mind the lines of humbug"
        let face = try Self.dejaVu
        let ascent = 80.0
        let lineHeight = 36.0
        let document = Self.document(text, size: 24, extra: ",\"sz\":[160,130],\"ps\":[0,-60],\"lh\":\(LJ.num(lineHeight))")
        let fromGlyphs = Self.file(document, family: Self.missingFamily, chars: Self.chars(text, family: Self.missingFamily, face: face), ascent: ascent)
        let fromFont = Self.file(document, family: "DejaVu Sans", ascent: ascent)
        let glyphImage = try LottieRender.frame(fromGlyphs, 0, playing: false)
        Self.expectSame(glyphImage, try LottieRender.frame(fromFont, 0, playing: false), "box text")
        // Two lines at least: ink below the first line's descent.
        let rows = (0..<glyphImage.height).filter { y in (0..<glyphImage.width).contains { glyphImage.rgba($0, y).a > 128 } }
        #expect((rows.max() ?? 0) - (rows.min() ?? 0) > 40, "the words wrap onto a second line: ink rows \(rows.min() ?? -1)…\(rows.max() ?? -1)")
    }

    @Test(arguments: [true, false])
    func strokedGlyphsMatchTheStrokedFont(overFill: Bool) throws {
        let text = "Hello"
        let document = Self.document(text, extra: ",\"sc\":[0.9,0.1,0],\"sw\":3,\"of\":\(overFill)")
        let fromGlyphs = Self.file(document, family: Self.missingFamily, chars: Self.chars(text, family: Self.missingFamily, face: try Self.dejaVu))
        Self.expectSame(
            try LottieRender.frame(fromGlyphs, 0, playing: false),
            try LottieRender.frame(Self.file(document, family: "DejaVu Sans"), 0, playing: false), "stroke \(overFill ? "over" : "under") the fill")
    }

    /// An animator that turns the fill red from frame 0 to 30 (the shop file's kind).
    static let colourAnimator =
        ",\"a\":[{\"nm\":\"A\",\"s\":{\"t\":0,\"a\":{\"a\":0,\"k\":100},\"b\":1,\"rn\":0,\"sh\":1,\"r\":1},\"a\":{\"fc\":"
        + LJ.keys([(0, [0, 0, 0.6, 1]), (30, [1, 0, 0, 1])]) + ",\"p\":" + LJ.keys([(0, [0, 0, 0]), (30, [0, -20, 0])]) + "}}]"

    @Test(arguments: [0, 1_000_000, 0.37])
    func animatedGlyphsMatchTheAnimatedFontAtAnyClockOrigin(origin: Double) throws {
        let text = "SHOP now"
        let document = Self.document(text, j: 0, extra: ",\"tr\":100")
        let fromGlyphs = Self.file(document, family: Self.missingFamily, chars: Self.chars(text, family: Self.missingFamily, face: try Self.dejaVu), animators: Self.colourAnimator)
        let fromFont = Self.file(document, family: "DejaVu Sans", animators: Self.colourAnimator)
        for frame in [0.0, 15, 30] {
            let a = try LottieRender.frame(fromGlyphs, frame, origin: origin)
            let b = try LottieRender.frame(fromFont, frame, origin: origin)
            Self.expectSame(a, b, "frame \(frame) at origin \(origin)")
            if frame == 30 {
                // Red and raised by 20 points: ink only above y = 60 (the baseline at 70 − 20 + descent).
                let red = (0..<a.height).flatMap { y in (0..<a.width).map { a.rgba($0, y) } }.filter { $0.a > 200 && $0.r > 200 && $0.b < 40 }.count
                #expect(red > 200, "the animated fill reached red: \(red) pixels")
            }
        }
    }

    @Test func anInstalledFamilyIsDrawnFromTheFontNotFromTheFilesGlyphs() throws {
        // Glyphs of "DejaVu Sans" that are squares: the installed face wins.
        let square = "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":\(LJ.polygonPath([(0, 0), (60, 0), (60, -60), (0, -60)]))}}"
        let chars = ["H", "i"].map { "{\"ch\":\"\($0)\",\"size\":40,\"style\":\"Regular\",\"fFamily\":\"DejaVu Sans\",\"w\":70,\"data\":{\"shapes\":[\(LJ.group([square]))]}}" }
        let document = Self.document("Hi")
        let withGlyphs = try LottieRender.frame(Self.file(document, family: "DejaVu Sans", chars: chars), 0, playing: false)
        let without = try LottieRender.frame(Self.file(document, family: "DejaVu Sans"), 0, playing: false)
        #expect(Self.difference(withGlyphs, without).off == 0, "the same pixels as without chars")
        let description = try LottieRender.animation(Self.file(document, family: "DejaVu Sans", chars: chars)).fontDescriptions
        #expect(description.first?.hasPrefix("Face: installed (DejaVu Sans") == true, "\(description)")
    }

    @Test func aCharacterWithoutAGlyphDrawsTheDocumentWithInstalledFonts() throws {
        // "Hi!" with glyphs for H and i only: the fallback face draws it all (no gap where "!" is).
        let face = try Self.dejaVu
        let document = Self.document("Hi!")
        let partial = try LottieRender.frame(
            Self.file(document, family: Self.missingFamily, chars: Self.chars("Hi", family: Self.missingFamily, face: face)), 0, playing: false)
        let none = try LottieRender.frame(Self.file(document, family: Self.missingFamily), 0, playing: false)
        #expect(Self.difference(partial, none).off == 0, "drawn as if the file had no glyphs")
        let full = try LottieRender.animation(
            Self.file(document, family: Self.missingFamily, chars: Self.chars("Hi!", family: Self.missingFamily, face: face)))
        #expect(full.fontDescriptions == ["Face: the file's glyph outlines (\(Self.missingFamily) is not installed)"], "\(full.fontDescriptions)")
    }

    @Test func unreadableGlyphsAreLeftOutWithAWarningAndTheRestAreUsed() throws {
        // Tried: a precomposition glyph (data.refId), a glyph without "ch", and chars that is not a list.
        let face = try Self.dejaVu
        var chars = Self.chars("Hi", family: Self.missingFamily, face: face)
        chars.append("{\"ch\":\"!\",\"size\":40,\"style\":\"Regular\",\"fFamily\":\"\(Self.missingFamily)\",\"w\":30,\"data\":{\"refId\":\"comp_1\"}}")
        chars.append("{\"size\":40,\"w\":30}")
        let animation = try LottieRender.animation(Self.file(Self.document("Hi"), family: Self.missingFamily, chars: chars))
        #expect(animation.warnings.contains { $0.contains("2 glyph outlines in chars that cannot be read") }, "\(animation.warnings)")
        #expect(animation.glyphs.glyph("H", family: Self.missingFamily, style: "Regular") != nil, "the readable glyphs are kept")
        let image = try LottieRender.frame(Self.file(Self.document("Hi"), family: Self.missingFamily, chars: chars), 0, playing: false)
        let reference = try LottieRender.frame(
            Self.file(Self.document("Hi"), family: Self.missingFamily, chars: Self.chars("Hi", family: Self.missingFamily, face: face)), 0, playing: false)
        #expect(Self.difference(image, reference).off == 0, "Hi drawn from the readable glyphs")
        var notAList = Self.file(Self.document("Hi"), family: Self.missingFamily)
        notAList = notAList.replacingOccurrences(of: "\"chars\":[]", with: "\"chars\":{\"ch\":\"H\"}")
        let odd = try LottieRender.animation(notAList)
        #expect(odd.warnings.contains { $0.contains("chars) that are not a list") }, "\(odd.warnings)")
    }
}
