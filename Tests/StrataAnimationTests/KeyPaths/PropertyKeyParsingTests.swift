import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

/// A key path and what it must parse to.
struct ParseCase: CustomTestStringConvertible, Sendable {
    let keyPath: String
    let property: LayerProperty
    let component: KeyPathComponent
    let kind: ValueKind
    var testDescription: String { keyPath }
}

private let subPaths: [ParseCase] = [
    .init(keyPath: "position.x", property: .position, component: .field(.x), kind: .scalar),
    .init(keyPath: "position.y", property: .position, component: .field(.y), kind: .scalar),
    .init(keyPath: "anchorPoint.y", property: .anchorPoint, component: .field(.y), kind: .scalar),
    .init(keyPath: "startPoint.x", property: .startPoint, component: .field(.x), kind: .scalar),
    .init(keyPath: "emitterPosition.x", property: .emitterPosition, component: .field(.x), kind: .scalar),
    .init(keyPath: "shadowOffset.width", property: .shadowOffset, component: .field(.width), kind: .scalar),
    .init(keyPath: "shadowOffset.height", property: .shadowOffset, component: .field(.height), kind: .scalar),
    .init(keyPath: "bounds.origin", property: .bounds, component: .field(.origin), kind: .point),
    .init(keyPath: "bounds.origin.x", property: .bounds, component: .field(.originX), kind: .scalar),
    .init(keyPath: "bounds.origin.y", property: .bounds, component: .field(.originY), kind: .scalar),
    .init(keyPath: "bounds.size", property: .bounds, component: .field(.size), kind: .size),
    .init(keyPath: "bounds.size.width", property: .bounds, component: .field(.sizeWidth), kind: .scalar),
    .init(keyPath: "bounds.size.height", property: .bounds, component: .field(.sizeHeight), kind: .scalar),
    .init(keyPath: "contentsRect.origin.x", property: .contentsRect, component: .field(.originX), kind: .scalar),
    .init(keyPath: "contentsCenter.size", property: .contentsCenter, component: .field(.size), kind: .size),
    .init(keyPath: "transform.rotation", property: .transform, component: .transform(.rotation), kind: .scalar),
    .init(keyPath: "transform.rotation.x", property: .transform, component: .transform(.rotationX), kind: .scalar),
    .init(keyPath: "transform.rotation.y", property: .transform, component: .transform(.rotationY), kind: .scalar),
    .init(keyPath: "transform.rotation.z", property: .transform, component: .transform(.rotationZ), kind: .scalar),
    .init(keyPath: "transform.scale", property: .transform, component: .transform(.scale), kind: .scalar),
    .init(keyPath: "transform.scale.x", property: .transform, component: .transform(.scaleX), kind: .scalar),
    .init(keyPath: "transform.scale.y", property: .transform, component: .transform(.scaleY), kind: .scalar),
    .init(keyPath: "transform.scale.z", property: .transform, component: .transform(.scaleZ), kind: .scalar),
    .init(keyPath: "transform.translation", property: .transform, component: .transform(.translation), kind: .size),
    .init(
        keyPath: "transform.translation.x", property: .transform, component: .transform(.translationX), kind: .scalar),
    .init(
        keyPath: "transform.translation.y", property: .transform, component: .transform(.translationY), kind: .scalar),
    .init(
        keyPath: "transform.translation.z", property: .transform, component: .transform(.translationZ), kind: .scalar),
    .init(
        keyPath: "sublayerTransform.rotation.z", property: .sublayerTransform, component: .transform(.rotationZ),
        kind: .scalar),
    .init(
        keyPath: "sublayerTransform.scale", property: .sublayerTransform, component: .transform(.scale), kind: .scalar),
    .init(
        keyPath: "sublayerTransform.translation", property: .sublayerTransform, component: .transform(.translation),
        kind: .size),
    .init(
        keyPath: "sublayerTransform.translation.z", property: .sublayerTransform, component: .transform(.translationZ),
        kind: .scalar),
    .init(
        keyPath: "instanceTransform.rotation.z", property: .instanceTransform, component: .transform(.rotationZ),
        kind: .scalar),
]

