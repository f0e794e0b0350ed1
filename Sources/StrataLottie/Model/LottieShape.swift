import CoreGraphics
import Foundation

typealias Numbers = LottieProperty<[Double]>

/// A layer's or a group's transform (`ks`, `tr`): anchor, position, scale (%), rotation (degrees),
/// skew and skew axis (degrees), opacity (%). Repeaters add start and end opacity; 3D layers
/// rotation about x and y and an orientation (degrees), and a z in their position.
struct LottieTransform: Decodable, Sendable {
    var anchor: Numbers?
    var position: LottiePosition?
    var scale: Numbers?
    var rotation: Numbers?
    var opacity: Numbers?
    var skew: Numbers?
    var skewAxis: Numbers?
    var startOpacity: Numbers?
    var endOpacity: Numbers?
    var rotationX: Numbers?
    var rotationY: Numbers?
    var orientation: Numbers?

    /// True when the transform turns out of the plane (x or y rotation, orientation).
    var turnsIn3D: Bool {
        [rotationX, rotationY, orientation].contains { p in p.map { $0.isAnimated || $0.first.contains { $0 != 0 } } ?? false }
    }

    enum CodingKeys: String, CodingKey { case a, p, s, r, rz, o, sk, sa, so, eo, rx, ry, or }

    init() {}

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        anchor = try c.decodeIfPresent(Numbers.self, forKey: .a)
        position = try c.decodeIfPresent(LottiePosition.self, forKey: .p)
        scale = try c.decodeIfPresent(Numbers.self, forKey: .s)
        rotation = try c.decodeIfPresent(Numbers.self, forKey: .r) ?? c.decodeIfPresent(Numbers.self, forKey: .rz)
        opacity = try c.decodeIfPresent(Numbers.self, forKey: .o)
        skew = try c.decodeIfPresent(Numbers.self, forKey: .sk)
        skewAxis = try c.decodeIfPresent(Numbers.self, forKey: .sa)
        startOpacity = try c.decodeIfPresent(Numbers.self, forKey: .so)
        endOpacity = try c.decodeIfPresent(Numbers.self, forKey: .eo)
        rotationX = try c.decodeIfPresent(Numbers.self, forKey: .rx)
        rotationY = try c.decodeIfPresent(Numbers.self, forKey: .ry)
        orientation = try c.decodeIfPresent(Numbers.self, forKey: .or)
    }
}

/// A gradient's colours: `p` colour stops, then opacity stops, flattened into `k`.
struct LottieGradientColors: Decodable, Sendable {
    var count: Int
    var values: Numbers

    enum CodingKeys: String, CodingKey { case p, k }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = try c.decodeWholeNumber(forKey: .p)
        guard (0...256).contains(count) else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.p], debugDescription: "stop count \(count) is out of 0...256"))
        }
        values = try c.decode(Numbers.self, forKey: .k)
        if count == 0, let length = values.keyframes.first?.value.count, length >= 4 {
            // No colour stops named, but colours given: read them all as colour stops (the
            // length's multiple of 4), as players do, rather than drawing black.
            count = length / 4
            LottieWarnings.note("a gradient with p = 0 but \(length) values: read as \(count) colour stops", decoder)
        }
    }
}

/// A dash, gap or offset entry of a stroke's `d`.
struct LottieDash: Decodable, Sendable {
    var kind: String
    var value: Numbers
    enum CodingKeys: String, CodingKey { case n, v }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(String.self, forKey: .n)
        value = try c.decode(Numbers.self, forKey: .v)
    }
}

/// How a stroke is drawn (solid or gradient).
struct LottieStrokeStyle: Sendable {
    var width: Numbers
    var cap: Int
    var join: Int
    var miterLimit: Double
    var dashes: [LottieDash]
}

/// A gradient's geometry and colours.
struct LottieGradient: Sendable {
    /// 1 linear, 2 radial.
    var type: Int
    var start: Numbers
    var end: Numbers
    var colors: LottieGradientColors
    var highlightLength: Numbers?
    var highlightAngle: Numbers?
}

