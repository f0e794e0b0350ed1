import CoreText
import Foundation
import Testing

/// CTFont's metrics, glyphs and outlines: the font file's own tables (read by FreeType) scaled to the size.
@Suite struct CTFontTests {
    private let reference = FreeTypeReference(Pinned.sans)!

    @Test func metricsAreTheFilesTablesScaledToTheSize() throws {
        _ = Pinned.configuration
        let font = CTFontCreateWithName("DejaVuSans" as CFString, 24, nil)
        let scale = 24 / reference.unitsPerEm
        #expect(CTFontCopyPostScriptName(font) == "DejaVuSans")
        #expect(CTFontCopyFamilyName(font) == "DejaVu Sans")
        #expect(CTFontGetSize(font) == 24)
        #expect(CTFontGetUnitsPerEm(font) == 2048)
        #expect(abs(CTFontGetAscent(font) - reference.ascender * scale) < 1e-9)
        #expect(abs(CTFontGetDescent(font) + reference.descender * scale) < 1e-9, "descent is positive below the baseline")
        #expect(abs(CTFontGetLeading(font) - max(0, reference.lineGap) * scale) < 1e-9)
        #expect(CTFontGetGlyphCount(font) == Int(reference.face.pointee.num_glyphs))
        let box = reference.face.pointee.bbox
        #expect(abs(CTFontGetBoundingBox(font).minX - CGFloat(box.xMin) * scale) < 1e-9)
        #expect(abs(CTFontGetBoundingBox(font).maxY - CGFloat(box.yMax) * scale) < 1e-9)
        let h = reference.controlBox(reference.glyph("H")), x = reference.controlBox(reference.glyph("x"))
        #expect(abs(CTFontGetCapHeight(font) - h.maxY * scale) < 0.02, "cap height: the H's top")
        #expect(abs(CTFontGetXHeight(font) - x.maxY * scale) < 0.02, "x height: the x's top")
        // FreeType reports the underline's centre; the post table (and Core Text) its top.
        let thickness = CGFloat(reference.face.pointee.underline_thickness)
        #expect(abs(CTFontGetUnderlineThickness(font) - thickness * scale) < 1e-9)
        #expect(abs(CTFontGetUnderlinePosition(font) - (CGFloat(reference.face.pointee.underline_position) + thickness / 2) * scale) < 1e-9)
    }

    @Test func aSizeOfZeroIsTwelveAndUnknownNamesFallBack() {
        let font = CTFontCreateWithName("DejaVuSans" as CFString, 0, nil)
        #expect(CTFontGetSize(font) == 12)
        let unknown = CTFontCreateWithName("No Such Font 9876" as CFString, 10, nil)
        #expect(CTFontGetGlyphCount(unknown) > 100, "a name matching nothing gives the fallback face, not a crash")
        let helvetica = CTFontCreateWithName("Helvetica" as CFString, 10, nil)
        #expect(CTFontCopyFamilyName(helvetica) == "DejaVu Sans", "the tests' pinned configuration answers Helvetica with DejaVu Sans")
        let nan = CTFontCreateWithName("DejaVuSans" as CFString, .nan, nil)
        #expect(CTFontGetSize(nan) == 12, "a NaN size is the default size")
    }

    @Test func charactersMapToTheFilesGlyphs() {
        let font = CTFontCreateWithName("DejaVuSans" as CFString, 12, nil)
        let characters: [UniChar] = Array("Aé€".utf16)
        var glyphs = [CGGlyph](repeating: 99, count: characters.count)
        #expect(CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count))
        #expect(glyphs == [reference.glyph("A"), reference.glyph("é"), reference.glyph("€")])
        // U+1F9E0 (a surrogate pair) is not in DejaVu Sans: false, glyph 0 at both units.
        let emoji: [UniChar] = Array("A\u{1F9E0}".utf16)
        var emojiGlyphs = [CGGlyph](repeating: 99, count: emoji.count)
        #expect(!CTFontGetGlyphsForCharacters(font, emoji, &emojiGlyphs, emoji.count))
        #expect(emojiGlyphs == [reference.glyph("A"), 0, 0])
    }

