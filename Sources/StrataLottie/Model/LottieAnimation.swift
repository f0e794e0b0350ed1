import CoreGraphics
import Foundation
import StrataInput

/// A decoded Lottie animation (Bodymovin JSON 4.8–5.12): its composition size in points, frame
/// rate, in and out frames, layers and assets. Load one with `LottieAnimation(data:)`,
/// `LottieAnimation(contentsOf:)` (JSON or `.lottie`), then show it with `LottieLayer`.
public struct LottieAnimation: Sendable {
    /// The Bodymovin version that wrote the file ("5.7.4").
    public let version: String
    public let name: String
    /// Frames per second.
    public let frameRate: Double
    /// The first frame shown.
    public let inPoint: Double
    /// The frame the animation ends at (not shown).
    public let outPoint: Double
    /// The composition's size in points.
    public let size: CGSize
    /// Features the file uses that Strata does not draw (`unsupported: …`) and images it could
    /// not use, one line each.
    public internal(set) var warnings: [String]

    /// Named points in time (`markers`), in the file's order.
    public let markers: [LottieMarker]

    let layers: [LottieLayerModel]
    let assets: [String: LottieAsset]
    let fonts: [String: LottieFont]
    /// The glyph outlines the file carries (`chars`), drawn for fonts that are not installed.
    let glyphs: LottieGlyphs
    /// Fonts handed to the animation (`addFont`, `addFonts(inFolder:)`, a `.lottie` archive's).
    var providedFaces: [FontFace] = []
    /// Images of a `.lottie` archive or an asset folder, by asset id.
    var images: [String: CGImage] = [:]
    /// What the file may claim of memory and work, and the images it decoded.
    let reading: LottieWarnings
    public var limits: InputLimits { reading.limits }

    /// A `.lottie` archive's animations and themes (nil for plain JSON).
    public internal(set) var archiveContents: DotLottieContents?

    /// The Lottie 1.1 slots the file defines or its properties name, by id.
    public var slotIDs: [String] { reading.slotIDs }

    /// Seconds from the in point to the out point.
    public var duration: Double { (outPoint - inPoint) / frameRate }

