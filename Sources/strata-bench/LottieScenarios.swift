import CRLottie
import StrataRender
import Foundation
import QuartzCore
import StrataCompositor
import StrataLottie

/// Issue 18's figure: a 512×512 Lottie shape animation of about 200 shapes, every frame rendered
/// on one core (≥ 200 frames a second: ≤ 5 ms), beside rlottie rendering the same file.
extension Scenario {
    /// 10 shape layers × 20 groups: ellipses, rounded rectangles and stars, filled (a third also
    /// stroked), turning and moving with eased keyframes; one group in ten trims its stroke and
    /// one in ten morphs its path; the layers turn and pulse. 60 frames at 60 fps.
    static let lottieShapesJSON: String = {
        var random = SplitMix(seed: 18)
        func r(_ a: Double, _ b: Double) -> Double { random.next(in: a...b) }
        func v(_ x: Double) -> String { String(format: "%.2f", x) }
        func keys(_ a: String, _ b: String) -> String {
            "{\"a\":1,\"k\":[{\"t\":0,\"s\":\(a),\"o\":{\"x\":[0.4],\"y\":[0]},\"i\":{\"x\":[0.6],\"y\":[1]}},{\"t\":30,\"s\":\(b),\"o\":{\"x\":[0.4],\"y\":[0]},\"i\":{\"x\":[0.6],\"y\":[1]}},{\"t\":60,\"s\":\(a)}]}"
        }
        var layers: [String] = []
        var shapes = 0
        for l in 0..<10 {
            var groups: [String] = []
            for g in 0..<20 {
                let size = r(14, 40)
                let color = "[\(v(r(0, 1))),\(v(r(0, 1))),\(v(r(0, 1))),1]"
                let outline: String
                switch (l * 20 + g) % 10 {
                case 0:
                    let k = size * 0.55
                    let small = "[{\"c\":true,\"v\":[[0,-\(v(size))],[\(v(size)),0],[0,\(v(size))],[-\(v(size)),0]],\"i\":[[-\(v(k)),0],[0,-\(v(k))],[\(v(k)),0],[0,\(v(k))]],\"o\":[[\(v(k)),0],[0,\(v(k))],[-\(v(k)),0],[0,-\(v(k))]]}]"
                    let square = "[{\"c\":true,\"v\":[[0,-\(v(size))],[\(v(size)),0],[0,\(v(size))],[-\(v(size)),0]],\"i\":[[0,0],[0,0],[0,0],[0,0]],\"o\":[[0,0],[0,0],[0,0],[0,0]]}]"
                    outline = "{\"ty\":\"sh\",\"ks\":\(keys(small, square))}"
                case 1, 4, 7:
                    outline = "{\"ty\":\"rc\",\"p\":{\"k\":[0,0]},\"s\":{\"k\":[\(v(size * 1.6)),\(v(size))]},\"r\":{\"k\":\(v(size / 4))}}"
                case 2, 5:
                    outline = "{\"ty\":\"sr\",\"sy\":1,\"pt\":{\"k\":5},\"p\":{\"k\":[0,0]},\"r\":{\"k\":0},\"or\":{\"k\":\(v(size))},\"ir\":{\"k\":\(v(size / 2))},\"os\":{\"k\":0},\"is\":{\"k\":0}}"
                default:
                    outline = "{\"ty\":\"el\",\"p\":{\"k\":[0,0]},\"s\":{\"k\":[\(v(size * 1.5)),\(v(size * 1.5))]}}"
                }
                // After Effects' order: the stroke above the fill.
                var items = [outline]
                if g % 3 == 0 { items.append("{\"ty\":\"st\",\"c\":{\"k\":[1,1,1,1]},\"o\":{\"k\":90},\"w\":{\"k\":3},\"lc\":2,\"lj\":2}") }
                items.append("{\"ty\":\"fl\",\"c\":{\"k\":\(color)},\"o\":{\"k\":90}}")
                if g % 10 == 3 { items.append("{\"ty\":\"tm\",\"s\":{\"k\":0},\"e\":\(keys("[10]", "[100]")),\"o\":{\"k\":0},\"m\":1}") }
                let p0 = "[\(v(r(-180, 180))),\(v(r(-180, 180)))]", p1 = "[\(v(r(-180, 180))),\(v(r(-180, 180)))]"
                items.append("{\"ty\":\"tr\",\"p\":\(keys(p0, p1)),\"a\":{\"k\":[0,0]},\"s\":{\"k\":[100,100]},\"r\":\(keys("[0]", "[\(v(r(-180, 180)))]")),\"o\":{\"k\":100}}")
                groups.append("{\"ty\":\"gr\",\"it\":[\(items.joined(separator: ","))]}")
                shapes += 1
            }
            let ks = "{\"p\":{\"k\":[256,256]},\"a\":{\"k\":[0,0]},\"s\":\(keys("[100,100]", "[\(v(r(80, 120))),\(v(r(80, 120)))]")),\"r\":\(keys("[0]", "[\(v(r(-90, 90)))]")),\"o\":{\"k\":100}}"
            layers.append("{\"ty\":4,\"ind\":\(l + 1),\"ip\":0,\"op\":60,\"st\":0,\"ks\":\(ks),\"shapes\":[\(groups.reversed().joined(separator: ","))]}")
        }
        precondition(shapes == 200)
        return "{\"v\":\"5.7.4\",\"fr\":60,\"ip\":0,\"op\":60,\"w\":512,\"h\":512,\"layers\":[\(layers.joined(separator: ","))]}"
    }()

