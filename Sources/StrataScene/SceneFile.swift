import Foundation
import QuartzCore
import StrataAnimation
import StrataExport
import StrataInput

/// Scene files: a layer tree, its animations and timed model changes in JSON, with Apple's
/// property and animation names (README: "Scene files"). Every problem is reported with its place
/// in the file, before anything is rendered.
public enum SceneFile {
    /// Reads and checks `url`; the recording renders the scene with the file's settings, or
    /// with `settings` when given.
    public static func load(_ url: URL, settings: ExportSettings? = nil, limits: InputLimits = .standard) throws -> LayerRecording {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= limits.sceneBytes else {
            throw SceneError("", "\(InputLimits.millions(size)) MB, more than the \(InputLimits.millions(limits.sceneBytes)) MB a scene file may have (--limit scene-mb)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneError("", "cannot read \(url.path): \(error.localizedDescription)")
        }
        return try recording(from: data, settings: settings)
    }

    /// Parses and checks a scene document (`settings` replace the file's size, rate and length).
    public static func recording(from data: Data, settings override: ExportSettings? = nil) throws -> LayerRecording {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SceneError("", "not a JSON document: \(JSONSyntax.firstProblem(in: data)?.description ?? error.localizedDescription)")
        }
        guard let top = json as? [String: Any] else { throw SceneError("", "expected an object at the top") }
        let at = ScenePath.root
        try checkKeys(top, allowed: ["size", "scale", "fps", "duration", "loop", "layers", "changes"], at)
        let size = try SceneValues.numbers(top["size"], count: 2, at.key("size"), what: "[width, height] in points")
        var settings = ExportSettings(
            size: CGSize(width: size[0], height: size[1]),
            scale: try top["scale"].map { try SceneValues.number($0, at.key("scale")) } ?? 1,
            fps: try top["fps"].map { try SceneValues.number($0, at.key("fps")) } ?? 30,
            duration: try top["duration"].map { try SceneValues.number($0, at.key("duration")) } ?? 0)
        do {
            try settings.validate()
        } catch let error as ExportError {
            throw SceneError("", error.message)
        }
        settings.duration = max(0, settings.duration)
        // A scene whose duration is one period of a loop: its end is frame 0 again, not drawn.
        if let loop = try SceneValues.bool(top, "loop", at) { settings.loops = loop }
        if let override { settings = override }
        guard let layers = top["layers"] as? [Any], !layers.isEmpty else {
            throw at.key("layers").error("expected an array of at least one layer")
        }
        let makers = try layers.enumerated().map { try LayerSpec.parse($0.element, at.key("layers").index($0.offset)) }
        let changes = try (SceneValues.array(top, "changes", ScenePath.root) ?? []).enumerated().map {
            try ChangeSpec.parse($0.element, at.key("changes").index($0.offset))
        }
        if top["changes"] != nil, !(top["changes"] is [Any]) { throw at.key("changes").error("expected an array") }
        let named = Set(makers.flatMap(\.names))
        for (i, change) in changes.enumerated() where !named.contains(change.layer) {
            throw at.key("changes").index(i).key("layer").error("no layer is named \"\(change.layer)\"")
        }
        var byName: [String: CALayer] = [:]
        let recording = LayerRecording(settings: settings) {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: settings.size)
            for maker in makers { root.addSublayer(maker.make(&byName)) }
            return root
        }
        for change in changes {
            recording.at(change.time) { change.apply(to: byName[change.layer]) }
        }
        return recording
    }

    static func checkKeys(_ object: [String: Any], allowed: Set<String>, _ at: ScenePath) throws {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw at.key(key).error("unknown key (known here: \(allowed.sorted().joined(separator: ", ")))")
        }
    }
}

/// A model change at a time: properties set in a transaction (animating implicitly).
struct ChangeSpec {
    var time: Double
    var layer: String
    var values: [(String, Any)]
    var animationDuration: Double?
    var disableActions: Bool

    static func parse(_ v: Any, _ at: ScenePath) throws -> ChangeSpec {
        guard let o = v as? [String: Any] else { throw at.error("expected an object") }
        try SceneFile.checkKeys(o, allowed: ["time", "layer", "set", "animationDuration", "disableActions"], at)
        let time = try SceneValues.number(o["time"], at.key("time"))
        guard time >= 0, time.isFinite else { throw at.key("time").error("expected a time ≥ 0 in seconds") }
        guard let layer = o["layer"] as? String else { throw at.key("layer").error("expected a layer name") }
        guard let set = o["set"] as? [String: Any], !set.isEmpty else {
            throw at.key("set").error("expected an object of properties to set")
        }
        var values: [(String, Any)] = []
        for key in set.keys.sorted() {
            values.append((key, try LayerSpec.propertyValue(key, set[key], at.key("set").key(key))))
        }
        return ChangeSpec(
            time: time, layer: layer, values: values,
            animationDuration: try o["animationDuration"].map { try SceneValues.number($0, at.key("animationDuration")) },
            disableActions: try SceneValues.bool(o, "disableActions", at) ?? false)
    }

    func apply(to layer: CALayer?) {
        guard let layer else { return }
        CATransaction.begin()
        if let animationDuration { CATransaction.setAnimationDuration(animationDuration) }
        CATransaction.setDisableActions(disableActions)
        for (key, value) in values { LayerSpec.set(key, value, on: layer) }
        CATransaction.commit()
    }
}
