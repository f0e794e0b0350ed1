import StrataGeometry

/// The part of a property a key path addresses after the property's key (layers spec §7.3,
/// timing spec §3.5): the whole value, a struct field, or a transform's virtual component.
package enum KeyPathComponent: Hashable, Sendable {
    /// The property itself (`"position"`).
    case whole
    /// A field of a CGPoint, CGSize or CGRect value (`"position.x"`, `"bounds.size.width"`).
    case field(StructField)
    /// A virtual component of a CATransform3D value (`"transform.rotation.z"`), read and written
    /// through decomposition (`TransformComponent`).
    case transform(TransformComponent)

    /// The kind of value this component holds; `.whole` has the property's kind.
    package func valueKind(whole: ValueKind) -> ValueKind {
        switch self {
        case .whole: whole
        case .field(let f): f.valueKind
        case .transform(let t): t.takesSize ? .size : .scalar
        }
    }

    /// The key-path suffix ("" for `.whole`, "size.width", "rotation.z").
    package var suffix: String {
        switch self {
        case .whole: ""
        case .field(let f): f.rawValue
        case .transform(let t): t.rawValue
        }
    }
}

/// A key-value-coding field of a geometry struct. The raw value is the key-path suffix.
package enum StructField: String, Hashable, Sendable, CaseIterable {
    /// CGPoint fields.
    case x, y
    /// CGSize fields.
    case width, height
    /// CGRect fields.
    case origin
    case originX = "origin.x"
    case originY = "origin.y"
    case size
    case sizeWidth = "size.width"
    case sizeHeight = "size.height"

    /// The kind of struct that has this field.
    package var container: ValueKind {
        switch self {
        case .x, .y: .point
        case .width, .height: .size
        case .origin, .originX, .originY, .size, .sizeWidth, .sizeHeight: .rect
        }
    }

    /// The kind of the field's value.
    package var valueKind: ValueKind {
        switch self {
        case .origin: .point
        case .size: .size
        default: .scalar
        }
    }
}
