import StrataRender
import Synchronization

/// One main-queue timer for all layers waiting for an animation to start or end (system clock
/// only): layers register the media time they next need attention, and when it comes they
/// deliver their events and register again. A commit of 10,000 animated layers schedules one
/// timer, not 10,000.
///
/// Global state of the clock's kind: which layers wait for which media time.
enum AnimationWakeups {
    /// A waiting layer, held weakly (in place: no box object per layer).
    private struct Waiter: @unchecked Sendable {
        weak var layer: CALayer?
        var time: CFTimeInterval
    }

    private struct Waiting {
        var layers: [ObjectIdentifier: Waiter] = [:]
        /// The media time the scheduled timer fires at (nil: none scheduled).
        var scheduled: CFTimeInterval?
    }

    private static let waiting = Locked(Waiting())

    /// Asks for `layer` to be processed at media time `time`.
    static func wake(_ layer: CALayer, at time: CFTimeInterval) {
        wake([Request(layer: layer, time: time)])
    }

    /// A layer to process at a media time.
    struct Request {
        var layer: CALayer
        var time: CFTimeInterval
    }

    /// Asks for each layer to be processed at its media time: one lock for a whole commit.
    static func wake(_ requests: [Request]) {
        guard !requests.isEmpty else { return }
        let schedule: CFTimeInterval? = waiting.withLock { w in
            var earliest: CFTimeInterval?
            for request in requests {
                let (id, time) = (ObjectIdentifier(request.layer), request.time)
                if let existing = w.layers[id], existing.layer != nil, existing.time <= time { continue }
                w.layers[id] = Waiter(layer: request.layer, time: time)
                earliest = min(earliest ?? time, time)
            }
            guard let earliest, w.scheduled.map({ earliest < $0 }) ?? true else { return nil }
            w.scheduled = earliest
            return earliest
        }
        if let schedule { scheduleTimer(at: schedule) }
    }

    private static func scheduleTimer(at time: CFTimeInterval) {
        let delay = max(0, time - MediaClock.systemTime())
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { fire() }
    }

    /// Processes every layer that is due, then schedules the next wake-up.
    private static func fire() {
        let now = MediaClock.systemTime()
        let due: [CALayer] = waiting.withLock { w in
            w.scheduled = nil
            var ready: [CALayer] = []
            for (id, entry) in w.layers where entry.time <= now + 1e-4 {
                w.layers[id] = nil
                if let layer = entry.layer { ready.append(layer) }
            }
            return ready
        }
        for layer in due {
            // Its request is answered: the next commit or the line below may ask again. (A
            // commit in between that saw the old request and asked nothing is covered: its
            // animations are committed by then, and the line below schedules their next event.)
            layer.withLock { layer.requestedWakeup = .infinity }
            layer.processAnimationEvents(at: now, recursive: false)
            layer.withLock { layer.scheduleAnimationEvents(after: now) }
        }
        // Layers re-registered above (or by other threads meanwhile) may have scheduled a later
        // timer; the earliest waiting layer must still get one of its own.
        let next: CFTimeInterval? = waiting.withLock { w in
            guard let earliest = w.layers.values.map(\.time).min() else { return nil }
            guard w.scheduled.map({ earliest < $0 }) ?? true else { return nil }
            w.scheduled = earliest
            return earliest
        }
        if let next { scheduleTimer(at: next) }
    }
}
