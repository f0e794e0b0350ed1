import Foundation
import QuartzCore
import SnapshotTesting
import StrataSnapshotTesting
import ImageIO
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
func picture(_ strategy: Snapshotting<CALayer, LayerImage>, _ layer: CALayer) throws -> CGImage {
    var image: CGImage?
    strategy.snapshot(layer).run { image = $0.image }
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

/// Issue 44: references recorded on iOS — at the device's scale, in the simulator's colour space.
@Suite("StrataSnapshotTesting: references recorded on iOS")
struct IOSReferenceTests {
    /// A folder with the badge recorded by `strategy` as "badge".
    private func recorded(_ strategy: Snapshotting<CALayer, LayerImage>) -> String {
        let folder = NSTemporaryDirectory() + "strata-snapshots-\(UUID().uuidString)"
        _ = verifySnapshot(of: badgeLayer(), as: strategy, named: "badge", record: .all, snapshotDirectory: folder, testName: "badge")
        return folder
    }

    /// A reference recorded at 2 or 3 pixels a point (as iOS devices record) is met by `.image`
    /// with no scale: the layer is drawn again at the reference's scale. A scale named by the
    /// test is kept, and then the sizes differ.
    @Test func withoutAScaleTheReferencesSizeChoosesIt() throws {
        for scale: CGFloat in [2, 3] {
            let folder = recorded(.image(precision: 1, scale: scale))
            #expect(verifySnapshot(of: badgeLayer(), as: .image, named: "badge", record: .never,
                                   snapshotDirectory: folder, testName: "badge") == nil, "@\(Int(scale))x reference, no scale given")
            let named = try #require(verifySnapshot(of: badgeLayer(), as: .image(precision: 1, scale: 1), named: "badge",
                                                    record: .never, snapshotDirectory: folder, testName: "badge"))
            #expect(named.contains("60×40"), "scale 1 named: \(named)")
        }
        // A size no device scale gives is reported as it is.
        let folder = recorded(.image(precision: 1, scale: 2))
        let wider = badgeLayer()
        wider.frame.size.width = 70
        let message = try #require(verifySnapshot(of: wider, as: .image, named: "badge", record: .never,
                                                  snapshotDirectory: folder, testName: "badge"))
        #expect(message.contains("70×40") && message.contains("120×80"), "\(message)")
    }

    /// A reference whose PNG carries a Display P3 profile (as simulators record on wide-colour
    /// devices) is read in sRGB: its P3 bytes of the card's orange match the sRGB drawing. The
    /// same bytes without the profile are another colour (ΔE ≈ 9) and fail.
    @Test func aReferenceInDisplayP3IsComparedInSRGB() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        let orange = CGColor(red: 0.9, green: 0.45, blue: 0.2, alpha: 1)
        layer.backgroundColor = orange
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let inP3 = try #require(orange.converted(to: p3, intent: .defaultIntent, options: nil)?.components)
        let bytes = inP3.prefix(3).map { UInt8(($0 * 255).rounded()) }
        let profile = try #require(p3.copyICCData()) as Data
        let folder = NSTemporaryDirectory() + "strata-snapshots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let reference = URL(fileURLWithPath: folder).appendingPathComponent("badge.swatch.png")
        func verify() -> String? {
            verifySnapshot(of: layer, as: .image(precision: 1, perceptualPrecision: 0.99), named: "swatch", record: .never,
                           snapshotDirectory: folder, testName: "badge")
        }
        try TestPNG.solid(width: 8, height: 8, rgb: bytes, profile: profile).write(to: reference)
        #expect(verify() == nil, "P3 bytes \(bytes) with their profile: the sRGB orange")
        try TestPNG.solid(width: 8, height: 8, rgb: bytes, profile: nil).write(to: reference)
        #expect(verify() != nil, "the same bytes read as sRGB are another orange")
    }

    @Test func theRecordedOnIOSPresetAllowsAntialiasingDifferences() throws {
        let folder = recorded(.image)
        // Two pixels of 2,400 changed a little (ΔE < 2) and 20 a lot (0.8 %): within 99 % and 0.98.
        let touched = badgeLayer()
        let patch = CALayer()
        patch.frame = CGRect(x: 44, y: 4, width: 5, height: 4)
        patch.backgroundColor = CGColor(gray: 0, alpha: 1)
        touched.addSublayer(patch)
        #expect(verifySnapshot(of: touched, as: .imageRecordedOnIOS, named: "badge", record: .never,
                               snapshotDirectory: folder, testName: "badge") == nil)
        #expect(verifySnapshot(of: touched, as: .image, named: "badge", record: .never,
                               snapshotDirectory: folder, testName: "badge") != nil)
    }
}

