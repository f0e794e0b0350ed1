import CRLottie
import Foundation
import QuartzCore
import StrataCompositor
import StrataLottie

/// One renderer drawing one Lottie file's frames, at the file's own size, on the calling thread,
/// into a premultiplied 0xAARRGGBB buffer it owns.
protocol LottieFileRenderer: AnyObject {
    /// Frames from the file's in point to its out point.
    var frameCount: Int { get }
    var width: Int { get }
    var height: Int { get }
    /// Draws frame `index` (0 is the in point) into the buffer.
    func render(frame index: Int)
    /// The last frame drawn, row after row (`width` words a row).
    var pixels: UnsafeBufferPointer<UInt32> { get }
}

/// The renderers a bench run compares, by the name the command line uses.
enum LottieFileRendererKind: String, CaseIterable {
    case strata, thorvg, rlottie

    func make(json: Data) throws -> LottieFileRenderer {
        switch self {
        case .strata: return try StrataFileRenderer(json: json)
        case .thorvg: return try ThorVGFileRenderer(json: json)
        case .rlottie: return try RLottieFileRenderer(json: json)
        }
    }
}

/// Strata as an app uses it: a `LottieLayer` playing, drawn by a `CARenderer` at successive
/// times (the frame's time from a clock that does not start at 0), one raster thread.
final class StrataFileRenderer: LottieFileRenderer {
    let frameCount: Int, width: Int, height: Int
    private let renderer: CARenderer
    private let context: CGContext
    private let start: CFTimeInterval
    private let frameRate: Double

    init(json: Data) throws {
        let animation = try LottieAnimation(data: json)
        width = Int(animation.size.width.rounded())
        height = Int(animation.size.height.rounded())
        frameRate = animation.frameRate
        frameCount = max(1, Int((animation.outPoint - animation.inPoint).rounded()))
        guard width > 0, height > 0,
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { throw BenchPeerMissing(reason: "no \(width)×\(height) context") }
        self.context = context
        // STRATA_BENCH_START (seconds) installs a manual media clock stopped there, for the rest
        // of the process: the player starts and every frame is drawn at the same times in every
        // run, so two builds' instruction counts compare (scripts/bench-instructions.sh).
        if let pinned = ProcessInfo.processInfo.environment["STRATA_BENCH_START"].flatMap({ Double($0) }), pinned.isFinite {
            MediaClock.install(MediaClock.Manual(time: pinned))
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let player = LottieLayer(animation: animation)
        player.frame = CGRect(x: 0, y: 0, width: width, height: height)
        player.loopMode = .loop
        CATransaction.commit()
        player.play()
        CATransaction.flush()
        renderer = CARenderer(cgContext: context)
        // The public API's default (a worker thread only where the process may use two cores);
        // STRATA_BENCH_THREADS=1 or 2 forces a count (2 is the old default, whatever the cores).
        if let threads = ProcessInfo.processInfo.environment["STRATA_BENCH_THREADS"].flatMap({ Int($0) }) {
            renderer.compositorOptions.kernelOptions = RasterKernelOptions(threads: threads)
        }
        // A/B switches of the compositor's drawing paths (same binary, alternating runs).
        if ProcessInfo.processInfo.environment["STRATA_BENCH_MOVING_RASTERS"] == "1" {
            renderer.compositorOptions.drawsMovingShapesDirectly = false
        }
        if ProcessInfo.processInfo.environment["STRATA_BENCH_CAIRO_SHAPES"] == "1" { renderer.compositorOptions.scansShapes = false }
        if let mib = ProcessInfo.processInfo.environment["STRATA_BENCH_PLACED_MIB"].flatMap({ Int($0) }) {
            renderer.compositorOptions.placedByteBudget = mib << 20
        }
        renderer.layer = player
        start = CACurrentMediaTime()
        if debug {
            printError("loaded: resident \(ResidentMemory.current() >> 20) MiB (peak \(ResidentMemory.peak() >> 20))\n")
            var layers = 0, animations = 0, shapes = 0, masks = 0
            var stack: [CALayer] = [player]
            while let layer = stack.popLast() {
                layers += 1
                animations += layer.animationKeys()?.count ?? 0
                if layer is CAShapeLayer { shapes += 1 }
                if let mask = layer.mask { masks += 1; stack.append(mask) }
                stack += layer.sublayers ?? []
            }
            printError("\(layers) layers (\(shapes) shape layers, \(masks) masks), \(animations) animations\n")
        }
        // STRATA_BENCH_TREE: the layer tree a file became, one line a layer with its animated key paths.
        if ProcessInfo.processInfo.environment["STRATA_BENCH_TREE"] != nil {
            var stack: [(CALayer, Int)] = [(player, 0)]
            while let (layer, depth) = stack.popLast() {
                let keys = (layer.animationKeys() ?? []).compactMap { layer.animation(forKey: $0) }
                    .map { ($0 as? CAPropertyAnimation)?.keyPath ?? "\(type(of: $0))" }
                printError(String(repeating: "  ", count: depth) + "\(type(of: layer)) \(layer.frame) \(keys)\n")
                if let mask = layer.mask { stack.append((mask, depth + 2)) }
                stack += (layer.sublayers ?? []).reversed().map { ($0, depth + 1) }
            }
        }
    }

    func render(frame index: Int) {
        guard debug else {
            renderer.beginFrame(atTime: start + Double(index % frameCount) / frameRate, timeStamp: nil)
            renderer.render()
            renderer.endFrame()
            return
        }
        // STRATA_BENCH_DEBUG: where a frame's time goes (evaluation and footprints, drawing).
        let clock = ContinuousClock()
        let begin = clock.measure { renderer.beginFrame(atTime: start + Double(index % frameCount) / frameRate, timeStamp: nil) }
        let damage = renderer.updateBounds()
        let rectangles = renderer.updateRegion()
        let region = rectangles.reduce(0) { $0 + Int($1.width * $1.height) }
        let draw = clock.measure {
            renderer.render()
            renderer.endFrame()
        }
        printError(
            "frame \(index): resident \(ResidentMemory.current() >> 20) MiB (peak \(ResidentMemory.peak() >> 20)), placed copies \(renderer.compositor.placedByteCount >> 10) KiB, begin \(begin) (\(renderer.layersHeldInLastFrame) animated layers held, \(renderer.layersChangedInLastFrame) changed), draw \(draw); \(renderer.rastersMadeInLastFrame) rasters made, \(renderer.rasterPixelsMadeInLastFrame) pixels, \(renderer.compositor.directDrawsInLastFrame) drawn directly; damage \(Int(damage.width))×\(Int(damage.height)) (\(region) pixels in \(rectangles.count) rectangles)\n")
    }

    private let debug = ProcessInfo.processInfo.environment["STRATA_BENCH_DEBUG"] != nil

    var pixels: UnsafeBufferPointer<UInt32> {
        guard let data = context.data else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: width * height)
    }
}

