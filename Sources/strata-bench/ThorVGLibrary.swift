import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// ThorVG's C API (1.0), loaded with `dlopen` from the library the `thorvg-python` wheel bundles
/// (`scripts/bench-peers.sh` installs it under `.build/`), so the bench builds without it.
struct ThorVGLibrary {
    typealias Handle = OpaquePointer
    let engineInit: @convention(c) (UInt32) -> Int32
    let swCanvasCreate: @convention(c) (UInt8) -> Handle?
    let swCanvasSetTarget: @convention(c) (Handle, UnsafeMutablePointer<UInt32>, UInt32, UInt32, UInt32, UInt8) -> Int32
    let canvasAdd: @convention(c) (Handle, Handle) -> Int32
    let canvasUpdate: @convention(c) (Handle) -> Int32
    let canvasDraw: @convention(c) (Handle, Bool) -> Int32
    let canvasSync: @convention(c) (Handle) -> Int32
    let canvasDestroy: @convention(c) (Handle) -> Int32
    let animationNew: @convention(c) () -> Handle?
    let animationGetPicture: @convention(c) (Handle) -> Handle?
    let animationSetFrame: @convention(c) (Handle, Float) -> Int32
    let animationGetTotalFrame: @convention(c) (Handle, UnsafeMutablePointer<Float>) -> Int32
    let pictureLoadData: @convention(c) (Handle, UnsafePointer<CChar>, UInt32, UnsafePointer<CChar>, UnsafePointer<CChar>?, Bool) -> Int32
    let pictureSetSize: @convention(c) (Handle, Float, Float) -> Int32

    /// ThorVG's `Tvg_Colorspace` for premultiplied 0xAARRGGBB words (Strata's and rlottie's layout).
    static let argb8888: UInt8 = 1

    /// The library at `STRATA_THORVG`, or the one `scripts/bench-peers.sh` installs beside the
    /// build folder; nil (with the reason) when neither loads.
    static func load() -> Result<ThorVGLibrary, BenchPeerMissing> {
        let candidates = [ProcessInfo.processInfo.environment["STRATA_THORVG"]].compactMap { $0 } + installedCandidates()
        guard !candidates.isEmpty else {
            return .failure(BenchPeerMissing(reason: "ThorVG not installed: run scripts/bench-peers.sh (or set STRATA_THORVG)"))
        }
        for path in candidates {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let library = ThorVGLibrary(handle: handle) { return .success(library) }
            return .failure(BenchPeerMissing(reason: "\(path) lacks ThorVG 1.0's C API"))
        }
        let error = dlerror().map { String(cString: $0) } ?? "unknown error"
        return .failure(BenchPeerMissing(reason: "ThorVG did not load: \(error)"))
    }

    private static func installedCandidates() -> [String] {
        // .build/<triple>/<configuration>/strata-bench → .build/bench-peers/lib/python3.X/site-packages/…
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        var lib = folder.appendingPathComponent("bench-peers/lib")
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: lib.path) {
            folder = folder.deletingLastPathComponent()
            lib = folder.appendingPathComponent("bench-peers/lib")
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.sorted().map { lib.appendingPathComponent("\($0)/site-packages/thorvg_python/libthorvg-1.so").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    private init?(handle: UnsafeMutableRawPointer) {
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let engineInit = symbol("tvg_engine_init", as: (@convention(c) (UInt32) -> Int32).self),
            let swCanvasCreate = symbol("tvg_swcanvas_create", as: (@convention(c) (UInt8) -> Handle?).self),
            let swCanvasSetTarget = symbol(
                "tvg_swcanvas_set_target",
                as: (@convention(c) (Handle, UnsafeMutablePointer<UInt32>, UInt32, UInt32, UInt32, UInt8) -> Int32).self),
            let canvasAdd = symbol("tvg_canvas_add", as: (@convention(c) (Handle, Handle) -> Int32).self),
            let canvasUpdate = symbol("tvg_canvas_update", as: (@convention(c) (Handle) -> Int32).self),
            let canvasDraw = symbol("tvg_canvas_draw", as: (@convention(c) (Handle, Bool) -> Int32).self),
            let canvasSync = symbol("tvg_canvas_sync", as: (@convention(c) (Handle) -> Int32).self),
            let canvasDestroy = symbol("tvg_canvas_destroy", as: (@convention(c) (Handle) -> Int32).self),
            let animationNew = symbol("tvg_animation_new", as: (@convention(c) () -> Handle?).self),
            let animationGetPicture = symbol("tvg_animation_get_picture", as: (@convention(c) (Handle) -> Handle?).self),
            let animationSetFrame = symbol("tvg_animation_set_frame", as: (@convention(c) (Handle, Float) -> Int32).self),
            let animationGetTotalFrame = symbol(
                "tvg_animation_get_total_frame", as: (@convention(c) (Handle, UnsafeMutablePointer<Float>) -> Int32).self),
            let pictureLoadData = symbol(
                "tvg_picture_load_data",
                as: (@convention(c) (Handle, UnsafePointer<CChar>, UInt32, UnsafePointer<CChar>, UnsafePointer<CChar>?, Bool) -> Int32)
                    .self),
            let pictureSetSize = symbol("tvg_picture_set_size", as: (@convention(c) (Handle, Float, Float) -> Int32).self)
        else { return nil }
        self.engineInit = engineInit
        self.swCanvasCreate = swCanvasCreate
        self.swCanvasSetTarget = swCanvasSetTarget
        self.canvasAdd = canvasAdd
        self.canvasUpdate = canvasUpdate
        self.canvasDraw = canvasDraw
        self.canvasSync = canvasSync
        self.canvasDestroy = canvasDestroy
        self.animationNew = animationNew
        self.animationGetPicture = animationGetPicture
        self.animationSetFrame = animationSetFrame
        self.animationGetTotalFrame = animationGetTotalFrame
        self.pictureLoadData = pictureLoadData
        self.pictureSetSize = pictureSetSize
    }
}

/// Why a peer renderer is not in a bench run.
struct BenchPeerMissing: Error {
    let reason: String
}
