import CoreGraphics
import Foundation

/// One layer of a composition, as the file gives it.
struct LottieLayerModel: Decodable, Sendable {
    enum Kind: Sendable {
        case precomp(refId: String, size: CGSize, timeRemap: Numbers?)
        case solid(color: String, size: CGSize)
        case image(refId: String)
        case null
        case shape([LottieShape])
        case text(LottieText)
        case unsupported(Int)
    }

    var kind: Kind
    var name: String
    var index: Int?
    var parent: Int?
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var stretch: Double
    var transform: LottieTransform
    var autoOrient: Bool
    /// 0 none, 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma.
    var matteMode: Int
    var isMatteSource: Bool
    /// The index of the matte layer (5.12's `tp`); without it the layer above is the matte.
    var matteParent: Int?
    var masks: [LottieMask]
    var blendMode: Int
    var isHidden: Bool
    var dropShadow: LottieDropShadow?

    enum CodingKeys: String, CodingKey {
        case ty, nm, ind, parent, ip, op, st, sr, ks, ao, tt, td, tp, masksProperties, bm, hd, ef, sy
        case refId, w, h, tm, sc, sw, sh, shapes, t, ddd
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let ty = try c.decode(Int.self, forKey: .ty)
        name = (try? c.decodeIfPresent(String.self, forKey: .nm)) ?? ""
        index = try c.decodeIfPresent(Int.self, forKey: .ind)
        parent = try c.decodeIfPresent(Int.self, forKey: .parent)
        inPoint = try c.decode(Double.self, forKey: .ip)
        outPoint = try c.decode(Double.self, forKey: .op)
        startTime = try c.decodeIfPresent(Double.self, forKey: .st) ?? 0
        stretch = try c.decodeIfPresent(Double.self, forKey: .sr) ?? 1
        guard inPoint.isFinite, outPoint.isFinite, startTime.isFinite, stretch.isFinite, stretch != 0 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: c.codingPath, debugDescription: "ip, op and st must be finite and sr finite and not 0"))
        }
        transform = try c.decodeIfPresent(LottieTransform.self, forKey: .ks) ?? LottieTransform()
        autoOrient = (try? c.decodeIfPresent(Int.self, forKey: .ao)) == 1
        matteMode = (try? c.decodeIfPresent(Int.self, forKey: .tt)) ?? 0
        isMatteSource = (try? c.decodeIfPresent(Int.self, forKey: .td)) == 1
        matteParent = try? c.decodeIfPresent(Int.self, forKey: .tp)
        masks = try c.decodeIfPresent([LottieMask].self, forKey: .masksProperties) ?? []
        blendMode = (try? c.decodeIfPresent(Int.self, forKey: .bm)) ?? 0
        isHidden = (try? c.decodeIfPresent(Bool.self, forKey: .hd)) ?? false
        if (try? c.decodeIfPresent(Int.self, forKey: .ddd)) == 1 {
            LottieWarnings.note("3D layers (drawn flat)", decoder)
        }
        dropShadow = try Self.dropShadow(c, decoder)
        switch ty {
        case 0:
            kind = .precomp(
                refId: try c.decode(String.self, forKey: .refId),
                size: CGSize(width: try c.decodeIfPresent(Double.self, forKey: .w) ?? 0, height: try c.decodeIfPresent(Double.self, forKey: .h) ?? 0),
                timeRemap: try c.decodeIfPresent(Numbers.self, forKey: .tm))
        case 1:
            kind = .solid(
                color: try c.decodeIfPresent(String.self, forKey: .sc) ?? "#000000",
                size: CGSize(width: try c.decode(Double.self, forKey: .sw), height: try c.decode(Double.self, forKey: .sh)))
        case 2: kind = .image(refId: try c.decode(String.self, forKey: .refId))
        case 3: kind = .null
        case 4: kind = .shape(try c.decodeIfPresent([LottieShape].self, forKey: .shapes) ?? [])
        case 5: kind = .text(try c.decode(LottieText.self, forKey: .t))
        default:
            LottieWarnings.note("layers of type \(ty) (audio, camera, data and others are skipped)", decoder)
            kind = .unsupported(ty)
        }
    }

    /// The drop shadow effect (`ef` type 25) or layer style (`sy` type 1), when present.
    private static func dropShadow(_ c: KeyedDecodingContainer<CodingKeys>, _ decoder: Decoder) throws -> LottieDropShadow? {
        if let effects = try c.decodeIfPresent([LottieEffect].self, forKey: .ef) {
            for effect in effects {
                if effect.type == 25, let shadow = effect.dropShadow { return shadow }
                if effect.type != 25 { LottieWarnings.note("effects other than the drop shadow (type \(effect.type))", decoder) }
            }
        }
        if let styles = try c.decodeIfPresent([LottieLayerStyle].self, forKey: .sy) {
            for style in styles {
                if style.type == 1, let shadow = style.dropShadow { return shadow }
                LottieWarnings.note("layer styles other than the drop shadow (type \(style.type))", decoder)
            }
        }
        return nil
    }

    /// The layer's own size: its precomposition's, solid's or image's; the composition's for others.
    func size(in composition: CGSize, assets: [String: LottieAsset]) -> CGSize {
        switch kind {
        case .precomp(_, let size, _): return size.width > 0 && size.height > 0 ? size : composition
        case .solid(_, let size): return size
        case .image(let refId):
            if let a = assets[refId], a.width > 0, a.height > 0 { return CGSize(width: a.width, height: a.height) }
            return composition
        default: return composition
        }
    }
}