    @Test func advancesAndBoundsAreTheFilesScaled() {
        let font = CTFontCreateWithName("DejaVuSans" as CFString, 30, nil)
        let glyphs = "AWg ".unicodeScalars.map { reference.glyph($0) }
        var advances = [CGSize](repeating: .zero, count: glyphs.count)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, glyphs.count)
        let expected = glyphs.map { reference.advance($0) * 30 / 2048 }
        for (a, e) in zip(advances, expected) { #expect(abs(a.width - e) < 1e-9 && a.height == 0) }
        #expect(abs(total - Double(expected.reduce(0, +))) < 1e-9)
        var rects = [CGRect](repeating: .null, count: glyphs.count)
        _ = CTFontGetBoundingRectsForGlyphs(font, .horizontal, glyphs, &rects, glyphs.count)
        let w = reference.controlBox(glyphs[1])
        #expect(abs(rects[1].minX - w.minX * 30 / 2048) < 0.05 && abs(rects[1].maxY - w.maxY * 30 / 2048) < 0.05, "W's box \(rects[1])")
        #expect(rects[3] == .zero, "the space has no ink")
    }

    @Test func glyphPathsAreTheFilesOutlines() throws {
        let font = CTFontCreateWithName("DejaVuSans" as CFString, 100, nil)
        for character in "Hg&" .unicodeScalars {
            let glyph = reference.glyph(character)
            let path = try #require(CTFontCreatePathForGlyph(font, glyph, nil))
            let expected = reference.controlBox(glyph)
            let box = path.boundingBox
            let scale: CGFloat = 100 / 2048
            #expect(abs(box.minX - expected.minX * scale) < 0.01 && abs(box.minY - expected.minY * scale) < 0.01
                    && abs(box.maxX - expected.maxX * scale) < 0.01 && abs(box.maxY - expected.maxY * scale) < 0.01,
                    "\(character): \(box) vs \(expected.applying(CGAffineTransform(scaleX: scale, y: scale)))")
        }
        var shift = CGAffineTransform(translationX: 10, y: 5)
        let moved = try #require(CTFontCreatePathForGlyph(font, reference.glyph("H"), &shift))
        let plain = try #require(CTFontCreatePathForGlyph(font, reference.glyph("H"), nil))
        #expect(abs(moved.boundingBox.minX - plain.boundingBox.minX - 10) < 1e-9)
        #expect(CTFontCreatePathForGlyph(font, reference.glyph(" "), nil)?.isEmpty == true, "a blank glyph: an empty path")
        #expect(CTFontCreatePathForGlyph(font, 60_000, nil) == nil, "a glyph the font does not have: nil")
    }

    @Test func traitsFindTheFamilysOtherFaces() throws {
        let regular = CTFontCreateWithName("DejaVuSans" as CFString, 14, nil)
        #expect(CTFontGetSymbolicTraits(regular).isEmpty)
        let bold = try #require(CTFontCreateCopyWithSymbolicTraits(regular, 0, nil, .traitBold, .traitBold))
        #expect(CTFontCopyPostScriptName(bold) == "DejaVuSans-Bold")
        #expect(CTFontGetSymbolicTraits(bold).contains(.traitBold))
        #expect(CTFontGetSize(bold) == 14)
        let boldItalic = try #require(CTFontCreateCopyWithSymbolicTraits(regular, 20, nil, [.traitBold, .traitItalic], [.traitBold, .traitItalic]))
        #expect(CTFontCopyPostScriptName(boldItalic) == "DejaVuSans-BoldOblique")
        #expect(CTFontGetSize(boldItalic) == 20)
        let mono = CTFontCreateWithName("DejaVuSansMono" as CFString, 14, nil)
        #expect(CTFontGetSymbolicTraits(mono).contains(.traitMonoSpace))
        let traits = CTFontCopyTraits(bold)
        #expect(((traits[kCTFontWeightTrait] as? NSNumber)?.doubleValue ?? 0) > 0.3)
    }

    @Test func descriptorsDescribeAndMatchInstalledFaces() throws {
        let descriptor = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Sans", kCTFontStyleNameAttribute: "Bold"])
        let font = CTFontCreateWithFontDescriptor(descriptor, 18, nil)
        #expect(CTFontCopyPostScriptName(font) == "DejaVuSans-Bold")
        let family = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Sans"])
        let faces = try #require(CTFontDescriptorCreateMatchingFontDescriptors(family, nil))
        #expect(faces.count >= 4, "regular, bold, oblique, bold oblique (and more): \(faces.count)")
        let sized = CTFontDescriptorCreateWithNameAndSize("DejaVuSansMono" as CFString, 9)
        #expect(CTFontGetSize(CTFontCreateWithFontDescriptor(sized, 0, nil)) == 9, "size 0 takes the descriptor's")
        #expect(CTFontDescriptorCopyAttribute(CTFontCopyFontDescriptor(font), kCTFontNameAttribute) as? String == "DejaVuSans-Bold")
        let nowhere = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "No Such Family 42"])
        #expect(CTFontDescriptorCreateMatchingFontDescriptors(nowhere, nil) == nil)
    }

    @Test func collectionsAndTheManagerListAndRegisterFonts() throws {
        let families = CTFontManagerCopyAvailableFontFamilyNames().compactMap { $0 as? String }
        #expect(families.contains("DejaVu Sans"))
        let all = try #require(CTFontCollectionCreateMatchingFontDescriptors(CTFontCollectionCreateFromAvailableFonts(nil)))
        #expect(all.count >= families.count)
        // A font file copied under a new name and registered is found by its PostScript name.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("strata-register-\(UUID().uuidString).ttf")
        try FileManager.default.copyItem(at: Pinned.mono, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        var error: Unmanaged<CFError>?
        _ = CTFontManagerUnregisterFontsForURL(copy as CFURL, .process, nil)
        #expect(CTFontManagerRegisterFontsForURL(copy as CFURL, .process, &error))
        #expect(!CTFontManagerRegisterFontsForURL(copy as CFURL, .process, &error), "registering twice fails")
        #expect(error != nil)
        error?.release()
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("strata-not-a-font-\(UUID().uuidString).ttf")
        try Data("hello".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: text) }
        var notFont: Unmanaged<CFError>?
        #expect(!CTFontManagerRegisterFontsForURL(text as CFURL, .process, &notFont), "a text file is not a font")
        #expect(notFont?.takeRetainedValue().domain == "com.apple.CoreText.CTFontManagerErrorDomain")
        #expect(CTFontManagerUnregisterFontsForURL(copy as CFURL, .process, nil))
    }

    /// The stylistic class comes from the OS/2 family class: Liberation Sans is sans serif (8),
    /// Liberation Serif old-style serif (1); DejaVu Sans leaves it unclassified (0).
    @Test func symbolicTraitsCarryTheStylisticClass() throws {
        let liberation = URL(fileURLWithPath: "/usr/share/fonts/truetype/liberation")
        try #require(FileManager.default.fileExists(atPath: liberation.path), "fonts-liberation is installed by scripts/install-deps.sh")
        func stylisticClass(_ url: URL) throws -> CTFontStylisticClass {
            let provider = try #require(CGDataProvider(url: url as CFURL))
            let font = CTFontCreateWithGraphicsFont(try #require(CGFont(provider)), 12, nil, nil)
            return CTFontStylisticClass(rawValue: CTFontGetSymbolicTraits(font).intersection(.traitClassMask).rawValue)
        }
        #expect(try stylisticClass(liberation.appendingPathComponent("LiberationSans-Regular.ttf")) == .classSansSerif)
        #expect(try stylisticClass(liberation.appendingPathComponent("LiberationSerif-Regular.ttf")) == .classOldStyleSerifs)
        #expect(try stylisticClass(Pinned.sans) == .classUnknown)
        let boldProvider = try #require(CGDataProvider(url: Pinned.bold as CFURL))
        let bold = CTFontGetSymbolicTraits(CTFontCreateWithGraphicsFont(try #require(CGFont(boldProvider)), 12, nil, nil))
        #expect(bold.contains(.boldTrait) && !bold.contains(.italicTrait), "the old spellings name the same bits")
    }

    /// Tried: a missing file, a text file, the same font twice, withdrawing one not registered;
    /// each fails with Apple's code in `kCTFontManagerErrorDomain` and names the URL.
    @Test func theFontManagerNamesWhyARegistrationFailed() throws {
        func code(_ error: Unmanaged<CFError>?) -> (CTFontManagerError?, [URL]) {
            guard let e = error?.takeRetainedValue(), e.domain == kCTFontManagerErrorDomain as String else { return (nil, []) }
            return (CTFontManagerError(rawValue: e.code), e.userInfo[kCTFontManagerErrorFontURLsKey as String] as? [URL] ?? [])
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("strata-missing-\(UUID().uuidString).ttf")
        var error: Unmanaged<CFError>?
        #expect(!CTFontManagerRegisterFontsForURL(missing as CFURL, .process, &error))
        let (missingCode, urls) = code(error)
        #expect(missingCode == .fileNotFound && urls == [missing], "\(String(describing: missingCode)) \(urls)")
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("strata-text-\(UUID().uuidString).ttf")
        try Data("hello".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: text) }
        error = nil
        #expect(!CTFontManagerRegisterFontsForURL(text as CFURL, .process, &error))
        #expect(code(error).0 == .unrecognizedFormat)
        // Another face than the registration test above uses: tests run at once, and the
        // registry holds one font a PostScript name.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("strata-twice-\(UUID().uuidString).ttf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        _ = CTFontManagerUnregisterFontsForURL(copy as CFURL, .process, nil)
        #expect(CTFontManagerRegisterFontsForURL(copy as CFURL, .process, nil))
        error = nil
        #expect(!CTFontManagerRegisterFontsForURL(copy as CFURL, .process, &error))
        #expect(code(error).0 == .alreadyRegistered)
        #expect(CTFontManagerUnregisterFontsForURL(copy as CFURL, .process, nil))
        error = nil
        #expect(!CTFontManagerUnregisterFontsForURL(copy as CFURL, .process, &error), "withdrawn twice")
        #expect(code(error).0 == .notRegistered)
    }
}

/// Font tables, OpenType features and variation axes.
@Suite struct CTFontTableAndFeatureTests {
    private let sans = CTFontCreateWithName("DejaVuSans" as CFString, 20, nil)

    @Test func tablesAreTheFontsOwnBytes() throws {
        let tags = try #require(CTFontCopyAvailableTables(sans, []) as? [NSNumber]).map(\.uint32Value)
        for tag in [kCTFontTableHead, kCTFontTableCmap, kCTFontTableGlyf, kCTFontTableGSUB] {
            #expect(tags.contains(CTFontTableTag(tag)), "\(String(format: "%08X", tag))")
        }
        let head = try #require(CTFontCopyTable(sans, CTFontTableTag(kCTFontTableHead), []))
        // 'head': the magic number at byte 12, units per em at byte 18 (big-endian).
        let bytes = [UInt8](head)
        #expect(bytes[12...15].reduce(0) { $0 << 8 | UInt32($1) } == 0x5F0F_3CF5)
        #expect(Int(bytes[18]) << 8 | Int(bytes[19]) == 2048, "DejaVu Sans has 2048 units an em")
        #expect(CTFontCopyTable(sans, CTFontTableTag(kCTFontTableMorx), []) == nil, "tried: a table DejaVu lacks")
        #expect(kCTFontTableOS2 == 0x4F53_2F32, "'OS/2'")
    }

    @Test func featureSettingsReachTheShaper() throws {
        let noKerning = CTFontDescriptorCreateWithAttributes([
            kCTFontNameAttribute: "DejaVuSans",
            kCTFontFeatureSettingsAttribute: [[kCTFontOpenTypeFeatureTag: "kern", kCTFontOpenTypeFeatureValue: 0]],
        ] as CFDictionary)
        let font = CTFontCreateWithFontDescriptor(noKerning, 20, nil)
        let settings = try #require(CTFontCopyFeatureSettings(font) as? [[String: Any]])
        #expect(settings.first?[kCTFontOpenTypeFeatureTag] as? String == "kern")
        #expect(CTFontCopyFeatureSettings(sans) == nil)
        let kerned = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("AV", sans)), nil, nil, nil)
        let unkerned = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("AV", font)), nil, nil, nil)
        let off = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(
            attributed("AV", sans, [NSAttributedString.Key(kCTKernAttributeName as String): 0])), nil, nil, nil)
        #expect(unkerned > kerned + 0.5, "kern=0 in the font turns DejaVu's A–V kerning off")
        #expect(abs(unkerned - off) < 1e-9, "as the kern attribute 0 does")
        // The settings survive a copy at another size.
        #expect((CTFontCopyFeatureSettings(CTFontCreateCopyWithAttributes(font, 30, nil, nil)) as? [Any])?.count == 1)
        let features = try #require(CTFontCopyFeatures(sans) as? [[String: Any]]).compactMap { $0[kCTFontOpenTypeFeatureTag] as? String }
        #expect(features.contains("kern"))
        // Tried: a tag of the wrong length and a value that is no number.
        let odd = CTFontDescriptorCreateWithAttributes([
            kCTFontNameAttribute: "DejaVuSans",
            kCTFontFeatureSettingsAttribute: [[kCTFontOpenTypeFeatureTag: "kerning", kCTFontOpenTypeFeatureValue: 0], ["x": 1]],
        ] as CFDictionary)
        #expect(CTFontCopyFeatureSettings(CTFontCreateWithFontDescriptor(odd, 20, nil)) == nil)
    }

    @Test func aFontThatDoesNotVaryHasNoAxes() {
        #expect(CTFontCopyVariationAxes(sans) == nil)
        #expect(CTFontCopyVariation(sans) == nil)
    }
}

