import Foundation
import QuartzCore
import SnapshotTesting
import StrataSnapshotTesting
import Testing

/// A badge: a rounded orange card with a blue disc, 60×40 points.
func badgeLayer(disc: CGColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)) -> CALayer {
    let card = CALayer()
    card.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
    card.backgroundColor = CGColor(red: 1, green: 0.6, blue: 0.1, alpha: 1)
    card.cornerRadius = 8
    let dot = CAShapeLayer()
    dot.frame = CGRect(x: 8, y: 8, width: 24, height: 24)
    dot.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 24, height: 24), transform: nil)
    dot.fillColor = disc
    card.addSublayer(dot)
    return card
}

/// The picture a strategy takes of `layer` (the strategies are synchronous).
func picture(_ strategy: Snapshotting<CALayer, CGImage>, _ layer: CALayer) throws -> CGImage {
    var image: CGImage?
    strategy.snapshot(layer).run { image = $0 }
    return try #require(image)
}

/// Straight RGBA (0–255) of a pixel, via the PNG the strategy writes (row 0 at the top).
func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
    let context = CGContext(
        data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    let p = context.data!.assumingMemoryBound(to: UInt8.self) + ((image.height - 1 - y) * image.width + x) * 4
    return (Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3]))
}

@Suite("StrataSnapshotTesting: layer strategies on Linux")
struct LayerSnapshotTests {
    /// The test source Apple-platform projects write, against a committed reference (looked at).
    @Test func aLayerMatchesItsReference() {
        assertSnapshot(of: badgeLayer(), as: .image)
    }

    @Test func theImageIsTheLayerAsOnScreen() throws {
        let image = try picture(.image, badgeLayer())
        #expect(image.width == 60 && image.height == 40)
        // The disc is at the top left (y down, as on iOS); the card's right side is orange.
        let disc = rgba(image, 20, 20), card = rgba(image, 50, 20)
        #expect(disc.b > 200 && disc.r < 60, "disc: \(disc)")
        #expect(card.r > 240 && card.b < 40, "card: \(card)")
        #expect(rgba(image, 0, 0).a == 0, "outside the rounded corner: transparent")
        let twice = try picture(.image(precision: 1, scale: 2), badgeLayer())
        #expect(twice.width == 120 && twice.height == 80)
    }

    /// A temporary snapshot folder with a reference of the badge recorded in it.
    private func recordedBadge(named name: String) throws -> String {
        let folder = NSTemporaryDirectory() + "strata-snapshots-\(UUID().uuidString)"
        let message = verifySnapshot(
            of: badgeLayer(), as: .image, named: name, record: .all, snapshotDirectory: folder, testName: "badge")
        #expect(message?.contains("Record mode is on") == true)
        return folder
    }

    @Test func aDifferentLayerFailsWithAReadableMessageAndArtifacts() throws {
        let folder = try recordedBadge(named: "badge")
        let red = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        let message = try #require(verifySnapshot(
            of: badgeLayer(disc: red), as: .image, named: "badge", record: .never, snapshotDirectory: folder, testName: "badge"))
        #expect(message.contains("pixels") && message.contains("differ from the reference"), "\(message)")
        // The reference, the failure and the difference are written and named.
        for name in ["reference", "failure", "difference"] {
            let line = try #require(message.split(separator: "\n").first { $0.hasPrefix("\(name): ") }, "\(message)")
            let path = String(line.dropFirst(name.count + 2))
            #expect(FileManager.default.fileExists(atPath: path), "\(name) at \(path)")
        }
        let differencePath = String(try #require(message.split(separator: "\n").first { $0.hasPrefix("difference: ") })
            .dropFirst("difference: ".count))
        let difference = try #require(CGImage.load(contentsOf: URL(fileURLWithPath: differencePath)))
        #expect(rgba(difference, 20, 20).r > 150, "where the disc changed colour")
        #expect(rgba(difference, 50, 20) == (0, 0, 0, 255), "black where the pictures agree")
    }

    @Test func precisionIsTheFractionOfPixelsThatMustMatch() throws {
        let folder = try recordedBadge(named: "badge")
        // A 4×4 patch changed: 16 of 2,400 pixels (0.67 %).
        let patched = badgeLayer()
        let patch = CALayer()
        patch.frame = CGRect(x: 44, y: 4, width: 4, height: 4)
        patch.backgroundColor = CGColor(gray: 0, alpha: 1)
        patched.addSublayer(patch)
        #expect(verifySnapshot(of: patched, as: .image(precision: 0.99), named: "badge", record: .never,
                               snapshotDirectory: folder, testName: "badge") == nil, "0.67 % differ, 1 % allowed")
        #expect(verifySnapshot(of: patched, as: .image(precision: 0.995), named: "badge", record: .never,
                               snapshotDirectory: folder, testName: "badge") != nil, "0.67 % differ, 0.5 % allowed")
    }

    @Test func perceptualPrecisionIsTheColourDistanceThatCountsAsAMatch() throws {
        let folder = try recordedBadge(named: "badge")
        // The disc one step of blue off: ΔE well under 2, but not the same bytes.
        let nudged = badgeLayer(disc: CGColor(red: 0.1, green: 0.3, blue: 0.9 - 2.0 / 255, alpha: 1))
        #expect(verifySnapshot(of: nudged, as: .image(precision: 1, perceptualPrecision: 0.98), named: "badge",
                               record: .never, snapshotDirectory: folder, testName: "badge") == nil)
        #expect(verifySnapshot(of: nudged, as: .image(precision: 1, perceptualPrecision: 1), named: "badge",
                               record: .never, snapshotDirectory: folder, testName: "badge") != nil)
        // A clearly different colour is not a perceptual match.
        let red = badgeLayer(disc: CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1))
        #expect(verifySnapshot(of: red, as: .image(precision: 0.9, perceptualPrecision: 0.98), named: "badge",
                               record: .never, snapshotDirectory: folder, testName: "badge") != nil)
    }

    @Test func aSizeChangeIsReported() throws {
        let folder = try recordedBadge(named: "badge")
        let wider = badgeLayer()
        wider.frame.size.width = 70
        let message = try #require(verifySnapshot(of: wider, as: .image, named: "badge", record: .never,
                                                  snapshotDirectory: folder, testName: "badge"))
        #expect(message.contains("70×40") && message.contains("60×40"), "\(message)")
    }
}

/// Issue 40: the font pinning Strata's tests use, offered to users' snapshot tests.
@Suite("SnapshotFonts")
struct SnapshotFontsTests {
    /// `pin()` writes the same rules as the tests' own fonts.conf (only the cache folder differs)
    /// and points fontconfig at them.
    @Test func pinningWritesTheTestsOwnRulesAndSetsFontconfigsFile() throws {
        let previous = ProcessInfo.processInfo.environment["FONTCONFIG_FILE"]
        defer { if let previous { setenv("FONTCONFIG_FILE", previous, 1) } }
        let file = try SnapshotFonts.pin()
        #expect(ProcessInfo.processInfo.environment["FONTCONFIG_FILE"] == file.path)
        let written = try String(contentsOf: file, encoding: .utf8)
        let tests = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("TestFontConfiguration/fonts.conf"), encoding: .utf8)
        func rules(_ text: String) -> [String] {
            let body = text[text.range(of: "<fontconfig>")!.lowerBound...]
            return body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("<cachedir>") }
        }
        #expect(rules(written) == rules(tests), "the pinned rules are the tests' rules")
        #expect(written.contains("<dir>/usr/share/fonts/truetype/dejavu</dir>") && !written.contains("CACHE"))
    }
}