/// A mask (`masksProperties` entry): a path combined with the layer's other masks by `mode`.
struct LottieMask: Decodable, Sendable {
    /// a add, s subtract, i intersect, n none, l lighten, d darken, f difference.
    var mode: String
    var inverted: Bool
    var path: LottieProperty<BezierShape>
    var opacity: Numbers
    var expansion: Numbers?

    enum CodingKeys: String, CodingKey { case mode, inv, pt, o, x }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        mode = (try? c.decodeIfPresent(String.self, forKey: .mode)) ?? "a"
        inverted = (try? c.decodeIfPresent(Bool.self, forKey: .inv)) ?? false
        path = try c.decode(LottieProperty<BezierShape>.self, forKey: .pt)
        opacity = try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [100])
        expansion = try c.decodeIfPresent(Numbers.self, forKey: .x)
        if let x = expansion, x.isAnimated || x.first.first != 0 {
            LottieWarnings.note("mask expansion (drawn without)", decoder)
        }
        if !["a", "s", "i", "n"].contains(mode) {
            LottieWarnings.note("mask mode '\(mode)' (drawn as add)", decoder)
        }
    }
}

/// A drop shadow: colour (RGBA 0…1), opacity 0…1, direction (degrees clockwise from up),
/// distance and softness (points).
struct LottieDropShadow: Sendable {
    var color: Numbers
    var opacity: Numbers
    var direction: Numbers
    var distance: Numbers
    var softness: Numbers
    /// Effects give opacity in 0…255, layer styles in 0…100.
    var opacityScale: Double
}

/// An effect: the drop shadow's controls are its values in order.
struct LottieEffect: Decodable, Sendable {
    var type: Int
    var values: [Numbers]

    enum CodingKeys: String, CodingKey { case ty, ef }
    private struct Value: Decodable { var v: Numbers? }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(Int.self, forKey: .ty)
        values = (try c.decodeIfPresent([Value].self, forKey: .ef) ?? []).compactMap(\.v)
    }

    var dropShadow: LottieDropShadow? {
        guard values.count >= 5 else { return nil }
        return LottieDropShadow(
            color: values[0], opacity: values[1], direction: values[2], distance: values[3], softness: values[4],
            opacityScale: 255)
    }
}

/// A layer style: the drop shadow (`ty` 1) has colour `c`, opacity `o`, angle `a`, distance `d`, size `s`.
struct LottieLayerStyle: Decodable, Sendable {
    var type: Int
    var dropShadow: LottieDropShadow?

    enum CodingKeys: String, CodingKey { case ty, c, o, a, d, s }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(Int.self, forKey: .ty)
        guard type == 1 else { return }
        dropShadow = LottieDropShadow(
            color: try c.decodeIfPresent(Numbers.self, forKey: .c) ?? Numbers(value: [0, 0, 0, 1]),
            opacity: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [75]),
            direction: try c.decodeIfPresent(Numbers.self, forKey: .a) ?? Numbers(value: [120]),
            distance: try c.decodeIfPresent(Numbers.self, forKey: .d) ?? Numbers(value: [5]),
            softness: try c.decodeIfPresent(Numbers.self, forKey: .s) ?? Numbers(value: [5]), opacityScale: 100)
    }
}

/// A text layer's documents (the text may change at keyframes: `d.k[i].t` frames).
struct LottieText: Decodable, Sendable {
    var documents: [(time: Double, document: LottieTextDocument)]

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
        if let animators = try? c.decodeIfPresent([AnyDecodable].self, forKey: .a), !animators.isEmpty {
            LottieWarnings.note("text animators (the text is drawn still)", decoder)
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
    var lineHeight: Double?
    var tracking: Double
    var boxSize: [Double]?
    var boxPosition: [Double]?

    enum CodingKeys: String, CodingKey { case t, f, s, j, fc, sc, sw, lh, tr, sz, ps }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .t)
        font = (try? c.decodeIfPresent(String.self, forKey: .f)) ?? ""
        size = try c.decodeIfPresent(Double.self, forKey: .s) ?? 12
        justification = (try? c.decodeIfPresent(Int.self, forKey: .j)) ?? 0
        fillColor = (try? c.decodeIfPresent([Double].self, forKey: .fc)) ?? [0, 0, 0]
        strokeColor = try? c.decodeIfPresent([Double].self, forKey: .sc)
        strokeWidth = (try? c.decodeIfPresent(Double.self, forKey: .sw)) ?? 0
        lineHeight = try? c.decodeIfPresent(Double.self, forKey: .lh)
        tracking = (try? c.decodeIfPresent(Double.self, forKey: .tr)) ?? 0
        boxSize = try? c.decodeIfPresent([Double].self, forKey: .sz)
        boxPosition = try? c.decodeIfPresent([Double].self, forKey: .ps)
        guard size.isFinite, size > 0, size < 10_000 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.s], debugDescription: "font size \(size) is out of (0, 10000)"))
        }
    }
}