    /// Decodes Lottie JSON. Errors name the place in the file (`layers[3].shapes[1].ks.k[2]: …`).
    ///
    /// `slots` sets Lottie 1.1 slots by id over the file's own (each a JSON text: a property
    /// object `{"a":0,"k":[1,0,0]}` or a bare value `[1,0,0]`); `slotIDs` lists the file's.
    public init(data: Data, limits: InputLimits = .standard, slots: [String: String] = [:]) throws {
        guard data.count <= limits.jsonBytes else {
            throw LottieError.unreadable(
                "the JSON is \(InputLimits.millions(data.count)) MB, more than the \(InputLimits.millions(limits.jsonBytes)) MB a file may have (--limit json-mb)")
        }
        // One scan first: syntax errors with their line and column (Foundation names none), and
        // a nesting limit (every value the decoder refuses costs its whole coding path).
        if let problem = JSONSyntax.firstProblem(in: data, maxDepth: Self.maxJSONDepth) {
            throw LottieError.unreadable("not a JSON document: \(problem)\(problem.message.contains("nested") ? " (a Lottie file's limit; real files nest about 15)" : "")")
        }
        let warnings = LottieWarnings(limits: limits)
        try warnings.slots.override(with: slots)
        let decoder = JSONDecoder()
        decoder.userInfo[LottieWarnings.key] = warnings
        let file: LottieFile
        do {
            file = try decoder.decode(LottieFile.self, from: data)
        } catch let error as DecodingError {
            throw LottieError.from(error)
        } catch let error as LottieError {
            throw error
        } catch {
            throw LottieError.unreadable("not a JSON document (\(error))")
        }
        version = file.v ?? ""
        name = file.nm ?? ""
        frameRate = file.fr
        inPoint = file.ip
        outPoint = file.op
        size = CGSize(width: file.w, height: file.h)
        layers = file.layers
        markers = file.markers ?? []
        assets = Dictionary(file.assets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        fonts = Dictionary((file.fonts?.list ?? []).map { ($0.fName, $0) }, uniquingKeysWith: { a, _ in a })
        glyphs = LottieGlyphs(file.chars)
        self.warnings = warnings.messages
        reading = warnings
        try validate()
    }

    /// How deep arrays and objects may nest in a Lottie file: about 55 nested shape groups (the
    /// deepest of 170 real files nests 14).
    public static let maxJSONDepth = 128

    /// Reads a Lottie JSON file, a `.lottie` archive or a gzipped JSON file (a Telegram `.tgs`
    /// sticker), told apart by content, not by name.
    /// Images an animation refers to by file are read from `u` relative to the file's folder.
    ///
    /// `slots` sets slots by id (see `init(data:limits:slots:)`); for a `.lottie` archive,
    /// `animationID` picks one of its animations (the first when nil) and `themeID` one of its
    /// themes (dotLottie 2; the animation's initial theme when nil).
    public init(
        contentsOf url: URL, limits: InputLimits = .standard, slots: [String: String] = [:], animationID: String? = nil,
        themeID: String? = nil
    ) throws {
        let data: Data
        do {
            // The size first: a file larger than any limit is not read at all.
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= max(limits.jsonBytes, limits.archiveBytes) else {
                throw LottieError.unreadable(
                    "\(url.lastPathComponent): \(InputLimits.millions(size)) MB, more than a Lottie file may have (--limit json-mb, archive-mb)")
            }
            data = try Data(contentsOf: url)
        } catch let error as LottieError {
            throw error
        } catch {
            throw LottieError.unreadable("\(url.lastPathComponent): cannot be read (\(error.localizedDescription))")
        }
        if Gzip.isGzip(data) {
            // A Telegram sticker (.tgs): Lottie JSON in a gzip stream.
            guard animationID == nil, themeID == nil else {
                throw LottieError.unreadable("\(url.lastPathComponent): animations and themes are chosen in .lottie archives; this is gzipped JSON")
            }
            let json: Data
            do {
                json = try Gzip.unpack(data, limit: limits.jsonBytes)
            } catch let LottieError.unreadable(message) {
                throw LottieError.unreadable("\(url.lastPathComponent): \(message)")
            }
            try self.init(data: json, limits: limits, slots: slots)
            loadImageFiles(relativeTo: url.deletingLastPathComponent())
        } else if DotLottie.isArchive(data) {
            self = try DotLottie.animation(at: url, data: data, limits: limits, animationID: animationID, themeID: themeID, slots: slots)
        } else {
            guard animationID == nil, themeID == nil else {
                throw LottieError.unreadable("\(url.lastPathComponent): animations and themes are chosen in .lottie archives; this is plain JSON")
            }
            try self.init(data: data, limits: limits, slots: slots)
            loadImageFiles(relativeTo: url.deletingLastPathComponent())
        }
    }

    private func validate() throws {
        guard frameRate.isFinite, frameRate > 0, frameRate <= 1000 else {
            throw LottieError.invalid(path: "fr", "frame rate \(frameRate) is out of (0, 1000]")
        }
        guard inPoint.isFinite, outPoint.isFinite, outPoint > inPoint, (outPoint - inPoint) / frameRate <= 86_400 else {
            throw LottieError.invalid(path: "op", "the out point \(outPoint) must be finite and after the in point \(inPoint) (at most a day)")
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0, size.width <= 100_000, size.height <= 100_000 else {
            throw LottieError.invalid(path: "w", "the size \(size.width)×\(size.height) must be positive and at most 100000")
        }
    }

    /// Reads the images that assets name by file (`u` + `p`) beside the animation: only inside
    /// the animation's folder (`..`, absolute names and links leading out are refused with a
    /// warning: a file must not draw what else is on the disk into its frames).
    mutating func loadImageFiles(relativeTo folder: URL) {
        let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
        for (id, asset) in assets where asset.isImage && images[id] == nil && !asset.isEmbedded {
            let url = folder.appendingPathComponent(asset.folder ?? "").appendingPathComponent(asset.file ?? "")
            let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
            guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                warnings.append("image asset '\(id)' (\(url.path)) is outside the animation's folder; drawn empty")
                continue
            }
            do {
                guard let data = try? Data(contentsOf: url), let image = try reading.image(for: data) else {
                    warnings.append("image asset '\(id)' (\(url.path)) could not be read; drawn empty")
                    continue
                }
                images[id] = image
            } catch {
                warnings.append("image asset '\(id)' (\(url.path)): \(error); drawn empty")
            }
        }
    }
}

/// The top level of a Bodymovin file.
struct LottieFile: Decodable {
    var v: String?
    var nm: String?
    var fr: Double
    var ip: Double
    var op: Double
    var w: Double
    var h: Double
    var layers: [LottieLayerModel]
    var assets: [LottieAsset]
    var fonts: Fonts?
    var markers: [LottieMarker]?
    var chars: [LottieGlyph] = []

    struct Fonts: Decodable { var list: [LottieFont]? }

    enum CodingKeys: String, CodingKey { case v, nm, fr, ip, op, w, h, layers, assets, fonts, chars, markers, slots }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Slots before anything that may name them.
        if let reading = decoder.userInfo[LottieWarnings.key] as? LottieWarnings, c.contains(.slots) {
            if let slots = try? c.decode([String: JSONValue].self, forKey: .slots) {
                reading.slots.add(fileSlots: slots)
            } else {
                LottieWarnings.note("slots that are not an object of {\"p\": value} (left out)", decoder)
            }
        }
        v = try? c.decodeIfPresent(String.self, forKey: .v)
        nm = try? c.decodeIfPresent(String.self, forKey: .nm)
        fr = try c.decode(Double.self, forKey: .fr)
        ip = try c.decode(Double.self, forKey: .ip)
        op = try c.decode(Double.self, forKey: .op)
        w = try c.decode(Double.self, forKey: .w)
        h = try c.decode(Double.self, forKey: .h)
        layers = try c.decode([LottieLayerModel].self, forKey: .layers)
        assets = try c.decodeIfPresent([LottieAsset].self, forKey: .assets) ?? []
        fonts = try? c.decodeIfPresent(Fonts.self, forKey: .fonts)
        markers = LottieMarker.list(c, decoder)
        if c.contains(.chars) { chars = Self.glyphs(c, decoder) }
    }
}

extension LottieFile {
    /// The glyphs of `chars`, each read on its own: one that cannot be read (a precomposition
    /// glyph, a broken path) is left out with a warning, the others are used.
    private static func glyphs(_ c: KeyedDecodingContainer<CodingKeys>, _ decoder: Decoder) -> [LottieGlyph] {
        guard var list = try? c.nestedUnkeyedContainer(forKey: .chars) else {
            LottieWarnings.note("glyph outlines (chars) that are not a list (text is drawn with installed fonts)", decoder)
            return []
        }
        var glyphs: [LottieGlyph] = []
        var failed = 0
        while !list.isAtEnd {
            if let glyph = try? list.decode(LottieGlyph.self) {
                glyphs.append(glyph)
            } else {
                failed += 1
                // Step over the element that could not be read.
                _ = try? list.decode(AnyDecodable.self)
            }
        }
        if failed > 0 {
            LottieWarnings.note("\(failed) glyph outline\(failed == 1 ? "" : "s") in chars that cannot be read (precomposition glyphs or broken paths; their text is drawn with installed fonts)", decoder)
        }
        return glyphs
    }
}

/// A font the text layers name: `fName` (the name documents use), its family and style, and
/// the distance from a box's top to its first baseline (`ascent`, points at size 100).
struct LottieFont: Decodable, Sendable {
    var fName: String
    var fFamily: String?
    var fStyle: String?
    var ascent: Double?

    enum CodingKeys: String, CodingKey { case fName, fFamily, fStyle, ascent }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        fName = try c.decode(String.self, forKey: .fName)
        fFamily = try? c.decodeIfPresent(String.self, forKey: .fFamily)
        fStyle = try? c.decodeIfPresent(String.self, forKey: .fStyle)
        ascent = (try? c.decodeIfPresent(Double.self, forKey: .ascent)).flatMap { $0 }.flatMap { $0.isFinite && abs($0) < 10_000 ? $0 : nil }
    }
}

/// An asset: a precomposition (its layers) or an image (embedded as a data URL, or a file).
struct LottieAsset: Decodable, Sendable {
    var id: String
    var layers: [LottieLayerModel]?
    var width: Double
    var height: Double
    var folder: String?
    var file: String?
    var isEmbedded: Bool
    /// The decoded embedded image.
    var image: CGImage?

