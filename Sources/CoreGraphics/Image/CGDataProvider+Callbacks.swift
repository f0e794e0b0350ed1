import Foundation

// Data providers over callbacks (Apple's sequential and direct providers, and providers over the
// caller's memory). Strata providers hold their bytes: the callbacks are read to the end when the
// provider is made, then the info is released.

public typealias CGDataProviderGetBytesCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, Int) -> Int
public typealias CGDataProviderSkipForwardCallback = @convention(c) (UnsafeMutableRawPointer?, off_t) -> off_t
public typealias CGDataProviderRewindCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
public typealias CGDataProviderReleaseInfoCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
public typealias CGDataProviderGetBytePointerCallback = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeRawPointer?
public typealias CGDataProviderReleaseBytePointerCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer) -> Void
public typealias CGDataProviderGetBytesAtPositionCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, off_t, Int) -> Int
public typealias CGDataProviderReleaseDataCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void

/// The callbacks of a provider that reads its bytes in order.
public struct CGDataProviderSequentialCallbacks {
    public var version: UInt32
    public var getBytes: CGDataProviderGetBytesCallback?
    public var skipForward: CGDataProviderSkipForwardCallback?
    public var rewind: CGDataProviderRewindCallback?
    public var releaseInfo: CGDataProviderReleaseInfoCallback?

    public init() {
        self.init(version: 0, getBytes: nil, skipForward: nil, rewind: nil, releaseInfo: nil)
    }

    public init(version: UInt32, getBytes: CGDataProviderGetBytesCallback?, skipForward: CGDataProviderSkipForwardCallback?,
                rewind: CGDataProviderRewindCallback?, releaseInfo: CGDataProviderReleaseInfoCallback?) {
        self.version = version
        self.getBytes = getBytes
        self.skipForward = skipForward
        self.rewind = rewind
        self.releaseInfo = releaseInfo
    }
}

/// The callbacks of a provider whose bytes may be read anywhere.
public struct CGDataProviderDirectCallbacks {
    public var version: UInt32
    public var getBytePointer: CGDataProviderGetBytePointerCallback?
    public var releaseBytePointer: CGDataProviderReleaseBytePointerCallback?
    public var getBytesAtPosition: CGDataProviderGetBytesAtPositionCallback?
    public var releaseInfo: CGDataProviderReleaseInfoCallback?

    public init() {
        self.init(version: 0, getBytePointer: nil, releaseBytePointer: nil, getBytesAtPosition: nil, releaseInfo: nil)
    }

    public init(version: UInt32, getBytePointer: CGDataProviderGetBytePointerCallback?,
                releaseBytePointer: CGDataProviderReleaseBytePointerCallback?,
                getBytesAtPosition: CGDataProviderGetBytesAtPositionCallback?, releaseInfo: CGDataProviderReleaseInfoCallback?) {
        self.version = version
        self.getBytePointer = getBytePointer
        self.releaseBytePointer = releaseBytePointer
        self.getBytesAtPosition = getBytesAtPosition
        self.releaseInfo = releaseInfo
    }
}

extension CGDataProvider {
    /// The most bytes a callback provider reads (a callback that never ends must not fill memory).
    package static let maximumCallbackBytes = 1 << 30

    /// A provider reading `getBytes` until it gives 0 (rewound first when it can), then releasing
    /// `info`; nil without a `getBytes` callback.
    public convenience init?(sequentialInfo info: UnsafeMutableRawPointer?, callbacks: UnsafePointer<CGDataProviderSequentialCallbacks>) {
        let table = callbacks.pointee
        defer { table.releaseInfo?(info) }
        guard let getBytes = table.getBytes else { return nil }
        table.rewind?(info)
        var data = Data()
        let chunk = 64 << 10
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while data.count < Self.maximumCallbackBytes {
            let count = getBytes(info, buffer, chunk)
            guard count > 0 else { break }
            data.append(buffer.assumingMemoryBound(to: UInt8.self), count: min(count, chunk))
        }
        self.init(data: data as CFData, info: info)
    }

    /// A provider of `size` bytes read through `getBytePointer` (released after) or
    /// `getBytesAtPosition`, then releasing `info`; nil without either or for a negative size.
    public convenience init?(directInfo info: UnsafeMutableRawPointer?, size: off_t, callbacks: UnsafePointer<CGDataProviderDirectCallbacks>) {
        let table = callbacks.pointee
        defer { table.releaseInfo?(info) }
        guard size >= 0, Int(size) <= Self.maximumCallbackBytes else { return nil }
        let count = Int(size)
        if let getPointer = table.getBytePointer, let pointer = getPointer(info) {
            let data = Data(bytes: pointer, count: count)
            table.releaseBytePointer?(info, pointer)
            self.init(data: data as CFData, info: info)
            return
        }
        guard let getBytes = table.getBytesAtPosition else { return nil }
        var data = Data(count: count)
        var read = 0
        data.withUnsafeMutableBytes { bytes in
            while read < count, let base = bytes.baseAddress {
                let got = getBytes(info, base + read, off_t(read), count - read)
                guard got > 0 else { break }
                read += min(got, count - read)
            }
        }
        self.init(data: data.prefix(read) as CFData, info: info)
    }

    /// A provider of `size` bytes at `data` (copied), calling `releaseData` with them when it goes away.
    public convenience init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int, releaseData: CGDataProviderReleaseDataCallback) {
        guard size >= 0 else { return nil }
        self.init(data: Data(bytes: data, count: size) as CFData, info: info)
        let memory = data
        release = { releaseData(info, memory, size) }
    }
}
