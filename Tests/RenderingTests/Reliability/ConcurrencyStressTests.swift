import CoreGraphics
import Foundation
import QuartzCore
@testable import StrataCompositor
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

extension ConcurrencyStressTests {
    /// Two renderers on two threads draw moving trees at once, so they compete for the kernel's
    /// worker (one streams its frame's operations to it, the other is refused and draws alone):
    /// every frame of each equals the same frame drawn afterwards on one thread (tolerance 0).
    @Test func twoRenderersDrawingAtOnceDrawWhatOneThreadDraws() throws {
        let frames = 24
        let results = Locked2<[Int: [[UInt8]]]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { seed in
            let pictures = Self.record(seed: seed, threads: 2, frames: frames)
            results.withLock { $0[seed] = pictures }
        }
        for seed in 0..<2 {
            let alone = Self.record(seed: seed, threads: 1, frames: frames)
            let together = try #require(results.withLock { $0[seed] })
            for frame in 0..<frames {
                #expect(together[frame] == alone[frame], "renderer \(seed), frame \(frame)")
            }
        }
    }

    /// `frames` frames of a tree of 40 rounded layers sliding by fractions of a pixel, drawn by
    /// a renderer whose kernel uses `threads` threads: each frame's bytes.
    static func record(seed: Int, threads: Int, frames: Int) -> [[UInt8]] {
        let (root, movers) = scene { () -> (CALayer, [CALayer]) in
            let root = canvas(240, 180)
            var movers: [CALayer] = []
            for i in 0..<40 {
                let layer = solid(
                    CGRect(x: (i * 37 + seed * 11) % 200, y: (i * 23) % 150, width: 30, height: 24),
                    Double(i % 5) / 5, 0.5, Double(seed), 0.8)
                layer.cornerRadius = 5
                root.addSublayer(layer)
                movers.append(layer)
            }
            return (root, movers)
        }
        let context = Golden.makeContext(width: 240, height: 180)
        let renderer = CARenderer(cgContext: context)
        renderer.compositorOptions.kernelOptions = RasterKernelOptions(threads: threads)
        renderer.layer = root
        var pictures: [[UInt8]] = []
        for frame in 0..<frames {
            scene {
                for (i, layer) in movers.enumerated() {
                    layer.position.x += 0.37 + Double(i % 3) * 0.21
                    if frame % 3 == 0 { layer.position.y += 0.5 }
                }
            }
            renderer.beginFrame(atTime: Double(frame) / 60, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
            guard let data = context.data?.assumingMemoryBound(to: UInt8.self) else { return pictures }
            pictures.append(Array(UnsafeBufferPointer(start: data, count: context.bytesPerRow * context.height)))
        }
        return pictures
    }
}

/// A value behind a lock, for collecting results from several threads.
final class Locked2<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T
    init(_ value: T) { self.value = value }
    func withLock<R>(_ body: (inout T) -> R) -> R { lock.withLock { body(&value) } }
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
