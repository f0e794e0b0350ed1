import CStrataRuntime
import StrataAnimation
import StrataRender

extension CALayer {
    /// A copy showing the layer as it appears now: committed model values with every running
    /// animation applied at the current media time, through the timing of all ancestors. nil
    /// before the layer's first commit. Its sublayers, superlayer and mask are presentation
    /// copies too.
    public func presentation() -> Self? {
        presentation(at: CACurrentMediaTime())
    }

    /// The presentation copy at media time `mediaTime` (seconds). (Strata addition, for hosts
    /// and tests that evaluate frames at exact times.)
    public func presentation(at mediaTime: CFTimeInterval) -> Self? {
        withLock {
            if flags.isPresentation { return self }
            guard flags.hasBeenCommitted else { return nil }
            let copy = Self.makePresentationCopy(of: self)
            copy.flags.isPresentation = true
            copy.modelLayer = self
            // Custom animatable properties: a class that redraws for an animated key redraws
            // its presentation copy while such an animation applies, so the drawing follows it
            // frame by frame; otherwise the copy shows the model's own drawing.
            if copy.applyAnimations(from: self, at: mediaTime) { copy.display() }
            // The copy's subtree, so that hit testing and conversions on it see where sublayers
            // appear (a parent copy holds its sublayers; they refer back weakly, as in the model).
            copy.sublayerStorage = sublayerStorage.compactMap { $0.presentation(at: mediaTime) }
            for sublayer in copy.sublayerStorage { sublayer.superlayerStorage = copy }
            if let mask = maskStorage?.presentation(at: mediaTime) {
                copy.maskStorage = mask
                mask.maskOwner = copy
            }
            return copy
        }
    }

    /// Whether a committed animation animates a key `type` redraws for (`needsDisplay(forKey:)`):
    /// custom keys only when `customOnly` (the renderer draws built-in properties itself).
    /// Call under the lock.
    final func redraws(for type: CALayer.Type, customOnly: Bool = false) -> Bool {
        animationEntries.contains { entry in
            entry.isCommitted && entry.records.contains { record in
                switch record.key.base {
                case .custom(let name): type.needsDisplay(forKey: name)
                case .layer(let property): !customOnly && type.needsDisplay(forKey: property.key)
                }
            }
        }
    }

    /// The model layer behind a presentation copy; the receiver itself for a model layer.
    public func model() -> Self {
        withLock { (modelLayer as? Self) ?? self }
    }

    /// The whole value of the property `key` refers to as it is shown now (model plus committed
    /// animations), read at `key`'s component: where an implicit animation starts.
    final func presentedValue(of key: PropertyKey) -> AnimatableValue? {
        guard let whole = modelValue(of: key) ?? unsetBase(of: key) else { return nil }
        guard flags.hasBeenCommitted, !animationEntries.isEmpty else { return key.read(from: whole) }
        let local = mediaTimeMap.apply(CACurrentMediaTime())
        var value = whole
        for entry in animationEntries where entry.isCommitted && entry.animates(key.base) {
            entry.prepareCursors()
            entry.records.withUnsafeBufferPointer { records in
                for i in records.indices where records[i].key.base == key.base {
                    if let v = AnimationRecord.evaluate(
                        records.baseAddress! + i, parentTime: local, base: value, cursor: &entry.cursors[i])
                    {
                        value = v
                    }
                }
            }
        }
        return key.read(from: value)
    }

    /// The base of a record of a custom key the layer never set (a key-value coding container
    /// answers any key); nil for a layer property.
    static func unsetBase(of record: AnimationRecord) -> AnimatableValue? {
        guard case .custom = record.key.base else { return nil }
        return record.unsetBase
    }

    /// `unsetBase(of:)` of the first attached record of `key`'s property.
    private func unsetBase(of key: PropertyKey) -> AnimatableValue? {
        for entry in animationEntries {
            if let record = entry.records.first(where: { $0.key.base == key.base }) { return Self.unsetBase(of: record) }
        }
        return nil
    }

    /// The Swift value an animation gives a custom key (its type is the type the key reads back
    /// in when the layer never set it); nil for layer properties.
    private static func valueSample(of entry: AnimationEntry, for key: PropertyKey) -> Any? {
        guard case .custom = key.base else { return nil }
        return entry.attachedAnimation?.valueSample(forKeyPath: key.keyPath)
    }

    /// Media time to this layer's local time: every ancestor's timing, then its own (iterative:
    /// trees thousands of levels deep must not exhaust the stack).
    final var mediaTimeMap: TimeMap {
        var maps: [TimeMap] = []
        var layer: CALayer? = self
        while let current = layer {
            maps.append(current.localTimeMap)
            layer = current.superlayerStorage ?? current.maskOwner
        }
        var map = TimeMap.identity
        for m in maps.reversed() { map = map.then(m) }
        return map
    }

