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

/// An effect: the drop shadow's controls are its values in order.
struct LottieEffect: Decodable, Sendable {
    var type: Int
    var values: [Numbers]

    enum CodingKeys: String, CodingKey { case ty, ef }
    private struct Value: Decodable { var v: Numbers? }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decodeWholeNumber(forKey: .ty)
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
