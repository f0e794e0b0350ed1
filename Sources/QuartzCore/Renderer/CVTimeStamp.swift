/// Core Video's SMPTE time, for `CVTimeStamp` (Linux has no Core Video; fields as Apple's).
public struct CVSMPTETime: Sendable {
    public var subframes: Int16 = 0
    public var subframeDivisor: Int16 = 0
    public var counter: UInt32 = 0
    public var type: UInt32 = 0
    public var flags: UInt32 = 0
    public var hours: Int16 = 0
    public var minutes: Int16 = 0
    public var seconds: Int16 = 0
    public var frames: Int16 = 0

    public init() {}
}

/// Core Video's display time stamp, which `CARenderer.beginFrame(atTime:timeStamp:)` accepts.
/// Strata ignores it (times come from `atTime`); it exists so Apple code compiles.
public struct CVTimeStamp: Sendable {
    public var version: UInt32 = 0
    public var videoTimeScale: Int32 = 0
    public var videoTime: Int64 = 0
    public var hostTime: UInt64 = 0
    public var rateScalar: Double = 0
    public var videoRefreshPeriod: Int64 = 0
    public var smpteTime = CVSMPTETime()
    public var flags: UInt64 = 0
    public var reserved: UInt64 = 0

    public init() {}
}