    /// Applies `model`'s committed animations at `mediaTime` to this (presentation) copy; true
    /// when one of them set a key the class redraws for.
    private func applyAnimations(from model: CALayer, at mediaTime: CFTimeInterval) -> Bool {
        guard !model.animationEntries.isEmpty else { return false }
        return applyAnimations(from: model, atLocalTime: model.mediaTimeMap.apply(mediaTime))
    }

    /// Applies `model`'s committed animations at the model's local time `local` to this copy;
    /// true when one of them set a key the class redraws for (`needsDisplay(forKey:)`).
    /// `customOnly`: only custom keys count (the renderer draws built-in properties itself).
    @discardableResult
    private func applyAnimations(from model: CALayer, atLocalTime local: Double, customOnly: Bool = false) -> Bool {
        let type = type(of: model)
        var redraws = false
        var turn = 0.0
        for entry in model.animationEntries where entry.isCommitted {
            entry.prepareCursors()
            entry.records.withUnsafeBufferPointer { records in
                for i in records.indices {
                    let key = records[i].key
                    guard let base = modelValue(of: key) ?? Self.unsetBase(of: records[i]) else { continue }
                    if let value = AnimationRecord.evaluate(
                        records.baseAddress! + i, parentTime: local, base: base, cursor: &entry.cursors[i])
                    {
                        setModelValue(value, of: key, like: Self.valueSample(of: entry, for: key))
                        if !redraws { redraws = Self.redraws(type, for: key, customOnly: customOnly) }
                    }
                    if records[i].rotatesAlongPath, let angle = records[i].pathRotation(parentTime: local) {
                        turn += angle
                    }
                }
            }
        }
        // Path animations with a rotationMode turn the layer, on top of its presented transform.
        if turn != 0 { state.transform = state.transform.turnedAboutZ(by: turn) }
        return redraws
    }

    private static func redraws(_ type: CALayer.Type, for key: PropertyKey, customOnly: Bool) -> Bool {
        switch key.base {
        case .custom(let name): type.needsDisplay(forKey: name)
        case .layer(let property): !customOnly && type.needsDisplay(forKey: property.key)
        }
    }
}

extension CALayer {
    /// `init(layer:)` of `layer`'s own class, a class known only at run time: as Core Animation
    /// makes presentation copies (`[[layer class] alloc] initWithLayer:layer]`). So the copy is
    /// the subclass, with what its `init(layer:)` override copied; a subclass that declares
    /// initialisers of its own and does not override `init(layer:)` stops with Swift's "Use of
    /// unimplemented initializer 'init(layer:)'", as it does on iOS.
    ///
    /// Swift creates instances of a run-time class only through `required` initialisers, and any
    /// required initialiser on CALayer breaks a subclass shape that compiles on Apple platforms
    /// (its own designated initialiser, `override init(layer:)`, `required init?(coder:)`, no
    /// `override init()`: it would not inherit the requirement). So the copy is made by calling
    /// the allocating entry of `init(presentationCopyOf:)` (a convenience initialiser, which
    /// reaches `init(layer:)` through the class's table, whatever the subclass's shape) from C
    /// with the run-time class as its metatype.
    static func makePresentationCopy<L: CALayer>(of layer: L) -> L {
        let metatype = unsafeBitCast(type(of: layer) as AnyClass, to: UnsafeRawPointer.self)
        let copy = strata_make_presentation_copy(Unmanaged.passRetained(layer).toOpaque(), metatype)
        // The copy is an instance of `type(of: layer)`, so of L.
        return unsafeDowncast(Unmanaged<CALayer>.fromOpaque(copy).takeRetainedValue(), to: L.self)
    }
}

extension CALayer: PresentationContentsSource {
    /// The contents of a presentation copy made at the layer's local time `localTime` and
    /// displayed (`display()`, so `draw(in:)` sees the animated values): what a renderer shows
    /// each frame for a layer that redraws for a custom property it animates, as Core Animation
    /// displays the presentation layer. Only this layer's copy is made (no subtree). nil when the
    /// copy draws no image.
    package func presentationContents(atLocalTime localTime: Double) -> CGImage? {
        let made: CALayer? = withLock {
            let copy = CALayer.makePresentationCopy(of: self)
            copy.flags.isPresentation = true
            copy.modelLayer = self
            // Once no such animation applies (ended, not begun), the model's own drawing shows.
            return copy.applyAnimations(from: self, atLocalTime: localTime, customOnly: true) ? copy : nil
        }
        guard let copy = made else { return nil }
        copy.display()
        return copy.withLock { copy.state.visual.contentsImage }
    }

    /// The snapshot's link for this layer's per-frame drawing, when it redraws for a custom key
    /// one of its committed animations animates (made once, kept). Call under the lock.
    final var presentationContentsLink: PresentationContents? {
        guard flags.mayAnimateCustomKeys, !animationEntries.isEmpty, redraws(for: type(of: self), customOnly: true) else {
            return nil
        }
        if let link = storedPresentationContentsLink { return link }
        let link = PresentationContents(self)
        storedPresentationContentsLink = link
        return link
    }
}