/// One item of a shape layer's list or a group's `it`.
enum LottieShape: Sendable {
    case group(name: String, items: [LottieShape])
    case rectangle(position: Numbers, size: Numbers, roundness: Numbers, reversed: Bool)
    case ellipse(position: Numbers, size: Numbers, reversed: Bool)
    case star(LottieStar)
    case path(LottieProperty<BezierShape>, reversed: Bool)
    case fill(color: Numbers, opacity: Numbers, evenOdd: Bool)
    case stroke(color: Numbers, opacity: Numbers, style: LottieStrokeStyle)
    case gradientFill(LottieGradient, opacity: Numbers, evenOdd: Bool)
    case gradientStroke(LottieGradient, opacity: Numbers, style: LottieStrokeStyle)
    case trim(start: Numbers, end: Numbers, offset: Numbers, individually: Bool)
    case repeater(copies: Numbers, offset: Numbers, transform: LottieTransform, below: Bool)
    case roundCorners(Numbers)
    /// Zig zag, pucker and bloat, offset path: modifiers that reshape the outlines above them.
    case reshape(LottiePathModifier)
    case merge(mode: Int)
    case transform(LottieTransform)
    /// A fill, stroke or gradient with a blend mode of its own (`bm` 1…16): it blends with what
    /// the items below it in the layer drew.
    indirect case blended(mode: Int, LottieShape)
    /// Hidden items and kinds Strata does not draw (named in the warnings).
    case skipped
}

/// A modifier that reshapes each outline above it in its group (and nested groups), frame by frame.
enum LottiePathModifier: Sendable {
    /// Zig zag (`zz`): `size` points off the outline, `ridges` per segment, smooth (`pt` 2) or corners (1).
    case zigZag(size: Numbers, ridges: Numbers, pointType: Numbers)
    /// Pucker and bloat (`pb`): vertices pulled towards the centre by `amount` percent, handles pushed away.
    case puckerBloat(amount: Numbers)
    /// Offset path (`op`): the outline grown by `amount` points (shrunk when negative), its
    /// corners joined as `join` says (1 miter, 2 round, 3 bevel) within `miterLimit`.
    case offset(amount: Numbers, join: Int, miterLimit: Numbers)
}

/// A star or polygon (`sr`).
struct LottieStar: Sendable {
    var isPolygon: Bool
    var points: Numbers
    var position: Numbers
    var rotation: Numbers
    var outerRadius: Numbers
    var innerRadius: Numbers?
    var outerRoundness: Numbers
    var innerRoundness: Numbers?
    var reversed: Bool
}

extension LottieShape: Decodable {
    enum CodingKeys: String, CodingKey {
        case ty, hd, nm, it, p, s, r, d, ks, c, o, w, lc, lj, ml, sy, pt, ir, `is`, or, os, e, t, g, h, a, m, tr, mm, bm
    }

    /// The item without its blend mode, and the mode (nil for normal).
    var unblended: (item: LottieShape, blendMode: Int?) {
        if case .blended(let mode, let item) = self { return (item, mode) }
        return (self, nil)
    }

