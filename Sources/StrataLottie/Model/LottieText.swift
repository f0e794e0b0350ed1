import CoreGraphics
import Foundation

/// A text layer's documents (the text may change at keyframes: `d.k[i].t` frames).
struct LottieText: Decodable, Sendable {
    var documents: [(time: Double, document: LottieTextDocument)]
    /// Text animators (range selectors and the properties they move characters by).
    var animators: [LottieTextAnimator] = []
    /// Text on a path (`p`): the layer's mask whose outline the characters follow.
    var path: LottieTextPath?

    enum CodingKeys: String, CodingKey { case d, p, a, m }
    private struct Documents: Decodable { var k: [Entry] }
    private struct Entry: Decodable { var s: LottieTextDocument; var t: Double? }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = try c.decode(Documents.self, forKey: .d)
        documents = d.k.map { ($0.t ?? 0, $0.s) }
        guard !documents.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.d], debugDescription: "no text document"))
        }
        if c.contains(.a) {
            do {
                animators = try c.decodeIfPresent([LottieTextAnimator].self, forKey: .a) ?? []
            } catch {
                LottieWarnings.note("text animators that cannot be read (the text is drawn still)", decoder)
            }
        }
        if c.contains(.p) {
            do {
                path = try c.decodeIfPresent(LottieTextPath.self, forKey: .p)
            } catch {
                LottieWarnings.note("text path options that cannot be read (the text is drawn on its baseline)", decoder)
            }
        }
    }
}

/// Text on a path (`t.p`): the characters follow mask `mask`'s outline from `firstMargin` to
/// `lastMargin` (points from its ends), turned with it when `perpendicular`; `reversed` runs the
/// outline backwards; `forceAlignment` spreads them between the margins.
struct LottieTextPath: Decodable, Sendable {
    var mask: Int?
    var firstMargin: Numbers
    var lastMargin: Numbers
    var reversed: Numbers
    var perpendicular: Numbers
    var forceAlignment: Numbers

    enum CodingKeys: String, CodingKey { case m, f, l, r, p, a }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        mask = try c.decodeWholeNumberIfPresent(forKey: .m)
        firstMargin = try c.decodeIfPresent(Numbers.self, forKey: .f) ?? Numbers(value: [0])
        lastMargin = try c.decodeIfPresent(Numbers.self, forKey: .l) ?? Numbers(value: [0])
        reversed = try c.decodeIfPresent(Numbers.self, forKey: .r) ?? Numbers(value: [0])
        perpendicular = try c.decodeIfPresent(Numbers.self, forKey: .p) ?? Numbers(value: [1])
        forceAlignment = try c.decodeIfPresent(Numbers.self, forKey: .a) ?? Numbers(value: [0])
    }

    var isAnimated: Bool {
        firstMargin.isAnimated || lastMargin.isAnimated || reversed.isAnimated || perpendicular.isAnimated
            || forceAlignment.isAnimated
    }
}

/// Any JSON value (skipped).
struct AnyDecodable: Decodable {
    init(from decoder: Decoder) throws {}
}

/// One text document: the text, its font and size (points), justification (0 left, 1 right,
/// 2 centre), fill colour, line height and tracking; a box (`sz`, `ps`) for paragraph text.
struct LottieTextDocument: Decodable, Sendable {
    var text: String
    var font: String
    var size: Double
    var justification: Int
    var fillColor: [Double]
    var strokeColor: [Double]?
    var strokeWidth: Double
    /// The stroke is drawn over the fill (`of`), else under it.
    var strokeOverFill: Bool
    var lineHeight: Double?
    var tracking: Double
    var boxSize: [Double]?
    var boxPosition: [Double]?

    enum CodingKeys: String, CodingKey { case t, f, s, j, fc, sc, sw, of, lh, tr, sz, ps }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .t)
        font = (try? c.decodeIfPresent(String.self, forKey: .f)) ?? ""
        size = try c.decodeIfPresent(Double.self, forKey: .s) ?? 12
        justification = (try? c.decodeIfPresent(Int.self, forKey: .j)) ?? 0
        fillColor = (try? c.decodeIfPresent([Double].self, forKey: .fc)) ?? [0, 0, 0]
        strokeColor = try? c.decodeIfPresent([Double].self, forKey: .sc)
        strokeWidth = (try? c.decodeIfPresent(Double.self, forKey: .sw)) ?? 0
        strokeOverFill = (try? c.decodeIfPresent(Bool.self, forKey: .of)) ?? ((try? c.decodeIfPresent(Int.self, forKey: .of)).map { $0 != 0 } ?? true)
        lineHeight = try? c.decodeIfPresent(Double.self, forKey: .lh)
        tracking = (try? c.decodeIfPresent(Double.self, forKey: .tr)) ?? 0
        boxSize = try? c.decodeIfPresent([Double].self, forKey: .sz)
        boxPosition = try? c.decodeIfPresent([Double].self, forKey: .ps)
        guard size.isFinite, size > 0, size < 10_000 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.s], debugDescription: "font size \(size) is out of (0, 10000)"))
        }
    }
}
