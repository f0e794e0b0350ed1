import StrataAnimation
import StrataRender

// Every model read and write goes through here: under the transaction lock, with the change
// pipeline Core Animation uses for a property set:
//
//   equal? → return (no event) ─▶ look up the action (old value still readable), capture the
//   on-screen value ─▶ store ─▶ side effects (layout, display), join the transaction ─▶ run the action

extension CALayer {
    /// Runs `body` under the transaction lock (recursive).
    @inline(__always)
    final func withLock<R>(_ body: () throws -> R) rethrows -> R {
        CATransaction.lock()
        defer { CATransaction.unlock() }
        return try body()
    }

    @inline(__always)
    final func read<T>(_ path: KeyPath<LayerState, T>) -> T {
        withLock { state[keyPath: path] }
    }

    /// Sets a model property and posts the change event `key`. Inlined into each setter, where
    /// `path` is a literal the compiler turns into a plain field access.
    @inline(__always)
    final func update<T: Equatable>(_ key: String, _ path: WritableKeyPath<LayerState, T>, _ value: T) {
        guard Self.isFinite(value) else { return refuseNonFinite(key, value) }
        withLock {
            let old = state[keyPath: path]
            guard old != value else { return }
            let action = prepareChange(key, model: Self.animatableValue(old))
            state[keyPath: path] = value
            finishChange(key, action: action)
        }
    }

    /// Sets a name-typed property to the name `raw` (its case, or an unknown name kept beside the
    /// fallback case) and posts the change event `key`.
    final func updateName<N: RenderName>(_ key: String, _ path: WritableKeyPath<LayerState, N>, _ raw: String) {
        withLock {
            guard state.name(key, path) != raw else { return }
            let action = prepareChange(key)
            state.setName(raw, key, path)
            finishChange(key, action: action)
        }
    }

    /// The warning for a NaN or infinite value given to a setter (kept out of the inlined path).
    @inline(never)
    final func refuseNonFinite(_ key: String, _ value: Any) {
        Diagnostics.warn("CALayer.\(key): non-finite value \(value) refused; the property keeps its value")
    }

    /// False for NaN or infinite numbers, points, sizes, rects and transforms (bad input that
    /// would poison geometry and rendering).
    @inline(__always)
    static func isFinite<T>(_ value: T) -> Bool {
        switch value {
        case let v as CGFloat: v.isFinite
        case let v as Float: v.isFinite
        case let v as Double: v.isFinite || v == .infinity  // repeatCount/duration may be infinite
        case let p as CGPoint: p.x.isFinite && p.y.isFinite
        case let s as CGSize: s.width.isFinite && s.height.isFinite
        case let r as CGRect: r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite
        case let t as CATransform3D: t.isFinite
        default: true
        }
    }

    /// A property value of a plain numeric or geometric type in the engine's form (what
    /// `modelValue(of:)` answers for it); nil for other types. Folds to one case per specialisation.
    @inline(__always)
    static func animatableValue<T>(_ value: T) -> AnimatableValue? {
        switch value {
        case let v as CGFloat: .scalar(Double(v))
        case let v as Float: .scalar(Double(v))
        case let v as Double: .scalar(v)
        case let v as CGPoint: .point(v)
        case let v as CGSize: .size(v)
        case let v as CGRect: .rect(v)
        case let v as CATransform3D: .transform(v)
        case let v as Bool: .bool(v)
        default: nil
        }
    }

    /// `contents` is `Any?`: images compare by identity, anything else always counts as a change.
    final func updateContents(_ value: Any?) {
        withLock {
            if let old = state.contents as? CGImage, let new = value as? CGImage, old === new { return }
            if state.contents == nil, value == nil { return }
            let action = prepareChange("contents")
            state.contents = value
            finishChange("contents", action: action)
        }
    }

    /// `compositingFilter`, `filters` and `backgroundFilters` are `Any`: every set is a change.
    final func updateFilters(_ key: String, _ change: (inout LayerState) -> Void) {
        withLock {
            let action = prepareChange(key)
            change(&state)
            finishChange(key, action: action)
        }
    }

    /// What `prepareChange` found for `finishChange`: the action, and the transaction it runs in.
    struct PendingChange {
        var action: ChangeAction
        var stack: TransactionStack
        var settings: TransactionStack.ActionSettings?
        /// For the built-in implicit animation: the value it starts from (other actions find it
        /// in `valueBeforeChange`).
        var start: AnimatableValue?
    }

    /// Before a change: the action to run (none when actions are disabled, for presentation
    /// copies, and for layers never committed — nothing is on screen to animate from), and the
    /// value the layer shows now, which an implicit animation starts from.
    /// `model`: the property's model value, when the caller has it at hand (saves reading it).
    final func prepareChange(_ key: String, model: AnimatableValue? = nil) -> PendingChange {
        let stack = TransactionStack.current
        guard !flags.isPresentation, flags.hasBeenCommitted else { return PendingChange(action: .none, stack: stack) }
        let settings = stack.actionSettings()
        guard !settings.disableActions else { return PendingChange(action: .none, stack: stack, settings: settings) }
        let named = LayerProperty.named(key)
        let action = changeAction(forKey: key, property: named)
        if case .none = action { return PendingChange(action: .none, stack: stack, settings: settings) }
        if let property = named {
            // A plain property: read it directly, and evaluate animations only if one animates it.
            let key = PropertyKey(property)
            let animated = animationEntries.contains { $0.animates(key.base) }
            let value = animated ? presentedValue(of: key) : model ?? modelValue(of: key)
            if case .implicit = action {
                return PendingChange(action: action, stack: stack, settings: settings, start: value)
            }
            valueBeforeChange = value.map { (key.keyPath, $0) }
        } else if let property = try? PropertyKey(parsing: key, isCustomKey: { _ in true }) {
            valueBeforeChange = presentedValue(of: property).map { (key, $0) }
        }
        return PendingChange(action: action, stack: stack, settings: settings)
    }

    /// After a change: side effects, the transaction, then the action.
    final func finishChange(_ key: String, action pending: PendingChange) {
        guard !flags.isPresentation else { return }
        switch key {
        case "bounds":
            markNeedsLayout()
            superlayerStorage?.markNeedsLayout()
            if state.needsDisplayOnBoundsChange { markNeedsDisplay() }
        case "transform":
            markNeedsLayout()
            superlayerStorage?.markNeedsLayout()
        default:
            break
        }
        if type(of: self).needsDisplay(forKey: key) { markNeedsDisplay() }
        pending.stack.register(self)
        switch pending.action {
        case .none: break
        case .implicit(let property):
            if let settings = pending.settings {
                addImplicit(property, forKey: key, settings: settings, start: pending.start.map { .value($0) } ?? .current)
            }
        case .action(let action):
            action.run(forKey: key, object: self, arguments: nil)
            valueBeforeChange = nil
        }
    }

    /// Registers the layer with the current transaction (opening an implicit one if needed).
    final func joinTransaction() {
        guard !flags.isPresentation else { return }
        TransactionStack.register(self)
    }

    /// Seeds the model from `class func defaultValue(forKey:)`, so subclasses' defaults hold.
    final func applyClassDefaults() {
        let type = type(of: self)
        guard type != CALayer.self else { return }
        for key in Self.propertyKeys {
            guard let value = type.defaultValue(forKey: key) else { continue }
            _ = storeProperty(value, forKey: key, notify: false)
        }
    }
}
