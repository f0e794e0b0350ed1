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
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FAMILY, 0, &name) == FcResultMatch, let name else { return nil }
        return String(cString: name)
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
