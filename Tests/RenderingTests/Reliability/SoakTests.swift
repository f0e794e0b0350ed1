import CoreGraphics
import Foundation
import QuartzCore
import Testing

/// Long runs under test control. `STRATA_SOAK_SCALE` sets the size: 1 is the full soak (a million
/// animation add/remove cycles and a million frames, `scripts/soak.sh`, release build); the
/// default 0.01 keeps the ordinary test run short.
@Suite("Reliability: soak", .serialized)
struct SoakTests {
    static var scale: Double {
        ProcessInfo.processInfo.environment["STRATA_SOAK_SCALE"].flatMap(Double.init) ?? 0.01
    }

    /// Resident memory (bytes), from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Memory may grow during the first tenth (caches, allocator pools); after that, by at most
    /// 16 MiB over the whole run. Resident memory is the whole process's: in the ordinary test run
    /// other suites run alongside and allocate too, so the bound there is 256 MiB; the full soak
    /// (`scripts/soak.sh`) runs these tests alone and holds the 16 MiB bound.
    static var allowedGrowth: Int { scale >= 1 ? 16 << 20 : 256 << 20 }

    @Test func addAndRemoveAnimationsAMillionTimes() {
        let cycles = max(1000, Int(1_000_000 * Self.scale))
        let clock = MediaClock.Manual(time: 0)
        MediaClock.withClock(clock) {
            let layer = scene { () -> CALayer in solid(CGRect(x: 0, y: 0, width: 10, height: 10), 1, 0, 0) }
            var warm = 0
            for i in 0..<cycles {
                if i == cycles / 10 { warm = Self.residentBytes() }
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                CATransaction.begin()
                layer.add(fade, forKey: "fade")
                CATransaction.commit()
                clock.time += 0.01
                _ = layer.presentation()
                CATransaction.begin()
                layer.removeAnimation(forKey: "fade")
                CATransaction.commit()
            }
            let growth = Self.residentBytes() - warm
            print("soak: \(cycles) add/remove cycles; resident memory after warm-up grew by \(growth / 1024) KiB")
            #expect(growth < Self.allowedGrowth, "grew by \(growth) bytes over \(cycles) cycles")
            #expect(layer.animationKeys() == nil)
        }
    }

    @Test func aMillionFramesOfAChangingTree() {
        let frames = max(1000, Int(1_000_000 * Self.scale))
        let clock = MediaClock.Manual(time: 0)
        MediaClock.withClock(clock) {
            let (root, layers) = scene { () -> (CALayer, [CALayer]) in
                let root = canvas(64, 64)
                let layers = (0..<8).map { i in solid(CGRect(x: i * 6, y: i * 6, width: 12, height: 12), 0, 0, 1) }
                for layer in layers { root.addSublayer(layer) }
                return (root, layers)
            }
            let context = Golden.makeContext(width: 64, height: 64)
            let renderer = CARenderer(cgContext: context)
            renderer.layer = root
            var warm = 0
            for frame in 0..<frames {
                if frame == frames / 10 { warm = Self.residentBytes() }
                clock.time = Double(frame) / 60
                if frame % 3 == 0 {
                    // The tree changes: a layer moves (animating), another is replaced.
                    let layer = layers[frame % layers.count]
                    layer.position = CGPoint(x: Double(frame % 50), y: Double((frame / 7) % 50))
                    if frame % 30 == 0 {
                        let extra = solid(CGRect(x: 1, y: 1, width: 3, height: 3), 1, 0, 0)
                        root.addSublayer(extra)
                        extra.removeFromSuperlayer()
                    }
                    CATransaction.flush()
                }
                renderer.beginFrame(atTime: clock.time, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
            }
            let growth = Self.residentBytes() - warm
            print("soak: \(frames) frames; resident memory after warm-up grew by \(growth / 1024) KiB")
            #expect(growth < Self.allowedGrowth, "grew by \(growth) bytes over \(frames) frames")
        }
    }
}
