import CoreGraphics
import Foundation
import Testing

/// The compositor's load test as a user meets it: listed by `strata list`, rendered only when
/// named (not with the gallery), and drawing its 300 layers.
@Suite("strata: the moving-layers load test")
struct LoadTestDemoTests {
    let strata = StrataCommand.url

    func strata(_ arguments: [String]) throws -> (output: String, status: Int32) {
        try StrataCommand.run(arguments)
    }

    @Test func itIsListedAndRendersWhenNamed() throws {
        try #require(FileManager.default.isExecutableFile(atPath: strata.path), "strata is built with the tests")
        let list = try strata(["list"])
        #expect(list.status == 0)
        #expect(list.output.contains("moving-layers\t"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-load-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try strata([
            "demo", "moving-layers", "--format", "png", "--fps", "2", "--duration", "0.5", "--scale", "0.25",
            "--out", out.path,
        ])
        #expect(run.status == 0, "\(run.output)")
        let frame = try #require(CGImage.load(contentsOf: out.appendingPathComponent("moving-layers/frame-00001.png")))
        #expect(frame.width == 480 && frame.height == 270)
        // Hundreds of layers of random colours: far more distinct colours than a few layers show.
        let words = frame.pixels.words
        let colours = Set((0..<(frame.width * frame.height)).map { words[$0] & 0xF0F0F0 })
        #expect(colours.count > 150, "\(colours.count) distinct colours")
    }
}