/// PNG files made byte by byte, for references as other tools write them.
enum TestPNG {
    /// A `width`×`height` RGB picture of one colour, with an `iCCP` chunk holding `profile`.
    static func solid(width: Int, height: Int, rgb: [UInt8], profile: Data?) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png += PNGFile.chunk("IHDR", PNGFile.be32(width) + PNGFile.be32(height) + Data([8, 2, 0, 0, 0]))
        if let profile { png += PNGFile.chunk("iCCP", Data("P3".utf8) + Data([0, 0]) + zlibStored(profile)) }
        var rows = Data()
        for _ in 0..<height { rows += Data([0]) + Data((0..<width).flatMap { _ in rgb }) }
        png += PNGFile.chunk("IDAT", zlibStored(rows))
        png += PNGFile.chunk("IEND", Data())
        return png
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let n = min(65_535, bytes.count - offset)
            let last: UInt8 = offset + n == bytes.count ? 1 : 0
            out += Data([last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)])
            out += Data(bytes[offset..<(offset + n)])
            offset += n
        } while offset < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + PNGFile.be32(Int(b << 16 | a))
    }
}

/// Issue 44: swift-snapshot-testing's path strategies on Linux.
@Suite("StrataSnapshotTesting: path strategies")
struct PathSnapshotTests {
    /// A 20×10 rectangle at (5, 5) with a triangle cut out (even-odd): drawn over its bounding
    /// box, black where filled, transparent in the hole, y down.
    @Test func aPathIsDrawnInBlackOverItsBoundingBox() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 5, y: 5, width: 20, height: 10))
        path.addLines(between: [CGPoint(x: 7, y: 7), CGPoint(x: 13, y: 7), CGPoint(x: 7, y: 13)])
        path.closeSubpath()
        var image: CGImage?
        Snapshotting<CGPath, LayerImage>.image.snapshot(path).run { image = $0.image }
        let picture = try #require(image)
        #expect(picture.width == 20 && picture.height == 10)
        // Rows counted from the top (the picture's memory order).
        func alpha(_ x: Int, _ y: Int) -> UInt32 { picture.pixels.pixel(x: x, y: y) >> 24 }
        #expect(picture.pixels.pixel(x: 15, y: 5) == 0xFF00_0000, "filled black")
        #expect(alpha(3, 3) == 0, "the hole, near the top left (y down)")
        #expect(alpha(3, 9) == 255, "below the hole")
        var twice: CGImage?
        Snapshotting<CGPath, LayerImage>.image(scale: 2).snapshot(path).run { twice = $0.image }
        #expect(twice?.width == 40 && twice?.height == 20)
    }

    /// The text swift-snapshot-testing records for a path on Apple platforms.
    @Test func elementsAreDescribedAsOnApplePlatforms() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10.5, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 12, y: 5))
        path.closeSubpath()
        path.move(to: CGPoint(x: 1.23456, y: 2000))
        path.addCurve(to: CGPoint(x: 3, y: 3), control1: CGPoint(x: 1, y: 1), control2: CGPoint(x: 2, y: 2))
        var text: String?
        Snapshotting<CGPath, String>.elementsDescription.snapshot(path).run { text = $0 }
        #expect(text == """
            MoveTo (0.0, 0.0)
            LineTo (10.5, 0.0)
            QuadCurveTo (12.0, 5.0) (10.0, 10.0)
            Close

            MoveTo (1.235, 2000.0)
            CurveTo (1.0, 1.0) (2.0, 2.0) (3.0, 3.0)

            """)
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
