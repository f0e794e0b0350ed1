import StrataAnimation
import StrataRender

// Specialised layers' properties declared in one line each: the value lives in the layer's
// state (so presentation copies and `init(layer:)` carry it), reads and writes take the layer's
// lock and post the change event as every property does, and key-value coding and archiving
// find the property through the layer's Mirror (so neither can forget one).
//
//     @_LayerStored("lineWidth", \.visual.shape.lineWidth) open var lineWidth: CGFloat
//
// Three forms: the value as the state holds it, a string-backed name type
// (`CAShapeLayerLineCap`…), and a Float kept as a Double.
//
// The types are public only because the properties are `open`; the underscore keeps them out of
// the documentation and completion, as Swift does with its own such names (Apple has none of them).

/// What key-value coding and archiving need of a stored property.
protocol StoredLayerProperty {
    var key: String { get }
    func value(of layer: CALayer) -> Any?
    func set(_ value: Any?, on layer: CALayer)
}

/// A name type that is a string (`CAShapeLayerLineCap`…): how a name-typed property is stored.
public protocol _LayerStringValue {
    init(rawValue: String)
    var rawValue: String { get }
}

/// A property whose value the layer's state holds as it is.
@propertyWrapper
public struct _LayerStored<Value: Equatable>: StoredLayerProperty {
    let key: String
    let path: WritableKeyPath<LayerState, Value>

    init(_ key: String, _ path: WritableKeyPath<LayerState, Value>) {
        self.key = key
        self.path = path
    }

    @available(*, unavailable, message: "_LayerStored properties belong to CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    public static subscript<L: CALayer>(
        _enclosingInstance layer: L, wrapped wrapped: ReferenceWritableKeyPath<L, Value>,
        storage storage: ReferenceWritableKeyPath<L, Self>
    ) -> Value {
        get { layer.read(layer[keyPath: storage].path) }
        set {
            let property = layer[keyPath: storage]
            layer.update(property.key, property.path, newValue)
        }
    }

    /// Name types (`CAScrollLayerScrollMode`) come out as their raw string, as Apple's KVC gives them.
    func value(of layer: CALayer) -> Any? {
        let value = layer.read(path)
        return (value as? any _LayerStringValue)?.rawValue ?? value
    }

    func set(_ value: Any?, on layer: CALayer) {
        if let nameType = Value.self as? any _LayerStringValue.Type, let raw = value as? String {
            guard let typed = nameType.init(rawValue: raw) as? Value else { return }
            return layer.update(key, path, typed)
        }
        guard let typed = ArchivedProperty.cast(value, to: Value.self) else { return }
        layer.update(key, path, typed)
    }
}

/// A name-typed property, stored as its render-side case (`CGLineCap`…), an unknown name beside it.
@propertyWrapper
public struct _LayerStoredName<Value: _LayerStringValue>: StoredLayerProperty {
    let key: String
    /// A `WritableKeyPath<LayerState, some RenderName>` (the wrapper is public, the protocol is not).
    let path: PartialKeyPath<LayerState>

    init<Stored: RenderName>(_ key: String, _ path: WritableKeyPath<LayerState, Stored>) {
        self.key = key
        self.path = path
    }

    @available(*, unavailable, message: "_LayerStoredName properties belong to CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    public static subscript<L: CALayer>(
        _enclosingInstance layer: L, wrapped wrapped: ReferenceWritableKeyPath<L, Value>,
        storage storage: ReferenceWritableKeyPath<L, Self>
    ) -> Value {
        get { Value(rawValue: layer[keyPath: storage].name(of: layer)) }
        set { layer[keyPath: storage].set(newValue.rawValue, on: layer) }
    }

    /// The name the property was given.
    func name(of layer: CALayer) -> String {
        layer.withLock { layer.state.unlistedNames?[key] ?? (layer.state[keyPath: path] as? any RenderName)?.name ?? "" }
    }

    func value(of layer: CALayer) -> Any? { name(of: layer) }

    func set(_ value: Any?, on layer: CALayer) {
        guard let raw = value as? String, let type = Swift.type(of: path).valueType as? any RenderName.Type else { return }
        update(type, raw, on: layer)
    }

    private func update<N: RenderName>(_: N.Type, _ raw: String, on layer: CALayer) {
        guard let path = path as? WritableKeyPath<LayerState, N> else { return }
        layer.updateName(key, path, raw)
    }
}

/// A Float property kept as a Double in the state.
@propertyWrapper
public struct _LayerStoredFloat: StoredLayerProperty {
    let key: String
    let path: WritableKeyPath<LayerState, Double>

    init(_ key: String, _ path: WritableKeyPath<LayerState, Double>) {
        self.key = key
        self.path = path
    }

    @available(*, unavailable, message: "_LayerStoredFloat properties belong to CALayer subclasses")
    public var wrappedValue: Float {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    public static subscript<L: CALayer>(
        _enclosingInstance layer: L, wrapped wrapped: ReferenceWritableKeyPath<L, Float>,
        storage storage: ReferenceWritableKeyPath<L, Self>
    ) -> Float {
        get { Float(layer.read(layer[keyPath: storage].path)) }
        set {
            let property = layer[keyPath: storage]
            layer.update(property.key, property.path, Double(newValue))
        }
    }

    func value(of layer: CALayer) -> Any? { Float(layer.read(path)) }

    func set(_ value: Any?, on layer: CALayer) {
        guard let number = ArchivedProperty.cast(value, to: Double.self) else { return }
        layer.update(key, path, number)
    }
}

extension CALayer {
    /// The layer's `@_LayerStored…` properties, found through its Mirror (every class up to CALayer).
    final var storedProperties: [StoredLayerProperty] {
        var found: [StoredLayerProperty] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children {
                if let property = child.value as? StoredLayerProperty { found.append(property) }
            }
            mirror = current.superclassMirror
        }
        return found
    }
}

extension CALayer {
    /// Every specialised property archiving and key-value coding reach beyond CALayer's own keys:
    /// the class's hand-written table and the `@_LayerStored…` properties.
    package final var specialisedProperties: [ArchivedProperty] {
        type(of: self).archivedProperties + storedProperties.map(ArchivedProperty.init(stored:))
    }
}

extension ArchivedProperty {
    init(stored: StoredLayerProperty) {
        self.init(key: stored.key, get: { ($0 as? CALayer).flatMap(stored.value(of:)) }, set: { object, value in
            guard let layer = object as? CALayer else { return }
            stored.set(value, on: layer)
        })
    }
}
