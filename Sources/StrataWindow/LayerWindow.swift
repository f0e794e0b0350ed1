import CSDL2
import Foundation
import QuartzCore

/// Why a window could not be opened or used.
public struct WindowError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What the window hands to the app, in points of the root layer's superlayer space.
public enum WindowEvent: Equatable, Sendable {
    case mouseDown(CGPoint)
    case mouseUp(CGPoint)
    case mouseMoved(CGPoint)
    case keyDown(String)
    case resized(CGSize)
    case closed
}

/// How a window's frames reach the display.
public enum WindowPresentation: Sendable, Equatable {
    /// Drawn straight into the window's own surface, only the damaged rectangle sent to the
    /// display (X11: a shared-memory image), when its pixels are 32-bit BGRA or BGRX; otherwise
    /// as `.renderer`.
    case automatic
    /// Uploaded to a texture and drawn by SDL's renderer (OpenGL where there is one).
    case renderer
}

/// A live host: an SDL2 window showing a layer tree as iOS shows it (origin top left), redrawn
/// when something changes, sleeping while nothing animates. It runs the current thread's run loop
/// between frames, so implicit transactions commit, callbacks arrive and display links fire as on
/// iOS.
public final class LayerWindow {
    private let window: OpaquePointer
    /// SDL's renderer, when frames are not drawn straight into the window's surface.
    private let sdlRenderer: OpaquePointer?
    private var texture: OpaquePointer?
    /// The frame: the window's own surface (`drawsIntoSurface`), or a bitmap uploaded to a texture.
    private var context: CGContext
    /// True when frames are drawn straight into the window's surface and only the damaged
    /// rectangle is sent to the display (no texture upload, no OpenGL).
    private let drawsIntoSurface: Bool
    /// How this window's frames reach the display: `.automatic` when straight from its surface,
    /// `.renderer` when through SDL's renderer.
    public var presentation: WindowPresentation { drawsIntoSurface ? .automatic : .renderer }
    private let renderer: CARenderer
    private var running = false
    /// When `run` may draw next (media time, seconds): a frame interval after the last one, so
    /// events and run-loop timers that wake the loop early never draw extra frames.
    private var nextDrawTime: CFTimeInterval = -.infinity
    /// Points to pixels.
    public let scale: CGFloat
    /// The size in points.
    public private(set) var size: CGSize
    /// Frames copied to the screen so far (only frames where something changed are).
    public private(set) var framesPresented = 0
    /// Times of the frames presented (when, and how long each took to make); `reset()` it to
    /// measure a stretch.
    public var statistics = FrameStatistics()
    /// Called for mouse, key, resize and close events (on the thread running the window).
    public var eventHandler: ((WindowEvent) -> Void)?

    /// The tree shown (its root is placed by its frame in the window).
    public var rootLayer: CALayer? {
        get { renderer.layer }
        set { renderer.layer = newValue }
    }

