import StrataGeometry

/// A parsed animation key path: which property, and which part of it. Made once from the key
/// path string when an animation is added (`init(parsing:)`); the engine keys everything by it.
///
/// Examples: `"position"` → (.position, .whole); `"position.x"` → (.position, .field(.x));
/// `"bounds.size.width"` → (.bounds, .field(.sizeWidth)); `"transform.rotation.z"` →
/// (.transform, .transform(.rotationZ)).
///
/// Custom keys: a CALayer subclass may animate its own properties (`@NSManaged var progress`).
/// The parser cannot know them, so the API layer passes `isCustomKey`; such a key becomes
/// `.custom(key)` with kind `.any` (the kind comes from the values given). A custom key may still
/// carry a struct or transform suffix (`"myOffset.x"`); it is checked against the value at run time.
package struct PropertyKey: Hashable, Sendable, CustomStringConvertible {
    /// The property a key path starts with.
    package enum Base: Hashable, Sendable {
        /// One of the layer classes' animatable properties.
        case layer(LayerProperty)
        /// A property declared by a CALayer subclass; the string is its key (no dots).
        case custom(String)
    }

    package var base: Base
    package var component: KeyPathComponent

    package init(base: Base, component: KeyPathComponent = .whole) {
        self.base = base
        self.component = component
    }

    package init(_ property: LayerProperty, _ component: KeyPathComponent = .whole) {
        self.init(base: .layer(property), component: component)
    }

    /// The layer property, or nil for a custom key.
    package var layerProperty: LayerProperty? {
        if case .layer(let p) = base { return p }
        return nil
    }

    /// The kind of the whole property (`.any` for custom keys).
    package var propertyKind: ValueKind {
        switch base {
        case .layer(let p): p.valueKind
        case .custom: .any
        }
    }

    /// The kind of the animated value: the component's kind (`"position.x"` → `.scalar`,
    /// `"bounds.origin"` → `.point`, `"transform.translation"` → `.size`) or the property's.
    package var valueKind: ValueKind {
        component.valueKind(whole: propertyKind)
    }

    /// The property's key ("position", "hidden", or the custom key).
    package var propertyName: String {
        switch base {
        case .layer(let p): p.key
        case .custom(let key): key
        }
    }

    /// The canonical key-path string ("transform.rotation" reads back as "transform.rotation").
    package var keyPath: String {
        let suffix = component.suffix
        return suffix.isEmpty ? propertyName : propertyName + "." + suffix
    }

    package var description: String { keyPath }
}
