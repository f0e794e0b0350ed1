import CoreGraphics
import Foundation
import ImageIO
import Testing

/// CGAnimateImageDataWithBlock / AtURLWithBlock: frames on the main queue at their delays.
@Suite struct ImageAnimationTests {
    /// A GIF of `count` solid frames (red, green, blue…), each `delay` seconds, repeating `loops` times after the first play.
    static func gif(_ count: Int = 3, delay: Double = 0.03, loops: Int = 1) throws -> Data {
        let colors: [(CGFloat, CGFloat, CGFloat)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0)]
        let frames = (0..<count).map { i in
            (Pictures.solid(6, 6, colors[i % 4].0, colors[i % 4].1, colors[i % 4].2),
             [kCGImagePropertyGIFDictionary as String: [kCGImagePropertyGIFDelayTime as String: delay]] as [String: Any])
        }
        return try #require(Pictures.encode(frames, type: "com.compuserve.gif",
                                            file: [kCGImagePropertyGIFDictionary as String: [kCGImagePropertyGIFLoopCount as String: loops]]))
    }

    /// What the block saw: frame indices, whether on the main thread, when.
    final class Seen: @unchecked Sendable {
        var indices: [Int] = []
        var onMain = true
        var times: [Date] = []
        var firstPixelRed: [Int] = []
    }

    /// Marks the main queue so that a block can tell it runs there (the thread draining the main
    /// queue under the concurrency runtime need not be `Thread.main`).
    static let mainKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Runs the animation and waits until `expected` frames were shown, then `settle` seconds more.
    static func play(_ data: Data, options: [String: Any]? = nil, expected: Int, stopAfter: Int? = nil, settle: Double = 0.2) async -> (OSStatus, Seen) {
        let seen = Seen()
        let key = mainKey
        let status = await withCheckedContinuation { (done: CheckedContinuation<OSStatus, Never>) in
            var resumed = false
            let status = CGAnimateImageDataWithBlock(data, options as CFDictionary?) { index, image, stop in
                seen.indices.append(index)
                seen.onMain = seen.onMain && DispatchQueue.getSpecific(key: key) == true
                seen.times.append(Date())
                seen.firstPixelRed.append(Pictures.argb(image, 0, 0).r)
                if let stopAfter, seen.indices.count == stopAfter { stop.pointee = true }
                if seen.indices.count == expected, !resumed {
                    resumed = true
                    DispatchQueue.main.asyncAfter(deadline: .now() + settle) { done.resume(returning: noErr) }
                }
            }
            if status != noErr {
                resumed = true
                done.resume(returning: status)
            }
        }
        return (status, seen)
    }

    @Test func aGIFPlaysItsFramesOnTheMainQueueAsManyTimesAsItLoops() async throws {
        let (status, seen) = await Self.play(try Self.gif(3, delay: 0.03, loops: 1), expected: 6)
        #expect(status == noErr)
        #expect(seen.indices == [0, 1, 2, 0, 1, 2], "a loop count of 1: two plays, then it ends")
        #expect(seen.onMain)
        #expect(seen.firstPixelRed == [255, 0, 0, 255, 0, 0])
        // Each frame waits its delay: five gaps of at least 0.03 s (less a millisecond of timer slack).
        let gaps = zip(seen.times.dropFirst(), seen.times).map { $0.timeIntervalSince($1) }
        #expect(gaps.allSatisfy { $0 >= 0.029 }, "\(gaps)")
    }

    @Test func optionsSetTheStartTheDelayAndThePlays() async throws {
        let options: [String: Any] = [
            kCGImageAnimationStartIndex as String: 2, kCGImageAnimationDelayTime as String: 0.01, kCGImageAnimationLoopCount as String: 1,
        ]
        let (status, seen) = await Self.play(try Self.gif(4, delay: 2, loops: 0), options: options, expected: 2)
        #expect(status == noErr)
        #expect(seen.indices == [2, 3], "from frame 2 to the end, once")
        let gap = seen.times[1].timeIntervalSince(seen.times[0])
        #expect(gap < 1.5, "the option's 0.01 s, not the file's 2 s: \(gap)")
    }

    @Test func settingStopEndsTheAnimation() async throws {
        let (status, seen) = await Self.play(try Self.gif(3, delay: 0.02, loops: 0), expected: 2, stopAfter: 2, settle: 0.15)
        #expect(status == noErr)
        #expect(seen.indices == [0, 1], "no frame after the one that set stop")
    }

    /// Tried: bytes of no image format, a GIF cut short, a start past the last frame, a NaN delay,
    /// a loop count of 0, a file that is not there.
    @Test func badInputIsRefusedWithApplesStatus() throws {
        let gif = try Self.gif()
        let noop: CGImageSourceAnimationBlock = { _, _, _ in }
        #expect(CGAnimateImageDataWithBlock(Data("not an image".utf8), nil, noop) == CGImageAnimationStatus.unsupportedFormat.rawValue)
        let cut = CGAnimateImageDataWithBlock(gif.prefix(40), nil, noop)
        #expect(cut == CGImageAnimationStatus.incompleteInputImage.rawValue || cut == CGImageAnimationStatus.corruptInputImage.rawValue)
        #expect(CGAnimateImageDataWithBlock(gif, [kCGImageAnimationStartIndex: 3] as CFDictionary, noop) == CGImageAnimationStatus.parameterError.rawValue)
        #expect(CGAnimateImageDataWithBlock(gif, [kCGImageAnimationDelayTime: Double.nan] as CFDictionary, noop) == CGImageAnimationStatus.parameterError.rawValue)
        #expect(CGAnimateImageDataWithBlock(gif, [kCGImageAnimationLoopCount: 0] as CFDictionary, noop) == CGImageAnimationStatus.parameterError.rawValue)
        let missing = URL(fileURLWithPath: "/nonexistent/strata/animation.gif")
        #expect(CGAnimateImageAtURLWithBlock(missing as CFURL, nil, noop) == CGImageAnimationStatus.parameterError.rawValue)
    }
}
