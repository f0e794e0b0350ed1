import CoreGraphics
import Foundation

/// Where the text of each font a file names is drawn from: an installed face, the file's own
/// glyph outlines (`chars`) when the family is not installed, or else the installed face
/// fontconfig and Strata's Apple family rules pick instead.
enum LottieFontChoice {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: [String: Bool] = [:]

    /// Whether a face of `family` itself is installed (a family fontconfig would only stand
    /// another face in for is not).
    static func isInstalled(family: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = installed[family] { return known }
        let found = !FontLocator.list(["family": family]).isEmpty
        if installed.count < 256 { installed[family] = found }
        return found
    }
}

extension LottieAnimation {
    /// How each font the file lists is drawn here, one line each, by name: "Avenir-Black:
    /// the file's glyph outlines (Avenir is not installed)", "DejaVuSans: installed (DejaVu Sans
    /// Book)", "Helvetica-Bold: Liberation Sans Bold (Helvetica is not installed)".
    public var fontDescriptions: [String] {
        fonts.values.sorted { $0.fName < $1.fName }.map { font in
            let family = font.fFamily ?? font.fName, style = font.fStyle ?? "Regular"
            if let face = providedFace(family: family, style: style, name: font.fName) {
                return "\(font.fName): the font handed to it (\(face.fullName)\(face.url.map { ", \($0.lastPathComponent)" } ?? ""))"
            }
            if LottieFontChoice.isInstalled(family: family) {
                let face = FontLocator.face(named: "\(family)-\(style)") ?? FontLocator.face(named: family)
                return "\(font.fName): installed (\(face?.fullName ?? family))"
            }
            if glyphs.hasFont(family: family, style: style) {
                return "\(font.fName): the file's glyph outlines (\(family) is not installed)"
            }
            let face = FontLocator.face(named: "\(family)-\(style)") ?? FontLocator.fallback
            return "\(font.fName): \(face?.fullName ?? "no installed face") (\(family) is not installed)"
        }
    }
}
