import CoreGraphics
import Foundation

/// A font at a size, as Apple's CTFont: a face (a `CGFont`), a size in points and a matrix
/// applied to its glyphs. Metrics are in points; glyph outlines are y up.
public final class CTFont: @unchecked Sendable, CustomStringConvertible {
    /// The face's glyphs and metrics.
    public let graphicsFont: CGFont
    /// Points an em.
    let size: CGFloat
    /// Applied to glyph outlines after scaling to `size` (an oblique or condensed font).
    let matrix: CGAffineTransform
    /// The name it was asked for (what `CATextLayer` and descriptors give back).
    let requestedName: String
    /// OpenType features turned on or off (`kCTFontFeatureSettingsAttribute`), applied when shaping.
    let featureSettings: [FeatureSetting]

    /// One OpenType feature's setting: its four-letter tag and value (0 off, 1 on, or an alternate's number).
    struct FeatureSetting: Equatable {
        var tag: String
        var value: Int
    }

    init(graphicsFont: CGFont, size: CGFloat, matrix: CGAffineTransform?, requestedName: String? = nil, featureSettings: [FeatureSetting] = []) {
        self.graphicsFont = graphicsFont
        self.featureSettings = featureSettings
        // Apple: a size of 0 (or a nonsense one) means the default, 12 points.
        self.size = size.isFinite && size > 0 ? min(size, 1e5) : 12
        self.matrix = matrix.flatMap { $0.isFinite ? $0 : nil } ?? .identity
        self.requestedName = requestedName ?? graphicsFont.face.postScriptName
    }

    var face: FontFace { graphicsFont.face }

    /// Font units to points.
    var scale: CGFloat { size / CGFloat(face.unitsPerEm) }

    public var description: String {
        "<CTFont \(face.postScriptName) \(size) pt>"
    }

    /// The same face at `size` (the same size for 0) and `matrix`.
    func copy(size newSize: CGFloat, matrix newMatrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
        CTFont(graphicsFont: graphicsFont, size: newSize > 0 ? newSize : size, matrix: newMatrix?.pointee ?? matrix,
               requestedName: requestedName, featureSettings: featureSettings)
    }

    /// Bold, italic and monospace as the face's tables say.
    var symbolicTraits: CTFontSymbolicTraits {
        var traits: CTFontSymbolicTraits = []
        if face.weightClass >= 600 { traits.insert(.traitBold) }
        if face.isItalic { traits.insert(.traitItalic) }
        if face.isMonospaced { traits.insert(.traitMonoSpace) }
        // The stylistic class in the top four bits, from the OS/2 family class (Apple's rule).
        let familyClass = face.familyClass
        if (1...15).contains(familyClass), familyClass != 6, familyClass != 11, familyClass != 13, familyClass != 14 {
            traits.insert(CTFontSymbolicTraits(rawValue: UInt32(familyClass) << kCTFontClassMaskShift))
        }
        return traits
    }
}

extension CGAffineTransform {
    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}

extension CTFont: TextLayerFont {
    package var textLayerFontName: String { face.textLayerFontName }
    package var textLayerFontSize: CGFloat? { size }
}
