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

    enum CodingKeys: String, CodingKey { case ty, c, o, a, d, s }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeWholeNumber(forKey: .ty)
        guard type == 1 else { return }
        dropShadow = LottieDropShadow(
            color: try c.decodeIfPresent(Numbers.self, forKey: .c) ?? Numbers(value: [0, 0, 0, 1]),
            opacity: try c.decodeIfPresent(Numbers.self, forKey: .o) ?? Numbers(value: [75]),
            direction: try c.decodeIfPresent(Numbers.self, forKey: .a) ?? Numbers(value: [120]),
            distance: try c.decodeIfPresent(Numbers.self, forKey: .d) ?? Numbers(value: [5]),
            softness: try c.decodeIfPresent(Numbers.self, forKey: .s) ?? Numbers(value: [5]), opacityScale: 100)
    }
}
