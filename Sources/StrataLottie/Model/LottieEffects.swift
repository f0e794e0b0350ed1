import CoreGraphics
import Foundation

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

/// An effect: its controls' values in order (nil for a control without a number: a layer
/// reference, a group, anything unreadable). A control's value is a property (`{"a":0,"k":…}`),
/// or a bare number (the "ignored" control, type 6, and some exporters): both read; anything else
/// leaves that control out without failing the file.
struct LottieEffect: Decodable, Sendable {
    var type: Int
    var values: [Numbers?]

    enum CodingKeys: String, CodingKey { case ty, ef }

    private struct Value: Decodable {
        var v: Numbers?
        enum CodingKeys: String, CodingKey { case v }

        init(from decoder: Decoder) throws {
            guard let c = try? decoder.container(keyedBy: CodingKeys.self) else { return }
            if let property = try? c.decodeIfPresent(Numbers.self, forKey: .v) {
                v = property
            } else if let number = try? c.decodeIfPresent(Double.self, forKey: .v), number.isFinite {
                v = Numbers(value: [number])
            } else if let list = try? c.decodeIfPresent([Double].self, forKey: .v), list.allSatisfy(\.isFinite) {
                v = Numbers(value: list)
            }
        }
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = (try? c.decodeWholeNumber(forKey: .ty)) ?? -1
        values = ((try? c.decodeIfPresent([Value].self, forKey: .ef)) ?? []).map(\.v)
    }

    /// Control `i`'s value, when it has one.
    func value(_ i: Int) -> Numbers? { i < values.count ? values[i] : nil }

    /// Drop shadow (type 25): colour, opacity (0…255), direction, distance, softness.
    var dropShadow: LottieDropShadow? {
        guard let color = value(0), let opacity = value(1), let direction = value(2), let distance = value(3),
            let softness = value(4)
        else { return nil }
        return LottieDropShadow(
            color: color, opacity: opacity, direction: direction, distance: distance, softness: softness, opacityScale: 255)
    }
}

/// A layer style: the drop shadow (`ty` 1) has colour `c`, opacity `o`, angle `a`, distance `d`, size `s`.
struct LottieLayerStyle: Decodable, Sendable {
    var type: Int
    var dropShadow: LottieDropShadow?
    /// Outer glow (`ty` 3: colour, opacity 0…100, size): a shadow that is not offset.
    var outerGlow: LottieDropShadow?
    /// Colour overlay (`ty` 7: colour, opacity 0…100): the Fill effect; inner shadow (`ty` 2) and
    /// stroke (`ty` 0) styles.
    var drawnStyle: LottieLayerEffect?

    enum CodingKeys: String, CodingKey { case ty, c, o, a, d, s, ch }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeWholeNumber(forKey: .ty)
        if type == 0 {
            // Stroke: colour (Photoshop's default red), size (points), opacity 0…100 when given.
            drawnStyle = .strokeStyle(
                color: try c.decodeIfPresent(Numbers.self, forKey: .c) ?? Numbers(value: [1, 0, 0, 1]),
                size: try c.decodeIfPresent(Numbers.self, forKey: .s) ?? Numbers(value: [3]),
                opacity: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [100]))
            return
        }
        if type == 2 {
            // Inner shadow: the drop shadow's controls and defaults, plus choke 0…100.
            drawnStyle = .innerShadow(
                LottieDropShadow(
                    color: try c.decodeIfPresent(Numbers.self, forKey: .c) ?? Numbers(value: [0, 0, 0, 1]),
                    opacity: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [75]),
                    direction: try c.decodeIfPresent(Numbers.self, forKey: .a) ?? Numbers(value: [120]),
                    distance: try c.decodeIfPresent(Numbers.self, forKey: .d) ?? Numbers(value: [5]),
                    softness: try c.decodeIfPresent(Numbers.self, forKey: .s) ?? Numbers(value: [5]), opacityScale: 100),
                choke: try c.decodeIfPresent(Numbers.self, forKey: .ch) ?? Numbers(value: [0]))
            return
        }
        if type == 3 {
            outerGlow = LottieDropShadow(
                color: try c.decodeIfPresent(Numbers.self, forKey: .c) ?? Numbers(value: [1, 1, 0.75, 1]),
                opacity: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [75]), direction: Numbers(value: [0]),
                distance: Numbers(value: [0]), softness: try c.decodeIfPresent(Numbers.self, forKey: .s) ?? Numbers(value: [5]),
                opacityScale: 100)
            return
        }
        if type == 7 {
            drawnStyle = .fill(
                color: try c.decodeIfPresent(Numbers.self, forKey: .c) ?? Numbers(value: [1, 0, 0, 1]),
                opacity: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [100]), opacityScale: 100)
            return
        }
        guard type == 1 else { return }
        dropShadow = LottieDropShadow(
            color: try c.decodeIfPresent(Numbers.self, forKey: .c) ?? Numbers(value: [0, 0, 0, 1]),
            opacity: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [75]),
            direction: try c.decodeIfPresent(Numbers.self, forKey: .a) ?? Numbers(value: [120]),
            distance: try c.decodeIfPresent(Numbers.self, forKey: .d) ?? Numbers(value: [5]),
            softness: try c.decodeIfPresent(Numbers.self, forKey: .s) ?? Numbers(value: [5]), opacityScale: 100)
    }
}