/// rlottie (Debian's librlottie), its synchronous render call.
final class RLottieFileRenderer: LottieFileRenderer {
    let frameCount: Int, width: Int, height: Int
    private let animation: OpaquePointer
    private let buffer: UnsafeMutableBufferPointer<UInt32>

    init(json: Data) throws {
        let text = String(decoding: json, as: UTF8.self)
        guard let animation = text.withCString({ lottie_animation_from_data($0, "strata-bench-\(json.hashValue)", "") }) else {
            throw BenchPeerMissing(reason: "rlottie did not load the file")
        }
        self.animation = animation
        var w = 0, h = 0
        lottie_animation_get_size(animation, &w, &h)
        width = w
        height = h
        frameCount = max(1, Int(lottie_animation_get_totalframe(animation)))
        buffer = .allocate(capacity: max(1, w * h))
        buffer.initialize(repeating: 0)
    }

    deinit {
        lottie_animation_destroy(animation)
        buffer.deallocate()
    }

    func render(frame index: Int) {
        lottie_animation_render(animation, size_t(index % frameCount), buffer.baseAddress, width, height, width * 4)
    }

    var pixels: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(buffer) }
}

/// ThorVG's software canvas with no worker threads (`tvg_engine_init(0)`): update, draw
/// (clearing), sync a frame.
final class ThorVGFileRenderer: LottieFileRenderer {
    let frameCount: Int, width: Int, height: Int
    private let library: ThorVGLibrary
    private let canvas: ThorVGLibrary.Handle
    private let animation: ThorVGLibrary.Handle
    private let buffer: UnsafeMutableBufferPointer<UInt32>

    init(json: Data) throws {
        let library = try ThorVGLibrary.load().get()
        self.library = library
        _ = library.engineInit(0)
        guard let animation = library.animationNew(), let picture = library.animationGetPicture(animation) else {
            throw BenchPeerMissing(reason: "ThorVG made no animation")
        }
        let loaded = json.withUnsafeBytes { bytes in
            library.pictureLoadData(
                picture, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), "lottie+json", nil, true)
        }
        guard loaded == 0 else { throw BenchPeerMissing(reason: "ThorVG did not load the file (result \(loaded))") }
        // The composition's size, read from the file as ThorVG's own size query would give it.
        let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any]
        width = (object?["w"] as? NSNumber)?.intValue ?? 0
        height = (object?["h"] as? NSNumber)?.intValue ?? 0
        guard width > 0, height > 0, let canvas = library.swCanvasCreate(1) else {
            throw BenchPeerMissing(reason: "ThorVG: no canvas for \(object?["w"] ?? "?")×\(object?["h"] ?? "?")")
        }
        self.animation = animation
        self.canvas = canvas
        var total: Float = 0
        _ = library.animationGetTotalFrame(animation, &total)
        frameCount = max(1, Int(total.rounded()))
        buffer = .allocate(capacity: width * height)
        buffer.initialize(repeating: 0)
        _ = library.pictureSetSize(picture, Float(width), Float(height))
        _ = library.swCanvasSetTarget(canvas, buffer.baseAddress!, UInt32(width), UInt32(width), UInt32(height), ThorVGLibrary.argb8888)
        _ = library.canvasAdd(canvas, picture)
    }

    deinit {
        _ = library.canvasDestroy(canvas)
        buffer.deallocate()
    }

    func render(frame index: Int) {
        _ = library.animationSetFrame(animation, Float(index % frameCount))
        _ = library.canvasUpdate(canvas)
        _ = library.canvasDraw(canvas, true)
        _ = library.canvasSync(canvas)
    }

    var pixels: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(buffer) }
}
