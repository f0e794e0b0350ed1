/// A source of bytes for images, as Apple's CGDataProvider. Strata providers always hold their bytes.
public final class CGDataProvider: @unchecked Sendable {
    /// The provider's bytes.
    public let data: CFData?
    /// The pointer a callback provider was made with (nil for the others).
    public let info: UnsafeMutableRawPointer?
    /// Called once when the provider goes away (`init(dataInfo:…)`'s release callback).
    var release: (() -> Void)?

    public init?(data: CFData) {
        self.data = data
        info = nil
    }

    init(data: CFData, info: UnsafeMutableRawPointer?) {
        self.data = data
        self.info = info
    }

    deinit {
        release?()
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
