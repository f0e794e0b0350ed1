import QuartzCore
import Testing

// CAReplicatorLayer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types,
// so that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is
// exact where a plain `let _: T = x` is not (a CGFloat converts implicitly to Double, a
// non-optional value to an optional).

private func isOpaqueWhite(_ color: CGColor?) -> Bool {
    guard let c = color?.components, let alpha = c.last else { return false }
    return alpha == 1 && c.dropLast().allSatisfy { $0 == 1 }
}

@Suite struct CAReplicatorLayerHeaderTests {
    @Test func properties() {
        let replicator = CAReplicatorLayer()
        let _: CALayer = replicator
        let _: Int = replicator.instanceCount
        let _: Bool = replicator.preservesDepth
        let _: CFTimeInterval.Type = type(of: replicator.instanceDelay)
        let _: CATransform3D = replicator.instanceTransform
        let _: CGColor?.Type = type(of: replicator.instanceColor)
        let _: Float = replicator.instanceRedOffset
        let _: Float = replicator.instanceGreenOffset
        let _: Float = replicator.instanceBlueOffset
        let _: Float = replicator.instanceAlphaOffset
        // The header's defaults.
        #expect(replicator.instanceCount == 1 && !replicator.preservesDepth && replicator.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(replicator.instanceTransform) && isOpaqueWhite(replicator.instanceColor))
        #expect(replicator.instanceRedOffset == 0 && replicator.instanceGreenOffset == 0)
        #expect(replicator.instanceBlueOffset == 0 && replicator.instanceAlphaOffset == 0)

        replicator.instanceCount = 5
        replicator.preservesDepth = true
        replicator.instanceDelay = 0.1
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.instanceColor = nil
        replicator.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.instanceRedOffset = -0.1
        replicator.instanceGreenOffset = -0.2
        replicator.instanceBlueOffset = -0.3
        replicator.instanceAlphaOffset = -0.25
        #expect(replicator.instanceCount == 5 && replicator.preservesDepth && replicator.instanceDelay == 0.1)
        #expect(replicator.instanceTransform.m41 == 10 && replicator.instanceAlphaOffset == -0.25)
    }
}
