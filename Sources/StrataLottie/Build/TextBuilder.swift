import CoreGraphics
import Foundation
import QuartzCore
import StrataCompositor

/// A text layer's documents as `CATextLayer`s, each shown from its frame to the next one's (drawn
/// by Pango with the named font family, fontconfig's nearest match when it is not installed), or,
/// when the family is not installed and the file carries its glyph outlines (`chars`), as shape
/// layers of those outlines (`GlyphLayout`). Point text sits on its baseline at the layer's
/// origin, aligned by its justification; paragraph text fills its box.
struct TextBuilder {
    let emitter: AnimationEmitter
    let map: FrameMap
    let fonts: [String: LottieFont]
    /// The layer's masks (text on a path follows one of their outlines).
    var masks: [LottieMask] = []
    /// The glyph outlines the file carries.
    var glyphs = LottieGlyphs()
    /// The font handed to the animation for a family, style and name (`LottieAnimation.addFont`).
    var providedFace: (_ family: String, _ style: String, _ name: String) -> FontFace? = { _, _, _ in nil }

    /// The first baseline's distance below the top of a text layer drawing `fontName` at `size`
    /// points: the font's unhinted ascent, as Pango places it (0.93 em, DejaVu Sans's, when
    /// Pango cannot lay the font out).
    static func baseline(_ fontName: String, size: Double, lineHeight: Double = 0) -> Double {
        TextMeasure.firstBaseline(fontName: fontName, fontSize: size, lineHeight: lineHeight) ?? 0.93 * size
    }

    func build(_ text: LottieText, into container: CALayer) {
        let documents = text.documents
        let path = pathLayout(text, documents[0].document)
        if !text.animators.isEmpty || path != nil {
            if documents.count == 1, documents[0].document.boxSize == nil,
                buildAnimated(documents[0].document, text.animators, path: path, into: container)
            {
                return
            }
            emitter.warnings.note(
                "text animators or text on a path on changing or boxed text, on more than \(Self.maxAnimatedCharacters) characters, or on more than \(Self.maxAnimatedSamples) characters × frames (drawn still, on its baseline)",
                at: text.animators.isEmpty ? "t.p" : "t.a")
        }
        for (i, entry) in documents.enumerated() {
            let layer = glyphFont(entry.document).flatMap { font in
                GlyphLayout(entry.document, glyphs: font.glyphs, family: font.family, style: font.style, ascent: font.ascent)
            }.map { glyphLayer(entry.document, $0) } ?? makeLayer(entry.document)
            container.addSublayer(layer)
            guard documents.count > 1 else { continue }
            // Each document from its frame to the next one's (the layer's own frames).
            let from = i == 0 ? -Double.infinity : entry.time
            let to = i + 1 < documents.count ? documents[i + 1].time : Double.infinity
            if let a = map.root(from), let b = map.root(to) {
                emitter.visibility(layer, from: a, to: b)
            } else {
                emitter.sample(layer, "hidden", discrete: true) { f in
                    let local = map.local(f)
                    return !(local >= from && local < to)
                }
            }
        }
    }

    /// Characters that text animators may move one by one (each is a layer, sampled per frame).
    static let maxAnimatedCharacters = 400
    /// Characters × sampled frames the animators may work out (about 30 MB of looks): a long
    /// file of long animated text is drawn still, with a warning.
    static let maxAnimatedSamples = 200_000

    /// Point text whose animators move its characters: one `CATextLayer` a character, placed
    /// where Pango lays it out, turned and scaled about its middle on the baseline (After
    /// Effects' character anchor), each animator's properties weighted by how much its selector
    /// covers the character. False when the text cannot be laid out or is too long.
    /// The outline text on a path follows (nil, with a warning when the mask is missing).
    private func pathLayout(_ text: LottieText, _ document: LottieTextDocument) -> TextPathLayout? {
        guard let options = text.path, let index = options.mask else { return nil }
        guard index >= 0, index < masks.count else {
            emitter.warnings.note("text on a path along mask \(index), which the layer does not have (drawn on its baseline)", at: "t.p.m")
            return nil
        }
        return TextPathLayout(
            options: options, outline: masks[index].path, justification: document.justification, lineWidth: 0)
    }