    var isImage: Bool { layers == nil && file != nil }

    enum CodingKeys: String, CodingKey { case id, layers, w, h, u, p, e }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let s = try? c.decode(String.self, forKey: .id) {
            id = s
        } else {
            id = String(try c.decodeWholeNumber(forKey: .id))
        }
        layers = try c.decodeIfPresent([LottieLayerModel].self, forKey: .layers)
        width = (try? c.decodeIfPresent(Double.self, forKey: .w)) ?? 0
        height = (try? c.decodeIfPresent(Double.self, forKey: .h)) ?? 0
        folder = try? c.decodeIfPresent(String.self, forKey: .u)
        file = try? c.decodeIfPresent(String.self, forKey: .p)
        let dataURL = file?.hasPrefix("data:") ?? false
        // `e: 1` with a file name (some .lottie exporters) is still a file to look up: only a
        // data URL is embedded.
        isEmbedded = dataURL
        if dataURL, let file {
            guard let comma = file.firstIndex(of: ","),
                let bytes = Data(base64Encoded: String(file[file.index(after: comma)...]), options: .ignoreUnknownCharacters)
            else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: c.codingPath + [CodingKeys.p], debugDescription: "the embedded image is not a base64 data URL"))
            }
            // Assets embedding the same bytes share one decoded image.
            let reading = decoder.userInfo[LottieWarnings.key] as? LottieWarnings ?? LottieWarnings()
            let decoded: CGImage?
            do {
                decoded = try reading.image(for: bytes)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.p], debugDescription: error.description))
            }
            if decoded == nil {
                LottieWarnings.note("an embedded image that is not a readable PNG, JPEG or WebP (drawn empty)", decoder)
            }
            image = decoded
        }
    }

    /// Width and height as a PNG's or WebP's header or a JPEG's frame header states them (before
    /// anything is decoded); nil when neither is found.
    static func pixelSize(_ data: Data) -> (Int, Int)? {
        let b = [UInt8](data.prefix(1 << 16))
        func be(_ i: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 << 8 | Int(b[i + $1]) } }
        if b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return (be(16, 4), be(20, 4)) }
        if let size = WebPCodec.size(data) { return size }
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return (be(i + 7, 2), be(i + 5, 2)) }
            i += 2 + be(i + 2, 2)
        }
        return nil
    }

    /// A PNG, JPEG or WebP image from its bytes; nil when it is none. Decode through
    /// `LottieWarnings.image(for:)`, which checks the size first.
    static func decodeImage(_ data: Data) -> CGImage? {
        if WebPCodec.isWebP(data) { return CGImage.webp(data) }
        guard let provider = CGDataProvider(data: data as CFData) else { return nil }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
        return CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}
