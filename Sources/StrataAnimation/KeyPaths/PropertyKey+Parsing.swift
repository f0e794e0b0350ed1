import StrataGeometry

extension PropertyKey {
    /// Parses a key path such as `"position.x"`, `"bounds.size.width"` or
    /// `"sublayerTransform.rotation.y"`.
    ///
    /// The first dot-separated key names the property; the rest must be a field of its struct
    /// type (CGPoint `x y`; CGSize `width height`; CGRect `origin origin.x origin.y size
    /// size.width size.height`) or, for transforms, a virtual component (`rotation(.x/.y/.z)`,
    /// `scale(.x/.y/.z)`, `translation(.x/.y/.z)`). Keys are case-sensitive, as KVC is.
    ///
    /// - Parameter isCustomKey: asked with the first key when it is not a layer property; true
    ///   makes a `.custom` key (see the type's documentation). Default: no custom keys.
    /// - Throws: `KeyPathError` — "unknown key path 'positon.x'", or a message naming the
    ///   component a property lacks, with hints for common slips ("isHidden" → "hidden", "frame").
    package init(parsing keyPath: String, isCustomKey: (String) -> Bool = { _ in false }) throws(KeyPathError) {
        let key: Substring
        let suffix: Substring?
        if let dot = keyPath.firstIndex(of: ".") {
            key = keyPath[..<dot]
            suffix = keyPath[keyPath.index(after: dot)...]
        } else {
            key = keyPath[...]
            suffix = nil
        }
        guard !key.isEmpty else {
            throw KeyPathError(keyPath: keyPath, message: "empty key in key path '\(keyPath)'")
        }
        let base: Base
        if let property = LayerProperty.named(key) {
            base = .layer(property)
        } else if let hint = Self.hints[String(key)] {
            throw KeyPathError(keyPath: keyPath, message: "unknown key path '\(keyPath)' (\(hint))")
        } else if isCustomKey(String(key)) {
            base = .custom(String(key))
        } else {
            throw KeyPathError(keyPath: keyPath, message: "unknown key path '\(keyPath)'")
        }
        guard let suffix else {
            self.init(base: base, component: .whole)
            return
        }
        let kind = PropertyKey(base: base).propertyKind
        guard let component = Self.component(String(suffix), of: kind) else {
            let what = kind == .any ? "" : " (\(Self.article(kind.expectedDescription)))"
            throw KeyPathError(
                keyPath: keyPath,
                message: "key path '\(keyPath)': '\(key)'\(what) has no component '\(suffix)'")
        }
        self.init(base: base, component: component)
    }

    /// The component named `suffix` for a value of `kind`; for `.any` (custom keys) any struct
    /// field or transform component.
    private static func component(_ suffix: String, of kind: ValueKind) -> KeyPathComponent? {
        if kind == .transform || kind == .any, let t = TransformComponent(rawValue: suffix) {
            return .transform(t)
        }
        if let f = StructField(rawValue: suffix), f.container == kind || kind == .any {
            return .field(f)
        }
        return nil
    }

    private static func article(_ noun: String) -> String {
        let vowel = noun.first.map { "aeiouAEIOU".contains($0) } ?? false
        return (vowel ? "an " : "a ") + noun
    }

    /// Explanations for keys people reach for that are not animatable key paths.
    private static let hints: [String: String] = [
        "isHidden": "the key is 'hidden'",
        "isDoubleSided": "the key is 'doubleSided'",
        "frame": "'frame' is not animatable; animate 'bounds' and 'position'",
        "mask": "'mask' is a layer, not an animatable value",
        "sublayers": "'sublayers' is not an animatable value",
    ]
}
