import Foundation
import QuartzCore
import StrataLottie

/// Small Lottie documents written in the tests (Bodymovin JSON as text, built from pieces).
enum LJ {
    static func num(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
    static func list(_ v: [Double]) -> String { "[" + v.map(num).joined(separator: ",") + "]" }

    static func value(_ v: [Double]) -> String { "{\"a\":0,\"k\":\(list(v))}" }
    static func value(_ v: Double) -> String { "{\"a\":0,\"k\":\(num(v))}" }

    /// Keyframes `(frame, value)`, eased by `o`/`i` handles (linear by default), `hold` on the listed frames.
    static func keys(
        _ frames: [(Double, [Double])], o: (Double, Double) = (0, 0), i: (Double, Double) = (1, 1), hold: Set<Double> = []
    ) -> String {
        var parts: [String] = []
        for (n, (t, v)) in frames.enumerated() {
            var k = "{\"t\":\(num(t)),\"s\":\(list(v))"
            if n < frames.count - 1 {
                k += ",\"o\":{\"x\":[\(num(o.0))],\"y\":[\(num(o.1))]},\"i\":{\"x\":[\(num(i.0))],\"y\":[\(num(i.1))]}"
                if hold.contains(t) { k += ",\"h\":1" }
            }
            parts.append(k + "}")
        }
        return "{\"a\":1,\"k\":[" + parts.joined(separator: ",") + "]}"
    }

    static func transform(
        p: String = value([0, 0]), a: String = value([0, 0]), s: String = value([100, 100]), r: String = value(0),
        o: String = value(100)
    ) -> String {
        "{\"p\":\(p),\"a\":\(a),\"s\":\(s),\"r\":\(r),\"o\":\(o)}"
    }

    static func animation(w: Int = 100, h: Int = 100, fr: Double = 30, ip: Double = 0, op: Double = 60, layers: [String], assets: [String] = []) -> String {
        "{\"v\":\"5.7.4\",\"fr\":\(num(fr)),\"ip\":\(num(ip)),\"op\":\(num(op)),\"w\":\(w),\"h\":\(h),\"assets\":[\(assets.joined(separator: ","))],\"layers\":[\(layers.joined(separator: ","))]}"
    }

    static func shapeLayer(_ shapes: [String], ind: Int = 1, ks: String = transform(), ip: Double = 0, op: Double = 60, extra: String = "") -> String {
        "{\"ty\":4,\"ind\":\(ind),\"ip\":\(num(ip)),\"op\":\(num(op)),\"st\":0,\"ks\":\(ks),\"shapes\":[\(shapes.joined(separator: ","))]\(extra)}"
    }

    static func solid(_ color: String, w: Double, h: Double, ind: Int = 1, ks: String = transform(), ip: Double = 0, op: Double = 60, extra: String = "") -> String {
        "{\"ty\":1,\"ind\":\(ind),\"ip\":\(num(ip)),\"op\":\(num(op)),\"st\":0,\"ks\":\(ks),\"sc\":\"\(color)\",\"sw\":\(num(w)),\"sh\":\(num(h))\(extra)}"
    }

    static func group(_ items: [String], transform t: String = "{\"ty\":\"tr\",\"p\":{\"k\":[0,0]},\"a\":{\"k\":[0,0]},\"s\":{\"k\":[100,100]},\"r\":{\"k\":0},\"o\":{\"k\":100}}") -> String {
        "{\"ty\":\"gr\",\"it\":[\(items.joined(separator: ",")),\(t)]}"
    }

    static func ellipse(_ c: (Double, Double), _ size: Double) -> String {
        "{\"ty\":\"el\",\"p\":\(value([c.0, c.1])),\"s\":\(value([size, size]))}"
    }

    static func rect(_ c: (Double, Double), _ w: Double, _ h: Double, r: Double = 0) -> String {
        "{\"ty\":\"rc\",\"p\":\(value([c.0, c.1])),\"s\":\(value([w, h])),\"r\":\(value(r))}"
    }

    static func fill(_ rgb: [Double], opacity: Double = 100) -> String {
        "{\"ty\":\"fl\",\"c\":\(value(rgb)),\"o\":\(value(opacity)),\"r\":1}"
    }

    static func stroke(_ rgb: [Double], width: Double, cap: Int = 1) -> String {
        "{\"ty\":\"st\",\"c\":\(value(rgb)),\"o\":\(value(100)),\"w\":\(value(width)),\"lc\":\(cap),\"lj\":1,\"ml\":4}"
    }

    static func trim(start: String = value(0), end: String, offset: String = value(0)) -> String {
        "{\"ty\":\"tm\",\"s\":\(start),\"e\":\(end),\"o\":\(offset),\"m\":1}"
    }

    /// A closed path through `points` (straight segments).
    static func polygonPath(_ points: [(Double, Double)]) -> String {
        let v = points.map { "[\(num($0.0)),\(num($0.1))]" }.joined(separator: ",")
        let z = points.map { _ in "[0,0]" }.joined(separator: ",")
        return "{\"c\":true,\"v\":[\(v)],\"i\":[\(z)],\"o\":[\(z)]}"
    }
}

/// Renders Lottie documents the way an app shows them: a `LottieLayer` in a root layer, on a
/// manual clock at `origin`.
enum LottieRender {
    static func animation(_ json: String) throws -> LottieAnimation {
        try LottieAnimation(data: Data(json.utf8))
    }

    /// Frame `frame` of `json`: played from the first frame at clock `origin` and drawn at
    /// `origin + (frame − ip)/fr` (or, with `playing: false`, shown paused at that frame).
    static func frame(
        _ json: String, _ frame: Double, origin: Double = 0, playing: Bool = true,
        configure: (LottieLayer) -> Void = { _ in }
    ) throws -> CGImage {
        let animation = try animation(json)
        let w = Int(animation.size.width), h = Int(animation.size.height)
        let clock = MediaClock.Manual(time: origin)
        return MediaClock.withClock(clock) {
            let (root, player) = scene { () -> (CALayer, LottieLayer) in
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: w, height: h)
                let player = LottieLayer(animation: animation)
                player.frame = root.bounds
                configure(player)
                root.addSublayer(player)
                return (root, player)
            }
            if playing {
                player.play()
            } else {
                player.currentFrame = frame
            }
            CATransaction.flush()
            let t = origin + (playing ? (frame - animation.inPoint) / animation.frameRate : 0)
            clock.time = t
            return Golden.render(root, width: w, height: h, at: t)
        }
    }
}

extension CGImage {
    /// The x of the first column in row `y` whose alpha is at least half (nil when none).
    func firstOpaqueColumn(row y: Int) -> Int? {
        (0..<width).first { rgba($0, y).a >= 128 }
    }

    func lastOpaqueColumn(row y: Int) -> Int? {
        (0..<width).last { rgba($0, y).a >= 128 }
    }
}