/// Every whole-property key and its kind (layers spec §1.1 and §8).
private let wholeKinds: [(String, ValueKind)] = [
    ("bounds", .rect), ("position", .point), ("zPosition", .scalar), ("anchorPoint", .point), ("anchorPointZ", .scalar),
    ("transform", .transform), ("sublayerTransform", .transform), ("opacity", .scalar), ("hidden", .bool),
    ("backgroundColor", .color), ("cornerRadius", .scalar), ("borderWidth", .scalar), ("borderColor", .color),
    ("shadowColor", .color), ("shadowOpacity", .scalar), ("shadowOffset", .size), ("shadowRadius", .scalar),
    ("shadowPath", .path), ("contents", .image), ("contentsRect", .rect), ("contentsCenter", .rect),
    ("contentsScale", .scalar), ("masksToBounds", .bool), ("doubleSided", .bool), ("minificationFilterBias", .scalar),
    ("shouldRasterize", .bool), ("rasterizationScale", .scalar),
    ("path", .path), ("fillColor", .color), ("strokeColor", .color), ("strokeStart", .scalar), ("strokeEnd", .scalar),
    ("lineWidth", .scalar), ("miterLimit", .scalar), ("lineDashPhase", .scalar),
    ("colors", .colors), ("locations", .scalars), ("startPoint", .point), ("endPoint", .point),
    ("instanceCount", .scalar), ("instanceDelay", .scalar), ("instanceTransform", .transform),
    ("instanceColor", .color),
    ("instanceRedOffset", .scalar), ("instanceGreenOffset", .scalar), ("instanceBlueOffset", .scalar),
    ("instanceAlphaOffset", .scalar), ("fontSize", .scalar), ("foregroundColor", .color),
    ("emitterPosition", .point), ("emitterZPosition", .scalar), ("emitterSize", .size), ("emitterDepth", .scalar),
    ("birthRate", .scalar), ("lifetime", .scalar), ("velocity", .scalar), ("scale", .scalar), ("spin", .scalar),
]

@Suite("PropertyKey parsing")
struct PropertyKeyParsingTests {
    @Test func everyWholePropertyParsesWithItsKind() throws {
        // The table covers every case of LayerProperty exactly once.
        #expect(Set(wholeKinds.map(\.0)) == Set(LayerProperty.allCases.map(\.rawValue)))
        #expect(wholeKinds.count == LayerProperty.allCases.count)
        for (keyPath, kind) in wholeKinds {
            let key = try PropertyKey(parsing: keyPath)
            #expect(key.layerProperty?.rawValue == keyPath)
            #expect(key.component == .whole)
            #expect(key.valueKind == kind, "\(keyPath)")
            #expect(key.keyPath == keyPath)
        }
    }

    @Test(arguments: subPaths)
    func subPathsParse(_ c: ParseCase) throws {
        let key = try PropertyKey(parsing: c.keyPath)
        #expect(key.layerProperty == c.property)
        #expect(key.component == c.component)
        #expect(key.valueKind == c.kind)
        #expect(key.propertyKind == c.property.valueKind)
        // The canonical string reads back as given.
        #expect(key.keyPath == c.keyPath)
    }

    @Test func ownersOfSpecialisedKeys() throws {
        #expect(try PropertyKey(parsing: "strokeEnd").layerProperty?.owner == .shapeLayer)
        #expect(try PropertyKey(parsing: "locations").layerProperty?.owner == .gradientLayer)
        #expect(try PropertyKey(parsing: "instanceDelay").layerProperty?.owner == .replicatorLayer)
        #expect(try PropertyKey(parsing: "fontSize").layerProperty?.owner == .textLayer)
        #expect(try PropertyKey(parsing: "emitterSize").layerProperty?.owner == .emitterLayer)
        #expect(try PropertyKey(parsing: "opacity").layerProperty?.owner == .layer)
    }