/// The rest of CTFont.h, CTFontDescriptor.h and CTFontManager.h: formats, matching with
/// progress, registering several files, character sets, vertical origins.
@Suite struct CTFontManagerBatchTests {
    private let sans = CTFontCreateWithName("DejaVuSans" as CFString, 20, nil)
    /// A face no other test registers (the registry holds one font a PostScript name).
    private let monoBoldItalic = URL(fileURLWithPath: "/usr/share/fonts/truetype/liberation/LiberationMono-BoldItalic.ttf")

    @Test func aFontsDescriptorSaysItsFormat() {
        let format = CTFontCopyAttribute(sans, kCTFontFormatAttribute) as? NSNumber
        #expect(format?.uint32Value == CTFontFormat.openTypeTrueType.rawValue, "DejaVu has TrueType outlines (glyf)")
    }

    @Test func matchingWithProgressTellsEachStepInOrder() {
        var states: [CTFontDescriptorMatchingState] = []
        var matched = 0
        let query = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Sans"] as CFDictionary)
        let finished = CTFontDescriptorMatchFontDescriptorsWithProgressHandler([query], nil) { state, info in
            states.append(state)
            if state == .didMatch { matched = (info[kCTFontDescriptorMatchingResult] as? [Any])?.count ?? 0 }
            return true
        }
        #expect(finished)
        #expect(states == [.didBegin, .willBeginQuerying, .didMatch, .didFinish])
        #expect(matched >= 1)
        #expect(!CTFontDescriptorMatchFontDescriptorsWithProgressHandler([query], nil) { state, _ in state != .didMatch },
                "a handler answering false stops it")
    }

    /// Tried: a file that is not there among the files; its error comes back, the other registers.
    @Test func severalFilesRegisterWithOneErrorForTheMissingOne() throws {
        var errors: [Any] = []
        var done = false
        CTFontManagerRegisterFontURLs([monoBoldItalic, URL(fileURLWithPath: "/nonexistent/font.ttf")], .process, true) { errs, finished in
            errors += errs
            done = finished
            return true
        }
        #expect(done)
        #expect(errors.count == 1)
        #expect((errors.first as? NSError)?.code == CTFontManagerError.fileNotFound.rawValue)
        let registered = (CTFontManagerCopyRegisteredFontDescriptors(.process, true) as? [CTFontDescriptor] ?? [])
            .compactMap { CTFontDescriptorCopyAttribute($0, kCTFontNameAttribute) as? String }
        #expect(registered.contains("LiberationMono-BoldItalic"))
        let fromFile = try #require(CTFontManagerCreateFontDescriptorsFromURL(monoBoldItalic as CFURL) as? [CTFontDescriptor])
        #expect(fromFile.count == 1)
        CTFontManagerUnregisterFontURLs([monoBoldItalic], .process, nil)
        let after = (CTFontManagerCopyRegisteredFontDescriptors(.process, true) as? [CTFontDescriptor] ?? [])
            .compactMap { CTFontDescriptorCopyAttribute($0, kCTFontNameAttribute) as? String }
        #expect(!after.contains("LiberationMono-BoldItalic"))
    }

    @Test func theCharacterSetIsTheFontsCmap() {
        let characters = CTFontCopyCharacterSet(sans)
        #expect(characters.contains("A") && characters.contains("é") && characters.contains("Ж"))
        #expect(!characters.contains("漢"), "DejaVu Sans has no CJK ideographs")
    }

    @Test func verticalOriginsAreHalfTheAdvanceAndTheAscentAway() {
        var glyph = CTFontGetGlyphWithName(sans, "A" as CFString)
        var translation = CGSize.zero, advance = CGSize.zero
        CTFontGetVerticalTranslationsForGlyphs(sans, &glyph, &translation, 1)
        _ = CTFontGetAdvancesForGlyphs(sans, .horizontal, &glyph, &advance, 1)
        #expect(abs(translation.width + advance.width / 2) < 0.01, "\(translation) \(advance)")
        #expect(translation.height < 0)
    }

    @Test func deprecatedSpellingsAreTheSameCases() {
        #expect(CTTextAlignment.kCTRightTextAlignment == .right)
        #expect(CTFontUIFontType.kCTFontSystemFontType == .system)
        #expect(CTCharacterCollection.kCTAdobeJapan1CharacterCollection == .adobeJapan1)
    }

    @Test func aCollectionSortsByItsCallback() throws {
        let collection = CTFontCollectionCreateWithFontDescriptors([
            CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Sans"] as CFDictionary),
        ], nil)
        let sorted = try #require(CTFontCollectionCreateMatchingFontDescriptorsSortedWithCallback(collection, { a, b, _ in
            let x = CTFontDescriptorCopyAttribute(a, kCTFontNameAttribute) as? String ?? ""
            let y = CTFontDescriptorCopyAttribute(b, kCTFontNameAttribute) as? String ?? ""
            return x > y ? .compareLessThan : x == y ? .compareEqualTo : .compareGreaterThan
        }, nil) as? [CTFontDescriptor])
        let names = sorted.compactMap { CTFontDescriptorCopyAttribute($0, kCTFontNameAttribute) as? String }
        #expect(names == names.sorted(by: >), "descending, as the callback orders")
    }
}
