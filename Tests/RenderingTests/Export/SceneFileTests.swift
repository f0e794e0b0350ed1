import Foundation
import QuartzCore
import StrataExport
import StrataInput
import StrataScene
import Testing

@Suite("Scene files: JSON layers, animations and timed changes")
struct SceneFileTests {
    func load(_ json: String) throws -> LayerRecording {
        try SceneFile.recording(from: Data(json.utf8))
    }

    /// The message of the SceneError `json` gives.
    func problem(_ json: String) -> String? {
        do {
            _ = try load(json)
            return nil
        } catch let error as SceneError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func theREADMEExampleRenders() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/scenes/card.json")
        let recording = try SceneFile.load(url)
        #expect(recording.settings.size == CGSize(width: 320, height: 200))
        #expect(recording.settings.frameCount == 91)
        var settings = recording.settings
        settings.fps = 2  // frames at 0, 0.5, ... 3 s: enough to check, quick in debug builds
        var frames: [CGImage] = []
        try SceneFile.load(url, settings: settings).renderFrames { (index: Int, _: Double, frame: CGImage) in
            if index == 0 || index == 3 { frames.append(frame) }
        }
        // The card starts at x = 40 (orange) and has moved right half way.
        #expect(near(frames[0].rgba(45, 120), (255, 149, 0, 255), tolerance: 3))
        #expect(frames[1].rgba(45, 120).r < 250 || frames[1].rgba(45, 120).g > 200)
    }

    @Test func propertiesAnimationsAndChangesApply() throws {
        let recording = try load(
            """
            { "size": [100, 50], "fps": 10, "duration": 1,
              "layers": [ { "name": "box", "frame": [0, 0, 20, 50], "backgroundColor": "#0000FF",
                            "animations": [ { "keyPath": "position.x", "fromValue": 10, "toValue": 90, "duration": 1 } ] } ],
              "changes": [ { "time": 0.5, "layer": "box", "set": { "backgroundColor": "#FF0000" }, "disableActions": true } ] }
            """)
        var samples: [(Int, Int)] = []
        try recording.renderFrames { (_: Int, _: Double, frame: CGImage) in
            let x = (0..<100).first { frame.rgba($0, 25).a > 128 } ?? -1
            samples.append((x, frame.rgba(max(x, 0), 25).r))
        }
        #expect(samples[0].0 == 0)  // centre 10: x from 0
        #expect(abs(samples[5].0 - 40) <= 1)  // centre 50 at t = 0.5
        #expect(samples[4].1 < 20 && samples[6].1 > 240)  // turned red at 0.5 s
    }