    /// A bad key path and the exact message.
    @Test(arguments: [
        ("positon.x", "unknown key path 'positon.x'"),
        ("Position", "unknown key path 'Position'"),
        ("", "empty key in key path ''"),
        (".x", "empty key in key path '.x'"),
        ("isHidden", "unknown key path 'isHidden' (the key is 'hidden')"),
        ("isDoubleSided", "unknown key path 'isDoubleSided' (the key is 'doubleSided')"),
        ("frame", "unknown key path 'frame' ('frame' is not animatable; animate 'bounds' and 'position')"),
        (
            "frame.origin.x",
            "unknown key path 'frame.origin.x' ('frame' is not animatable; animate 'bounds' and 'position')"
        ),
        ("mask", "unknown key path 'mask' ('mask' is a layer, not an animatable value)"),
        ("position.z", "key path 'position.z': 'position' (a CGPoint) has no component 'z'"),
        ("position.width", "key path 'position.width': 'position' (a CGPoint) has no component 'width'"),
        ("position.", "key path 'position.': 'position' (a CGPoint) has no component ''"),
        ("bounds.x", "key path 'bounds.x': 'bounds' (a CGRect) has no component 'x'"),
        ("bounds.size.depth", "key path 'bounds.size.depth': 'bounds' (a CGRect) has no component 'size.depth'"),
        ("opacity.x", "key path 'opacity.x': 'opacity' (a number) has no component 'x'"),
        (
            "transform.rotation.w",
            "key path 'transform.rotation.w': 'transform' (a CATransform3D) has no component 'rotation.w'"
        ),
        ("transform.x", "key path 'transform.x': 'transform' (a CATransform3D) has no component 'x'"),
        ("shadowOffset.x", "key path 'shadowOffset.x': 'shadowOffset' (a CGSize) has no component 'x'"),
    ])
    func unknownKeyPathsAreRejected(_ keyPath: String, _ message: String) {
        #expect {
            try PropertyKey(parsing: keyPath)
        } throws: { error in
            (error as? KeyPathError)?.message == message && (error as? KeyPathError)?.keyPath == keyPath
        }
    }

    @Test func customKeysNeedTheCallersConsent() throws {
        // Without consent a subclass property is unknown…
        #expect(throws: KeyPathError.self) { try PropertyKey(parsing: "progress") }
        // …with it, it becomes a custom key of kind .any.
        let key = try PropertyKey(parsing: "progress", isCustomKey: { $0 == "progress" })
        #expect(key.base == .custom("progress"))
        #expect(key.valueKind == .any)
        #expect(key.keyPath == "progress")
        // Custom keys may carry struct or transform suffixes, with the component's kind.
        let x = try PropertyKey(parsing: "offset.x", isCustomKey: { _ in true })
        #expect(x.base == .custom("offset") && x.component == .field(.x) && x.valueKind == .scalar)
        let r = try PropertyKey(parsing: "twist.rotation.z", isCustomKey: { _ in true })
        #expect(r.component == .transform(.rotationZ))
        #expect(throws: KeyPathError.self) { try PropertyKey(parsing: "offset.nope", isCustomKey: { _ in true }) }
        // Layer keys win over the custom predicate; hinted keys stay errors.
        #expect(try PropertyKey(parsing: "opacity", isCustomKey: { _ in true }).base == .layer(.opacity))
        #expect(throws: KeyPathError.self) { try PropertyKey(parsing: "frame", isCustomKey: { _ in true }) }
    }

    @Test func keysAreHashableAndCompareByMeaning() throws {
        let a = try PropertyKey(parsing: "transform.rotation.z")
        let b = PropertyKey(.transform, .transform(.rotationZ))
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        // "rotation" and "rotation.z" mean the same but are distinct spellings (distinct keys).
        #expect(try PropertyKey(parsing: "transform.rotation") != a)
    }

    /// Property sets are bits of a `UInt64` whose top two bits are flags (frame evaluation's masks):
    /// every property has its own bit below them, and `atBit` names it back.
    @Test func everyPropertyHasItsOwnBitBelowTheFlags() {
        #expect(MemoryLayout<LayerProperty>.size == 1, "a bit index is the case's one-byte ordinal")
        let bits = LayerProperty.allCases.map(\.bitIndex)
        #expect(bits == Array(0..<LayerProperty.allCases.count), "ordinals in allCases order")
        #expect(Set(bits).count == LayerProperty.allCases.count)
        #expect(bits.allSatisfy { $0 >= 0 && $0 < 62 })
        for property in LayerProperty.allCases { #expect(LayerProperty.atBit(property.bitIndex) == property) }
    }

    @Test func subclassBitsAreExactlyThePropertiesSubclassesDeclare() {
        // Evaluation puts a subclass's boxed state back once for all these bits.
        for property in LayerProperty.allCases {
            let inMask = LayerProperty.subclassBits & (UInt64(1) << UInt64(property.bitIndex)) != 0
            #expect(inMask == (property.owner != .layer), "\(property)")
        }
    }
}
