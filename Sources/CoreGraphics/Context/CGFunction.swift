/// Evaluates a function: `info`, then the inputs (domain dimension values), then where to write
/// the outputs (range dimension values). A Swift function type, not `@convention(c)` as on Apple:
/// on Linux CGFloat is a Swift struct, which C cannot see. The closures Apple-platform code
/// writes (`{ info, input, output in ... }`) compile unchanged.
public typealias CGFunctionEvaluateCallback =
    (UnsafeMutableRawPointer?, UnsafePointer<CGFloat>, UnsafeMutablePointer<CGFloat>) -> Void
/// Releases `info` when the function goes away.
public typealias CGFunctionReleaseInfoCallback = (UnsafeMutableRawPointer?) -> Void

/// The callbacks of a `CGFunction`, as Apple's C struct.
public struct CGFunctionCallbacks {
    public var version: UInt32
    public var evaluate: CGFunctionEvaluateCallback?
    public var releaseInfo: CGFunctionReleaseInfoCallback?

    public init() {
        self.init(version: 0, evaluate: nil, releaseInfo: nil)
    }

    public init(version: UInt32, evaluate: CGFunctionEvaluateCallback?, releaseInfo: CGFunctionReleaseInfoCallback?) {
        self.version = version
        self.evaluate = evaluate
        self.releaseInfo = releaseInfo
    }
}

/// A function of `domainDimension` inputs to `rangeDimension` outputs, called back into the
/// caller's code: what shadings (`CGShading`) sample for their colours.
public final class CGFunction {
    private let info: UnsafeMutableRawPointer?
    private let callbacks: CGFunctionCallbacks
    public let domainDimension: Int
    public let rangeDimension: Int
    /// Pairs of (low, high) per input; empty when not given.
    let domain: [CGFloat]
    /// Pairs of (low, high) per output, which outputs are clamped to; empty when not given.
    let range: [CGFloat]

    /// Nil when there is no evaluate callback or a dimension is not positive.
    public init?(
        info: UnsafeMutableRawPointer?, domainDimension: Int, domain: UnsafePointer<CGFloat>?, rangeDimension: Int,
        range: UnsafePointer<CGFloat>?, callbacks: UnsafePointer<CGFunctionCallbacks>
    ) {
        guard domainDimension > 0, rangeDimension > 0, domainDimension <= 16, rangeDimension <= 32,
            callbacks.pointee.evaluate != nil
        else {
            Diagnostics.warn("CGFunctionCreate: needs an evaluate callback and positive dimensions; nil")
            return nil
        }
        self.info = info
        self.callbacks = callbacks.pointee
        self.domainDimension = domainDimension
        self.rangeDimension = rangeDimension
        self.domain = domain.map { Array(UnsafeBufferPointer(start: $0, count: 2 * domainDimension)) } ?? []
        self.range = range.map { Array(UnsafeBufferPointer(start: $0, count: 2 * rangeDimension)) } ?? []
    }

    deinit {
        callbacks.releaseInfo?(info)
    }

    /// The outputs at `inputs` (clamped to the domain), each clamped to the range; non-finite
    /// outputs become 0.
    func evaluate(_ inputs: [CGFloat]) -> [CGFloat] {
        var input = inputs
        for i in input.indices where 2 * i + 1 < domain.count {
            input[i] = Swift.min(Swift.max(input[i], domain[2 * i]), domain[2 * i + 1])
        }
        var output = [CGFloat](repeating: 0, count: rangeDimension)
        input.withUnsafeBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { out in
                callbacks.evaluate?(info, inp.baseAddress!, out.baseAddress!)
            }
        }
        for i in output.indices {
            if !output[i].isFinite { output[i] = 0 }
            if 2 * i + 1 < range.count { output[i] = Swift.min(Swift.max(output[i], range[2 * i]), range[2 * i + 1]) }
        }
        return output
    }

    /// The first input's domain (0...1 when none was given).
    var inputDomain: (CGFloat, CGFloat) {
        domain.count >= 2 ? (domain[0], domain[1]) : (0, 1)
    }
}
