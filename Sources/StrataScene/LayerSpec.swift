import Foundation
import QuartzCore
import StrataAnimation

/// One layer of a scene, checked, ready to be made.
struct LayerSpec {
    var names: [String]
    var make: (inout [String: CALayer]) -> CALayer

    static let layerKeys: Set<String> = ["name", "type", "frame", "sublayers", "animations", "string", "font",
        "alignmentMode", "truncationMode", "isWrapped", "fillRule", "lineCap", "lineJoin", "lineDashPattern",
        "gradientType"]
    static let types = ["layer", "shape", "gradient", "text", "replicator", "transform", "scroll"]

    static func parse(_ v: Any, _ at: ScenePath) throws -> LayerSpec {
        guard let o = v as? [String: Any] else { throw at.error("expected a layer object") }
        let type = try SceneValues.string(o, "type", at) ?? "layer"
        guard types.contains(type) else {
            throw at.key("type").error("unknown layer type \"\(type)\" (known: \(types.joined(separator: ", ")))")
        }
        let name = o["name"] as? String
        if o["name"] != nil, name == nil { throw at.key("name").error("expected a string") }
        let frame = try o["frame"].map { try SceneValues.value($0, kind: .rect, at.key("frame")) as! CGRect }
        var properties: [(String, Any)] = []
        for key in o.keys.sorted() where !layerKeys.contains(key) {
            properties.append((key, try propertyValue(key, o[key], at.key(key), type: type)))
        }
        var strings: [(String, String)] = []
        for key in ["string", "font", "alignmentMode", "truncationMode", "fillRule", "lineCap", "lineJoin", "gradientType"] {
            guard let value = o[key] else { continue }
            guard let s = value as? String else { throw at.key(key).error("expected a string") }
            strings.append((key, s))
        }
        let wrapped = try SceneValues.bool(o, "isWrapped", at)
        let dashes = try o["lineDashPattern"].map {
            try SceneValues.numbers($0, count: nil, at.key("lineDashPattern"), what: "an array of lengths")
        }
        let sublayers = try (SceneValues.array(o, "sublayers", at) ?? []).enumerated().map {
            try parse($0.element, at.key("sublayers").index($0.offset))
        }
        let animations = try (SceneValues.array(o, "animations", at) ?? []).enumerated().map {
            try AnimationSpec.parse($0.element, at.key("animations").index($0.offset))
        }
        return LayerSpec(names: (name.map { [$0] } ?? []) + sublayers.flatMap(\.names)) { byName in
            let layer = makeLayer(type)
            layer.name = name
            if let frame { layer.frame = frame }
            for (key, value) in properties { set(key, value, on: layer) }
            applyStrings(strings, wrapped: wrapped, dashes: dashes, to: layer)
            for sublayer in sublayers { layer.addSublayer(sublayer.make(&byName)) }
            for animation in animations {
                let made = animation.make()
                // A scene's beginTime counts from the scene's start, as `CACurrentMediaTime() +
                // delay` does in code: the clock does not start at 0.
                if made.beginTime != 0 { made.beginTime += layer.convertTime(CACurrentMediaTime(), from: nil) }
                layer.add(made, forKey: animation.key)
            }
            if let name { byName[name] = layer }
            return layer
        }
    }

    static func makeLayer(_ type: String) -> CALayer {
        switch type {
        case "shape": CAShapeLayer()
        case "gradient": CAGradientLayer()
        case "text": CATextLayer()
        case "replicator": CAReplicatorLayer()
        case "transform": CATransformLayer()
        case "scroll": CAScrollLayer()
        default: CALayer()
        }
    }

    /// A property's value, checked against the key path's kind (Apple's names).
    static func propertyValue(_ key: String, _ v: Any?, _ at: ScenePath, type: String = "layer") throws -> Any {
        guard let parsed = try? PropertyKey(parsing: key), case .layer = parsed.base else {
            throw at.error("unknown property")
        }
        if key == "instanceCount" {
            // A count must be a whole number the replicator can draw (it draws at most 10,000).
            let n = try SceneValues.number(v, at)
            guard n >= 0, n <= 10_000, n == n.rounded() else {
                throw at.error("expected a whole number of instances from 0 to 10,000, got \(n)")
            }
            return Int(n)
        }
        return try SceneValues.value(v, kind: parsed.valueKind, at)
    }

    static func set(_ key: String, _ value: Any, on layer: CALayer) {
        if key == "instanceCount", let replicator = layer as? CAReplicatorLayer, let n = value as? Int {
            replicator.instanceCount = n
            return
        }
        layer.setValue(value, forKeyPath: key)
    }

    static func applyStrings(_ strings: [(String, String)], wrapped: Bool?, dashes: [Double]?, to layer: CALayer) {
        for (key, s) in strings {
            switch (key, layer) {
            case ("string", let text as CATextLayer): text.string = s
            case ("font", let text as CATextLayer): text.font = s as NSString
            case ("alignmentMode", let text as CATextLayer): text.alignmentMode = CATextLayerAlignmentMode(rawValue: s)
            case ("truncationMode", let text as CATextLayer): text.truncationMode = CATextLayerTruncationMode(rawValue: s)
            case ("fillRule", let shape as CAShapeLayer): shape.fillRule = CAShapeLayerFillRule(rawValue: s)
            case ("lineCap", let shape as CAShapeLayer): shape.lineCap = CAShapeLayerLineCap(rawValue: s)
            case ("lineJoin", let shape as CAShapeLayer): shape.lineJoin = CAShapeLayerLineJoin(rawValue: s)
            case ("gradientType", let gradient as CAGradientLayer): gradient.type = CAGradientLayerType(rawValue: s)
            default: Diagnostics.warn("scene: \(key) does not apply to this layer type; ignored")
            }
        }
        if let wrapped, let text = layer as? CATextLayer { text.isWrapped = wrapped }
        if let dashes, let shape = layer as? CAShapeLayer { shape.lineDashPattern = dashes.map { NSNumber(value: $0) } }
    }
}
