import CoreGraphics
import Foundation
import StrataAnimation
import StrataGeometry
import Testing

@Suite("AnimatableValue adding / subtracting / scaled")
struct ArithmeticTests {
    // Exact binary values throughout, so equality is exact unless a tolerance is stated.

    @Test func componentWiseKinds() {
        #expect(AnimatableValue.scalar(2).adding(.scalar(3)) == .scalar(5))
        #expect(
            AnimatableValue.point(CGPoint(x: 1, y: 2)).adding(.point(CGPoint(x: 10, y: 20)))
                == .point(CGPoint(x: 11, y: 22)))
        #expect(
            AnimatableValue.size(CGSize(width: 1, height: 2)).subtracting(.size(CGSize(width: 4, height: 1)))
                == .size(CGSize(width: -3, height: 1)))
        #expect(
            AnimatableValue.rect(CGRect(x: 1, y: 2, width: 3, height: 4)).scaled(by: 2)
                == .rect(CGRect(x: 2, y: 4, width: 6, height: 8)))
        // Colours add per component, alpha included (spec §3.1 "(?)").
        #expect(
            AnimatableValue.color(RGBA(r: 0.5, g: 0, b: 0, a: 0.5)).adding(.color(RGBA(r: 0.25, g: 0.5, b: 0, a: 0.25)))
                == .color(RGBA(r: 0.75, g: 0.5, b: 0, a: 0.75)))
        #expect(AnimatableValue.vector3(SIMD3(1, 2, 3)).scaled(by: -1) == .vector3(SIMD3(-1, -2, -3)))
        #expect(AnimatableValue.scalars([1, 2]).adding(.scalars([0.5, 0.5])) == .scalars([1.5, 2.5]))
    }

    @Test func toMinusByThenPlusByGivesTo() {
        let to = AnimatableValue.point(CGPoint(x: 100, y: 50))
        let by = AnimatableValue.point(CGPoint(x: 30, y: -10))
        let from = to.subtracting(by)
        #expect(from == .point(CGPoint(x: 70, y: 60)))
        #expect(from.adding(by) == to)
    }

    @Test func transformsConcatenateAnimatedFirst() {
        // adding = CATransform3DConcat(animated, underlying): the animated transform is applied
        // first. Scale 2 then translate (10, 0) maps (1, 0) to (12, 0); the other order to (22, 0).
        let animated = AnimatableValue.transform(CATransform3DMakeScale(2, 2, 1))
        let underlying = AnimatableValue.transform(CATransform3DMakeTranslation(10, 0, 0))
        guard case .transform(let t) = animated.adding(underlying) else {
            Issue.record("not a transform")
            return
        }
        #expect(t == CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0)))
        #expect(t.m41 == 10 && t.m11 == 2)
    }

    @Test func transformSubtractionIsTheInverseOfAdding() {
        let to = AnimatableValue.transform(CATransform3DRotate(CATransform3DMakeTranslation(5, 6, 0), 0.7, 0, 0, 1))
        let by = AnimatableValue.transform(CATransform3DMakeScale(2, 0.5, 1))
        let from = to.subtracting(by)
        // Tolerance 1e-12: one inverse and two products of well-conditioned matrices.
        expectClose(from.adding(by), to, tolerance: 1e-12)
        // A singular `by` has no inverse: the receiver is returned.
        #expect(to.subtracting(.transform(CATransform3DMakeScale(0, 1, 1))) == to)
    }

    @Test func transformScalingIsAPower() {
        let r = AnimatableValue.transform(CATransform3DMakeRotation(0.3, 0, 0, 1))
        // Integer k: exact repeated concatenation → rotation by 3·0.3 (tolerance 1e-12).
        #expect(abs(zAngle(r.scaled(by: 3)) - 0.9) < 1e-12)
        #expect(r.scaled(by: 0) == .transform(CATransform3DIdentity))
        #expect(abs(zAngle(r.scaled(by: -2)) + 0.6) < 1e-12)
        let t = AnimatableValue.transform(CATransform3DMakeTranslation(3, 4, 5))
        expectClose(t.scaled(by: 5), .transform(CATransform3DMakeTranslation(15, 20, 25)), tolerance: 1e-12)
        // Non-integer k: decomposition from the identity (translation·k, angle·k).
        expectClose(t.scaled(by: 0.5), .transform(CATransform3DMakeTranslation(1.5, 2, 2.5)), tolerance: 1e-12)
        #expect(abs(zAngle(r.scaled(by: 2.5)) - 0.75) < 1e-12)
    }

    @Test func cumulativeDeltaForm() {
        // Cycle k of a cumulative animation: v(p) + k·(v(1) − v(0)); from 10 to 30, cycle 2 at
        // p = 0 starts at 10 + 2·20 = 50, continuous with cycle 1's end.
        let v0 = AnimatableValue.scalar(10)
        let v1 = AnimatableValue.scalar(30)
        let offset = v1.subtracting(v0).scaled(by: 2)
        #expect(v0.adding(offset) == .scalar(50))
        #expect(
            AnimatableValue.interpolate(from: v0, to: v1, progress: 1).adding(v1.subtracting(v0).scaled(by: 1))
                == .scalar(50))
    }

    @Test func discreteKindsHaveNoArithmetic() {
        let image = AnimatableValue.image(makeTestImage())
        #expect(AnimatableValue.bool(true).adding(.bool(false)) == .bool(true))
        #expect(image.subtracting(.none) == image)
        #expect(AnimatableValue.none.scaled(by: 3) == .none)
        // Mismatched kinds or structures: the animated value wins.
        #expect(AnimatableValue.scalar(1).adding(.point(.zero)) == .scalar(1))
        #expect(AnimatableValue.scalars([1]).adding(.scalars([1, 2])) == .scalars([1]))
    }

    @Test func pathArithmeticIsPointWise() {
        let a = makePath {
            $0.move(to: CGPoint(x: 1, y: 1))
            $0.addLine(to: CGPoint(x: 2, y: 3))
        }
        let b = makePath {
            $0.move(to: CGPoint(x: 10, y: 0))
            $0.addLine(to: CGPoint(x: 0, y: 10))
        }
        let sum = makePath {
            $0.move(to: CGPoint(x: 11, y: 1))
            $0.addLine(to: CGPoint(x: 2, y: 13))
        }
        #expect(AnimatableValue.path(a).adding(.path(b)) == .path(sum))
        #expect(AnimatableValue.path(sum).subtracting(.path(b)) == .path(a))
    }
}

