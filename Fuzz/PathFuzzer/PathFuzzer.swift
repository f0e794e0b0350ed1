import CoreGraphics
import Foundation
import FuzzSupport

// libFuzzer target: path construction from arbitrary numbers, then every query: bounds,
// containment, stroking, dashing, copying with transforms and drawing. Never a crash, never a
// hang.

struct Reader {
    var bytes: [UInt8]
    var offset = 0

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number: mostly small, sometimes NaN, infinite, huge or tiny.
    mutating func number() -> CGFloat {
        guard let kind = byte(), let a = byte(), let b = byte() else { return 0 }
        switch kind % 16 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return CGFloat(a) * 1e30
        case 4: return CGFloat(a) * 1e-30
        default: return (CGFloat(Int(a) << 8 | Int(b)) - 32768) / 64
        }
    }

    mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func pathFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: min(size, 4096))))
    let path = CGMutablePath()
    var count = 0
    while let op = reader.byte(), count < 200 {
        count += 1
        switch op % 10 {
        case 0: path.move(to: reader.point())
        case 1: path.addLine(to: reader.point())
        case 2: path.addQuadCurve(to: reader.point(), control: reader.point())
        case 3: path.addCurve(to: reader.point(), control1: reader.point(), control2: reader.point())
        case 4: path.closeSubpath()
        case 5: path.addRect(CGRect(origin: reader.point(), size: CGSize(width: reader.number(), height: reader.number())))
        case 6: path.addEllipse(in: CGRect(origin: reader.point(), size: CGSize(width: reader.number(), height: reader.number())))
        case 7:
            path.addArc(
                center: reader.point(), radius: reader.number(), startAngle: reader.number(), endAngle: reader.number(),
                clockwise: reader.byte().map { $0 % 2 == 0 } ?? false)
        case 8: path.addArc(tangent1End: reader.point(), tangent2End: reader.point(), radius: reader.number())
        default:
            path.addRoundedRect(
                in: CGRect(origin: reader.point(), size: CGSize(width: reader.number(), height: reader.number())),
                cornerWidth: reader.number(), cornerHeight: reader.number())
        }
    }
    _ = path.boundingBox
    _ = path.boundingBoxOfPath
    _ = path.contains(reader.point())
    _ = path.contains(reader.point(), using: .evenOdd)
    let box = path.boundingBoxOfPath
    // Stroking and dashing cost grows with the path's size: keep the fuzz input bounded.
    if box.width.isFinite, box.height.isFinite, box.width < 1e5, box.height < 1e5 {
        _ = path.copy(strokingWithWidth: abs(reader.number()).truncatingRemainder(dividingBy: 50), lineCap: .round, lineJoin: .miter, miterLimit: 10)
        _ = path.copy(dashingWithPhase: 0, lengths: [max(0.5, abs(reader.number()).truncatingRemainder(dividingBy: 20)), 3])
        guard let context = CGContext(
            data: nil, width: 32, height: 32, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return 0 }
        context.addPath(path)
        context.fillPath()
        context.addPath(path)
        context.strokePath()
    }
    var transform = CGAffineTransform(a: reader.number(), b: reader.number(), c: reader.number(), d: reader.number(), tx: 0, ty: 0)
    _ = path.copy(using: &transform)
    return 0
}

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main.
@_cdecl("strata_fuzz_path_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc: argc, argv: argv) { pathFuzzer($0, $1) }
}
#else
@main
enum PathFuzzerReplay {
    static func main() { FuzzDriver.replay(Array(CommandLine.arguments.dropFirst())) { pathFuzzer($0, $1) } }
}
#endif
