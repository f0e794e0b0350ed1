import CoreGraphics
import Foundation
import StrataGeometry
import Testing

@Suite struct KeyPathTests {
    func scalar(_ c: TransformComponent, _ t: CATransform3D) -> Double {
        guard case .scalar(let v) = c.value(of: t) else {
            Issue.record("\(c) did not read a scalar")
            return .nan
        }
        return Double(v)
    }

    @Test func rawValuesAreTheKeyPathSuffixes() {
        #expect(TransformComponent(rawValue: "rotation.z") == .rotationZ)
        #expect(TransformComponent(rawValue: "rotation") == .rotation)
        #expect(TransformComponent(rawValue: "scale") == .scale)
        #expect(TransformComponent(rawValue: "translation.y") == .translationY)
        #expect(TransformComponent(rawValue: "rotation.w") == nil)
        #expect(TransformComponent(rawValue: "scale.xy") == .scaleXY)
        #expect(TransformComponent.allCases.count == 13)
        #expect(TransformComponent.allCases.filter(\.takesSize) == [.translation])
    }

    @Test(arguments: [0.0, 0.1, -1, 2, 3, -3, .pi, -3.14])
    func rotationZOfAPureZRotationIsTheAngle(_ angle: Double) {
        let t = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
        #expect(abs(scalar(.rotationZ, t) - angle) < 1e-12)
        #expect(scalar(.rotation, t) == scalar(.rotationZ, t))
        #expect(abs(scalar(.rotationX, t)) < 1e-12 && abs(scalar(.rotationY, t)) < 1e-12)
    }

    @Test(arguments: [0.4, -1.2, 2.5, -2.5, 3])
    func rotationXAndYOfSingleAxisRotationsReadTheAngleEvenBeyondAQuarterTurn(_ angle: Double) {
        let x = CATransform3DMakeRotation(CGFloat(angle), 1, 0, 0)
        #expect(abs(scalar(.rotationX, x) - angle) < 1e-12)
        #expect(abs(scalar(.rotationY, x)) < 1e-12 && abs(scalar(.rotationZ, x)) < 1e-12)
        let y = CATransform3DMakeRotation(CGFloat(angle), 0, 1, 0)
        #expect(abs(scalar(.rotationY, y) - angle) < 1e-12)
        #expect(abs(scalar(.rotationX, y)) < 1e-12 && abs(scalar(.rotationZ, y)) < 1e-12)
    }

    @Test func eulerAnglesReadBackTheXThenYThenZComposition() {
        let t = chain(
            CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeRotation(-0.4, 0, 1, 0),
            CATransform3DMakeRotation(1.2, 0, 0, 1))
        #expect(abs(scalar(.rotationX, t) - 0.3) < 1e-12)
        #expect(abs(scalar(.rotationY, t) + 0.4) < 1e-12)
        #expect(abs(scalar(.rotationZ, t) - 1.2) < 1e-12)
    }

