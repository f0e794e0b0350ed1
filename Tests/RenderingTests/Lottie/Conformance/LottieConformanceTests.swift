import Foundation
import QuartzCore
import StrataLottie
import Testing

/// The Lottie community's feature files (LottieFeatureFiles/, MIT, from LottieFiles/test-files) against
/// their After Effects reference frames, scored as the suite scores renderers
/// (`UniversalQualityIndex`: an image counts 1 above UQI 0.95, else UQI³; the figure is the mean).
/// Peers on the same 143 images: lottie-web 5.13 99.4 % (140), ThorVG 1.0.4 97.1 % (134), rlottie 91.4 % (116).
@Suite("Lottie conformance (feature files)")
struct LottieConformanceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("LottieFeatureFiles")

    /// The figure reached so far: the test fails below it, so it can only go up.
    static let reachedImages = 143
    static let reachedScore = 1.0

    struct Reference {
        var category: String
        var name: String
        var frame: Int
        var png: URL
        var json: URL
    }

    struct Result {
        var reference: Reference
        var uqi: Double
        var score: Double { UniversalQualityIndex.score(uqi) }
    }

    /// Every `NAME-FRAME.png` with its `NAME.json` (files with "asset" in their name are the files' own images).
    static func references() throws -> [Reference] {
        let fm = FileManager.default
        var found: [Reference] = []
        for category in try fm.contentsOfDirectory(atPath: folder.path).sorted() {
            let dir = folder.appendingPathComponent(category)
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else { continue }
            for file in try fm.contentsOfDirectory(atPath: dir.path).sorted()
            where file.hasSuffix(".png") && !file.contains("asset") {
                let stem = String(file.dropLast(4))
                guard let dash = stem.lastIndex(of: "-"), let frame = Int(stem[stem.index(after: dash)...]) else { continue }
                let name = String(stem[..<dash])
                found.append(Reference(
                    category: category, name: name, frame: frame, png: dir.appendingPathComponent(file),
                    json: dir.appendingPathComponent("\(name).json")))
            }
        }
        return found
    }

    /// Frame `frame` of the file, paused, at the reference's pixel size, at a clock far from 0.
    static func render(_ reference: Reference, width: Int, height: Int) throws -> CGImage {
        let animation = try LottieAnimation(contentsOf: reference.json)
        let player = scene { () -> LottieLayer in
            let player = LottieLayer(animation: animation)
            player.frame = CGRect(x: 0, y: 0, width: width, height: height)
            player.currentFrame = CGFloat(reference.frame)
            return player
        }
        return Golden.render(player, width: width, height: height, at: 1_000_000.25)
    }

    static func score(_ reference: Reference) -> Result {
        guard let expected = CGImage.load(contentsOf: reference.png),
            let image = try? render(reference, width: expected.width, height: expected.height),
            let uqi = UniversalQualityIndex.index(image, expected)
        else { return Result(reference: reference, uqi: 0) }
        let out = Golden.output.appendingPathComponent("conformance")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try? sideBySide(expected, image).writePNG(to: out.appendingPathComponent("\(reference.name)-\(reference.frame).png"))
        return Result(reference: reference, uqi: uqi)
    }

    /// The reference (left) and Strata's frame (right), 4× larger, on grey, for looking at.
    static func sideBySide(_ expected: CGImage, _ image: CGImage) -> CGImage {
        let w = expected.width * 4, h = expected.height * 4
        let context = Golden.makeContext(width: 2 * w + 8, height: h)
        context.setFillColor(CGColor(gray: 0.5, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 2 * w + 8, height: h))
        context.interpolationQuality = .none
        context.draw(expected, in: CGRect(x: 0, y: 0, width: w, height: h))
        context.draw(image, in: CGRect(x: w + 8, y: 0, width: w, height: h))
        return context.makeImage() ?? image
    }

    @Test func everyFeatureFileScoresAtLeastTheFigureReached() throws {
        let references = try Self.references()
        #expect(references.count == 143, "the suite has 143 reference images")
        let results = references.map(Self.score)
        let passed = results.filter { $0.uqi > 0.95 }.count
        let score = results.map(\.score).reduce(0, +) / Double(max(1, results.count))
        var table = "category          images  passed  score\n"
        for category in Set(results.map(\.reference.category)).sorted() {
            let r = results.filter { $0.reference.category == category }
            let s = r.map(\.score).reduce(0, +) / Double(r.count)
            table += category.padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(format: "%6d  %6d  %5.1f %%\n", r.count, r.filter { $0.uqi > 0.95 }.count, s * 100)
        }
        table += String(format: "all               %6d  %6d  %5.2f %%\n", results.count, passed, score * 100)
        let misses = results.filter { $0.uqi <= 0.95 }
            .map { String(format: "  %@/%@-%02d  UQI %.3f", $0.reference.category, $0.reference.name, $0.reference.frame, $0.uqi) }
        print("Lottie feature files (rendered frames in \(Golden.output.path)/conformance):\n" + table
            + "below 0.95:\n" + misses.joined(separator: "\n"))
        #expect(passed >= Self.reachedImages, "images above UQI 0.95: \(passed), reached before: \(Self.reachedImages)")
        #expect(score >= Self.reachedScore - 1e-9, "suite score \(score), reached before: \(Self.reachedScore)")
    }

    @Test func theIndexTellsEqualImagesFromDifferentOnes() throws {
        let references = try Self.references()
        let first = try #require(references.first { $0.name == "ellipse" })
        let image = try #require(CGImage.load(contentsOf: first.png))
        #expect(abs((UniversalQualityIndex.index(image, image) ?? 0) - 1) < 1e-9, "an image against itself")
        let empty = Golden.makeContext(width: image.width, height: image.height).makeImage()!
        let uqi = try #require(UniversalQualityIndex.index(image, empty))
        #expect(uqi < 0.9, "an ellipse against an empty frame: \(uqi)")
        let shifted = Golden.makeContext(width: image.width, height: image.height)
        shifted.draw(image, in: CGRect(x: 6, y: 0, width: image.width, height: image.height))
        let movedImage = try #require(shifted.makeImage())
        let moved = try #require(UniversalQualityIndex.index(image, movedImage))
        #expect(moved < 0.95 && moved > uqi, "the ellipse moved by 6 pixels: \(moved)")
    }
}
