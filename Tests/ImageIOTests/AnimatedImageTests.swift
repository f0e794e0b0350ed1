import CoreGraphics
import Foundation
import ImageIO
import Testing

/// Animated GIF and WebP: frames, their delays and the loop count written and read back; a
/// GIF frame's transparent pixels.
@Suite("ImageIO: animated GIF and WebP")
struct AnimatedImageTests {
    static let colours: [(CGFloat, CGFloat, CGFloat)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    static let delays = [0.1, 0.25, 0.04]

    @Test func aGIFKeepsItsFramesDelaysAndLoopCount() throws {
        let frames = zip(Self.colours, Self.delays).map { c, d in
            (Pictures.solid(30, 20, c.0, c.1, c.2), [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFDelayTime: d]] as [String: Any])
        }
        let data = try #require(Pictures.encode(frames, type: "com.compuserve.gif", file: [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFLoopCount: 0]]))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetType(source) == "com.compuserve.gif")
        #expect(CGImageSourceGetCount(source) == 3)
        for i in 0..<3 {
            let image = try #require(CGImageSourceCreateImageAtIndex(source, i, nil))
            let p = Pictures.argb(image, 15, 10), c = Self.colours[i]
            #expect(p.a == 255 && p.r == Int(c.0 * 255) && p.g == Int(c.1 * 255) && p.b == Int(c.2 * 255), "frame \(i): \(p)")
            let gif = try #require(CGImageSourceCopyPropertiesAtIndex(source, i, nil)?[kCGImagePropertyGIFDictionary] as? [String: Any])
            #expect(abs((gif[kCGImagePropertyGIFUnclampedDelayTime] as? Double ?? -1) - Self.delays[i]) < 1e-9, "frame \(i)'s delay")
            #expect(gif[kCGImagePropertyGIFLoopCount] as? Int == 0)
        }
        let file = try #require(CGImageSourceCopyProperties(source, nil)?[kCGImagePropertyGIFDictionary] as? [String: Any])
        #expect(file[kCGImagePropertyGIFLoopCount] as? Int == 0, "loops for ever")
    }

    @Test func shortGIFDelaysReadAsATenthOfASecond() throws {
        let frames = [0.0, 0.01, 0.02].map { d in
            (Pictures.solid(4, 4, 1, 0, 0), [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFDelayTime: d]] as [String: Any])
        }
        let encoded = try #require(Pictures.encode(frames, type: "com.compuserve.gif"))
        let source = try #require(CGImageSourceCreateWithData(encoded as CFData, nil))
        let clamped = (0..<3).map { (CGImageSourceCopyPropertiesAtIndex(source, $0, nil)?[kCGImagePropertyGIFDictionary] as? [String: Any])?[kCGImagePropertyGIFDelayTime] as? Double }
        #expect(clamped == [0.1, 0.1, 0.02], "below 0.011 s a viewer waits 0.1 s: \(clamped)")
        #expect(CGImageSourceCopyProperties(source, nil)?[kCGImagePropertyGIFDictionary].flatMap { ($0 as? [String: Any])?[kCGImagePropertyGIFLoopCount] } == nil,
            "no loop count given, none written (plays once)")
    }

    @Test func gifTransparencySurvives() throws {
        let image = Pictures.quadrants(alpha: true)
        let data = try #require(Pictures.encode([(image, [:])], type: "com.compuserve.gif"))
        let back = try #require(Pictures.decode(data))
        // The half-transparent quadrant is at least half opaque: kept, opaque; the rest exact colours.
        #expect(Pictures.argb(back, 10, 10) == (255, 255, 0, 0) && Pictures.argb(back, 50, 10) == (255, 0, 255, 0))
        let clear = Pictures.solid(8, 8, 0, 0, 0, 0.2)
        let clearBack = try #require(Pictures.decode(Pictures.encode([(clear, [:])], type: "com.compuserve.gif")))
        #expect(Pictures.argb(clearBack, 4, 4).a == 0, "under half opaque: the transparent index")
    }

    @Test func anAnimatedWebPKeepsItsFramesDelaysAndLoopCount() throws {
        let frames = zip(Self.colours, Self.delays).map { c, d in
            (Pictures.solid(30, 20, c.0, c.1, c.2), [kCGImagePropertyWebPDictionary: [kCGImagePropertyWebPDelayTime: d]] as [String: Any])
        }
        let data = try #require(Pictures.encode(frames, type: "org.webmproject.webp", file: [kCGImagePropertyWebPDictionary: [kCGImagePropertyWebPLoopCount: 3]]))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetCount(source) == 3)
        for i in 0..<3 {
            let image = try #require(CGImageSourceCreateImageAtIndex(source, i, nil))
            let p = Pictures.argb(image, 15, 10), c = Self.colours[i]
            #expect(p.a == 255 && p.r == Int(c.0 * 255) && p.g == Int(c.1 * 255) && p.b == Int(c.2 * 255), "frame \(i) (lossless): \(p)")
            let webp = try #require(CGImageSourceCopyPropertiesAtIndex(source, i, nil)?[kCGImagePropertyWebPDictionary] as? [String: Any])
            #expect(abs((webp[kCGImagePropertyWebPUnclampedDelayTime] as? Double ?? -1) - Self.delays[i]) < 1e-9, "frame \(i)'s delay")
            #expect(webp[kCGImagePropertyWebPLoopCount] as? Int == 3)
        }
    }
}
