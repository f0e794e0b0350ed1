import StrataRender

// Archiving layers (NSSecureCoding): every property, by key-value coding for CALayer's own and
// through each class's table for the specialised layers', the sublayers, the mask, the named
// animations, actions, style and custom keys. The delegate is not archived (as on Apple).

extension CALayer {
    final func encodeLayer(with coder: NSCoder) {
        for key in Self.propertyKeys where shouldArchiveValue(forKey: key) {
            if let object = ArchiveValue.encode(value(forKey: key)) { coder.encode(object, forKey: key) }
        }
        for property in specialisedProperties where shouldArchiveValue(forKey: property.key) {
            if let object = ArchiveValue.encode(property.get(self)) { coder.encode(object, forKey: property.key) }
        }
        let extras = withLock { extraValues }
        if !extras.isEmpty, let object = ArchiveValue.encode(extras) { coder.encode(object, forKey: "strata.customKeys") }
        for key in ["style", "actions", "compositingFilter", "filters", "backgroundFilters"] {
            if let object = ArchiveValue.encode(value(forKey: key)) { coder.encode(object, forKey: key) }
        }
        coder.encode(NSArray(array: sublayers ?? []), forKey: "sublayers")
        if let mask { coder.encode(mask, forKey: "mask") }
        let keys = animationKeys() ?? []
        coder.encode(NSArray(array: keys.map { NSString(string: $0) }), forKey: "animationKeys")
        coder.encode(NSArray(array: keys.compactMap { animation(forKey: $0) }), forKey: "animations")
        coder.encode(Int64(autoresizingMask.rawValue), forKey: "autoresizingMask")
        if let constraints { coder.encode(NSArray(array: constraints), forKey: "constraints") }
        if layoutManager is CAConstraintLayoutManager { coder.encode(true, forKey: "constraintLayout") }
    }

    final func decodeLayer(from coder: NSCoder) {
        func object(_ key: String) -> Any? {
            // A missing key must not be read: Linux Foundation's unarchiver then fails the whole archive.
            coder.containsValue(forKey: key) ? coder.decodeObject(of: ArchiveValue.allowedClasses, forKey: key) : nil
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for key in Self.propertyKeys {
            guard let stored = object(key) else { continue }
            setValue(ArchiveValue.decode(stored), forKey: key)
        }
        for property in specialisedProperties {
            guard let stored = object(property.key) else { continue }
            property.set(self, ArchiveValue.decode(stored))
        }
        if let extras = ArchiveValue.decode(object("strata.customKeys")) as? [String: Any] {
            for (key, value) in extras { setValue(value, forKey: key) }
        }
        for key in ["style", "actions", "compositingFilter", "filters", "backgroundFilters"] {
            guard let stored = object(key) else { continue }
            setValue(ArchiveValue.decode(stored), forKey: key)
        }
        for case let sublayer as CALayer in (object("sublayers") as? NSArray) ?? [] { addSublayer(sublayer) }
        if let mask = object("mask") as? CALayer { self.mask = mask }
        let keys = (object("animationKeys") as? NSArray)?.compactMap { $0 as? String } ?? []
        let animations = (object("animations") as? NSArray)?.compactMap { $0 as? CAAnimation } ?? []
        for (key, animation) in zip(keys, animations) { add(animation, forKey: key) }
        autoresizingMask = CAAutoresizingMask(rawValue: UInt32(truncatingIfNeeded: coder.decodeInt64(forKey: "autoresizingMask")))
        if let constraints = (object("constraints") as? NSArray)?.compactMap({ $0 as? CAConstraint }) {
            self.constraints = constraints
        }
        if coder.containsValue(forKey: "constraintLayout"), coder.decodeBool(forKey: "constraintLayout") { layoutManager = CAConstraintLayoutManager() }
    }
}
