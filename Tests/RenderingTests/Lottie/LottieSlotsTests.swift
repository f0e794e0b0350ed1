import Foundation
import QuartzCore
import StrataLottie
import Testing

/// Lottie 1.1 slots (`sid` on a property, `slots` at the top) set from the file, the API and the
/// command line, and dotLottie 2 archives with several animations and themes.
@Suite("Lottie slots and dotLottie themes")
struct LottieSlotsTests {
    /// A 60×60 square in a 100×100 composition, its fill naming slot "fill"; `slots` at the top.
    static func json(slots: String? = nil, fill: String = "{\"a\":0,\"k\":[1,0,0],\"sid\":\"fill\"}") -> String {
        let square = LJ.shapeLayer([LJ.group([LJ.rect((50, 50), 60, 60), "{\"ty\":\"fl\",\"c\":\(fill),\"o\":{\"k\":100},\"r\":1}"])])
        var json = LJ.animation(layers: [square])
        if let slots { json = "{\"slots\":\(slots)," + json.dropFirst() }
        return json
    }

    static func centre(_ animation: LottieAnimation, frame: Double = 0) -> (r: Int, g: Int, b: Int, a: Int) {
        let player = scene { () -> LottieLayer in
            let player = LottieLayer(animation: animation)
            player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            player.currentFrame = frame
            return player
        }
        return Golden.render(player, width: 100, height: 100, at: 1_000_000.5).rgba(50, 50)
    }

    @Test func theFilesSlotsReplaceTheValuesThatNameThem() throws {
        let plain = try LottieAnimation(data: Data(Self.json().utf8))
        #expect(near(Self.centre(plain), (255, 0, 0, 255)), "no slots: the inline red")
        #expect(plain.slotIDs == ["fill"], "the slot a property names")
        let file = try LottieAnimation(data: Data(Self.json(slots: "{\"fill\":{\"p\":{\"a\":0,\"k\":[0,0,1]}}}").utf8))
        #expect(near(Self.centre(file), (0, 0, 255, 255)), "the file's slot: blue")
    }

    @Test func theCallersSlotsWinAndMayBeAnimated() throws {
        let data = Data(Self.json(slots: "{\"fill\":{\"p\":{\"a\":0,\"k\":[0,0,1]}}}").utf8)
        let green = try LottieAnimation(data: data, slots: ["fill": "[0,1,0]"])
        #expect(near(Self.centre(green), (0, 255, 0, 255)), "a bare value from the caller: green")
        let keyed = try LottieAnimation(data: data, slots: ["fill": "{\"a\":1,\"k\":[{\"t\":0,\"s\":[0,0,0]},{\"t\":30,\"s\":[1,1,1]}]}"])
        #expect(near(Self.centre(keyed, frame: 15), (128, 128, 128, 255), tolerance: 2), "animated slot, half way: grey")
    }

    @Test func badSlotsAreClearErrorsOrIgnored() throws {
        // A slot of the wrong kind names the property and the slot.
        let wrong = #expect(throws: LottieError.self) { try LottieAnimation(data: Data(Self.json().utf8), slots: ["fill": "\"red\""]) }
        #expect(wrong.map { "\($0)".contains("slot 'fill'") } == true, "\(String(describing: wrong))")
        // Not JSON at all, and nested past 128 levels: the place is named (it said only "is not a JSON value").
        let broken = #expect(throws: LottieError.self) { try LottieAnimation(data: Data(Self.json().utf8), slots: ["fill": "[0,1"]) }
        #expect(broken.map { "\($0)".contains("slot 'fill': not a JSON value: line 1, column") } == true, "\(String(describing: broken))")
        let deep = String(repeating: "[", count: 200) + "1" + String(repeating: "]", count: 200)
        let nested = #expect(throws: LottieError.self) { try LottieAnimation(data: Data(Self.json().utf8), slots: ["fill": deep]) }
        #expect(nested.map { "\($0)".contains("line 1, column 129") } == true, "\(String(describing: nested))")
        // A slot no property names changes nothing; a slot whose value names itself is read once.
        let unused = try LottieAnimation(data: Data(Self.json().utf8), slots: ["other": "[0,1,0]"])
        #expect(near(Self.centre(unused), (255, 0, 0, 255)))
        let selfNaming = try LottieAnimation(data: Data(Self.json(slots: "{\"fill\":{\"p\":{\"a\":0,\"k\":[0,0,1],\"sid\":\"fill\"}}}").utf8))
        #expect(near(Self.centre(selfNaming), (0, 0, 255, 255)), "a slot naming itself ends")
    }

    /// Issue 42. Tried: 20,000 slots, each naming the next (878 KB overflowed the stack, a
    /// decoder per level), and 300 properties naming the chain's head. A chain is followed 16
    /// deep and no further (a warning says so): the colour is the 16th link's (s15) own
    /// value; the file loads.
    @Test func aChainOfSlotsIsFollowedSixteenDeep() throws {
        let count = 20_000
        let links = (0..<count).map { i -> String in
            let colour = i == 15 ? "[0,0,1]" : "[0,1,0]"
            return "\"s\(i)\":{\"p\":{\"a\":0,\"k\":\(colour),\"sid\":\"s\(i + 1)\"}}"
        }
        let fills = (0..<300).map { _ in "{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[1,0,0],\"sid\":\"s0\"},\"o\":{\"k\":100},\"r\":1}" }
        let square = LJ.shapeLayer([LJ.group([LJ.rect((50, 50), 60, 60)] + fills)])
        let json = "{\"slots\":{\(links.joined(separator: ","))}," + LJ.animation(layers: [square]).dropFirst()
        let animation = try LottieAnimation(data: Data(json.utf8))
        #expect(animation.warnings.contains { $0.contains("16 deep") }, "\(animation.warnings)")
        #expect(near(Self.centre(animation), (0, 0, 255, 255)), "the 16th link's own value: blue")
    }

