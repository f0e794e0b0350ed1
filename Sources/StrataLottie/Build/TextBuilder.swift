import CoreGraphics
import Foundation
import QuartzCore

/// A text layer's documents as `CATextLayer`s, each shown from its frame to the next one's (drawn
/// by Pango with the named font family, fontconfig's nearest match when it is not installed).
/// Point text sits on its baseline at the layer's origin, aligned by its justification;
/// paragraph text fills its box.
struct TextBuilder {
    let emitter: AnimationEmitter
    let map: FrameMap
    let fonts: [String: LottieFont]

    /// The first baseline's distance below the top of a text layer, per point of font size
    /// (Pango puts it at the font's ascent; this is DejaVu Sans's, the fallback Strata pins).
    static let ascent: CGFloat = 0.93

    func build(_ text: LottieText, into container: CALayer) {
        let documents = text.documents
        for (i, entry) in documents.enumerated() {
            let layer = makeLayer(entry.document)
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

    private func makeLayer(_ document: LottieTextDocument) -> CATextLayer {
        let layer = CATextLayer()
        layer.string = document.text.replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\u{3}", with: "\n")
        let font = fonts[document.font]
        var name = font?.fFamily ?? document.font
        if let style = font?.fStyle, !style.isEmpty, style.lowercased() != "regular" { name += " \(style)" }
        layer.font = (name.isEmpty ? "Sans" : name) as CFTypeRef
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
        let lines = CGFloat(max(1, document.text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" }.count))
        let lineHeight = document.lineHeight ?? document.size * 1.2
        if let box = document.boxSize, box.count >= 2 {
            let origin = document.boxPosition ?? [0, 0]
            layer.frame = CGRect(x: origin.nth(0) ?? 0, y: origin.count > 1 ? origin[1] : 0, width: box[0], height: box[1])
            layer.isWrapped = true
        } else {
            let width = max(document.size * CGFloat(document.text.count), 1)
            let x: CGFloat
            switch document.justification {
            case 1: x = -width
            case 2: x = -width / 2
            default: x = 0
            }
            layer.frame = CGRect(x: x, y: -document.size * Self.ascent, width: width, height: lineHeight * lines + document.size)
        }
        layer.alignmentMode = [1: .right, 2: .center][document.justification] ?? .left
        return layer
    }
}