    @Test func eulerAnglesRebuildTheRotationIncludingAtGimbalLock() {
        var rotations = [
            CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeRotation(.pi / 2, 0, 1, 0)),
            chain(CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeRotation(-.pi / 2, 0, 1, 0),
                  CATransform3DMakeRotation(0.9, 0, 0, 1)),
        ]
        var g = SeededGenerator(seed: 7)
        for _ in 0..<100 {
            let v = (0..<4).map { _ in CGFloat(Double.random(in: -3...3, using: &g)) }
            rotations.append(CATransform3DMakeRotation(v[0], v[1], v[2], v[3]))
        }
        for t in rotations {
            let rebuilt = chain(
                CATransform3DMakeRotation(CGFloat(scalar(.rotationX, t)), 1, 0, 0),
                CATransform3DMakeRotation(CGFloat(scalar(.rotationY, t)), 0, 1, 0),
                CATransform3DMakeRotation(CGFloat(scalar(.rotationZ, t)), 0, 0, 1))
            expectClose(rebuilt, t, tolerance: 1e-9)
            for c in [TransformComponent.rotationX, .rotationZ] {
                #expect(abs(scalar(c, t)) <= .pi)
            }
            #expect(abs(scalar(.rotationY, t)) <= .pi)
        }
    }

    @Test func rotationIsReadThroughScaleAndTranslation() {
        let t = chain(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeRotation(0.6, 0, 0, 1), CATransform3DMakeTranslation(5, 6, 0))
        #expect(abs(scalar(.rotationZ, t) - 0.6) < 1e-12)
        #expect(abs(scalar(.scaleX, t) - 2) < 1e-12 && abs(scalar(.scaleY, t) - 3) < 1e-12)
        #expect(TransformComponent.translation.value(of: t) == .size(CGSize(width: 5, height: 6)))
    }

    @Test func scaleReadsEachFactorAndTheirAverage() {
        let t = CATransform3DMakeScale(2, 3, 4)
        #expect(scalar(.scaleX, t) == 2 && scalar(.scaleY, t) == 3 && scalar(.scaleZ, t) == 4)
        #expect(scalar(.scale, t) == 3)
        #expect(scalar(.scale, CATransform3DMakeScale(2, 2, 1)) == 5.0 / 3)
    }

    @Test func translationReadsEachAxisAndTheXYSize() {
        let t = CATransform3DMakeTranslation(5, -6, 7)
        #expect(scalar(.translationX, t) == 5 && scalar(.translationY, t) == -6 && scalar(.translationZ, t) == 7)
        #expect(TransformComponent.translation.value(of: t) == .size(CGSize(width: 5, height: -6)))
    }

    @Test func singularMatrixReadsRowLengthsAsScaleAndItsTranslation() {
        let t = CATransform3DConcat(CATransform3DMakeScale(0, 0, 1), CATransform3DMakeTranslation(8, 9, 0))
        #expect(scalar(.scaleX, t) == 0 && scalar(.scaleY, t) == 0 && scalar(.scaleZ, t) == 1)
        #expect(scalar(.translationX, t) == 8 && scalar(.rotationZ, t) == 0)
    }

    @Test func singularMatrixIsReadAfterDividingByM44() throws {
        var t = CATransform3DConcat(CATransform3DMakeScale(0, 3, 5), CATransform3DMakeTranslation(8, 9, 0))
        t.m44 = 2
        #expect(scalar(.scaleY, t) == 1.5 && scalar(.scaleZ, t) == 2.5 && scalar(.translationX, t) == 4)
        let restored = try #require(TransformComponent.scaleX.replacing(in: t, with: .scalar(0.5)))
        var expected = CATransform3DConcat(CATransform3DMakeScale(1, 3, 5), CATransform3DMakeTranslation(8, 9, 0))
        expected.m44 = 2
        #expect(restored == expected)
    }

    @Test func transformFromAComponentBuildsTheMatchingMatrix() {
        #expect(TransformComponent.rotationZ.transform(from: .scalar(0.7)) == CATransform3DMakeRotation(0.7, 0, 0, 1))
        #expect(TransformComponent.rotation.transform(from: .scalar(0.7)) == CATransform3DMakeRotation(0.7, 0, 0, 1))
        #expect(TransformComponent.rotationX.transform(from: .scalar(0.7)) == CATransform3DMakeRotation(0.7, 1, 0, 0))
        #expect(TransformComponent.rotationY.transform(from: .scalar(0.7)) == CATransform3DMakeRotation(0.7, 0, 1, 0))
        #expect(TransformComponent.scale.transform(from: .scalar(2)) == CATransform3DMakeScale(2, 2, 2))
        #expect(TransformComponent.scaleY.transform(from: .scalar(2)) == CATransform3DMakeScale(1, 2, 1))
        #expect(TransformComponent.translationZ.transform(from: .scalar(4)) == CATransform3DMakeTranslation(0, 0, 4))
        #expect(TransformComponent.translation.transform(from: .size(CGSize(width: 3, height: 4)))
                == CATransform3DMakeTranslation(3, 4, 0))
    }

    @Test func mismatchedValueKindsAreRejected() {
        #expect(TransformComponent.translation.transform(from: .scalar(1)) == nil)
        #expect(TransformComponent.scaleX.transform(from: .size(.zero)) == nil)
        #expect(TransformComponent.translation.replacing(in: CATransform3DIdentity, with: .scalar(1)) == nil)
        #expect(TransformComponent.rotation.replacing(in: CATransform3DIdentity, with: .size(.zero)) == nil)
    }

    @Test func replacingRotationKeepsScaleAndTranslation() throws {
        let base = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        let t = try #require(TransformComponent.rotationZ.replacing(in: base, with: .scalar(0.5)))
        let expected = chain(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(0.5, 0, 0, 1), CATransform3DMakeTranslation(10, 0, 0))
        expectClose(t, expected, tolerance: 1e-9)
    }

    @Test func replacingOneEulerAngleKeepsTheOthers() throws {
        let base = chain(CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeRotation(0.5, 0, 0, 1))
        let t = try #require(TransformComponent.rotationX.replacing(in: base, with: .scalar(-0.2)))
        expectClose(t, chain(CATransform3DMakeRotation(-0.2, 1, 0, 0), CATransform3DMakeRotation(0.5, 0, 0, 1)), tolerance: 1e-9)
    }

    @Test func replacingScaleSetsAllThreeFactors() throws {
        let base = CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), CATransform3DMakeTranslation(1, 2, 3))
        let t = try #require(TransformComponent.scale.replacing(in: base, with: .scalar(0.5)))
        expectClose(t, CATransform3DConcat(CATransform3DMakeScale(0.5, 0.5, 0.5), CATransform3DMakeTranslation(1, 2, 3)), tolerance: 1e-12)
    }

    @Test func replacingAScaleFactorOfASingularMatrixRestoresThatAxis() throws {
        let t = try #require(TransformComponent.scaleX.replacing(in: CATransform3DMakeScale(0, 0, 1), with: .scalar(1)))
        #expect(t == CATransform3DMakeScale(1, 0, 1))
    }

    @Test func replacingTranslationSetsXAndYOnly() throws {
        let base = CATransform3DConcat(CATransform3DMakeRotation(1, 0, 0, 1), CATransform3DMakeTranslation(1, 2, 3))
        let t = try #require(TransformComponent.translation.replacing(in: base, with: .size(CGSize(width: -5, height: 6))))
        expectClose(t, CATransform3DConcat(CATransform3DMakeRotation(1, 0, 0, 1), CATransform3DMakeTranslation(-5, 6, 3)), tolerance: 1e-12)
    }
}
