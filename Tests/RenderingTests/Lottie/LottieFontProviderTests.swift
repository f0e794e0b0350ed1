import CoreGraphics
import Foundation
import QuartzCore
@testable import StrataLottie
import Testing

/// Fonts handed to an animation (`addFont`, `addFonts(inFolder:)`, a `.lottie` archive's `f/`,
/// `strata --fonts DIR`). The handed font is Liberation Sans (fonts-liberation, installed by
/// scripts/install-deps.sh), which the tests' pinned fontconfig does not list: without it, text
/// naming "Liberation Sans" is drawn in the fallback, DejaVu Sans, whose letters are wider.
@Suite("Lottie fonts handed to an animation")
struct LottieFontProviderTests {
    static let liberation = URL(fileURLWithPath: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
    static let text = "Wide minimum"

    static func file() -> String {
        LottieGlyphTests.file(LottieGlyphTests.document(text, size: 32), family: "Liberation Sans")
    }

    /// A folder holding a copy of Liberation Sans Regular, a file that is not a font, and a
    /// sparse 65 MB "font" (larger than any font may be: refused without being read).
    static func fontFolder() throws -> URL {
        try #require(FileManager.default.fileExists(atPath: liberation.path), "fonts-liberation is installed by scripts/install-deps.sh")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: liberation, to: folder.appendingPathComponent("LiberationSans-Regular.ttf"))
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("broken.ttf"))
        let huge = folder.appendingPathComponent("huge.otf")
        FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        return folder
    }

    /// The ink's left and right edges (pixels of the 2× picture).
    static func inkSpan(_ image: CGImage) -> (minX: Int, maxX: Int) {
        var minX = Int.max, maxX = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.rgba(x, y).a > 128 {
                minX = min(minX, x)
                maxX = max(maxX, x)
            }
        }
        return (minX, maxX)
    }

    /// Where Liberation Sans puts the ink of `text` at 32 points, drawn at 2× from x = 20.
    static func expectedSpan() throws -> (minX: Double, maxX: Double) {
        let face = try #require(FontFace(contentsOf: liberation))
        let k = 32 / Double(face.unitsPerEm)
        var pen = 0.0, minX = Double.infinity, maxX = -Double.infinity
        for ch in text {
            let glyph = try #require(face.glyph(for: ch.unicodeScalars.first?.value ?? 0))
            let box = face.outline(of: glyph).boundingBoxOfPath
            if !box.isEmpty {
                minX = min(minX, pen + Double(box.minX) * k)
                maxX = max(maxX, pen + Double(box.maxX) * k)
            }
            pen += Double(face.advance(of: glyph)) * k
        }
        return (2 * (20 + minX), 2 * (20 + maxX))
    }

    @Test func aHandedFontDrawsTheTextThatNamesItsFamily() throws {
        let folder = try Self.fontFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var animation = try LottieAnimation(data: Data(Self.file().utf8))
        let before = animation.fontDescriptions
        #expect(try animation.addFonts(inFolder: folder) == 1, "one face read, the broken file left out")
        #expect(animation.warnings.contains { $0.contains("broken.ttf") && $0.contains("could not be read") }, "\(animation.warnings)")
        #expect(animation.warnings.contains { $0.contains("huge.otf") && $0.contains("could not be read") }, "\(animation.warnings)")
        #expect(animation.fontDescriptions == ["Face: the font handed to it (Liberation Sans, LiberationSans-Regular.ttf)"],
            "was \(before), now \(animation.fontDescriptions)")

        let player = LottieLayer(animation: animation)
        let image = Golden.render(Self.scene(player), width: 600, height: 240)
        let plain = Golden.render(Self.scene(LottieLayer(animation: try LottieAnimation(data: Data(Self.file().utf8)))), width: 600, height: 240)
        let span = Self.inkSpan(image), fallback = Self.inkSpan(plain), expected = try Self.expectedSpan()
        #expect(abs(Double(span.minX) - expected.minX) <= 1.5 && abs(Double(span.maxX) - expected.maxX) <= 1.5,
            "Liberation's ink \(expected), drawn \(span)")
        #expect(fallback.maxX - span.maxX > 20, "the fallback face is wider: \(fallback) against \(span)")
    }

    static func scene(_ player: LottieLayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 600, height: 240)
        player.frame = root.bounds
        root.addSublayer(player)
        CATransaction.flush()
        return root
    }

    @Test func aCGFontHandedByTheCallerIsUsedByName() throws {
        try #require(FileManager.default.fileExists(atPath: Self.liberation.path))
        let provider = try #require(CGDataProvider(url: Self.liberation as CFURL))
        let font = try #require(CGFont(provider))
        var animation = try LottieAnimation(data: Data(Self.file().replacingOccurrences(of: "\"fFamily\":\"Liberation Sans\"", with: "\"fFamily\":\"Arimo\"").replacingOccurrences(of: "\"fName\":\"Face\"", with: "\"fName\":\"LiberationSans\"").replacingOccurrences(of: "\"f\":\"Face\"", with: "\"f\":\"LiberationSans\"").utf8))
        animation.addFont(font)
        #expect(animation.fontDescriptions.first?.hasPrefix("LiberationSans: the font handed to it") == true,
            "matched by its PostScript name though the family differs: \(animation.fontDescriptions)")
        let span = Self.inkSpan(Golden.render(Self.scene(LottieLayer(animation: animation)), width: 600, height: 240))
        let expected = try Self.expectedSpan()
        #expect(abs(Double(span.maxX) - expected.maxX) <= 1.5, "Liberation's ink \(expected), drawn \(span)")
    }

    @Test func aDotLottieArchiveCarriesItsFonts() throws {
        try #require(FileManager.default.fileExists(atPath: Self.liberation.path))
        let manifest = "{\"version\":\"2\",\"animations\":[{\"id\":\"text\"}]}"
        let animation = try LottieDecodingTests.withArchive([
            ("manifest.json", Data(manifest.utf8)), ("a/text.json", Data(Self.file().utf8)),
            ("f/LiberationSans-Regular.ttf", try Data(contentsOf: Self.liberation)), ("f/empty.otf", Data()),
        ]) { url in try LottieAnimation(contentsOf: url) }
        #expect(animation.fontDescriptions.first?.hasPrefix("Face: the font handed to it (Liberation Sans") == true, "\(animation.fontDescriptions)")
        #expect(animation.warnings.contains { $0.contains("f/empty.otf") }, "\(animation.warnings)")
        let span = Self.inkSpan(Golden.render(Self.scene(LottieLayer(animation: animation)), width: 600, height: 240))
        #expect(abs(Double(span.maxX) - (try Self.expectedSpan()).maxX) <= 1.5, "drawn \(span)")
    }

    @Test func theCommandLineTakesAFontsFolderAndRefusesAMissingOne() throws {
        let folder = try Self.fontFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("text.json")
        try Data(Self.file().utf8).write(to: json)
        let info = try StrataCommand.run(["info", json.path, "--fonts", folder.path])
        #expect(info.status == 0 && info.output.contains("Face: the font handed to it (Liberation Sans"), "\(info.output)")
        let missing = try StrataCommand.run(["info", json.path, "--fonts", folder.appendingPathComponent("nowhere").path])
        #expect(missing.status == 66 && missing.output.contains("--fonts") && missing.output.contains("cannot be read"), "\(missing.status): \(missing.output)")
    }
}
