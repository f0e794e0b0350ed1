/// Why an API value (`fromValue`, `toValue`, `byValue`, a keyframe value) could not become an
/// `AnimatableValue` of the property's kind. Reported at the API edge (when the animation is
/// added), never per frame.
///
/// `message` reads like "fromValue for 'position' must be a CGPoint, got String"; without a role
/// and key path it reads "value must be a CGPoint, got String".
package struct ValueConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the value was for: "fromValue", "toValue", "byValue", "values[2]"… ("value" if unknown).
    package var role: String
    /// The animation's key path, if known.
    package var keyPath: String?
    /// The expected type ("CGPoint", "array of numbers", …), from `ValueKind.expectedDescription`.
    package var expected: String
    /// The type actually given ("String", "nil", "array of 2 numbers", …).
    package var got: String

    package init(role: String = "value", keyPath: String? = nil, expected: String, got: String) {
        self.role = role
        self.keyPath = keyPath
        self.expected = expected
        self.got = got
    }

    /// The same error with its role and key path filled in (the converter does not know them).
    package func describing(_ role: String, for keyPath: String) -> ValueConversionError {
        var copy = self
        copy.role = role
        copy.keyPath = keyPath
        return copy
    }

    package var message: String {
        let subject = keyPath.map { "\(role) for '\($0)'" } ?? role
        let first = expected.first.map { "aeiouAEIOU".contains($0) } ?? false
        return "\(subject) must be \(first ? "an" : "a") \(expected), got \(got)"
    }

    package var description: String { message }
}