    private func buildAnimated(
        _ document: LottieTextDocument, _ animators: [LottieTextAnimator], path: TextPathLayout?, into container: CALayer
    ) -> Bool {
        let string = document.text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\u{3}", with: " ")
        let characters = Array(string)
        guard characters.count <= Self.maxAnimatedCharacters, !characters.isEmpty else { return false }
        let fontName = fontName(document)
        let size = Double(document.size)
        let baseTracking = document.tracking.isFinite ? document.tracking / 1000 * size : 0
        // The file's glyph of each character, when its font is drawn from them.
        let glyphFont = glyphFont(document)
        let glyphOf: [LottieGlyph?]? = glyphFont.flatMap { font in
            let found = characters.map { font.glyphs.glyph($0, family: font.family, style: font.style) }
            return zip(characters, found).allSatisfy { $1 != nil || $0.isWhitespace } ? found : nil
        }
        // Characters drawn from glyphs never ask Pango for a font (nor load one).
        let template = glyphOf == nil ? makeLayer(document) : nil
        let fillColour = template?.foregroundColor ?? LottieColor.cgColor(document.fillColor)
        let measured: (offsets: [Double], width: Double)
        if let glyphOf {
            let advances = GlyphLayout.advances(of: characters, glyphs: glyphOf, size: size, tracking: baseTracking)
            var x = 0.0
            measured = (advances.map { a in defer { x += a }; return x }, advances.reduce(0, +))
        } else {
            // Tracking as After Effects adds it: after every character (Pango's letter spacing
            // puts half of it before each one).
            guard let m = TextMeasure.characterOffsets(of: string, fontName: fontName, fontSize: size, exact: true)
            else { return false }
            measured = (m.offsets.enumerated().map { $1 + Double($0) * baseTracking }, m.width + Double(m.offsets.count) * baseTracking)
        }
        if animators.contains(where: \.selector.randomized) {
            emitter.warnings.note("randomised text selectors (in order)", at: "t.a")
        }
        let width = measured.width
        let x0: Double = document.justification == 1 ? -width : document.justification == 2 ? -width / 2 : 0
        // The baseline's place in a character's layer; glyph outlines are placed on it, so any
        // ascent draws them alike.
        let ascent = template == nil
            ? (glyphFont?.ascent).flatMap { $0.isFinite && $0 > 0 ? $0 * size / 100 : nil } ?? 0.93 * size
            : Self.baseline(fontName, size: size)
        let height = template.map { Double($0.bounds.height) } ?? Self.pointTextHeight(document)
        let counting = Counting(characters)
        let bases = (fill: document.fillColor, stroke: document.strokeColor ?? [0, 0, 0])
        var path = path
        path?.lineWidth = width
        let animated = animators.contains(where: \.isAnimated) || path?.isAnimated == true
        // Every character's look (and place on the path) at every sampled frame, worked out once
        // (one pass a frame) and shared by the characters' animations; at most
        // `maxAnimatedSamples` of them.
        let frames = animated ? emitter.sampleFrames : [emitter.inPoint]
        guard characters.count * frames.count <= Self.maxAnimatedSamples else { return false }
        let middles = characters.indices.map { i in
            let advance = (i + 1 < characters.count ? measured.offsets[i + 1] : width) - measured.offsets[i]
            return measured.offsets[i] + max(advance, 0) / 2
        }
        let sampled = (
            table: frames.map { Self.looks(animators, at: map.local($0), counting: counting, base: bases, size: size) },
            places: frames.map { f in path?.placements(middles: middles, at: map.local(f)) },
            row: Dictionary(frames.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a }))
        // A stroke colour that animates apart from the fill: the outline is a twin layer of its
        // own that strokes in its foreground colour.
        let hasStroke = document.strokeWidth > 0 && document.strokeWidth.isFinite
        let strokeApart = hasStroke && (animators.contains { $0.strokeColor != nil } || (glyphOf != nil && document.strokeColor != nil))
        let colourKeys = (fill: animators.contains { $0.fillColor != nil }, stroke: strokeApart)
        for (i, ch) in characters.enumerated() where !ch.isWhitespace {
            let advance = (i + 1 < characters.count ? measured.offsets[i + 1] : width) - measured.offsets[i]
            let middle = max(advance, 0) / 2
            let home = CGPoint(x: x0 + measured.offsets[i] + middle, y: 0)
            let box = max(advance, 1) + size
            func part(strokeOnly: Bool) -> CALayer {
                if let glyph = glyphOf?[i] ?? nil {
                    let layer = CAShapeLayer()
                    layer.bounds = CGRect(x: 0, y: 0, width: box, height: height)
                    layer.anchorPoint = CGPoint(x: middle / box, y: ascent / height)
                    layer.position = home
                    layer.path = glyph.outline.copy(using: [CGAffineTransform(a: size / 100, b: 0, c: 0, d: size / 100, tx: 0, ty: ascent)])
                    if strokeOnly {
                        layer.fillColor = nil
                        layer.strokeColor = LottieColor.cgColor(document.strokeColor ?? [0, 0, 0])
                        layer.lineWidth = document.strokeWidth
                        layer.lineJoin = .round
                    } else {
                        layer.fillColor = fillColour
                    }
                    return layer
                }
                let layer = CATextLayer()
                layer.string = String(ch)
                layer.font = template?.font
                layer.fontSize = template?.fontSize ?? CGFloat(document.size)
                layer.contentsScale = template?.contentsScale ?? 2
                layer.foregroundColor = fillColour
                layer.strataExactGlyphPositions = true
                layer.bounds = CGRect(x: 0, y: 0, width: box, height: height)
                layer.anchorPoint = CGPoint(x: middle / box, y: ascent / height)
                layer.position = home
                if strokeOnly {
                    layer.setStrataTextStyle(
                        strokeColor: nil, strokeWidth: document.strokeWidth, strokeOverFill: true, letterSpacing: 0, strokeOnly: true)
                } else if (document.strokeWidth > 0 && document.strokeColor != nil && !strokeApart) || baseTracking != 0 {
                    layer.setStrataTextStyle(
                        strokeColor: strokeApart ? nil : document.strokeColor.map { LottieColor.cgColor($0) },
                        strokeWidth: strokeApart ? 0 : max(document.strokeWidth, 0), strokeOverFill: document.strokeOverFill,
                        letterSpacing: 0)
                }
                return layer
            }
            let look: (Double) -> CharacterLook = { f in
                var look: CharacterLook
                if let row = sampled.row[f] {
                    look = sampled.table[row][i]
                } else {
                    look = Self.looks(animators, at: map.local(f), counting: counting, base: bases, size: size)[i]
                }
                guard let path else { return look }
                // On a path: the character's middle on the outline, turned with it; the animators'
                // moves in the turned character's frame.
                let place = sampled.row[f].flatMap { sampled.places[$0]?[i] } ?? path.placements(middles: middles, at: map.local(f))[i]
                look.position = place.point
                look.transform = CATransform3DConcat(look.transform, CATransform3DMakeRotation(place.angle, 0, 0, 1))
                return look
            }
            let fill = part(strokeOnly: false)
            let parts = strokeApart ? (document.strokeOverFill ? [(fill, false), (part(strokeOnly: true), true)] : [(part(strokeOnly: true), true), (fill, false)]) : [(fill, false)]
            for (layer, isStroke) in parts {
                let colour: (CharacterLook) -> [Double] = { isStroke ? $0.stroke : $0.fill }
                if path != nil {
                    layer.position = look(emitter.inPoint).position ?? home
                    if animated { emitter.sample(layer, "position") { look($0).position ?? home } }
                }
                if animated {
                    emitter.sample(layer, "transform") { look($0).transform }
                    emitter.sample(layer, "opacity") { Float(look($0).opacity) }
                    if isStroke ? colourKeys.stroke : colourKeys.fill {
                        let key = layer is CAShapeLayer ? (isStroke ? "strokeColor" : "fillColor") : "foregroundColor"
                        emitter.sample(layer, key) { LottieColor.cgColor(colour(look($0))) }
                    }
                } else {
                    let still = look(emitter.inPoint)
                    layer.transform = still.transform
                    layer.opacity = Float(still.opacity)
                    Self.setColour(LottieColor.cgColor(colour(still)), of: layer, stroke: isStroke)
                }
                container.addSublayer(layer)
            }
        }
        return true
    }

    /// Sets a character's text colour, or its glyph's fill or stroke colour.
    private static func setColour(_ colour: CGColor, of layer: CALayer, stroke: Bool) {
        if let shape = layer as? CAShapeLayer {
            if stroke { shape.strokeColor = colour } else { shape.fillColor = colour }
        } else {
            (layer as? CATextLayer)?.foregroundColor = colour
        }
    }

    /// The family and style a document names, its ascent and the glyphs to draw it from: a
    /// font handed to the animation, else the file's glyphs when the family is not installed
    /// (nil: drawn with installed fonts).
    private func glyphFont(_ document: LottieTextDocument) -> (family: String, style: String, ascent: Double?, glyphs: LottieGlyphs)? {
        let font = fonts[document.font]
        let family = font?.fFamily ?? document.font, style = font?.fStyle ?? "Regular"
        if let face = providedFace(family, style, font?.fName ?? document.font) {
            let ascent = font?.ascent ?? Double(face.ascent) * 100 / Double(max(face.unitsPerEm, 1))
            return (family, style, ascent, LottieGlyphs(face: face, family: family, style: style, characters: document.text))
        }
        guard !glyphs.isEmpty, glyphs.hasFont(family: family, style: style), !LottieFontChoice.isInstalled(family: family) else { return nil }
        return (family, style, font?.ascent, glyphs)
    }

    /// A document drawn from the file's glyphs: one shape layer of their outlines in its fill
    /// colour, with a twin that strokes them (above or below, as `of` says) when it has a stroke.
    private func glyphLayer(_ document: LottieTextDocument, _ layout: GlyphLayout) -> CALayer {
        let outline = layout.outline
        let fill = CAShapeLayer()
        fill.path = outline
        fill.fillColor = LottieColor.cgColor(document.fillColor)
        guard document.strokeWidth.isFinite, document.strokeWidth > 0, let strokeColor = document.strokeColor else { return fill }
        let stroke = CAShapeLayer()
        stroke.path = outline
        stroke.fillColor = nil
        stroke.strokeColor = LottieColor.cgColor(strokeColor)
        stroke.lineWidth = document.strokeWidth
        stroke.lineJoin = .round
        let group = CALayer()
        for layer in document.strokeOverFill ? [fill, stroke] : [stroke, fill] { group.addSublayer(layer) }
        return group
    }

    /// What the animators make of one character at a frame.
    struct CharacterLook {
        var transform: CATransform3D
        var opacity: Double
        var fill: [Double]
        /// The outline's colour (drawn apart only when an animator moves it).
        var stroke: [Double]
        /// Where the character's middle on the baseline sits, when the text follows a path.
        var position: CGPoint?
    }

    /// Each character's index as the selectors count it: all characters, and without spaces
    /// (-1 for a space), with both counts.
    struct Counting {
        var all: [Int] = [], noSpaces: [Int] = []
        var count = 0, countNoSpaces = 0

        init(_ characters: [Character]) {
            for ch in characters {
                all.append(count)
                count += 1
                noSpaces.append(ch.isWhitespace ? -1 : countNoSpaces)
                if !ch.isWhitespace { countNoSpaces += 1 }
            }
        }

        func coverage(_ selector: LottieTextSelector, of i: Int, at f: Double) -> Double {
            guard selector.skipsSpaces else { return selector.coverage(of: all[i], count: count, at: f) }
            return noSpaces[i] < 0 ? 0 : selector.coverage(of: noSpaces[i], count: countNoSpaces, at: f)
        }
    }

    /// What the animators make of every character at frame `f`, in one pass (tracking adds up
    /// what the characters before each gained).
    static func looks(
        _ animators: [LottieTextAnimator], at f: Double, counting: Counting, base: (fill: [Double], stroke: [Double]), size: Double
    ) -> [CharacterLook] {
        // Each animator's values at this frame, read once.
        let values = animators.map { a in
            (tracking: a.tracking.map { $0.scalar(at: f) / 1000 * size }, position: a.position.map { ($0.scalar(at: f, 0), $0.scalar(at: f, 1)) },
             scale: a.scale.map { ($0.scalar(at: f, 0) / 100, $0.scalar(at: f, 1) / 100) }, rotation: a.rotation?.scalar(at: f),
             opacity: a.opacity.map { $0.scalar(at: f) / 100 }, fill: a.fillColor?.value(at: f), stroke: a.strokeColor?.value(at: f))
        }
        /// `color` moved towards `target` by the coverage `c`.
        func mixed(_ color: [Double], _ target: [Double], _ c: Double) -> [Double] {
            (0..<3).map { k in
                let a = k < color.count ? color[k] : 0, b = k < target.count ? target[k] : a
                return a + (b - a) * min(max(c, 0), 1)
            }
        }
        var tracking = 0.0
        return (0..<counting.all.count).map { i in
            var dx = tracking, dy = 0.0, sx = 1.0, sy = 1.0, rotation = 0.0, opacity = 1.0, color = base.fill, stroke = base.stroke
            for (animator, v) in zip(animators, values) {
                let c = counting.coverage(animator.selector, of: i, at: f)
                if let t = v.tracking { tracking += t * c }
                guard c != 0 else { continue }
                if let p = v.position { dx += p.0 * c; dy += p.1 * c }
                if let s = v.scale { sx *= 1 + (s.0 - 1) * c; sy *= 1 + (s.1 - 1) * c }
                if let r = v.rotation { rotation += r * c }
                if let o = v.opacity { opacity *= 1 + (o - 1) * c }
                if let target = v.fill { color = mixed(color, target, c) }
                if let target = v.stroke { stroke = mixed(stroke, target, c) }
            }
            var m = CATransform3DMakeTranslation(dx, dy, 0)
            m = CATransform3DRotate(m, rotation * .pi / 180, 0, 0, 1)
            m = CATransform3DScale(m, sx, sy, 1)
            return CharacterLook(transform: m, opacity: min(max(opacity, 0), 1), fill: color, stroke: stroke)
        }
    }

    /// The font a document names: its family and style from the file's font list (the name
    /// itself when it is not listed).
    private func fontName(_ document: LottieTextDocument) -> String {
        let font = fonts[document.font]
        var name = font?.fFamily ?? document.font
        if let style = font?.fStyle, !style.isEmpty, style.lowercased() != "regular" { name += " \(style)" }
        return name.isEmpty ? "Sans" : name
    }

    /// The height of a point text layer (points): its lines `lh` apart (1.2 × size when not
    /// given) and one size more for the last line's descent.
    private static func pointTextHeight(_ document: LottieTextDocument) -> Double {
        let lines = Double(max(1, document.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" }.count))
        return lineHeight(document) * lines + Double(document.size)
    }

    /// Lines `lh` apart (1.2 × size when not given), as After Effects sets them.
    private static func lineHeight(_ document: LottieTextDocument) -> Double {
        document.lineHeight.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? document.size * 1.2
    }

    private func makeLayer(_ document: LottieTextDocument) -> CATextLayer {
        let layer = CATextLayer()
        layer.string = document.text.replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\u{3}", with: "\n")
        layer.font = fontName(document) as CFTypeRef
        layer.strataExactGlyphPositions = true
        layer.fontSize = document.size
        layer.foregroundColor = LottieColor.cgColor(document.fillColor)
        // Stroke (`sc`, `sw`, `of`) and tracking (`tr`, thousandths of an em) through Strata's own
        // text style: Core Text strokes and tracks, CATextLayer's API does not.
        let strokeWidth = document.strokeWidth.isFinite ? max(document.strokeWidth, 0) : 0
        let tracking = document.tracking.isFinite ? document.tracking / 1000 * document.size : 0
        if (strokeWidth > 0 && document.strokeColor != nil) || tracking != 0 {
            layer.setStrataTextStyle(
                strokeColor: document.strokeColor.map { LottieColor.cgColor($0) }, strokeWidth: strokeWidth,
                strokeOverFill: document.strokeOverFill, letterSpacing: tracking)
        }
        layer.contentsScale = 2
        // Pango shares the leading above and below each line, so its first baseline is found and
        // moved to the text's origin (point text) or to the box's top plus the font's ascent (box text).
        let lineHeight = Self.lineHeight(document)
        layer.strataLineHeight = lineHeight
        let name = fontName(document)
        let first = Self.baseline(name, size: document.size, lineHeight: lineHeight)
        if let box = document.boxSize, box.count >= 2 {
            let origin = document.boxPosition ?? [0, 0]
            let ascent = fonts[document.font]?.ascent.map { $0 * document.size / 100 } ?? Self.baseline(name, size: document.size)
            let top = (origin.count > 1 ? origin[1] : 0) + ascent - first
            layer.frame = CGRect(x: origin.nth(0) ?? 0, y: top, width: box[0], height: box[1])
            layer.isWrapped = true
        } else {
            let width = max(document.size * CGFloat(document.text.count), 1)
            let x: CGFloat
            switch document.justification {
            case 1: x = -width
            case 2: x = -width / 2
            default: x = 0
            }
            layer.frame = CGRect(x: x, y: -first, width: width, height: Self.pointTextHeight(document))
        }
        layer.alignmentMode = [1: .right, 2: .center][document.justification] ?? .left
        return layer
    }
}
