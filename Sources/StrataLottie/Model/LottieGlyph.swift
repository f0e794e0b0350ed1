import CoreGraphics
import Foundation

/// One glyph After Effects exported with the file (`chars`): the outline of character `ch` in
/// font family `fFamily`, style `style`, at a font size of 100 points (y down, the baseline at
/// y = 0, the pen at x = 0), and its advance `w` (points at size 100).
struct LottieGlyph: Sendable {
    var character: String
    var family: String
    var style: String
    var advance: Double
    /// The outline at size 100: every path of the glyph's shapes through their groups' transforms.
    var outline: CGPath
}

extension LottieGlyph: Decodable {
    enum CodingKeys: String, CodingKey { case ch, fFamily, style, w, data }
    private enum DataKeys: String, CodingKey { case shapes, refId }

    /// Paths a glyph may hold: a real one has tens; a bound so a hostile file cannot make one
    /// glyph cost more than its JSON.
    static let maxPaths = 4096

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        character = try c.decode(String.self, forKey: .ch)
        family = (try? c.decodeIfPresent(String.self, forKey: .fFamily)) ?? ""
        style = (try? c.decodeIfPresent(String.self, forKey: .style)) ?? ""
        let w = (try? c.decodeIfPresent(Double.self, forKey: .w)) ?? 0
        advance = w.isFinite ? min(max(w, -10_000), 10_000) : 0
        let path = CGMutablePath()
        if c.contains(.data) {
            let data = try c.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
            if data.contains(.refId) {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: c.codingPath + [CodingKeys.data], debugDescription: "a glyph drawn as a precomposition"))
            }
            let shapes = try data.decodeIfPresent([LottieShape].self, forKey: .shapes) ?? []
            var count = 0
            Self.add(shapes, to: path, transform: .identity, count: &count)
        }
        outline = path
    }

    /// Adds the paths of `items` (at their first frame) through the groups' transforms; fills,
    /// strokes and modifiers are the text document's, not the glyph's.
    private static func add(_ items: [LottieShape], to path: CGMutablePath, transform: CGAffineTransform, count: inout Int) {
        var local = transform
        for item in items {
            if case .transform(let t) = item.unblended.item { local = t.matrix(at: 0).concatenating(transform) }
        }
        for item in items {
            guard count < maxPaths else { return }
            switch item.unblended.item {
            case .group(_, let inner):
                add(inner, to: path, transform: local, count: &count)
            case .path(let p, _):
                count += 1
                p.value(at: 0).addTo(path, transform: local)
            default:
                continue
            }
        }
    }
}

/// The glyphs of a file, by font family, style and character.
struct LottieGlyphs: Sendable {
    private var table: [Key: LottieGlyph] = [:]

    private struct Key: Hashable {
        var family: String
        var style: String
        var character: String
    }

    init(_ glyphs: [LottieGlyph] = []) {
        for glyph in glyphs {
            let key = Key(family: glyph.family.lowercased(), style: glyph.style.lowercased(), character: glyph.character)
            if table[key] == nil { table[key] = glyph }
        }
    }

    var isEmpty: Bool { table.isEmpty }

    /// The glyph of `character` in `family` and `style` (compared without case).
    func glyph(_ character: Character, family: String, style: String) -> LottieGlyph? {
        table[Key(family: family.lowercased(), style: style.lowercased(), character: String(character))]
    }

    /// Whether the file has glyphs of `family` in `style` at all.
    func hasFont(family: String, style: String) -> Bool {
        let family = family.lowercased(), style = style.lowercased()
        return table.keys.contains { $0.family == family && $0.style == style }
    }
}
