import StrataAnimation
import StrataRender

extension CALayer {
    /// Attaches a copy of `anim` under `key`, replacing an animation with the same key (which
    /// then reports `finished: false`). Transitions always use the key "transition"; a nil key
    /// makes an unnamed animation. A zero duration becomes the transaction's; the transaction's
    /// timing function applies when the animation has none. A property animation without a key
    /// path animates the key it is added under (the common `actions = ["position":
    /// CABasicAnimation()]`: with no values it runs from where the layer appeared to the new
    /// model value). An animation whose key path or values do not fit is kept (listed, with
    /// callbacks) but has no effect, with a warning.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard let copy = anim.copy() as? CAAnimation else { return }
        if let property = copy as? CAPropertyAnimation, property.keyPath?.isEmpty ?? true, let key, !key.isEmpty {
            property.keyPath = key
        }
        if copy.duration <= 0 || copy.duration.isNaN { copy.duration = CATransaction.animationDuration() }
        if copy.timingFunction == nil, let function = CATransaction.animationTimingFunction() {
            copy.timingFunction = function
        }
        withLock {
            let isTransition = copy is CATransition
            let name = isTransition ? kCATransition : key ?? nextAnonymousKey()
            var compiler = AnimationCompiler()
            compiler.defaultDuration = CATransaction.animationDuration()
            compiler.isCustomKey = { [unowned self] in self.isCustomAnimatableKey($0) }
            compiler.previousValue = { [unowned self] key in
                self.valueBeforeChange.flatMap { $0.key == key.keyPath ? $0.value : nil }
            }
            let records: [AnimationRecord]
            switch compiler.compile(copy) {
            case .success(let compiled): records = compiled
            case .failure(let error):
                Diagnostics.warn("CALayer.add(_:forKey: \(name)): \(error); the animation is kept but has no effect")
                records = []
            }
            let timing = compiler.timing(of: copy, reportingWarnings: false)
            if let index = animationEntries.firstIndex(where: { $0.key == name }) {
                endAnimation(animationEntries.remove(at: index), finished: false)
            }
            let entry = AnimationEntry(
                key: name, isAnonymous: key == nil && !isTransition, animation: copy, records: records, timing: timing)
            if let transition = copy as? CATransition {
                entry.transition = makeTransitionRecord(transition, timing: timing)
            }
            entry.completionGroup = TransactionStack.currentCompletionGroup()
            entry.completionGroup?.enter()
            if !flags.mayAnimateCustomKeys, records.contains(where: { if case .custom = $0.key.base { true } else { false } }) {
                flags.mayAnimateCustomKeys = true
            }
            animationEntries.append(entry)
            joinTransaction()
        }
    }

    /// Attaches a built-in implicit animation (see `ImplicitAnimation`) without copying or the
    /// general compile: the record is a basic animation of the event's property from where the
    /// layer appeared to its current model value, with the transaction's duration (or the one
    /// set on the object, by a subclass's `action(forKey:)`).
    final func addImplicit(_ animation: ImplicitAnimation, forKey event: String) {
        guard let property = LayerProperty.named(event), animation.fromValue == nil, animation.toValue == nil,
            animation.byValue == nil, animation.beginTime == 0
        else {
            return add(animation, forKey: event)
        }
        var settings = TransactionStack.current.actionSettings()
        if animation.duration > 0 { settings.animationDuration = animation.duration }
        animation.duration = settings.animationDuration
        settings.animationTimingFunction = animation.timingFunction
        let curve = animation.timingFunction?.curve ?? .linear
        withLock {
            let start: AnimationRecord.Endpoint =
                valueBeforeChange.flatMap { $0.key == event ? .value($0.value) : nil } ?? .current
            attachImplicit(property, forKey: event, settings: settings, curve: curve, start: start, animation: animation)
            joinTransaction()
        }
    }

    /// Attaches the built-in implicit animation for a change of `property` made under `settings`;
    /// the animation object is made only if someone asks for it (`animation(forKey:)`).
    final func addImplicit(
        _ property: LayerProperty, forKey event: String, settings: TransactionStack.ActionSettings,
        start: AnimationRecord.Endpoint
    ) {
        // No function set: the entry keeps nil and its object, if made, gets the default one.
        let curve = settings.animationTimingFunction?.curve ?? Self.defaultCurve
        attachImplicit(property, forKey: event, settings: settings, curve: curve, start: start, animation: nil)
    }

    private static let defaultCurve = defaultTimingFunction.curve

    /// Call under the lock.
    private func attachImplicit(
        _ property: LayerProperty, forKey event: String, settings: TransactionStack.ActionSettings,
        curve: TimingCurve, start: AnimationRecord.Endpoint, animation: ImplicitAnimation?
    ) {
        if let index = animationEntries.firstIndex(where: { $0.key == event }) {
            endAnimation(animationEntries.remove(at: index), finished: false)
        }
        let entry = AnimationEntry(
            implicitKey: event, property: property, from: start, duration: settings.animationDuration, curve: curve,
            timingFunction: settings.animationTimingFunction, animation: animation)
        entry.completionGroup = settings.completionGroup
        entry.completionGroup?.enter()
        animationEntries.append(entry)
    }

    /// The attached copy for `key` (treat it as immutable).
    public func animation(forKey key: String) -> CAAnimation? {
        withLock { animationEntries.last { $0.key == key && !$0.isAnonymous }?.animation }
    }

    /// The keys of the attached animations in the order they apply; nil when there are none.
    public func animationKeys() -> [String]? {
        withLock {
            let keys = animationEntries.filter { !$0.isAnonymous }.map(\.key)
            return keys.isEmpty ? nil : keys
        }
    }

    /// Removes the animation for `key`; its delegate hears `finished: false`.
    public func removeAnimation(forKey key: String) {
        withLock {
            guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
            endAnimation(animationEntries.remove(at: index), finished: false)
            joinTransaction()
        }
    }

    public func removeAllAnimations() {
        withLock {
            let all = animationEntries
            animationEntries = []
            all.forEach { endAnimation($0, finished: false) }
            if !all.isEmpty { joinTransaction() }
        }
    }

    /// Delivers start and stop events due at `mediaTime` for this layer and its descendants, and
    /// removes finished animations whose `isRemovedOnCompletion` is set. `CARenderer.endFrame()`
    /// calls it for the time it rendered (so do Strata's hosts); tests with a manual clock call it
    /// after advancing the clock. Delegates are called later, on the main queue, outside the
    /// lock. Iterative, with each layer's time map made from its parent's (deep trees cost their
    /// size, not size × depth, and cannot exhaust the stack).
    package func processAnimationEvents(at mediaTime: CFTimeInterval, recursive: Bool = true) {
        withLock {
            var stack: [(layer: CALayer, map: TimeMap)] = [(self, mediaTimeMap)]
            while let (layer, map) = stack.popLast() {
                if !layer.animationEntries.isEmpty { layer.deliverEvents(atLocalTime: map.apply(mediaTime)) }
                guard recursive else { continue }
                for sublayer in layer.sublayerStorage { stack.append((sublayer, map.then(sublayer.localTimeMap))) }
                if let mask = layer.maskStorage { stack.append((mask, map.then(mask.localTimeMap))) }
            }
        }
    }

    /// The start and stop events of this layer's animations due at its local time `local`.
    /// Call under the lock.
    private func deliverEvents(atLocalTime local: Double) {
        for entry in animationEntries where entry.isCommitted && !entry.hasFinished {
            if !entry.hasStarted, entry.timing.hasStarted(parentTime: local) {
                entry.hasStarted = true
                if let animation = entry.attachedAnimation { AnimationEvents.didStart(animation) }
            }
            if entry.timing.isFinished(parentTime: local) {
                entry.hasFinished = true
                if entry.isRemovedOnCompletion {
                    animationEntries.removeAll { $0 === entry }
                }
                endAnimation(entry, finished: true)
            }
        }
    }

    // MARK: - Internal

    /// Reports the end of an animation to its delegate and its transaction group.
    final func endAnimation(_ entry: AnimationEntry, finished: Bool) {
        if finished || !entry.hasFinished, let animation = entry.attachedAnimation {
            AnimationEvents.didStop(animation, finished: finished)
        }
        entry.hasFinished = true
        entry.completionGroup?.leave()
        entry.completionGroup = nil
    }

    /// Whether a key that is not a CALayer property names a property of this layer (a custom
    /// animatable property: stored, given a default, or redrawn on change).
    final func isCustomAnimatableKey(_ key: String) -> Bool {
        extraValues[key] != nil || type(of: self).needsDisplay(forKey: key) || type(of: self).defaultValue(forKey: key) != nil
    }

    private func nextAnonymousKey() -> String {
        anonymousKeyCounter += 1
        return "strata.unnamed.\(anonymousKeyCounter)"
    }
}

