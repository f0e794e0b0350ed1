import QuartzCore
import Testing

// CAConstraintLayoutManager.h (macOS 13 SDK, macOS only): every public symbol, with Apple's Swift
// spelling and types, so that a missing or differently typed one fails the build.
// `+layoutManager` imports as `init()`; the two shorter `+constraintWithAttribute:…` factories as
// convenience initialisers.
@Suite struct CAConstraintLayoutManagerHeaderTests {
    @Test func attributes() {
        let _: Int32 = CAConstraintAttribute.minX.rawValue
        let _: CAConstraintAttribute? = CAConstraintAttribute(rawValue: 7)
        let all: [CAConstraintAttribute] = [.minX, .midX, .maxX, .width, .minY, .midY, .maxY, .height]
        #expect(all.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6, 7])
    }

    @Test func constraints() {
        let _: (CAConstraintAttribute, String, CAConstraintAttribute, CGFloat, CGFloat) -> CAConstraint =
            CAConstraint.init(attribute:relativeTo:attribute:scale:offset:)
        let _: (CAConstraintAttribute, String, CAConstraintAttribute, CGFloat) -> CAConstraint =
            CAConstraint.init(attribute:relativeTo:attribute:offset:)
        let _: (CAConstraintAttribute, String, CAConstraintAttribute) -> CAConstraint =
            CAConstraint.init(attribute:relativeTo:attribute:)
        let full = CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .height, scale: 0.5, offset: 4)
        let _: CAConstraintAttribute = full.attribute
        let _: String = full.sourceName
        let _: CAConstraintAttribute = full.sourceAttribute
        let _: CGFloat.Type = type(of: full.scale)
        let _: CGFloat.Type = type(of: full.offset)
        #expect(full.attribute == .width && full.sourceName == "superlayer" && full.sourceAttribute == .height)
        #expect(full.scale == 0.5 && full.offset == 4)
        let offset = CAConstraint(attribute: .minX, relativeTo: "sibling", attribute: .maxX, offset: 8)
        #expect(offset.scale == 1 && offset.offset == 8, "the scale is set to 1.0")
        let plain = CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY)
        #expect(plain.scale == 1 && plain.offset == 0, "scale 1.0, offset 0.0")
    }

    @Test func layerConstraintsAndLayout() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let manager = CAConstraintLayoutManager()
        let _: CALayoutManager = manager
        let _: () -> CAConstraintLayoutManager = CAConstraintLayoutManager.init
        parent.layoutManager = manager

        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        parent.addSublayer(child)
        let _: [CAConstraint]?.Type = type(of: child.constraints)
        let _: (CAConstraint) -> Void = child.addConstraint(_:)
        #expect(child.constraints == nil)
        child.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        child.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        #expect(child.constraints?.count == 2)
        parent.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(child.frame == CGRect(x: 45, y: 45, width: 10, height: 10), "centred, its size kept")

        child.constraints = nil
        #expect(child.constraints == nil)
    }

    @Test func conformances() {
        let constraint = CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX)
        let _: NSSecureCoding = constraint
        #expect(CAConstraint.supportsSecureCoding)
    }
}
