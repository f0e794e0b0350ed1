/// A key path that names nothing animatable, reported when the animation is added.
///
/// `message` examples: "unknown key path 'positon.x'", "key path 'opacity.x': 'opacity' (a number)
/// has no component 'x'", "key path 'frame' is not animatable; animate 'bounds' and 'position'".
package struct KeyPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key path as given.
    package var keyPath: String
    package var message: String

    package init(keyPath: String, message: String) {
        self.keyPath = keyPath
        self.message = message
    }

    package var description: String { message }
}
