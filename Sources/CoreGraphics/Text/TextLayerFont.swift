/// A font object CATextLayer's `font` (and an attributed string's font attribute) may hold: a
/// CGFont or a CTFont, named for Pango as "Family-Style", with its size when it has one.
package protocol TextLayerFont: AnyObject {
    /// "DejaVu Sans-Bold": the face's family and style, as CATextLayer's font names are read.
    var textLayerFontName: String { get }
    /// Points, for a font that has a size (a CTFont); nil for a CGFont.
    var textLayerFontSize: CGFloat? { get }
}

extension CGFont: TextLayerFont {
    package var textLayerFontName: String { face.textLayerFontName }
    package var textLayerFontSize: CGFloat? { nil }
}

extension FontFace {
    /// The family and style ("DejaVu Sans-BoldOblique"), the form `TextKey.pangoFamily` reads.
    package var textLayerFontName: String {
        let style = styleName.replacingOccurrences(of: " ", with: "")
        return ["Regular", "Book", "Normal", "Roman"].contains(style) ? familyName : "\(familyName)-\(style)"
    }
}
