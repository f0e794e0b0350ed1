import CFontEngine
import CoreText
import Foundation
import TestFontConfiguration

/// The pinned DejaVu files (fonts-dejavu-core) and FreeType's own reading of them: the reference
/// Core Text's HarfBuzz-based metrics and outlines are checked against.
enum Pinned {
    static let sans = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    static let bold = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    static let mono = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")

    /// Forces the test font configuration's constructor to be linked in.
    static var configuration: String { String(cString: strata_test_fonts_configuration()) }
}

final class FreeTypeReference {
    private var library: FT_Library?
    let face: FT_Face

    init?(_ url: URL) {
        guard FT_Init_FreeType(&library) == 0 else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, url.path, 0, &face) == 0, let face else { FT_Done_FreeType(library); return nil }
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    var unitsPerEm: CGFloat { CGFloat(face.pointee.units_per_EM) }
    var ascender: CGFloat { CGFloat(face.pointee.ascender) }
    var descender: CGFloat { CGFloat(face.pointee.descender) }
    var lineGap: CGFloat { CGFloat(face.pointee.height) - ascender + descender }

    func glyph(_ c: Unicode.Scalar) -> CGGlyph { CGGlyph(FT_Get_Char_Index(face, FT_ULong(c.value))) }

    func advance(_ glyph: CGGlyph) -> CGFloat {
        var advance: FT_Fixed = 0
        _ = FT_Get_Advance(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE), &advance)
        return CGFloat(advance)
    }

    /// The control box of `glyph`'s outline, font units.
    func controlBox(_ glyph: CGGlyph) -> CGRect {
        guard FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE)) == 0 else { return .null }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return CGRect(x: CGFloat(box.xMin), y: CGFloat(box.yMin), width: CGFloat(box.xMax - box.xMin), height: CGFloat(box.yMax - box.yMin))
    }

    /// `glyphs` at `positions` (pixels from the top left, y down; fractional positions kept) as
    /// FreeType's outlines filled by cairo in black on clear; the alpha of each pixel, rows from the top.
    func alpha(_ glyphs: [CGGlyph], at positions: [CGPoint], size: Double, width: Int, height: Int) -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
            let cr = cairo_create(surface), let fontFace = cairo_ft_font_face_create_for_ft_face(face, Int32(FT_LOAD_NO_HINTING))
        else { return [] }
        defer { cairo_font_face_destroy(fontFace); cairo_destroy(cr); cairo_surface_destroy(surface) }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_set_font_face(cr, fontFace)
        cairo_set_font_size(cr, size)
        var cairoGlyphs = zip(glyphs, positions).map { cairo_glyph_t(index: UInt($0), x: $1.x, y: $1.y) }
        cairo_glyph_path(cr, &cairoGlyphs, Int32(cairoGlyphs.count))
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var alpha = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width { alpha[row * width + column] = data[row * stride + column * 4 + 3] }
        }
        return alpha
    }
}

/// An RGBA bitmap context (premultiplied last), cleared.
func makeContext(_ width: Int, _ height: Int) -> CGContext {
    CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
}

extension CGContext {
    /// The alpha of each pixel, rows from the top.
    var alphaPlane: [UInt8] {
        let bytes = data!.assumingMemoryBound(to: UInt8.self)
        var alpha = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width { alpha[row * width + column] = bytes[row * bytesPerRow + column * 4 + 3] }
        }
        return alpha
    }

    /// The bounding box of pixels with alpha over `threshold`, in CG coordinates (y up); nil when none.
    func inkBox(threshold: UInt8 = 0) -> CGRect? {
        let alpha = alphaPlane
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for row in 0..<height {
            for column in 0..<width where alpha[row * width + column] > threshold {
                minX = min(minX, column); maxX = max(maxX, column)
                minY = min(minY, row); maxY = max(maxY, row)
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: height - 1 - maxY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

/// An attributed string in `font` (and black), as iOS code builds one.
func attributed(_ string: String, _ font: CTFont, _ extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
    var attributes: [NSAttributedString.Key: Any] = [NSAttributedString.Key(kCTFontAttributeName as String): font]
    attributes.merge(extra) { $1 }
    return NSAttributedString(string: string, attributes: attributes)
}