    /// Opens a window of `size` points. `videoDriver` picks an SDL video driver ("offscreen" for
    /// tests and headless machines; nil: SDL's choice from the environment).
    /// `presentation`: how frames reach the display (see `WindowPresentation`).
    public init(
        title: String = "Strata", size: CGSize, scale: CGFloat = 1, videoDriver: String? = nil,
        presentation: WindowPresentation = .automatic
    ) throws {
        guard size.width >= 1, size.height >= 1, size.width <= 8192, size.height <= 8192, scale > 0, scale <= 4 else {
            throw WindowError("window size \(size.width)x\(size.height) at scale \(scale) is outside 1...8192 points, scale (0, 4]")
        }
        if let videoDriver { SDL_SetHint(SDL_HINT_VIDEODRIVER, videoDriver) }
        // The window's surface as the system's own framebuffer (X11: shared-memory images), not
        // emulated through an OpenGL texture: Mesa's software OpenGL cost ≈ 8 ms a 1080p frame.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        SDL_SetMainReady()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            throw WindowError(
                "no display for a window (SDL: \(String(cString: SDL_GetError()))); render to files with `strata demo` instead")
        }
        // SDL falls back to a driver that shows nothing when there is no display: a window
        // nobody asked to be invisible would play unseen forever.
        if videoDriver == nil, ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil, let name = SDL_GetCurrentVideoDriver(),
            Self.headlessDrivers.contains(String(cString: name))
        {
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw WindowError(
                "no display for a window (SDL found only its '\(String(cString: name))' driver: DISPLAY and WAYLAND_DISPLAY are unset); "
                    + "render to files with `strata render` or `strata demo`, or ask for a headless window with --video-driver offscreen")
        }
        let w = Int32((size.width * scale).rounded()), h = Int32((size.height * scale).rounded())
        let centred = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        guard let window = SDL_CreateWindow(title, centred, centred, w, h, SDL_WINDOW_RESIZABLE.rawValue) else {
            throw WindowError("the window could not be created (SDL: \(String(cString: SDL_GetError())))")
        }
        // The window's own surface when it holds 32-bit BGRA/BGRX pixels (what cairo draws):
        // frames go straight into it; otherwise through SDL's renderer and a texture.
        let context: CGContext
        if presentation == .automatic, let surface = Self.surfaceContext(window) {
            context = surface
            sdlRenderer = nil
            drawsIntoSurface = true
        } else {
            guard
                let made = SDL_CreateRenderer(window, -1, 0) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
            else {
                SDL_DestroyWindow(window)
                throw WindowError("no renderer for the window (SDL: \(String(cString: SDL_GetError())))")
            }
            guard let bitmap = Self.makeContext(width: Int(w), height: Int(h)) else {
                SDL_DestroyRenderer(made)
                SDL_DestroyWindow(window)
                throw WindowError("cannot make a \(w)x\(h) frame")
            }
            context = bitmap
            sdlRenderer = made
            drawsIntoSurface = false
        }
        self.window = window
        self.context = context
        self.scale = scale
        self.size = size
        renderer = CARenderer(cgContext: context)
        renderer.bounds = CGRect(origin: .zero, size: size)
        if !drawsIntoSurface { texture = makeTexture(width: w, height: h) }
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        if let sdlRenderer { SDL_DestroyRenderer(sdlRenderer) }
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// Runs the window until it is closed, `stop()` is called, or `duration` seconds pass.
    public func run(for duration: Double? = nil) {
        running = true
        let end = duration.map { Date().addingTimeInterval($0) }
        while running {
            if let end, Date() >= end { break }
            pumpEvents()
            RunLoop.current.run(until: Date())
            CATransaction.flush()
            let now = CACurrentMediaTime()
            let due = now >= nextDrawTime
            if due {
                drawFrame()
                nextDrawTime = FrameClock.nextSlot(after: nextDrawTime, drawnAt: now, interval: 1 / frameRate)
            }
            sleepUntilNeeded(end: end, drawPending: !due)
        }
        running = false
    }

    /// Ends `run` after the current frame.
    public func stop() {
        running = false
    }

    /// Renders and shows one frame now (what `run` does each turn).
    public func drawFrame() {
        let start = CACurrentMediaTime()
        renderer.beginFrame(atTime: start, timeStamp: nil)
        let damage = renderer.updateBounds()
        renderer.render()
        renderer.endFrame()
        guard !damage.isNull, !damage.isEmpty || framesPresented == 0, let pixels = context.data else { return }
        context.flush()
        if drawsIntoSurface {
            // Only the damaged rectangle goes to the display (the whole window the first time).
            let whole = CGRect(x: 0, y: 0, width: context.width, height: context.height)
            let area = (framesPresented == 0 ? whole : damage.integral.intersection(whole))
            guard !area.isNull, !area.isEmpty else { return }
            var rect = SDL_Rect(x: Int32(area.minX), y: Int32(area.minY), w: Int32(area.width), h: Int32(area.height))
            SDL_UpdateWindowSurfaceRects(window, &rect, 1)
        } else {
            guard let texture, let sdlRenderer else { return }
            SDL_UpdateTexture(texture, nil, pixels, Int32(context.bytesPerRow))
            SDL_RenderClear(sdlRenderer)
            SDL_RenderCopy(sdlRenderer, texture, nil, nil)
            SDL_RenderPresent(sdlRenderer)
        }
        framesPresented += 1
        let presented = CACurrentMediaTime()
        statistics.record(presentedAt: presented, drawTime: presented - start)
    }

    /// What the window shows, read back from SDL's renderer (premultiplied BGRA).
    public func capture() -> CGImage? {
        guard let sdlRenderer else { return capturedSurface() }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &w, &h)
        guard w > 0, h > 0, let out = Self.makeContext(width: Int(w), height: Int(h)), let data = out.data else { return nil }
        guard SDL_RenderReadPixels(sdlRenderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, data, Int32(out.bytesPerRow)) == 0
        else { return nil }
        return out.makeImage()
    }

    // MARK: - Private

    private func pumpEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            handle(event)
        }
    }

    private func handle(_ event: SDL_Event) {
        func point(_ x: Int32, _ y: Int32) -> CGPoint { CGPoint(x: CGFloat(x) / scale, y: CGFloat(y) / scale) }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            eventHandler?(.closed)
            running = false
        case SDL_MOUSEBUTTONDOWN:
            eventHandler?(.mouseDown(point(event.button.x, event.button.y)))
        case SDL_MOUSEBUTTONUP:
            eventHandler?(.mouseUp(point(event.button.x, event.button.y)))
        case SDL_MOUSEMOTION:
            eventHandler?(.mouseMoved(point(event.motion.x, event.motion.y)))
        case SDL_KEYDOWN:
            eventHandler?(.keyDown(String(cString: SDL_GetKeyName(event.key.keysym.sym))))
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
            resize(width: event.window.data1, height: event.window.data2)
        default:
            break
        }
    }

    private func resize(width: Int32, height: Int32) {
        guard width > 0, height > 0,
            let context = drawsIntoSurface
                ? Self.surfaceContext(window) : Self.makeContext(width: Int(width), height: Int(height))
        else { return }
        self.context = context
        size = CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale)
        renderer.setDestination(context)
        renderer.bounds = CGRect(origin: .zero, size: size)
        if let texture { SDL_DestroyTexture(texture) }
        texture = drawsIntoSurface ? nil : makeTexture(width: width, height: height)
        framesPresented = 0
        eventHandler?(.resized(size))
    }

    /// Sleeps until the next frame is due, the next run-loop timer (display links, scheduled
    /// work) fires, or an event arrives; at most a quarter second, so the main queue is served.
    /// `drawPending`: the loop woke before the frame interval had passed, so a change it
    /// brought is drawn when the interval ends.
    private func sleepUntilNeeded(end: Date?, drawPending: Bool) {
        let now = CACurrentMediaTime()
        // Animating (the next frame is due now): sleep until the frame interval has passed.
        let next = drawPending ? nextDrawTime : max(renderer.nextFrameTime(), nextDrawTime)
        var wait = min(max(next - now, 0), 0.25)
        if let limit = RunLoop.current.limitDate(forMode: .default) { wait = min(wait, max(0, limit.timeIntervalSinceNow)) }
        if let end { wait = min(wait, max(0, end.timeIntervalSinceNow)) }
        guard wait > 0.001 else { return }
        if waitsForEvents {
            SDL_WaitEventTimeout(nil, Int32((wait * 1000).rounded(.up)))
        } else {
            // Drivers without an event wait (offscreen, dummy) would make SDL poll every
            // millisecond; sleeping in slices of at most 50 ms keeps an idle host near 0 % CPU.
            var left = wait
            while left > 0.0005, SDL_PollEvent(nil) == 0 {
                let slice = min(left, 0.05)
                Thread.sleep(forTimeInterval: slice)
                left -= slice
            }
        }
    }

    /// Frames a second while animating: the rate the running animations want (60 by default).
    private var frameRate: Double { Double(min(max(renderer.preferredFrameRate() ?? 60, 1), 120)) }

    /// SDL's drivers that show nothing on a screen.
    static let headlessDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    /// Whether SDL can sleep until an event arrives with this video driver.
    private lazy var waitsForEvents: Bool = {
        guard let name = SDL_GetCurrentVideoDriver() else { return false }
        let driver = String(cString: name)
        return !Self.headlessDrivers.contains(driver)
    }()

    private func makeTexture(width: Int32, height: Int32) -> OpaquePointer? {
        SDL_CreateTexture(
            sdlRenderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), width, height)
    }

    /// A bitmap context over the window's surface pixels, when they are 32-bit BGRA or BGRX (nil
    /// otherwise: the renderer path is used). Valid until the window is resized.
    private static func surfaceContext(_ window: OpaquePointer) -> CGContext? {
        guard let surface = SDL_GetWindowSurface(window), let format = surface.pointee.format,
            format.pointee.BytesPerPixel == 4,
            format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue
                || format.pointee.format == SDL_PIXELFORMAT_XRGB8888.rawValue,
            let pixels = surface.pointee.pixels, surface.pointee.w > 0, surface.pointee.h > 0,
            surface.pointee.pitch % 4 == 0
        else { return nil }
        return CGContext(
            data: pixels, width: Int(surface.pointee.w), height: Int(surface.pointee.h), bitsPerComponent: 8,
            bytesPerRow: Int(surface.pointee.pitch), space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }

    /// What the window's surface shows: its pixels, opaque (the display ignores their alpha: a
    /// frame shows over black).
    private func capturedSurface() -> CGImage? {
        context.flush()
        guard let source = context.data, let out = Self.makeContext(width: context.width, height: context.height),
            let data = out.data
        else { return nil }
        for y in 0..<context.height {
            let from = (source + y * context.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let to = (data + y * out.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<context.width { to[x] = from[x] | 0xFF00_0000 }
        }
        return out.makeImage()
    }

    private static func makeContext(width: Int, height: Int) -> CGContext? {
        CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }
}
