import Foundation
import FuzzSupport
import QuartzCore

// libFuzzer target: animations with arbitrary timing and keyframe parameters, added to a layer
// and evaluated at arbitrary times through presentation copies. Results must stay finite or the
// animation must be refused; never a crash.

struct Reader {
    var bytes: [UInt8]
    var offset = 0

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func number() -> Double {
        let kind = byte(), a = byte(), b = byte()
        switch kind % 12 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return Double(a) * 1e12
        case 4: return Double(a) * 1e-12
        case 5: return -Double(a)
        default: return (Double(Int(a) << 8 | Int(b)) - 16384) / 1024
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func animationFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var r = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: min(size, 1024))))
    let clock = MediaClock.Manual(time: abs(r.number()).truncatingRemainder(dividingBy: 1e9))
    MediaClock.withClock(clock) {
        let layer = CALayer()
        CATransaction.begin()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.commit()
        let keyPaths = ["position", "opacity", "transform.rotation.z", "bounds.size.width", "backgroundColor", "transform", "cornerRadius"]
        let keyPath = keyPaths[Int(r.byte()) % keyPaths.count]
        let animation: CAPropertyAnimation
        switch r.byte() % 3 {
        case 0:
            let basic = CABasicAnimation(keyPath: keyPath)
            basic.fromValue = value(for: keyPath, &r)
            basic.toValue = value(for: keyPath, &r)
            if r.byte() % 2 == 0 { basic.byValue = value(for: keyPath, &r) }
            animation = basic
        case 1:
            let keyframes = CAKeyframeAnimation(keyPath: keyPath)
            let count = Int(r.byte() % 6)
            keyframes.values = (0..<count).map { _ in value(for: keyPath, &r) as Any }
            if r.byte() % 2 == 0 { keyframes.keyTimes = (0..<Int(r.byte() % 6)).map { _ in NSNumber(value: r.number()) } }
            let modes: [CAAnimationCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
            keyframes.calculationMode = modes[Int(r.byte()) % modes.count]
            if r.byte() % 3 == 0 {
                keyframes.timingFunctions = (0..<Int(r.byte() % 5)).map { _ in
                    CAMediaTimingFunction(controlPoints: Float(r.number()), Float(r.number()), Float(r.number()), Float(r.number()))
                }
            }
            animation = keyframes
        default:
            let spring = CASpringAnimation(keyPath: keyPath)
            spring.fromValue = value(for: keyPath, &r)
            spring.toValue = value(for: keyPath, &r)
            spring.mass = r.number()
            spring.stiffness = r.number()
            spring.damping = r.number()
            spring.initialVelocity = r.number()
            animation = spring
        }
        animation.duration = r.number()
        animation.beginTime = r.number()
        animation.speed = Float(r.number())
        animation.timeOffset = r.number()
        animation.repeatCount = Float(r.number())
        animation.repeatDuration = r.number()
        animation.autoreverses = r.byte() % 2 == 0
        animation.isAdditive = r.byte() % 2 == 0
        animation.isCumulative = r.byte() % 2 == 0
        let fills: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
        animation.fillMode = fills[Int(r.byte()) % fills.count]
        CATransaction.begin()
        layer.add(animation, forKey: "fuzz")
        CATransaction.commit()
        for _ in 0..<4 {
            let t = r.number()
            _ = layer.presentation(at: t)
            layer.processAnimationEvents(at: t)
        }
    }
    return 0
}

func value(for keyPath: String, _ r: inout Reader) -> Any? {
    switch keyPath {
    case "position": return CGPoint(x: r.number(), y: r.number())
    case "backgroundColor": return CGColor(red: r.number(), green: r.number(), blue: r.number(), alpha: r.number())
    case "transform":
        return r.byte() % 2 == 0
            ? CATransform3DMakeRotation(r.number(), r.number(), r.number(), r.number())
            : CATransform3DMakeScale(r.number(), r.number(), r.number())
    default: return r.number()
    }
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_animation_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { animationFuzzer($0, $1) }
}
#else
@main
enum AnimationFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { animationFuzzer($0, $1) } }
}
#endif
