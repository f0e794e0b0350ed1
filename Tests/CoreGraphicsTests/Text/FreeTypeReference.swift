import CFontEngine
import CoreGraphics
import Foundation

/// The tests' pinned font files (fonts-dejavu-core, installed by scripts/install-deps.sh) and
/// FreeType reading them on its own: the reference Strata's HarfBuzz-based fonts are checked against.
enum TestFonts {
    static let sans = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    static let sansBold = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    static let mono = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
}

/// One face opened with FreeType (its own library), closed on deinit.
final class FreeTypeFace {
    private var library: FT_Library?
    let face: FT_Face

    init?(_ url: URL) {
        guard FT_Init_FreeType(&library) == 0 else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, url.path, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            return nil
        }
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    var unitsPerEm: Int { Int(face.pointee.units_per_EM) }
    var ascender: Int { Int(face.pointee.ascender) }
    var descender: Int { Int(face.pointee.descender) }
    var glyphCount: Int { Int(face.pointee.num_glyphs) }
    var familyName: String { String(cString: face.pointee.family_name) }
    var postScriptName: String { String(cString: FT_Get_Postscript_Name(face)) }
    var boundingBox: CGRect {
        let b = face.pointee.bbox
        return CGRect(x: CGFloat(b.xMin), y: CGFloat(b.yMin), width: CGFloat(b.xMax - b.xMin), height: CGFloat(b.yMax - b.yMin))
    }

    /// The glyph FreeType maps `character` to.
    func glyph(_ character: Unicode.Scalar) -> UInt16 { UInt16(FT_Get_Char_Index(face, FT_ULong(character.value))) }

    /// The unscaled horizontal advance of `glyph`, font units.
    func advance(_ glyph: UInt16) -> Int {
        var advance: FT_Fixed = 0
        _ = FT_Get_Advance(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE), &advance)
        return Int(advance)
    }

    /// The unscaled outline box of `glyph`, font units.
    func outlineBox(_ glyph: UInt16) -> CGRect {
        guard FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE)) == 0 else { return .null }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return CGRect(x: CGFloat(box.xMin), y: CGFloat(box.yMin), width: CGFloat(box.xMax - box.xMin), height: CGFloat(box.yMax - box.yMin))
    }

    /// `glyphs` drawn by cairo through FreeType (no hinting, grey antialiasing) in black on a
    /// clear `width`×`height` ARGB image, each at its position (pixels, y down) at `size` pixels
    /// an em; the image's bytes, premultiplied BGRA rows.
    func render(_ glyphs: [UInt16], at positions: [CGPoint], size: Double, width: Int, height: Int) -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            let cr = cairo_create(surface), let fontFace = cairo_ft_font_face_create_for_ft_face(face, Int32(FT_LOAD_NO_HINTING))
        else { return [] }
        defer { cairo_font_face_destroy(fontFace); cairo_destroy(cr); cairo_surface_destroy(surface) }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_set_font_face(cr, fontFace)
        cairo_set_font_size(cr, size)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        var cairoGlyphs = zip(glyphs, positions).map { cairo_glyph_t(index: UInt($0), x: $1.x, y: $1.y) }
        cairo_show_glyphs(cr, &cairoGlyphs, Int32(cairoGlyphs.count))
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for i in 0..<(width * 4) { bytes[row * width * 4 + i] = data[row * stride + i] }
        }
        return bytes
    }
}