/// The effects Strata draws besides the drop shadow, with their controls (After Effects' order).
enum LottieLayerEffect: Sendable {
    /// Fill (type 21): colour (control 2), opacity (control 6) in 0…`opacityScale` (1 for the
    /// effect; 100 for the colour overlay layer style).
    case fill(color: Numbers, opacity: Numbers, opacityScale: Double)
    /// Tint (type 20): map black to (0), map white to (1), amount 0…100 (2).
    case tint(black: Numbers, white: Numbers, amount: Numbers)
    /// Tritone (type 23): highlights (0), midtones (1), shadows (2), blend with original 0…100 (3).
    case tritone(highlights: Numbers, midtones: Numbers, shadows: Numbers, blend: Numbers)
    /// Gaussian Blur (type 29): blurriness (0), dimensions (1: both, 2: horizontal, 3: vertical).
    case gaussianBlur(blurriness: Numbers, dimensions: Numbers)
    /// Inner shadow layer style (`sy` type 2): the drop shadow's controls (opacity 0…100, angle as
    /// the drop shadow's direction, size as its softness) and choke 0…100.
    case innerShadow(LottieDropShadow, choke: Numbers)
    /// Stroke layer style (`sy` type 0): colour, size (points), opacity 0…100; drawn outside.
    case strokeStyle(color: Numbers, size: Numbers, opacity: Numbers)

    init?(_ effect: LottieEffect) {
        let one = Numbers(value: [1]), zero = Numbers(value: [0])
        switch effect.type {
        case 21:
            guard let color = effect.value(2) else { return nil }
            self = .fill(color: color, opacity: effect.value(6) ?? one, opacityScale: 1)
        case 20:
            self = .tint(
                black: effect.value(0) ?? Numbers(value: [0, 0, 0]), white: effect.value(1) ?? Numbers(value: [1, 1, 1]),
                amount: effect.value(2) ?? Numbers(value: [100]))
        case 23:
            self = .tritone(
                highlights: effect.value(0) ?? Numbers(value: [1, 1, 1]), midtones: effect.value(1) ?? Numbers(value: [0.5, 0.5, 0.5]),
                shadows: effect.value(2) ?? Numbers(value: [0, 0, 0]), blend: effect.value(3) ?? zero)
        case 29:
            guard let blurriness = effect.value(0) else { return nil }
            self = .gaussianBlur(blurriness: blurriness, dimensions: effect.value(1) ?? one)
        default:
            return nil
        }
    }

    /// Effect types read as `LottieLayerEffect` (besides 25, the drop shadow).
    static let types: Set<Int> = [20, 21, 23, 29]

    var isAnimated: Bool {
        switch self {
        case .fill(let c, let o, _): return c.isAnimated || o.isAnimated
        case .tint(let b, let w, let a): return b.isAnimated || w.isAnimated || a.isAnimated
        case .tritone(let h, let m, let s, let b): return h.isAnimated || m.isAnimated || s.isAnimated || b.isAnimated
        case .gaussianBlur(let b, let d): return b.isAnimated || d.isAnimated
        case .innerShadow(let s, let choke):
            return s.color.isAnimated || s.opacity.isAnimated || s.direction.isAnimated || s.distance.isAnimated
                || s.softness.isAnimated || choke.isAnimated
        case .strokeStyle(let c, let s, let o): return c.isAnimated || s.isAnimated || o.isAnimated
        }
    }
}