extension FillMode {
    /// The engine's form of Apple's fill mode (unknown names: removed).
    init(_ mode: CAMediaTimingFillMode) {
        switch mode {
        case .forwards: self = .forwards
        case .backwards: self = .backwards
        case .both: self = .both
        default: self = .removed
        }
    }
}

/// Delivers animation delegate callbacks on the main queue, never under the transaction lock and
/// never inside a commit, as Core Animation delivers them on the main run loop.
enum AnimationEvents {
    static func didStart(_ animation: CAAnimation) {
        guard animation.delegate != nil else { return }
        let box = UncheckedSendable(animation)
        DispatchQueue.main.async { box.value.delegate?.animationDidStart(box.value) }
    }

    static func didStop(_ animation: CAAnimation, finished: Bool) {
        guard animation.delegate != nil else { return }
        let box = UncheckedSendable(animation)
        DispatchQueue.main.async { box.value.delegate?.animationDidStop(box.value, finished: finished) }
    }
}

/// Carries a value to the main queue. Animations are not Sendable; the layer's copy is immutable
/// once attached (Apple: mutating it is undefined), so handing it to the main queue is safe.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T

    init(_ value: T) {
        self.value = value
    }
}

extension CALayer {
    /// The render side's form of a transition: the "before" picture is this layer's subtree as
    /// last committed (what was on screen when the transition was added).
    final func makeTransitionRecord(_ transition: CATransition, timing: MediaTiming) -> TransitionRecord {
        let before = committedSnapshot.map { $0.snapshot.subtree(at: $0.index, idMark: 1 << 63) }
        let start = Double(transition.startProgress), end = Double(transition.endProgress)
        return TransitionRecord(
            type: transition.type.rawValue, subtype: transition.subtype?.rawValue, timing: timing,
            curve: transition.timingFunction?.curve ?? .linear,
            startProgress: start.isFinite ? min(max(start, 0), 1) : 0, endProgress: end.isFinite ? min(max(end, 0), 1) : 1,
            before: before)
    }
}