    @Test func errorsNameThePlaceInTheFile() {
        #expect(problem("not json")?.hasPrefix("not a JSON document: line 1, column 1:") == true)  // tried: not JSON, its place named
        #expect(problem("{\"size\": [NaN, 1]}")?.contains("line 1, column 11: NaN is not a JSON number") == true, "\(String(describing: problem("{\"size\": [NaN, 1]}")))")
        #expect(problem(#"{ "size": [10, 10], "layers": [ { "frame": [1, 2, 3] } ] }"#)
            == "layers[0].frame: expected a rectangle [x, y, width, height], got 3 numbers")
        #expect(problem(##"{ "size": [10, 10], "layers": [ { "colour": "#fff" } ] }"##)
            == "layers[0].colour: unknown property")
        #expect(problem(#"{ "size": [10, 10], "layers": [ { "opacity": "high" } ] }"#)
            == "layers[0].opacity: expected a number, got a string")
        #expect(problem(
            #"{ "size": [10, 10], "layers": [ {}, {}, { "animations": [ { "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1] } ] } ] }"#)
            == "layers[2].animations[0].keyTimes: 3 values need 3 key times, got 2")
        #expect(problem(#"{ "size": [10, 10], "layers": [ {} ], "changes": [ { "time": 1, "layer": "nobody", "set": { "opacity": 0 } } ] }"#)
            == "changes[0].layer: no layer is named \"nobody\"")
        #expect(problem(#"{ "size": [10, 10], "layers": [ {} ], "extra": 1 }"#)?.hasPrefix("extra: unknown key") == true)
        #expect(problem(#"{ "size": [100000, 10], "layers": [ {} ] }"#)?.contains("8192") == true)  // absurd size
        // Found by the scene fuzzer (it used to trap): a height of 3·10⁹⁴ points.
        #expect(problem(#"{ "size": [40, 3e94], "layers": [ {} ] }"#)?.contains("8192") == true)
        #expect(problem(#"{ "size": [10, 10], "layers": [ { "animations": [ { "keyPath": "nope" } ] } ] }"#)
            == "layers[0].animations[0].keyPath: unknown key path \"nope\"")
    }

    /// Issue 29: a replicator's count given as infinity, 1e300 (they trapped), −1 or 2.5.
    @Test(arguments: ["\"infinity\"", "1e300", "-1", "2.5", "10001"])
    func replicatorCountsMustBeWholeAndBounded(_ count: String) {
        let scene = #"{ "size": [10, 10], "layers": [ { "type": "replicator", "instanceCount": "# + count + " } ] }"
        #expect(problem(scene)?.hasPrefix("layers[0].instanceCount: expected a whole number of instances from 0 to 10,000") == true,
            "\(problem(scene) ?? "accepted")")
    }

    /// Issue 29: values of the wrong type were silently ignored (a string for sublayers, a number
    /// for animations or a type, booleans as strings, an unknown rotation mode): each is now an
    /// error naming the place.
    @Test func wrongTypesAreErrorsNamingThePlace() {
        let layer = #"{ "size": [10, 10], "layers": [ "#
        let cases: [(String, String)] = [
            (#"{ "sublayers": "oops" }"#, "layers[0].sublayers: expected an array, got a string"),
            (#"{ "animations": 5 }"#, "layers[0].animations: expected an array, got a number"),
            (#"{ "type": 5 }"#, "layers[0].type: expected a string, got a number"),
            (#"{ "type": "text", "isWrapped": "yes" }"#, "layers[0].isWrapped: expected true or false, got a string"),
            (#"{ "type": "text", "isWrapped": 1 }"#, "layers[0].isWrapped: expected true or false, got a number"),
            (#"{ "animations": [ { "keyPath": "opacity", "fromValue": 0, "isAdditive": "true" } ] }"#,
             "layers[0].animations[0].isAdditive: expected true or false, got a string"),
            (#"{ "animations": [ { "keyPath": "position", "values": [[0, 0], [1, 1]], "rotationMode": "bogus" } ] }"#,
             #"layers[0].animations[0].rotationMode: unknown value "bogus" (known: auto, autoReverse)"#),
            (#"{ "animations": [ { "keyPath": "opacity", "values": [0, 1], "calculationMode": "smooth" } ] }"#,
             #"layers[0].animations[0].calculationMode: unknown value "smooth" (known: linear, discrete, paced, cubic, cubicPaced)"#),
        ]
        for (json, message) in cases {
            #expect(problem(layer + json + " ] }") == message, "\(json)")
        }
    }

    @Test func unreadableFilesAreReported() {
        #expect(throws: SceneError.self) { try SceneFile.load(URL(fileURLWithPath: "/nonexistent/scene.json")) }
    }

    /// Issue 29: a scene file larger than `InputLimits.sceneBytes` is refused before it is read
    /// (JSONSerialization builds the whole document: up to 100 bytes of memory a byte), naming
    /// the limit; the same file loads under a raised limit.
    @Test func scenesLargerThanTheirLimitAreRefusedUnread() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-scene-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let padding = String(repeating: " ", count: 3000)
        try Data("{ \"size\": [10, 10], \"layers\": [ { \"frame\": [0, 0, 5, 5] } ] \(padding)}".utf8).write(to: url)
        var small = InputLimits.standard
        small.sceneBytes = 2000
        do {
            _ = try SceneFile.load(url, limits: small)
            Issue.record("a 3 KB scene must be refused under a 2,000-byte limit")
        } catch let error as SceneError {
            #expect("\(error)".contains("--limit scene-mb"), "\(error)")
        }
        _ = try SceneFile.load(url)
    }
}
