import Foundation
import QuartzCore
import StrataAnimation

/// One animation of a scene, checked, ready to be made.
struct AnimationSpec {
    var key: String?
    var make: () -> CAAnimation

    static let timingKeys: Set<String> = ["duration", "beginTime", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode", "speed", "timeOffset", "timingFunction", "isRemovedOnCompletion"]
    static let keys: Set<String> = timingKeys.union(["key", "type", "keyPath", "fromValue", "toValue", "byValue",
        "values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode", "isAdditive",
        "isCumulative", "mass", "stiffness", "damping", "initialVelocity", "animations"])

    static func parse(_ v: Any, _ at: ScenePath) throws -> AnimationSpec {
        guard let o = v as? [String: Any] else { throw at.error("expected an animation object") }
        try SceneFile.checkKeys(o, allowed: keys, at)
        let type = try SceneValues.string(o, "type", at)
            ?? (o["values"] != nil || o["path"] != nil ? "keyframe" : o["animations"] != nil ? "group" : "basic")
        let timing = try parseTiming(o, at)
        let key = try SceneValues.string(o, "key", at)
        if type == "group" {
            let children = try (SceneValues.array(o, "animations", at) ?? []).enumerated().map {
                try parse($0.element, at.key("animations").index($0.offset))
            }
            return AnimationSpec(key: key) {
                let group = CAAnimationGroup()
                group.animations = children.map { $0.make() }
                timing(group)
                return group
            }
        }
        guard let keyPath = o["keyPath"] as? String else { throw at.key("keyPath").error("expected a key path") }
        guard let parsed = try? PropertyKey(parsing: keyPath), case .layer = parsed.base else {
            throw at.key("keyPath").error("unknown key path \"\(keyPath)\"")
        }
        let kind = parsed.valueKind
        func value(_ name: String) throws -> Any? {
            try o[name].map { try SceneValues.value($0, kind: kind, at.key(name)) }
        }
        let additive = try SceneValues.bool(o, "isAdditive", at) ?? false
        let cumulative = try SceneValues.bool(o, "isCumulative", at) ?? false
        switch type {
        case "basic", "spring":
            let from = try value("fromValue"), to = try value("toValue"), by = try value("byValue")
            let spring = try ["mass", "stiffness", "damping", "initialVelocity"].map { name in
                try o[name].map { try SceneValues.number($0, at.key(name)) }
            }
            return AnimationSpec(key: key) {
                let animation = type == "spring" ? CASpringAnimation(keyPath: keyPath) : CABasicAnimation(keyPath: keyPath)
                animation.fromValue = from
                animation.toValue = to
                animation.byValue = by
                if let s = animation as? CASpringAnimation {
                    if let m = spring[0] { s.mass = m }
                    if let k = spring[1] { s.stiffness = k }
                    if let d = spring[2] { s.damping = d }
                    if let v = spring[3] { s.initialVelocity = v }
                }
                animation.isAdditive = additive
                animation.isCumulative = cumulative
                timing(animation)
                return animation
            }
        case "keyframe":
            let values: [Any]? = try (o["values"] as? [Any]).map { array in
                try array.enumerated().map { try SceneValues.value($0.element, kind: kind, at.key("values").index($0.offset)) }
            }
            if o["values"] != nil, values == nil { throw at.key("values").error("expected an array of values") }
            let path = try o["path"].map { try SceneValues.path($0, at.key("path")) }
            guard values != nil || path != nil else { throw at.error("a keyframe animation needs values or a path") }
            let keyTimes = try o["keyTimes"].map { try SceneValues.numbers($0, count: nil, at.key("keyTimes"), what: "key times") }
            if let keyTimes, let values, keyTimes.count != values.count {
                throw at.key("keyTimes").error("\(values.count) values need \(values.count) key times, got \(keyTimes.count)")
            }
            if let keyTimes, zip(keyTimes, keyTimes.dropFirst()).contains(where: { $0 > $1 }) || keyTimes.contains(where: { $0 < 0 || $0 > 1 }) {
                throw at.key("keyTimes").error("key times must rise from 0 to 1")
            }
            let functions = try SceneValues.array(o, "timingFunctions", at).map { array in
                try array.enumerated().map { try timingFunction($0.element, at.key("timingFunctions").index($0.offset)) }
            }
            if let functions, let values, functions.count != max(0, values.count - 1) {
                throw at.key("timingFunctions").error("\(values.count) values need \(values.count - 1) timing functions, got \(functions.count)")
            }
            let mode = try SceneValues.name(o, "calculationMode", among: ["linear", "discrete", "paced", "cubic", "cubicPaced"], at)
            let rotation = try SceneValues.name(o, "rotationMode", among: ["auto", "autoReverse"], at)
            return AnimationSpec(key: key) {
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                animation.values = values
                animation.path = path
                animation.keyTimes = keyTimes?.map { NSNumber(value: $0) }
                animation.timingFunctions = functions
                if let mode { animation.calculationMode = CAAnimationCalculationMode(rawValue: mode) }
                if let rotation { animation.rotationMode = CAAnimationRotationMode(rawValue: rotation) }
                animation.isAdditive = additive
                animation.isCumulative = cumulative
                timing(animation)
                return animation
            }
        default:
            throw at.key("type").error("unknown animation type \"\(type)\" (basic, keyframe, spring, group)")
        }
    }

    /// The CAMediaTiming and timing-function settings of an animation object.
    static func parseTiming(_ o: [String: Any], _ at: ScenePath) throws -> (CAAnimation) -> Void {
        func n(_ name: String) throws -> Double? { try o[name].map { try SceneValues.number($0, at.key(name)) } }
        let duration = try n("duration"), begin = try n("beginTime"), repeatCount = try n("repeatCount")
        let repeatDuration = try n("repeatDuration"), speed = try n("speed"), offset = try n("timeOffset")
        if let duration, duration < 0 { throw at.key("duration").error("expected a duration ≥ 0 seconds") }
        let autoreverses = try SceneValues.bool(o, "autoreverses", at)
        let removed = try SceneValues.bool(o, "isRemovedOnCompletion", at)
        let fill = try SceneValues.string(o, "fillMode", at).map { name -> CAMediaTimingFillMode in
            guard ["removed", "forwards", "backwards", "both"].contains(name) else {
                throw at.key("fillMode").error("unknown fill mode \"\(name)\" (removed, forwards, backwards, both)")
            }
            return CAMediaTimingFillMode(rawValue: name)
        }
        let function = try o["timingFunction"].map { try timingFunction($0, at.key("timingFunction")) }
        return { a in
            if let duration { a.duration = duration }
            if let begin { a.beginTime = begin }
            if let repeatCount { a.repeatCount = Float(repeatCount) }
            if let repeatDuration { a.repeatDuration = repeatDuration }
            if let speed { a.speed = Float(speed) }
            if let offset { a.timeOffset = offset }
            if let autoreverses { a.autoreverses = autoreverses }
            if let removed { a.isRemovedOnCompletion = removed }
            if let fill { a.fillMode = fill }
            if let function { a.timingFunction = function }
        }
    }

    static func timingFunction(_ v: Any, _ at: ScenePath) throws -> CAMediaTimingFunction {
        if let name = v as? String {
            let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
            guard names.contains(name) else { throw at.error("unknown timing function \"\(name)\" (\(names.joined(separator: ", ")))") }
            return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name))
        }
        let p = try SceneValues.numbers(v, count: 4, at, what: "a timing function name or [c1x, c1y, c2x, c2y]")
        return CAMediaTimingFunction(controlPoints: Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }
}