@Suite("AnimatableValue.distance")
struct DistanceTests {
    // Tolerance 1e-12 for the square roots.
    @Test func metricsPerKind() {
        #expect(AnimatableValue.scalar(-3).distance(to: .scalar(4)) == 7)
        #expect(AnimatableValue.point(.zero).distance(to: .point(CGPoint(x: 3, y: 4))) == 5)
        #expect(AnimatableValue.size(CGSize(width: 1, height: 1)).distance(to: .size(CGSize(width: 4, height: 5))) == 5)
        #expect(AnimatableValue.rect(.zero).distance(to: .rect(CGRect(x: 1, y: 1, width: 1, height: 1))) == 2)
        #expect(AnimatableValue.color(.clear).distance(to: .color(RGBA(r: 1, g: 1, b: 1, a: 1))) == 2)
        #expect(AnimatableValue.vector3(SIMD3(0, 0, 0)).distance(to: .vector3(SIMD3(2, 3, 6))) == 7)
        #expect(AnimatableValue.scalars([0, 0]).distance(to: .scalars([3, 4])) == 5)
        #expect(AnimatableValue.bool(true).distance(to: .bool(true)) == 0)
        #expect(AnimatableValue.bool(true).distance(to: .bool(false)) == 1)
        #expect(AnimatableValue.scalars([0]).distance(to: .scalars([0, 1])) == 1)
    }

    @Test func transformDistanceIsFrobenius() {
        let t = AnimatableValue.transform(CATransform3DMakeTranslation(3, 4, 0))
        #expect(abs(AnimatableValue.transform(CATransform3DIdentity).distance(to: t) - 5) < 1e-12)
        // Rotations differing by θ about one axis: 2√2·|sin(θ/2)|.
        let theta = 0.8
        let r = AnimatableValue.transform(CATransform3DMakeRotation(theta, 0, 0, 1))
        let d = AnimatableValue.transform(CATransform3DIdentity).distance(to: r)
        #expect(abs(d - 2 * 2.0.squareRoot() * sin(theta / 2)) < 1e-12)
        #expect(r.distance(to: r) == 0)
    }
}
