import StrataRender

extension CATextLayer {
    /// The attribute runs of `string`, read as Core Text reads them: a font (`"NSFont"`: a CTFont,
    /// a CGFont or a name), a foreground colour (`"CTForegroundColor"` or UIKit's `"NSColor"`, a
    /// CGColor), kerning (`"NSKern"`) and underline (`"NSUnderline"`); Core Text's defaults,
    /// Helvetica 12 in black, where a run says nothing (as on Apple, the layer's own `font`,
    /// `fontSize` and `foregroundColor` are not used for an attributed string).
    static func textRuns(of string: NSAttributedString) -> [TextRun] {
        var runs: [TextRun] = []
        let length = string.length
        guard length > 0 else { return runs }
        string.enumerateAttributes(in: NSRange(location: 0, length: length), options: []) { attributes, range, _ in
            func value(_ key: String) -> Any? { attributes[NSAttributedString.Key(key)] }
            var name = "Helvetica", size: CGFloat = 12
            switch value("NSFont") {
            case let font as TextLayerFont:
                name = font.textLayerFontName
                size = font.textLayerFontSize ?? 12
            case let font as String: name = font
            default: break
            }
            let color = (value("CTForegroundColor") ?? value("NSColor")).flatMap { $0 as? CGColor }
            runs.append(TextRun(
                location: range.location, length: range.length, fontName: name, fontSize: size.isFinite ? size : 12,
                color: color?.sRGBComponents.clamped ?? .black, kern: attributeNumber(value("NSKern")) ?? 0,
                underline: (attributeNumber(value("NSUnderline")) ?? 0) != 0))
        }
        return runs
    }

    private static func attributeNumber(_ value: Any?) -> CGFloat? {
        let number: CGFloat?
        switch value {
        case let v as CGFloat: number = v
        case let v as Double: number = CGFloat(v)
        case let v as Float: number = CGFloat(v)
        case let v as Int: number = CGFloat(v)
        case let v as Int32: number = CGFloat(v)
        case let v as NSNumber: number = CGFloat(v.doubleValue)
        default: number = nil
        }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }
}
