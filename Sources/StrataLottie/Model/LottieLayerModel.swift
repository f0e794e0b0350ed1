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
    /// A 3D layer (`ddd: 1`): its x and y turns are seen through the camera's perspective.
    var is3D = false
    /// 0 none, 1 alpha, 2 inverted alpha, 3 luma, 4 inverted luma.
    var matteMode: Int
    var isMatteSource: Bool
    /// The index of the matte layer (5.12's `tp`); without it the layer above is the matte.
    var matteParent: Int?
    var masks: [LottieMask]
    var blendMode: Int
    var isHidden: Bool
    var dropShadow: LottieDropShadow?
    /// Fill, Tint, Tritone and Gaussian Blur effects, in order.
    var effects: [LottieLayerEffect] = []

    enum CodingKeys: String, CodingKey {
        case ty, nm, ind, parent, ip, op, st, sr, ks, ao, tt, td, tp, masksProperties, bm, hd, ef, sy
        case refId, w, h, tm, sc, sw, sh, shapes, t, ddd
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let ty = try c.decodeWholeNumber(forKey: .ty)
        name = (try? c.decodeIfPresent(String.self, forKey: .nm)) ?? ""
        index = try c.decodeWholeNumberIfPresent(forKey: .ind)
        parent = try c.decodeWholeNumberIfPresent(forKey: .parent)
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
        is3D = (try? c.decodeIfPresent(Int.self, forKey: .ddd)) == 1
        matteMode = (try? c.decodeIfPresent(Int.self, forKey: .tt)) ?? 0
        isMatteSource = (try? c.decodeIfPresent(Int.self, forKey: .td)) == 1
        matteParent = try? c.decodeIfPresent(Int.self, forKey: .tp)
        masks = try c.decodeIfPresent([LottieMask].self, forKey: .masksProperties) ?? []
        blendMode = (try? c.decodeIfPresent(Int.self, forKey: .bm)) ?? 0
        isHidden = (try? c.decodeIfPresent(Bool.self, forKey: .hd)) ?? false
        (dropShadow, effects) = try Self.effects(c, decoder)
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

    /// The drop shadow effect (`ef` type 25) or layer style (`sy` type 1), when present, and the
    /// other effects Strata draws, in order.
    private static func effects(
        _ c: KeyedDecodingContainer<CodingKeys>, _ decoder: Decoder
    ) throws -> (LottieDropShadow?, [LottieLayerEffect]) {
        let effects: [LottieEffect]?
        do {
            effects = try c.decodeIfPresent([LottieEffect].self, forKey: .ef)
        } catch {
            LottieWarnings.note("effects that are not a list of objects (left out)", decoder)
            effects = nil
        }
        var shadow: LottieDropShadow?
        var drawn: [LottieLayerEffect] = []
        for effect in effects ?? [] {
            if effect.type == 25, shadow == nil, let s = effect.dropShadow {
                shadow = s
            } else if let e = LottieLayerEffect(effect) {
                drawn.append(e)
            } else {
                LottieWarnings.note("effects other than drop shadow, fill, tint, tritone and Gaussian blur (type \(effect.type))", decoder)
            }
        }
        if let styles = try c.decodeIfPresent([LottieLayerStyle].self, forKey: .sy) {
            for style in styles {
                if style.type == 1, shadow == nil, let s = style.dropShadow {
                    shadow = s
                } else if style.type == 3, shadow == nil, let glow = style.outerGlow {
                    shadow = glow
                } else if let style = style.drawnStyle {
                    drawn.append(style)
                } else {
                    LottieWarnings.note("layer styles other than drop shadow, inner shadow, outer glow, stroke and colour overlay, or more than one shadow (type \(style.type))", decoder)
                }
            }
        }
        return (shadow, drawn)
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
        if !["a", "s", "i", "n", "l", "d", "f"].contains(mode) {
            LottieWarnings.note("mask mode '\(mode)' (drawn as add)", decoder)
        }
    }
}
