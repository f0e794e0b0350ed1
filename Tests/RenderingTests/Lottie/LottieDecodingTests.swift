import CoreGraphics
import Foundation
import QuartzCore
import StrataLottie
import StrataInput
import Testing
import ZIPFoundation

/// Reading Lottie files: bad input gets an error naming the place in the file, never a crash;
/// unsupported features a warning naming them; `.lottie` archives with their images.
@Suite("Lottie decoding")
struct LottieDecodingTests {
    static func error(_ json: String) -> String? {
        do {
            _ = try LottieAnimation(data: Data(json.utf8))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aKeyframeOfTheWrongTypeNamesItsPlace() throws {
        // layers[0].shapes[0].it[0].s.k[1].s is a string instead of numbers.
        let size = "{\"a\":1,\"k\":[{\"t\":0,\"s\":[10,10]},{\"t\":10,\"s\":\"big\"}]}"
        let json = LJ.animation(layers: [LJ.shapeLayer([LJ.group(["{\"ty\":\"el\",\"p\":{\"k\":[0,0]},\"s\":\(size)}", LJ.fill([0, 0, 0])])])])
        let message = try #require(Self.error(json))
        #expect(message.hasPrefix("layers[0].shapes[0].it[0].s.k[1].s"), "\(message)")
    }

    @Test func missingAndMalformedTopLevelValuesAreNamed() throws {
        #expect(Self.error("{\"fr\":30,\"ip\":0,\"op\":10,\"w\":10,\"layers\":[]}")?.hasPrefix("h: missing") == true)
        #expect(Self.error("not json")?.contains("not a JSON document") == true)
        #expect(Self.error("")?.contains("not a JSON document") == true)
        #expect(Self.error(LJ.animation(fr: 0, layers: []))?.hasPrefix("fr:") == true, "a zero frame rate")
        #expect(Self.error(LJ.animation(ip: 10, op: 10, layers: []))?.hasPrefix("op:") == true, "no time between in and out")
        #expect(Self.error(LJ.animation(w: -5, layers: []))?.hasPrefix("w:") == true, "a negative size")
    }

    @Test func keyframesGoingBackwardsOrNotFiniteAreRefused() throws {
        let back = LJ.keys([(10, [0, 0]), (5, [10, 10])])
        let message = try #require(Self.error(LJ.animation(layers: [LJ.solid("#000000", w: 10, h: 10, ks: LJ.transform(p: back))])))
        #expect(message.contains("layers[0].ks.p.k[1].t") && message.contains("backwards"), "\(message)")
        let nan = LJ.animation(layers: [LJ.solid("#000000", w: 10, h: 10)]).replacingOccurrences(of: "\"ip\":0,\"op\":60,\"st\":0", with: "\"ip\":0,\"op\":1e999,\"st\":0")
        #expect(Self.error(nan) != nil, "an infinite out point is refused")
    }

    @Test func unsupportedFeaturesAreWarningsAndTheRestStillDraws() throws {
        // An item Strata does not draw (twist) and an expression next to a drawable group.
        let shapes = [
            "{\"ty\":\"tw\",\"a\":{\"k\":30}}",
            LJ.group([LJ.rect((50, 50), 40, 40), LJ.fill([0, 0, 0])]),
        ]
        let layer = LJ.shapeLayer(shapes).replacingOccurrences(of: "\"o\":{\"a\":0,\"k\":100}}", with: "\"o\":{\"a\":0,\"k\":100,\"x\":\"wiggle(1,2)\"}}")
        let animation = try LottieAnimation(data: Data(LJ.animation(layers: [layer]).utf8))
        #expect(animation.warnings.contains { $0.contains("twist") && $0.contains("layers[0].shapes[0]") }, "\(animation.warnings)")
        #expect(animation.warnings.contains { $0.contains("expressions") }, "\(animation.warnings)")
        let image = try LottieRender.frame(LJ.animation(layers: [layer]), 0, playing: false)
        #expect(image.rgba(50, 50).a == 255, "the group beside the unknown item is drawn")
    }

    @Test func aBadLayerDoesNotStopTheOthers() throws {
        // A precomposition naming a missing asset, and a layer parented to itself: both drawn or skipped, the solid drawn.
        let missing = "{\"ty\":0,\"ind\":1,\"refId\":\"nope\",\"w\":10,\"h\":10,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform())}"
        let selfParent = LJ.solid("#00ff00", w: 20, h: 20, ind: 2, extra: ",\"parent\":2")
        let good = LJ.solid("#ff0000", w: 100, h: 100, ind: 3)
        let json = LJ.animation(layers: [missing, selfParent, good])
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        #expect(player.warnings.contains { $0.contains("precomposition 'nope' missing") }, "\(player.warnings)")
        let image = try LottieRender.frame(json, 0, playing: false)
        #expect(near(image.rgba(60, 60), (255, 0, 0, 255)), "the good solid")
        #expect(near(image.rgba(5, 5), (0, 255, 0, 255)), "the self-parented layer, drawn once")
    }

    /// A solid whose colour is not `#rrggbb` or `#rgb` ("#ffffffff", a name, junk) is drawn black,
    /// as lottie-ios draws it, with a warning naming the colour and the layer; `#abc` is `#aabbcc`.
    @Test(arguments: ["#ffffffff", "white", "#12345g"])
    func anUnreadableSolidColourIsDrawnBlackWithAWarning(_ color: String) throws {
        let json = LJ.animation(layers: [LJ.solid(color, w: 100, h: 100, ind: 1)])
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        #expect(player.warnings.contains { $0.contains("solid colour '\(color)'") && $0.contains("layers[0]") }, "\(player.warnings)")
        #expect(near(try LottieRender.frame(json, 0, playing: false).rgba(50, 50), (0, 0, 0, 255)))
    }

    @Test func aThreeDigitSolidColourIsExpanded() throws {
        let json = LJ.animation(layers: [LJ.solid("#f80", w: 100, h: 100, ind: 1)])
        #expect(LottieLayer(animation: try LottieAnimation(data: Data(json.utf8))).warnings.isEmpty)
        #expect(near(try LottieRender.frame(json, 0, playing: false).rgba(50, 50), (255, 136, 0, 255)))
    }

    @Test func aPrecompositionThatIncludesItselfEnds() throws {
        let loop = "{\"ty\":0,\"ind\":1,\"refId\":\"me\",\"w\":100,\"h\":100,\"ip\":0,\"op\":60,\"ks\":\(LJ.transform())}"
        let asset = "{\"id\":\"me\",\"layers\":[\(loop),\(LJ.solid("#0000ff", w: 50, h: 50, ind: 2))]}"
        let json = LJ.animation(layers: [loop], assets: [asset])
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        #expect(player.warnings.contains { $0.contains("include themselves") })
        let image = try LottieRender.frame(json, 0, playing: false)
        #expect(near(image.rgba(10, 10), (0, 0, 255, 255)), "drawn once, the cycle cut")
    }

    /// A 4×4 green PNG.
    static func greenPNG() throws -> Data {
        let context = Golden.makeContext(width: 4, height: 4)
        context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("strata-green-\(UUID().uuidString).png")
        try context.makeImage()!.writePNG(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Data(contentsOf: url)
    }

    static func imageAnimation(asset: String) -> String {
        let layer = "{\"ty\":2,\"ind\":1,\"refId\":\"img\",\"ip\":0,\"op\":60,\"ks\":\(LJ.transform(s: LJ.value([2500, 2500])))}"
        return LJ.animation(layers: [layer], assets: [asset])
    }

    @Test func embeddedImagesAreDecodedFromDataURLs() throws {
        let base64 = try Self.greenPNG().base64EncodedString()
        let json = Self.imageAnimation(asset: "{\"id\":\"img\",\"w\":4,\"h\":4,\"u\":\"\",\"p\":\"data:image/png;base64,\(base64)\",\"e\":1}")
        let image = try LottieRender.frame(json, 0, playing: false)
        #expect(near(image.rgba(50, 50), (0, 255, 0, 255)), "the image, scaled 25×: \(image.rgba(50, 50))")
        // Bad input: base64 that decodes to no image is drawn empty with a warning naming the asset.
        let bad = Self.imageAnimation(asset: "{\"id\":\"img\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64,AAAA\",\"e\":1}")
        let warned = try LottieRender.animation(bad).warnings
        #expect(warned.contains { $0.contains("not a readable PNG, JPEG or WebP") && $0.contains("assets[0]") }, "\(warned)")
        // Not base64 at all: an error naming the place.
        let garbled = Self.imageAnimation(asset: "{\"id\":\"img\",\"w\":4,\"h\":4,\"p\":\"data:image/png;base64\",\"e\":1}")
        #expect(Self.error(garbled)?.hasPrefix("assets[0].p") == true, "\(Self.error(garbled) ?? "no error")")
    }

    /// A 4×4 green WebP (lossless).
    static func greenWebP() throws -> Data {
        let context = Golden.makeContext(width: 4, height: 4)
        context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        return try #require(context.makeImage()?.webpData())
    }

    @Test func embeddedWebPImagesAreDecoded() throws {
        let base64 = try Self.greenWebP().base64EncodedString()
        let json = Self.imageAnimation(asset: "{\"id\":\"img\",\"w\":4,\"h\":4,\"u\":\"\",\"p\":\"data:image/webp;base64,\(base64)\",\"e\":1}")
        #expect(try LottieRender.animation(json).warnings.isEmpty)
        let image = try LottieRender.frame(json, 0, playing: false)
        #expect(near(image.rgba(50, 50), (0, 255, 0, 255)), "the WebP image, scaled 25×: \(image.rgba(50, 50))")
    }

    @Test func effectControlsGivenAsBareNumbersAreRead() throws {
        // An "ignored" control (type 6) with a bare number, a drop shadow whose controls mix both forms.
        let ignored = "{\"ty\":5,\"nm\":\"Custom\",\"ef\":[{\"ty\":6,\"nm\":\"x\",\"v\":0},{\"ty\":0,\"v\":{\"a\":0,\"k\":3}}]}"
        let shadow = "{\"ty\":25,\"nm\":\"Drop Shadow\",\"ef\":[{\"ty\":2,\"v\":{\"a\":0,\"k\":[0,0,1,1]}},{\"ty\":0,\"v\":255},{\"ty\":0,\"v\":{\"a\":0,\"k\":90}},{\"ty\":0,\"v\":{\"a\":0,\"k\":20}},{\"ty\":0,\"v\":0}]}"
        let layer = LJ.shapeLayer([LJ.group([LJ.rect((30, 50), 20, 20), LJ.fill([1, 0, 0])])], extra: ",\"ef\":[\(ignored),\(shadow)]")
        let json = LJ.animation(layers: [layer])
        let image = try LottieRender.frame(json, 0, playing: false)
        #expect(near(image.rgba(30, 50), (255, 0, 0, 255)), "the layer draws")
        #expect(near(image.rgba(50, 50), (0, 0, 255, 255), tolerance: 2), "its blue shadow 20 points to the right: \(image.rgba(50, 50))")
        // Bad input: effects that are not a list: a warning, the layer still draws.
        let broken = LJ.animation(layers: [LJ.shapeLayer([LJ.group([LJ.rect((30, 50), 20, 20), LJ.fill([1, 0, 0])])], extra: ",\"ef\":7")])
        #expect(try LottieRender.animation(broken).warnings.contains { $0.contains("effects that are not a list") })
        #expect(near(try LottieRender.frame(broken, 0, playing: false).rgba(30, 50), (255, 0, 0, 255)))
    }

    /// `body` given a `.lottie` archive of `entries` (deflated), made in a folder removed after.
    static func withArchive<T>(_ entries: [(String, Data)], _ body: (URL) throws -> T) throws -> T {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("strata-dotlottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("test.lottie")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try body(url)
    }

    /// The archive's image as PNG (`e: 0`), and as WebP flagged `e: 1` beside its file name (some
    /// .lottie exporters do): the file is looked up all the same.
    @Test(arguments: [("g.png", 0), ("g.webp", 1)])
    func dotLottieArchivesPlayTheirFirstAnimationWithItsImages(file: String, embedded: Int) throws {
        let bytes = file.hasSuffix(".webp") ? try Self.greenWebP() : try Self.greenPNG()
        let asset = "{\"id\":\"img\",\"w\":4,\"h\":4,\"u\":\"/images/\",\"p\":\"\(file)\",\"e\":\(embedded)}"
        let animation = try Self.withArchive([
            ("manifest.json", Data("{\"version\":\"1\",\"animations\":[{\"id\":\"green\"}]}".utf8)),
            ("animations/green.json", Data(Self.imageAnimation(asset: asset).utf8)),
            ("images/\(file)", bytes),
        ]) { try LottieAnimation(contentsOf: $0) }
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        let player = LottieLayer(animation: animation)
        player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let image = Golden.render(player, width: 100, height: 100)
        #expect(near(image.rgba(50, 50), (0, 255, 0, 255)), "the archive's \(file): \(image.rgba(50, 50))")
    }

    @Test func anEmptyEasingListMeansALinearSegment() throws {
        // Found by the fuzzer: "o": {"x": [], "y": [0]} indexed an empty list.
        let position = "{\"a\":1,\"k\":[{\"t\":0,\"s\":[20,50],\"o\":{\"x\":[],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}},{\"t\":30,\"s\":[80,50]}]}"
        let json = LottieTimingTests.movingSquare(position)
        let x = try #require(LottieTimingTests.centre(try LottieRender.frame(json, 15)))
        #expect(abs(x - 50) <= 1, "linear half way: \(x)")
    }

    @Test func aZipThatTrappedZIPFoundationsMemoryReaderIsAnError() throws {
        // Found by the fuzzer: ZIPFoundation's in-memory archive traps on it; archives are read
        // from their file, which answers with an error.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/lottie/zip-memoryfile-trap.lottie")
        #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: url) }
    }

    @Test func aMaskCurveOfFarControlPointsBuildsAndDraws() throws {
        // Found by the fuzzer (CI): a subtract mask whose curve has control points ~1e300 away;
        // flattening it for the mask boolean asked for more steps than an Int holds and trapped.
        // Now the file builds and draws; the square under the masks still shows.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/lottie/regression-far-mask-curve.json")
        let player = LottieLayer(animation: try LottieAnimation(contentsOf: url))
        player.frame = CGRect(x: 0, y: 0, width: 48, height: 48)
        #expect(player.sublayers?.isEmpty == false)
        var drawn = 0
        for progress in [0.0, 0.5, 1.0] {
            player.currentProgress = progress
            let context = try #require(CGContext(
                data: nil, width: 48, height: 48, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue))
            player.render(in: context)
            let pixels = try #require(context.data).assumingMemoryBound(to: UInt32.self)
            drawn += (0..<(48 * 48)).filter { pixels[$0] >> 24 != 0 }.count
        }
        CATransaction.flush()
        #expect(drawn > 0, "nothing drawn at progress 0, 0.5 and 1")
    }

    @Test(.timeLimit(.minutes(1)))
    func aDeflateStreamThatNeverEndsIsAnErrorNotAHang() throws {
        // Found by the fuzzer: ZIPFoundation's extraction reads past the entry to the end of the
        // file and then loops for ever; entries are inflated from their own bytes only.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/lottie/regression-endless-deflate.lottie")
        #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: url) }
    }

    @Test func unreadableFilesAndBrokenArchivesAreErrors() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
        #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: folder.appendingPathComponent("no-such-\(UUID()).json")) }
        let broken = folder.appendingPathComponent("strata-broken-\(UUID().uuidString).lottie")
        try Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        do {
            _ = try LottieAnimation(contentsOf: broken)
            Issue.record("a broken zip must be refused")
        } catch let error as LottieError {
            #expect("\(error)".contains(".lottie"), "\(error)")
        }
    }

    /// Issue 29: image assets named by file are read from the animation's folder only: one
    /// beside it loads, one reaching out with `..` does not, with a warning.
    @Test func imageFilesAreReadOnlyFromTheAnimationsFolder() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("strata-assets-\(UUID().uuidString)")
        let inside = base.appendingPathComponent("anim")
        try FileManager.default.createDirectory(at: inside.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let context = CGContext(
            data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let png = try #require(context.makeImage()?.pngData())
        try png.write(to: inside.appendingPathComponent("images/ok.png"))
        try png.write(to: base.appendingPathComponent("secret.png"))
        let assets = [
            #"{"id":"ok","w":4,"h":4,"u":"images/","p":"ok.png","e":0}"#,
            #"{"id":"out","w":4,"h":4,"u":"../","p":"secret.png","e":0}"#,
            #"{"id":"abs","w":4,"h":4,"u":""# + base.path + #"/","p":"secret.png","e":0}"#,
        ]
        let json = LJ.animation(layers: [LJ.solid("#000000", w: 4, h: 4)], assets: assets)
        let file = inside.appendingPathComponent("anim.json")
        try Data(json.utf8).write(to: file)
        let animation = try LottieAnimation(contentsOf: file)
        let refused = animation.warnings.filter { $0.contains("outside the animation's folder") }
        #expect(refused.count == 1 && refused.contains { $0.contains("'out'") }, "\(animation.warnings)")
        // An absolute name is taken inside the folder (joined under it): nothing there to read.
        #expect(animation.warnings.contains { $0.contains("'abs'") && $0.contains("could not be read") })
        #expect(!animation.warnings.contains { $0.contains("'ok'") }, "the image beside it loads: \(animation.warnings)")
    }

    /// Issue 29: 300 image assets naming one 1 MB entry read it once (read 300 times it was
    /// 300 MB, past the archive's 256 MB budget; a 63 MB entry named 1,000 times took minutes).
    @Test func oneArchiveEntryNamedByManyAssetsIsReadOnce() throws {
        let assets = (0..<300).map { #"{"id":"img\#($0)","w":4,"h":4,"u":"/images/","p":"big.png","e":0}"# }
        let animation = try Self.withArchive([
            ("animations/a.json", Data(LJ.animation(layers: [LJ.solid("#000000", w: 4, h: 4)], assets: assets).utf8)),
            ("images/big.png", Data(count: 1 << 20)),  // tried: one 1 MB entry (zeros, not a PNG)
        ]) { try LottieAnimation(contentsOf: $0) }
        #expect(!animation.warnings.contains { $0.contains("unpacks to more") }, "read once")
        #expect(animation.warnings.filter { $0.contains("not a PNG, JPEG or WebP") }.count == 300, "each asset says why it is empty")
    }

    /// Issue 29: an embedded PNG whose header claims 16,384 × 16,384 pixels (1 GB decoded; 20
    /// uses took 8 GB, then a misleading "not a readable PNG") and a JPEG claiming 30,000 ×
    /// 30,000 are refused before decoding, with the size in the message.
    @Test func imagesClaimingHugeSizesAreRefusedBeforeDecoding() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0]  // 16384 × 16384, RGBA
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0]  // SOI, a 4-byte APP0
        jpeg += [0xFF, 0xC0, 0, 11, 8, 0x75, 0x30, 0x75, 0x30, 1, 1, 0x11, 0]  // SOF0: 30000 × 30000
        // In a .lottie archive: drawn empty, the warning names the size.
        let archived = try Self.withArchive([
            ("animations/a.json", Data(LJ.animation(layers: [LJ.solid("#000000", w: 4, h: 4)], assets: [
                #"{"id":"big","w":4,"h":4,"u":"/images/","p":"big.png","e":0}"#,
            ]).utf8)),
            ("images/big.png", Data(png)),
        ]) { try LottieAnimation(contentsOf: $0) }
        #expect(archived.warnings.contains { $0.contains("16384×16384 pixels") }, "\(archived.warnings)")
        for (bytes, size) in [(png, "16384×16384"), (jpeg, "30000×30000")] {
            let url = "data:image/png;base64," + Data(bytes).base64EncodedString()
            let asset = #"{"id":"big","w":4,"h":4,"p":""# + url + #"","e":1}"#
            do {
                _ = try LottieAnimation(data: Data(LJ.animation(layers: [LJ.solid("#000000", w: 4, h: 4)], assets: [asset]).utf8))
                Issue.record("expected an error for \(size)")
            } catch {
                #expect("\(error)".contains("\(size) pixels"), "\(error)")
            }
        }
    }

