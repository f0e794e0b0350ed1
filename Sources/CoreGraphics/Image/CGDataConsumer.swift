import Foundation

/// Writes bytes somewhere for Core Graphics: `putBytes` is given each block and answers how
/// many it took; `releaseConsumer` is called once when the consumer goes away.
public typealias CGDataConsumerPutBytesCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Int
public typealias CGDataConsumerReleaseInfoCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// The callbacks of a consumer made from functions (Apple's struct).
public struct CGDataConsumerCallbacks {
    public var putBytes: CGDataConsumerPutBytesCallback?
    public var releaseConsumer: CGDataConsumerReleaseInfoCallback?

    public init() {
        self.init(putBytes: nil, releaseConsumer: nil)
    }

    public init(putBytes: CGDataConsumerPutBytesCallback?, releaseConsumer: CGDataConsumerReleaseInfoCallback?) {
        self.putBytes = putBytes
        self.releaseConsumer = releaseConsumer
    }
}

/// Where Core Graphics writes bytes (a PDF document): a file, a mutable data, or callbacks.
public final class CGDataConsumer: @unchecked Sendable {
    private enum Sink {
        case data(NSMutableData)
        case file(FileHandle)
        case callbacks(UnsafeMutableRawPointer?, CGDataConsumerCallbacks)
    }

    private let sink: Sink
    private let lock = NSLock()

    /// A consumer writing the file at `url` (created or emptied now); nil when it cannot be written.
    public init?(url: CFURL) {
        guard url.isFileURL, FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else {
            Diagnostics.warn("CGDataConsumer: cannot write \(url.path)")
            return nil
        }
        sink = .file(handle)
    }

    /// A consumer appending to `data`.
    public init?(data: CFMutableData) {
        sink = .data(data)
    }

    /// A consumer calling `cbks.putBytes` with `info`; nil without a `putBytes`.
    public init?(info: UnsafeMutableRawPointer?, cbks: UnsafePointer<CGDataConsumerCallbacks>) {
        guard cbks.pointee.putBytes != nil else { return nil }
        sink = .callbacks(info, cbks.pointee)
    }

    deinit {
        switch sink {
        case .file(let handle): try? handle.close()
        case .callbacks(let info, let callbacks): callbacks.releaseConsumer?(info)
        case .data: break
        }
    }

    /// Writes `count` bytes; answers how many were taken.
    package func put(_ bytes: UnsafeRawPointer, count: Int) -> Int {
        lock.withLock {
            switch sink {
            case .data(let data):
                data.append(bytes, length: count)
                return count
            case .file(let handle):
                do {
                    try handle.write(contentsOf: Data(bytes: bytes, count: count))
                    return count
                } catch {
                    return 0
                }
            case .callbacks(let info, let callbacks):
                return callbacks.putBytes?(info, bytes, count) ?? 0
            }
        }
    }
}
