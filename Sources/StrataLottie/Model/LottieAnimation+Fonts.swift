import CoreGraphics
import Foundation

/// Fonts handed to an animation (lottie-ios's font provider; a `.lottie` archive's `f/` or
/// `fonts/` folder; `strata --fonts DIR`): a document whose font family and style one of them
/// has is drawn from its outlines, ahead of installed fonts and the file's glyphs.
extension LottieAnimation {
    /// Uses `font` for the text whose font family (`fFamily`) and style (`fStyle`), or name
    /// (`fName`, a PostScript name), it has. Drawn from its glyph outlines, as a file's `chars`
    /// are: advances and tracking, no kerning.
    public mutating func addFont(_ font: CGFont) {
        addFace(font.face)
    }

    /// Reads every TrueType and OpenType file in `folder` (`.ttf`, `.otf`, `.ttc`, `.otc`: each
    /// face of a collection) and adds its faces; the number added. Throws when the folder cannot
    /// be listed; a file that is not a font is left out with a warning.
    @discardableResult
    public mutating func addFonts(inFolder folder: URL) throws -> Int {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw LottieError.unreadable("\(folder.path): the fonts folder cannot be read (\(error.localizedDescription))")
        }
        var added = 0
        for name in names where Self.fontExtensions.contains((name as NSString).pathExtension.lowercased()) {
            let url = folder.appendingPathComponent(name)
            // The size first: a file larger than any font is not read at all.
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            let faces = size <= FontFace.maximumFileSize ? Self.faces(in: (try? Data(contentsOf: url)) ?? Data(), url: url) : []
            if faces.isEmpty { warnings.append("font file \(url.path) could not be read; not used") }
            faces.forEach { addFace($0) }
            added += faces.count
        }
        return added
    }

    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
    /// Faces one collection may add: a bound for a hostile file claiming thousands.
    static let maxFacesAFile = 64

    /// The faces of a font file's bytes (all of a collection's, up to `maxFacesAFile`).
    static func faces(in data: Data, url: URL? = nil) -> [FontFace] {
        guard let first = FontFace(data: data, index: 0, url: url) else { return [] }
        var faces = [first]
        var index = 1
        while index < maxFacesAFile, let face = FontFace(data: data, index: index, url: url) {
            faces.append(face)
            index += 1
        }
        return faces
    }

    mutating func addFace(_ face: FontFace) {
        guard !providedFaces.contains(where: { $0.postScriptName == face.postScriptName }) else { return }
        providedFaces.append(face)
    }

    /// The handed face for a font of `family` in `style`, or named `name`: the same PostScript
    /// name, or the same family and style (spaces and case aside; "Regular" for none).
    func providedFace(family: String, style: String, name: String) -> FontFace? {
        func squeezed(_ s: String) -> String { s.replacingOccurrences(of: " ", with: "").lowercased() }
        let style = squeezed(style.isEmpty ? "Regular" : style)
        return providedFaces.first { $0.postScriptName == name }
            ?? providedFaces.first { squeezed($0.familyName) == squeezed(family) && squeezed($0.styleName) == style }
    }
}

extension LottieGlyphs {
    /// The glyphs of `face` for `characters`, as a file's `chars` would hold them (outlines at
    /// size 100, y down; advances): characters the face has no glyph for are left out.
    init(face: FontFace, family: String, style: String, characters: some Sequence<Character>) {
        let k = 100 / Double(max(face.unitsPerEm, 1))
        let flip = CGAffineTransform(a: k, b: 0, c: 0, d: -k, tx: 0, ty: 0)
        var glyphs: [LottieGlyph] = []
        var seen = Set<Character>()
        for ch in characters where seen.insert(ch).inserted && seen.count <= 4096 {
            guard ch.unicodeScalars.count == 1, let scalar = ch.unicodeScalars.first, let glyph = face.glyph(for: scalar.value) else { continue }
            let outline = face.outline(of: glyph).copy(using: [flip]) ?? CGMutablePath()
            glyphs.append(LottieGlyph(
                character: String(ch), family: family, style: style, advance: Double(face.advance(of: glyph)) * k, outline: outline))
        }
        self.init(glyphs)
    }
}
