import CoreGraphics
import Testing

/// Issue 41: the font names iOS code writes are Apple's PostScript names — families without
/// spaces, foundries' marks, a style after the dash. Each finds its family's face in the right
/// weight and slant (here the tests' pinned DejaVu faces stand in for Apple's families).
@Suite("Fonts named as iOS code names them")
struct PostScriptNameTests {
    @Test func applesPostScriptNamesSpellTheirFamilies() {
        let spelled: [(String, String?)] = [
            ("HelveticaNeue", "Helvetica Neue"), ("TimesNewRomanPS", "Times New Roman"), ("ArialMT", "Arial"),
            ("SFProText", "SF Pro Text"), ("AvenirNext", "Avenir Next"), ("CourierNewPSMT", "Courier New"),
            ("Helvetica", nil), ("GillSans", "Gill Sans"),
        ]
        for (name, family) in spelled {
            #expect(FontLocator.familyOfPostScriptName(name) == family, "\(name)")
        }
    }

    /// Tried: the names of the most used iOS faces. Each was nil before (drawn in the fallback's
    /// regular face: "HelveticaNeue-Bold" came out regular); now the weight and slant hold.
    @Test func eachNameFindsItsWeightAndSlant() throws {
        let expected: [(String, String)] = [
            ("HelveticaNeue", "DejaVuSans"), ("HelveticaNeue-Bold", "DejaVuSans-Bold"), ("HelveticaNeue-Light", "DejaVuSans-ExtraLight"),
            ("AvenirNext-DemiBold", "DejaVuSans-Bold"), ("AvenirNext-Regular", "DejaVuSans"), ("ArialMT", "DejaVuSans"),
            ("Arial-BoldMT", "DejaVuSans-Bold"), ("TimesNewRomanPSMT", "DejaVuSerif"), ("TimesNewRomanPS-BoldItalicMT", "DejaVuSerif-BoldItalic"),
            ("SFProText-Bold", "DejaVuSans-Bold"), ("CourierNewPSMT", "DejaVuSansMono"), ("GillSans-Bold", "DejaVuSans-Bold"),
        ]
        for (name, postScriptName) in expected {
            let face = try #require(FontLocator.face(named: name), "\(name)")
            #expect(face.postScriptName == postScriptName, "\(name) → \(face.postScriptName)")
        }
        #expect(FontLocator.face(named: "AirbnbCerealApp-Bold") == nil, "an unknown family stays unknown (the fallback draws it)")
    }
}
