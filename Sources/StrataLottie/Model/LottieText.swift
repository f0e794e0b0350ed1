import CoreGraphics
import Foundation

/// A text layer's documents (the text may change at keyframes: `d.k[i].t` frames).
struct LottieText: Decodable, Sendable {
    var documents: [(time: Double, document: LottieTextDocument)]
    /// Text animators (range selectors and the properties they move characters by).
    var animators: [LottieTextAnimator] = []

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
        if let path = try? c.decodeIfPresent(TextPathProbe.self, forKey: .p), path.m != nil {
            LottieWarnings.note("text on a path", decoder)
        }
    }

    private struct TextPathProbe: Decodable { var m: Int? }
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
