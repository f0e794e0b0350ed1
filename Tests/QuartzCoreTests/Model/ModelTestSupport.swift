import QuartzCore
import Testing

/// Records delegate callbacks (delivered on the main queue).
final class StopRecorder: CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var startedKeys: [String] = []
    private var stops: [(String, Bool)] = []

    func animationDidStart(_ anim: CAAnimation) {
        lock.withLock { startedKeys.append((anim as? CAPropertyAnimation)?.keyPath ?? "?") }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        lock.withLock { stops.append(((anim as? CAPropertyAnimation)?.keyPath ?? "?", flag)) }
    }

    var started: [String] { lock.withLock { startedKeys } }
    var stopped: [(String, Bool)] { lock.withLock { stops } }
}

/// Waits (up to 10 s: CI machines are busy; it returns as soon as `condition` holds) until
/// `condition` holds, letting the main queue deliver callbacks.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return condition()
}

/// A layer that has been committed once (so property changes animate implicitly).
func committedLayer() -> CALayer {
    let layer = CALayer()
    CATransaction.begin()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    CATransaction.commit()
    return layer
}
