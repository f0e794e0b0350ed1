import CPango
import CoreGraphics
import Foundation
@testable import StrataCompositor
import Testing

/// Apple's family names resolve to the metric-compatible faces Debian packages (fonts-liberation,
/// fonts-dejavu-core, both installed by scripts/install-deps.sh): checked on a fontconfig
/// configuration of just those folders and Strata's rules, apart from the tests' pinned one.
@Suite("Apple font families")
struct FontAliasTests {
    static func match(_ family: String) throws -> String? {
        try face(family)?.family
    }

    /// The face matching fontconfig name `name` ("Helvetica Neue:weight=bold"): its family and file.
    static func face(_ name: String) throws -> (family: String, file: String)? {
        let family = name
        let config = try #require(FcConfigCreate())
        defer { FcConfigDestroy(config) }
        // A cache folder of its own (fontconfig complains on every match without one).
        let cache = "<?xml version=\"1.0\"?><fontconfig><cachedir>\(NSTemporaryDirectory())strata-test-fontconfig-cache</cachedir></fontconfig>"
        _ = cache.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: cache.utf8.count + 1) { FcConfigParseAndLoadFromMemory(config, $0, 1) } }
        for dir in ["/usr/share/fonts/truetype/liberation", "/usr/share/fonts/truetype/dejavu"] {
            _ = dir.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: dir.utf8.count + 1) { FcConfigAppFontAddDir(config, $0) } }
        }
        let xml = FontAliases.configuration
        let parsed = xml.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: xml.utf8.count + 1) { FcConfigParseAndLoadFromMemory(config, $0, 1) } }
        #expect(parsed != 0, "the rules parse")
        let pattern = try #require(family.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcNameParse($0) } })
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var found: UnsafeMutablePointer<FcChar8>?, file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FAMILY, 0, &found) == FcResultMatch, let found,
            FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file
        else { return nil }
        return (String(cString: found), String(cString: file))
    }

    /// Advance widths (thousandths of an em) of Adobe's Core 14 Helvetica and Helvetica-Bold
    /// metrics (their published AFM files), for the letters of "Hamburgefontsiv W".
    static let helvetica: [Character: Double] = [
        "H": 722, "a": 556, "m": 833, "b": 556, "u": 556, "r": 333, "g": 556, "e": 556, "f": 278, "o": 556, "n": 556, "t": 278,
        "s": 500, "i": 222, "v": 500, " ": 278, "W": 944,
    ]
    static let helveticaBold: [Character: Double] = [
        "H": 722, "a": 556, "m": 889, "b": 611, "u": 611, "r": 389, "g": 611, "e": 556, "f": 333, "o": 611, "n": 611, "t": 333,
        "s": 556, "i": 278, "v": 556, " ": 278, "W": 944,
    ]

    @Test(arguments: [("Helvetica", false), ("HelveticaNeue-Bold", true), ("Helvetica-Bold", true), ("ArialMT", false)])
    func helveticaNamesDrawLiberationSansWithHelveticasAdvances(name: String, bold: Bool) throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/liberation"), "fonts-liberation is installed by scripts/install-deps.sh")
        // The family and style CATextLayer, Core Text and Lottie text hand Pango for the name.
        let pango = TextKey.pangoFamily(name)
        let words = pango.split(separator: " ")
        let family = words.last == "Bold" ? words.dropLast().joined(separator: " ") : pango
        #expect((words.last == "Bold") == bold, "\(name) → \(pango)")
        let found = try #require(try Self.face(family + (bold ? ":weight=bold" : "")), "\(name) matches a face")
        #expect(found.family == "Liberation Sans", "\(name) → \(pango) → \(found.family)")
        let face = try #require(FontFace(contentsOf: URL(fileURLWithPath: found.file)))
        #expect(face.weightClass >= 700 || !bold, "\(found.file): bold when asked")
        let metrics = bold ? Self.helveticaBold : Self.helvetica
        for (character, expected) in metrics {
            let glyph = try #require(face.glyph(for: character.unicodeScalars.first?.value ?? 0), "\(character)")
            let advance = Double(face.advance(of: glyph)) * 1000 / Double(face.unitsPerEm)
            #expect(abs(advance - expected) <= 0.02 * expected, "\(name) '\(character)': \(advance) against Helvetica's \(expected)")
        }
    }

    @Test(arguments: [
        ("Helvetica Neue", "Liberation Sans"), ("SF Pro Text", "Liberation Sans"), (".SFUIText", "Liberation Sans"),
        ("Helvetica", "Liberation Sans"), ("Times", "Liberation Serif"), ("Courier", "Liberation Mono"),
        ("Menlo", "DejaVu Sans Mono"), ("SF Mono", "DejaVu Sans Mono"),
    ])
    func appleFamiliesResolveToMetricCompatibleFaces(family: String, expected: String) throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/liberation"), "fonts-liberation is installed by scripts/install-deps.sh")
        #expect(try Self.match(family) == expected, "\(family)")
    }
}