    /// Issue 42. Tried: a `.lottie` whose manifest nests 300 arrays (it said "not valid JSON",
    /// naming no place): the error names the manifest, the line and the column.
    @Test func aDeepManifestSaysWhereItIsTooDeep() throws {
        let manifest = "{\"animations\":" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
        let error = try LottieDecodingTests.withArchive([("manifest.json", Data(manifest.utf8)), ("animations/a.json", Data(Self.json().utf8))]) { url in
            #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: url) }
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("manifest.json") && message.contains("line 1") && message.contains("nested"), "\(message)")
    }

    /// A dotLottie 2 archive: animations "red" and "blue" (both naming slot "fill"), themes "green"
    /// (a colour) and "pulse" (keyframes), "red" starting with `initialTheme`.
    static func archive(initialTheme: String? = nil, _ body: (URL) throws -> Void) throws {
        let manifest = """
            {"version":"2","animations":[{"id":"red"\(initialTheme.map { ",\"initialTheme\":\"\($0)\"" } ?? "")},{"id":"blue"}],"themes":[{"id":"green"},{"id":"pulse"}]}
            """
        let green = "{\"rules\":[{\"id\":\"fill\",\"type\":\"Color\",\"value\":[0,1,0,1]}]}"
        let pulse = "{\"rules\":[{\"id\":\"fill\",\"type\":\"Color\",\"keyframes\":[{\"frame\":0,\"value\":[0,0,0]},{\"frame\":30,\"value\":[1,1,1]}]}]}"
        _ = try LottieDecodingTests.withArchive([
            ("manifest.json", Data(manifest.utf8)),
            ("a/red.json", Data(Self.json().utf8)),
            ("a/blue.json", Data(Self.json(fill: "{\"a\":0,\"k\":[0,0,1],\"sid\":\"fill\"}").utf8)),
            ("t/green.json", Data(green.utf8)), ("t/pulse.json", Data(pulse.utf8)),
        ]) { url in try body(url) }
    }

    @Test func dotLottie2ArchivesChooseAnimationsAndThemes() throws {
        try Self.archive { url in
            let first = try LottieAnimation(contentsOf: url)
            #expect(near(Self.centre(first), (255, 0, 0, 255)), "the first animation, no theme")
            #expect(first.archiveContents == DotLottieContents(animations: ["red", "blue"], themes: ["green", "pulse"], theme: nil))
            #expect(near(Self.centre(try LottieAnimation(contentsOf: url, animationID: "blue")), (0, 0, 255, 255)), "chosen by id")
            let themed = try LottieAnimation(contentsOf: url, animationID: "blue", themeID: "green")
            #expect(near(Self.centre(themed), (0, 255, 0, 255)), "the theme sets the slot")
            #expect(near(Self.centre(try LottieAnimation(contentsOf: url, themeID: "pulse"), frame: 15), (128, 128, 128, 255), tolerance: 2))
            let over = try LottieAnimation(contentsOf: url, slots: ["fill": "[1,1,0]"], themeID: "green")
            #expect(near(Self.centre(over), (255, 255, 0, 255)), "the caller's slots over the theme's")
            // Bad input: unknown ids name the archive's.
            let noAnimation = #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: url, animationID: "green") }
            #expect(noAnimation.map { "\($0)".contains("'red', 'blue'") } == true)
            let noTheme = #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: url, themeID: "dark") }
            #expect(noTheme.map { "\($0)".contains("'green', 'pulse'") } == true)
        }
        try Self.archive(initialTheme: "green") { url in
            let animation = try LottieAnimation(contentsOf: url)
            #expect(near(Self.centre(animation), (0, 255, 0, 255)), "the animation's initial theme")
            #expect(animation.archiveContents?.theme == "green")
        }
    }

    @Test func theCommandLineSetsSlotsAndChoosesThemes() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("strata-slots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let file = out.appendingPathComponent("square.json")
        try Data(Self.json().utf8).write(to: file)
        let result = try StrataCommand.run(["render", file.path, "--frame", "0", "--slot", "fill=[0,1,0]", "--out", out.path])
        #expect(result.status == 0, "\(result.output)")
        let image = try #require(CGImage.load(contentsOf: out.appendingPathComponent("square-frame-0.png")))
        #expect(near(image.rgba(50, 50), (0, 255, 0, 255)), "--slot fill=[0,1,0]")
        let bad = try StrataCommand.run(["render", file.path, "--frame", "0", "--slot", "fill", "--out", out.path])
        #expect(bad.status != 0 && bad.output.contains("ID=JSON"), "\(bad.output)")
        try Self.archive { url in
            let info = try StrataCommand.run(["info", url.path, "--theme", "green"])
            #expect(info.status == 0, "\(info.output)")
            for line in ["archive animations: red, blue", "archive themes: green, pulse (applied: green)", "slots: fill"] {
                #expect(info.output.contains(line), "'\(line)' in:\n\(info.output)")
            }
            let themeOnJSON = try StrataCommand.run(["info", file.path, "--theme", "green"])
            #expect(themeOnJSON.status != 0 && themeOnJSON.output.contains(".lottie archives"), "\(themeOnJSON.output)")
        }
    }
}
