import Foundation

extension LottieAnimation {
    /// How many layers of each kind the file holds, its precompositions' too ("shape": 12, …).
    public var layerCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for layer in allLayers { counts[layer.kindName, default: 0] += 1 }
        return counts
    }

    /// How many precompositions and images the file's assets hold.
    public var assetCounts: (precompositions: Int, images: Int) {
        (assets.values.filter { $0.layers != nil }.count, assets.values.filter(\.isImage).count)
    }

    /// The Lottie features the file uses (sorted names: "masks", "trim paths", "3D layers"…),
    /// whether Strata draws them or not; `warnings` names those it does not.
    public var featuresUsed: [String] {
        var found: Set<String> = []
        for layer in allLayers {
            if !layer.masks.isEmpty { found.insert("masks") }
            if layer.matteMode != 0 { found.insert("track mattes") }
            if layer.parent != nil { found.insert("parenting") }
            if layer.blendMode != 0 { found.insert("blend modes") }
            if layer.dropShadow != nil { found.insert("drop shadow") }
            if layer.startTime != 0 || layer.stretch != 1 { found.insert("layer start time or stretch") }
            if layer.transform.turnsIn3D { found.insert("3D layers") }
            if layer.transform.skews { found.insert("skew") }
            if layer.autoOrient { found.insert("auto-orient") }
            switch layer.kind {
            case .precomp(_, _, let remap):
                found.insert("precompositions")
                if remap != nil { found.insert("time remapping") }
            case .image: found.insert("images")
            case .text: found.insert("text")
            case .shape(let items): Self.shapeFeatures(items, into: &found)
            case .solid: found.insert("solids")
            case .null, .unsupported: break
            }
        }
        if !markers.isEmpty { found.insert("markers") }
        return found.sorted()
    }

    /// The root's layers and every precomposition's.
    var allLayers: [LottieLayerModel] {
        layers + assets.keys.sorted().flatMap { assets[$0]?.layers ?? [] }
    }

    private static func shapeFeatures(_ items: [LottieShape], into found: inout Set<String>) {
        for item in items {
            switch item.unblended.item {
            case .group(_, let children): shapeFeatures(children, into: &found)
            case .path(let p, _): if p.isAnimated { found.insert("morphing paths") }
            case .star: found.insert("polystars")
            case .gradientFill, .gradientStroke: found.insert("gradients")
            case .stroke(_, _, let style): if !style.dashes.isEmpty { found.insert("dashes") }
            case .trim: found.insert("trim paths")
            case .repeater: found.insert("repeaters")
            case .roundCorners: found.insert("round corners")
            case .merge: found.insert("merge paths")
            case .reshape(.zigZag): found.insert("zig zag")
            case .reshape(.puckerBloat): found.insert("pucker and bloat")
            case .reshape(.offset): found.insert("offset paths")
            case .transform(let t): if t.skews { found.insert("skew") }
            default: break
            }
            if item.unblended.blendMode != nil { found.insert("blend modes") }
        }
    }
}

extension LottieTransform {
    /// True when the skew is animated or not 0.
    var skews: Bool { skew.map { $0.isAnimated || $0.first.contains { $0 != 0 } } ?? false }
}

extension LottieLayerModel {
    /// The layer's kind as `strata info` names it.
    var kindName: String {
        switch kind {
        case .precomp: return "precomposition"
        case .solid: return "solid"
        case .image: return "image"
        case .null: return "null"
        case .shape: return "shape"
        case .text: return "text"
        case .unsupported(let ty): return "type \(ty)"
        }
    }
}