    /// A `size`×`size` PNG of one colour, as a data URL asset with `id`.
    static func pngAsset(_ id: String, size: Int, red: Double) throws -> String {
        let context = CGContext(
            data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        context.setFillColor(CGColor(red: red, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: size, height: size))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-png-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try context.makeImage()!.writePNG(to: url)
        let data = try Data(contentsOf: url)
        return "{\"id\":\"\(id)\",\"w\":\(size),\"h\":\(size),\"p\":\"data:image/png;base64,\(data.base64EncodedString())\",\"e\":1}"
    }

    /// Issue 29: a file's budgets are the caller's to set (the CLI's `--limit`): the JSON's
    /// bytes, the layers after expansion, the decoded pixels of all its images together (here
    /// three 100×100 images against 25,000 pixels: the third is refused, naming the limit).
    @Test func aFilesBudgetsAreTheCallersToSet() throws {
        let three = LJ.animation(layers: (1...3).map { LJ.solid("#ff0000", w: 10, h: 10, ind: $0) })
        var small = InputLimits.standard
        small.jsonBytes = 100
        #expect(throws: LottieError.self) { try LottieAnimation(data: Data(three.utf8), limits: small) }
        do {
            _ = try LottieAnimation(data: Data(three.utf8), limits: small)
        } catch {
            #expect("\(error)".contains("more than the 0 MB") || "\(error)".contains("--limit json-mb"), "\(error)")
        }
        var fewLayers = InputLimits.standard
        fewLayers.layers = 2
        let player = LottieLayer(animation: try LottieAnimation(data: Data(three.utf8), limits: fewLayers))
        #expect(player.warnings.contains { $0.contains("more than 2 layers") && $0.contains("--limit layers") }, "\(player.warnings)")
        let assets = try [("a", 0.2), ("b", 0.5), ("c", 0.9)].map { try Self.pngAsset($0.0, size: 100, red: $0.1) }
        let images = LJ.animation(layers: [LJ.solid("#000000", w: 4, h: 4)], assets: assets)
        _ = try LottieAnimation(data: Data(images.utf8))  // within the defaults
        var fewPixels = InputLimits.standard
        fewPixels.filePixels = 25_000
        do {
            _ = try LottieAnimation(data: Data(images.utf8), limits: fewPixels)
            Issue.record("30,000 pixels of images must pass a 25,000-pixel budget only with an error")
        } catch {
            #expect("\(error)".contains("assets[2].p") && "\(error)".contains("--limit file-mpx"), "\(error)")
        }
    }
}