    static let lottieShapes = Scenario(
        name: "lottie-512-200-shapes",
        summary: "a 512×512 Lottie animation of 200 shapes (fills, strokes, trims, morphs; all moving), every frame rendered by a CARenderer on one core",
        budgetMilliseconds: 5, units: 200, unitName: "shape",
        prepare: {
            // Built once: decode and layer tree (what an app does when it loads the file).
            guard let animation = try? LottieAnimation(data: Data(lottieShapesJSON.utf8)) else {
                fatalError("the benchmark's Lottie file did not decode")
            }
            let context = CGContext(
                data: nil, width: 512, height: 512, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let player = LottieLayer(animation: animation)
            player.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
            player.loopMode = .loop
            CATransaction.commit()
            player.play()
            CATransaction.flush()
            let renderer = CARenderer(cgContext: context)
            renderer.compositorOptions.kernelOptions = RasterKernelOptions(threads: 1)
            if ProcessInfo.processInfo.environment["STRATA_BENCH_MOVING_RASTERS"] == "1" {
                renderer.compositorOptions.drawsMovingShapesDirectly = false
            }
            renderer.layer = player
            let start = CACurrentMediaTime()
            // Read once: the environment is copied into a new dictionary at each read (82
            // strings a frame, counted against the renderer before).
            let debug = ProcessInfo.processInfo.environment["STRATA_BENCH_DEBUG"] != nil
            return { frame in
                // Every frame a new time (60 fps), so every moving shape moves.
                renderer.beginFrame(atTime: start + Double(frame) / 60, timeStamp: nil)
                renderer.render()
                renderer.endFrame()
                if debug, frame % 20 == 0 {
                    printError("frame \(frame): rasters made \(renderer.rastersMadeInLastFrame)\n")
                }
            }
        },
        baseline: "lottie-512-200-shapes-rlottie")

    /// rlottie (Debian's librlottie) rendering the same file into a 512×512 buffer, one frame
    /// after another, on the calling thread.
    static let lottieShapesRLottie = Scenario(
        name: "lottie-512-200-shapes-rlottie",
        summary: "rlottie rendering the same file, frame after frame, into a 512×512 ARGB buffer (its synchronous API, one thread)",
        budgetMilliseconds: nil, units: 200, unitName: "shape",
        prepare: {
            let animation = lottieShapesJSON.withCString { lottie_animation_from_data($0, "strata-bench-200-shapes", "") }
            guard let animation else { fatalError("rlottie did not load the benchmark's file") }
            let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: 512 * 512)
            let total = max(1, lottie_animation_get_totalframe(animation))
            return { frame in
                lottie_animation_render(animation, size_t(frame) % total, buffer, 512, 512, 512 * 4)
            }
        })
}