    private static let ignoredKinds: [String: String] = [
        "tw": "twist", "no": "unknown shape items",
    ]

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .ty)
        if (try? c.decodeIfPresent(Bool.self, forKey: .hd)) == true {
            self = .skipped
            return
        }
        let reversed = (try? c.decodeIfPresent(Int.self, forKey: .d)) == 3
        switch kind {
        case "gr":
            self = .group(
                name: (try? c.decodeIfPresent(String.self, forKey: .nm)) ?? "",
                items: try c.decodeIfPresent([LottieShape].self, forKey: .it) ?? [])
        case "rc":
            self = .rectangle(
                position: try c.decode(Numbers.self, forKey: .p), size: try c.decode(Numbers.self, forKey: .s),
                roundness: try c.decodeIfPresent(Numbers.self, forKey: .r) ?? Numbers(value: [0]), reversed: reversed)
        case "el":
            self = .ellipse(
                position: try c.decode(Numbers.self, forKey: .p), size: try c.decode(Numbers.self, forKey: .s),
                reversed: reversed)
        case "sr":
            self = .star(
                LottieStar(
                    isPolygon: (try c.decodeWholeNumberIfPresent(forKey: .sy)) == 2,
                    points: try c.decode(Numbers.self, forKey: .pt), position: try c.decode(Numbers.self, forKey: .p),
                    rotation: try c.decodeIfPresent(Numbers.self, forKey: .r) ?? Numbers(value: [0]),
                    outerRadius: try c.decode(Numbers.self, forKey: .or),
                    innerRadius: try c.decodeIfPresent(Numbers.self, forKey: .ir),
                    outerRoundness: try c.decodeIfPresent(Numbers.self, forKey: .os) ?? Numbers(value: [0]),
                    innerRoundness: try c.decodeIfPresent(Numbers.self, forKey: .is), reversed: reversed))
        case "sh":
            self = .path(try c.decode(LottieProperty<BezierShape>.self, forKey: .ks), reversed: reversed)
        case "fl":
            self = .fill(
                color: try c.decode(Numbers.self, forKey: .c), opacity: try Self.opacity(c),
                evenOdd: (try? c.decodeIfPresent(Int.self, forKey: .r)) == 2)
        case "st":
            self = .stroke(color: try c.decode(Numbers.self, forKey: .c), opacity: try Self.opacity(c), style: try Self.style(c, decoder))
        case "gf":
            self = .gradientFill(
                try Self.gradient(c), opacity: try Self.opacity(c), evenOdd: (try? c.decodeIfPresent(Int.self, forKey: .r)) == 2)
        case "gs":
            self = .gradientStroke(try Self.gradient(c), opacity: try Self.opacity(c), style: try Self.style(c, decoder))
        case "tm":
            self = .trim(
                start: try c.decodeIfPresent(Numbers.self, forKey: .s) ?? Numbers(value: [0]),
                end: try c.decodeIfPresent(Numbers.self, forKey: .e) ?? Numbers(value: [100]),
                offset: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [0]),
                individually: (try? c.decodeIfPresent(Int.self, forKey: .m)) == 2)
        case "rp":
            self = .repeater(
                copies: try c.decode(Numbers.self, forKey: .c),
                offset: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [0]),
                transform: try c.decodeIfPresent(LottieTransform.self, forKey: .tr) ?? LottieTransform(),
                below: (try? c.decodeIfPresent(Int.self, forKey: .m)) == 2)
        case "rd":
            self = .roundCorners(try c.decode(Numbers.self, forKey: .r))
        case "zz":
            self = .reshape(.zigZag(
                size: try c.decodeIfPresent(Numbers.self, forKey: .s) ?? Numbers(value: [0]),
                ridges: try c.decodeIfPresent(Numbers.self, forKey: .r) ?? Numbers(value: [0]),
                pointType: try c.decodeIfPresent(Numbers.self, forKey: .pt) ?? Numbers(value: [1])))
        case "pb":
            self = .reshape(.puckerBloat(amount: try c.decodeIfPresent(Numbers.self, forKey: .a) ?? Numbers(value: [0])))
        case "op":
            self = .reshape(.offset(
                amount: try c.decodeIfPresent(Numbers.self, forKey: .a) ?? Numbers(value: [0]),
                join: (try? c.decodeIfPresent(Int.self, forKey: .lj)) ?? 1,
                miterLimit: (try? c.decodeIfPresent(Numbers.self, forKey: .ml)) ?? Numbers(value: [4])))
        case "mm":
            self = .merge(mode: (try? c.decodeIfPresent(Int.self, forKey: .mm)) ?? 1)
        case "tr":
            self = .transform(try LottieTransform(from: decoder))
            return
        default:
            LottieWarnings.note("shape items of type '\(kind)' (\(Self.ignoredKinds[kind] ?? "unknown"))", decoder)
            self = .skipped
        }
        if ["fl", "st", "gf", "gs"].contains(kind), let mode = try? c.decodeIfPresent(Int.self, forKey: .bm), mode != 0 {
            self = .blended(mode: mode, self)
        }
    }

    private static func opacity(_ c: KeyedDecodingContainer<CodingKeys>) throws -> Numbers {
        try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [100])
    }

    private static func style(_ c: KeyedDecodingContainer<CodingKeys>, _ decoder: Decoder) throws -> LottieStrokeStyle {
        LottieStrokeStyle(
            width: try c.decodeIfPresent(Numbers.self, forKey: .w) ?? Numbers(value: [1]),
            cap: (try? c.decodeIfPresent(Int.self, forKey: .lc)) ?? 2,
            join: (try? c.decodeIfPresent(Int.self, forKey: .lj)) ?? 2,
            miterLimit: (try? c.decodeIfPresent(Double.self, forKey: .ml)) ?? 4,
            dashes: try c.decodeIfPresent([LottieDash].self, forKey: .d) ?? [])
    }

    private static func gradient(_ c: KeyedDecodingContainer<CodingKeys>) throws -> LottieGradient {
        LottieGradient(
            type: (try? c.decodeIfPresent(Int.self, forKey: .t)) ?? 1,
            start: try c.decode(Numbers.self, forKey: .s), end: try c.decode(Numbers.self, forKey: .e),
            colors: try c.decode(LottieGradientColors.self, forKey: .g),
            highlightLength: try c.decodeIfPresent(Numbers.self, forKey: .h),
            highlightAngle: try c.decodeIfPresent(Numbers.self, forKey: .a))
    }
}
