import Foundation

/// A text animator (`t.a[i]`): a range selector choosing characters, and the properties it moves
/// them by (After Effects' text animators; properties at full selection).
struct LottieTextAnimator: Decodable, Sendable {
    var selector: LottieTextSelector
    /// Offset (points), anchor offset, scale (%), rotation (degrees), opacity (%), fill and stroke
    /// colours, tracking (thousandths of an em).
    var position: Numbers?
    var scale: Numbers?
    var rotation: Numbers?
    var opacity: Numbers?
    var fillColor: Numbers?
    var strokeColor: Numbers?
    var tracking: Numbers?

    enum CodingKeys: String, CodingKey { case s, a }
    enum PropertyKeys: String, CodingKey { case p, s, r, rz, o, fc, sc, t }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        selector = try c.decodeIfPresent(LottieTextSelector.self, forKey: .s) ?? LottieTextSelector()
        guard c.contains(.a) else { return }
        let p = try c.nestedContainer(keyedBy: PropertyKeys.self, forKey: .a)
        position = try p.decodeIfPresent(Numbers.self, forKey: .p)
        scale = try p.decodeIfPresent(Numbers.self, forKey: .s)
        rotation = try p.decodeIfPresent(Numbers.self, forKey: .r) ?? p.decodeIfPresent(Numbers.self, forKey: .rz)
        opacity = try p.decodeIfPresent(Numbers.self, forKey: .o)
        fillColor = try p.decodeIfPresent(Numbers.self, forKey: .fc)
        strokeColor = try p.decodeIfPresent(Numbers.self, forKey: .sc)
        tracking = try p.decodeIfPresent(Numbers.self, forKey: .t)
    }

    var isAnimated: Bool {
        [position, scale, rotation, opacity, fillColor, strokeColor, tracking].contains { $0?.isAnimated == true }
            || selector.isAnimated
    }
}

/// A range selector: start, end and offset (percent of the characters, or character indices),
/// amount (%), shape (1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth), and
/// whether spaces count (`b` 2).
struct LottieTextSelector: Decodable, Sendable {
    var start = Numbers(value: [0])
    var end = Numbers(value: [100])
    var offset = Numbers(value: [0])
    var amount = Numbers(value: [100])
    var byIndex = false
    var shape = 1
    var skipsSpaces = false
    var randomized = false

    enum CodingKeys: String, CodingKey { case s, e, o, a, r, sh, b, rn }

    init() {}

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        start = try c.decodeIfPresent(Numbers.self, forKey: .s) ?? start
        end = try c.decodeIfPresent(Numbers.self, forKey: .e) ?? end
        offset = try c.decodeIfPresent(Numbers.self, forKey: .o) ?? offset
        amount = try c.decodeIfPresent(Numbers.self, forKey: .a) ?? amount
        byIndex = (try? c.decodeIfPresent(Int.self, forKey: .r)) == 2
        shape = (try? c.decodeIfPresent(Int.self, forKey: .sh)) ?? 1
        skipsSpaces = (try? c.decodeIfPresent(Int.self, forKey: .b)) == 2
        randomized = (try? c.decodeIfPresent(Int.self, forKey: .rn)) == 1
    }

    var isAnimated: Bool { start.isAnimated || end.isAnimated || offset.isAnimated || amount.isAnimated }

    /// How much character `index` of `count` (counted as the selector counts) is selected at
    /// `frame`: 0…1 times the amount (which may be negative).
    func coverage(of index: Int, count: Int, at frame: Double) -> Double {
        guard count > 0 else { return 0 }
        let n = Double(count)
        let scale = byIndex ? 1 : n / 100
        var s = start.scalar(at: frame) * scale, e = end.scalar(at: frame) * scale
        let o = offset.scalar(at: frame) * scale
        if s > e { swap(&s, &e) }
        s += o
        e += o
        let amount = amount.scalar(at: frame) / 100
        let i = Double(index)
        let value: Double
        switch shape {
        case 2, 3, 4, 5, 6:
            // Shapes other than square weigh each character by where its middle lies in the range.
            guard e > s else { return 0 }
            let t = (i + 0.5 - s) / (e - s)
            switch shape {
            case 2: value = min(max(t, 0), 1)
            case 3: value = 1 - min(max(t, 0), 1)
            case 4: value = t < 0 || t > 1 ? 0 : 1 - abs(2 * t - 1)
            case 5: value = t < 0 || t > 1 ? 0 : (1 - (2 * t - 1) * (2 * t - 1)).squareRoot()
            default: value = t < 0 || t > 1 ? 0 : 0.5 - 0.5 * cos(2 * .pi * t)
            }
        default:
            value = min(max(min(e, i + 1) - max(s, i), 0), 1)
        }
        return value * amount
    }
}
