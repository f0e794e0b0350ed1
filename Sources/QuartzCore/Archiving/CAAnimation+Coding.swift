// Archiving animations (NSSecureCoding) through their key-value coding: each class lists the
// keys it archives (`archivedKeys`). The delegate is not archived.

extension CAAnimation {
    final func encodeAnimation(with coder: NSCoder) {
        for key in type(of: self).archivedKeys where shouldArchiveValue(forKey: key) {
            if let object = ArchiveValue.encode(value(forKey: key)) { coder.encode(object, forKey: key) }
        }
        if let range = ArchiveValue.encode(preferredFrameRateRange) { coder.encode(range, forKey: "preferredFrameRateRange") }
        if !extraValues.isEmpty, let extras = ArchiveValue.encode(extraValues) { coder.encode(extras, forKey: "strata.customKeys") }
    }

    final func decodeAnimation(from coder: NSCoder) {
        func object(_ key: String) -> Any? {
            // A missing key must not be read: Linux Foundation's unarchiver then fails the whole archive.
            coder.containsValue(forKey: key) ? coder.decodeObject(of: ArchiveValue.allowedClasses, forKey: key) : nil
        }
        for key in type(of: self).archivedKeys {
            guard let stored = object(key) else { continue }
            setValue(ArchiveValue.decode(stored), forKey: key)
        }
        if let range = ArchiveValue.decode(object("preferredFrameRateRange")) as? CAFrameRateRange {
            preferredFrameRateRange = range
        }
        if let extras = ArchiveValue.decode(object("strata.customKeys")) as? [String: Any] {
            for (key, value) in extras { extraValues[key] = value }
        }
    }
}
