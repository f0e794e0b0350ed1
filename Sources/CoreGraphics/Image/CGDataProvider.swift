/// A source of bytes for images, as Apple's CGDataProvider. Strata providers always hold their bytes.
public final class CGDataProvider: Sendable {
    /// The provider's bytes.
    public let data: CFData?

    public init?(data: CFData) {
        self.data = data
    }

    /// Reads the whole file at `url`; nil when it cannot be read.
    public convenience init?(url: CFURL) {
        guard let bytes = try? Data(contentsOf: url) else { return nil }
        self.init(data: bytes)
    }

    /// Reads the whole file at `filename`; nil when it cannot be read.
    public convenience init?(filename: UnsafePointer<CChar>) {
        self.init(url: URL(fileURLWithPath: String(cString: filename)))
    }
}
