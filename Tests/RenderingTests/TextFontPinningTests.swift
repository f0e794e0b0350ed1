import CPango
import CoreGraphics
import Foundation
import TestFontConfiguration
import Testing

/// Text goldens draw with the fonts of `Tests/TestFontConfiguration/fonts.conf`, whatever else
/// the machine has installed (a machine with Liberation or URW fonts resolves "Helvetica" to
/// those by default; CI installs them and runs the text goldens again to prove the pinning).
@Suite struct TextFontPinningTests {
    /// The family Pango picks for `name` with the test process's font configuration.
    private func resolvedFamily(_ name: String) throws -> String {
        FontAliases.install  // as Strata does before touching fontconfig (FontAliases says why)
        let map = try #require(pango_cairo_font_map_get_default())
        let context = try #require(pango_font_map_create_context(map))
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = try #require(pango_font_description_from_string(name))
        defer { pango_font_description_free(description) }
        let font = try #require(pango_font_map_load_font(map, context, description))
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        let described = try #require(pango_font_describe(font))
        defer { pango_font_description_free(described) }
        return String(cString: try #require(pango_font_description_get_family(described)))
    }

    @Test func theTestProcessIsPinnedToItsOwnFontConfiguration() throws {
        let pinned = String(cString: strata_test_fonts_configuration())
        #expect(pinned.hasSuffix("Tests/TestFontConfiguration/fonts.conf"))
        #expect(ProcessInfo.processInfo.environment["FONTCONFIG_FILE"] == pinned)
        #expect(FileManager.default.fileExists(atPath: pinned))
    }

    @Test(arguments: [("Helvetica", "DejaVu Sans"), ("Sans", "DejaVu Sans"), ("Times", "DejaVu Serif"),
                      ("Courier", "DejaVu Sans Mono"), ("Arial", "DejaVu Sans")])
    func applesFamilyNamesResolveToThePinnedFaces(name: String, expected: String) throws {
        #expect(try resolvedFamily(name) == expected)
    }
}
