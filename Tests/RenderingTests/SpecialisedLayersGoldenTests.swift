import CoreGraphics
import QuartzCore
import Testing

@Suite("Specialised layers: shape, gradient, replicator (golden images)")
struct SpecialisedLayersGoldenTests {
    @Test func shapeLayerDefaultsAreApples() {
        let shape = CAShapeLayer()
        #expect(shape.path == nil)
        #expect(shape.fillColor?.alpha == 1 && shape.fillColor?.components?.first == 0)  // opaque black
        #expect(shape.strokeColor == nil)
        #expect(shape.lineWidth == 1)
        #expect(shape.miterLimit == 10)
        #expect(shape.lineCap == .butt && shape.lineJoin == .miter && shape.fillRule == .nonZero)
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1)
        #expect(shape.lineDashPattern == nil)
        let gradient = CAGradientLayer()
        #expect(gradient.colors == nil && gradient.locations == nil)
        #expect(gradient.startPoint == CGPoint(x: 0.5, y: 0) && gradient.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(gradient.type == .axial)
        let replicator = CAReplicatorLayer()
        #expect(replicator.instanceCount == 1 && replicator.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(replicator.instanceTransform))
    }

    /// Fill and stroke, even-odd, dashes, round caps, and strokeEnd trimming by arc length.
    @Test func shapeLayerFillsStrokesDashesAndTrims() {
        let root = scene { () -> CALayer in
            let root = canvas(300, 110)
            let star = CAShapeLayer()
            star.frame = CGRect(x: 10, y: 10, width: 90, height: 90)
            let path = CGMutablePath()
            for k in 0..<5 {
                let a = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
                let p = CGPoint(x: 45 + 40 * cos(a), y: 45 + 40 * sin(a))
                if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
            path.closeSubpath()
            star.path = path
            star.fillColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)
            star.fillRule = .evenOdd
            star.strokeColor = CGColor(red: 0.6, green: 0.2, blue: 0, alpha: 1)
            star.lineWidth = 3
            star.lineJoin = .round
            let dashed = CAShapeLayer()
            dashed.frame = CGRect(x: 110, y: 10, width: 80, height: 90)
            dashed.path = CGPath(ellipseIn: CGRect(x: 5, y: 10, width: 70, height: 70), transform: nil)
            dashed.fillColor = nil
            dashed.strokeColor = CGColor(red: 0, green: 0.4, blue: 1, alpha: 1)
            dashed.lineWidth = 6
            dashed.lineDashPattern = [12, 6]
            dashed.lineCap = .round
            let progress = CAShapeLayer()
            progress.frame = CGRect(x: 200, y: 10, width: 90, height: 90)
            let line = CGMutablePath()
            line.move(to: CGPoint(x: 5, y: 45))
            line.addLine(to: CGPoint(x: 85, y: 45))
            progress.path = line
            progress.strokeColor = CGColor(red: 0, green: 0.6, blue: 0, alpha: 1)
            progress.lineWidth = 10
            progress.strokeEnd = 0.5
            for layer in [star, dashed, progress] { root.addSublayer(layer) }
            return root
        }
        let image = Golden.render(root, width: 300, height: 110)
        // Even-odd: the star's centre pentagon is not filled.
        #expect(near(image.rgba(55, 55), (255, 255, 255, 255)))
        #expect(near(image.rgba(55, 32), (255, 204, 0, 255), tolerance: 3))
        // strokeEnd 0.5: the line reaches x = 5 + 40 = 45 (layer space), i.e. 245 on the canvas.
        #expect(near(image.rgba(240, 55), (0, 153, 0, 255)))
        #expect(near(image.rgba(250, 55), (255, 255, 255, 255)))
        Golden.check(image, named: "shape-fill-stroke-dash-trim")
    }

    /// A strokeEnd animation draws the path progressively, by arc length.
    @Test func strokeEndAnimationDrawsProgressively() {
        let clock = MediaClock.Manual(time: 50)
        MediaClock.withClock(clock) {
            let (root, progress) = scene { () -> (CALayer, CAShapeLayer) in
                let root = canvas(120, 40)
                let progress = CAShapeLayer()
                progress.frame = CGRect(x: 10, y: 10, width: 100, height: 20)
                let line = CGMutablePath()
                line.move(to: CGPoint(x: 0, y: 10))
                line.addLine(to: CGPoint(x: 100, y: 10))
                progress.path = line
                progress.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                progress.lineWidth = 8
                root.addSublayer(progress)
                return (root, progress)
            }
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 2
            CATransaction.begin()
            progress.add(grow, forKey: "grow")
            CATransaction.commit()
            let quarter = Golden.render(root, width: 120, height: 40, at: 50.5)
            #expect(near(quarter.rgba(30, 20), (0, 0, 255, 255)))
            #expect(near(quarter.rgba(40, 20), (255, 255, 255, 255)))
            let threeQuarters = Golden.render(root, width: 120, height: 40, at: 51.5)
            #expect(near(threeQuarters.rgba(80, 20), (0, 0, 255, 255)))
            #expect(near(threeQuarters.rgba(90, 20), (255, 255, 255, 255)))
        }
    }

    @Test func gradientsAxialRadialConicWithLocations() {
        let root = scene { () -> CALayer in
            let root = canvas(330, 110)
            func gradient(_ x: CGFloat, _ type: CAGradientLayerType) -> CAGradientLayer {
                let g = CAGradientLayer()
                g.frame = CGRect(x: x, y: 10, width: 100, height: 90)
                g.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
                g.type = type
                return g
            }
            let axial = gradient(10, .axial)
            axial.startPoint = CGPoint(x: 0, y: 0.5)
            axial.endPoint = CGPoint(x: 1, y: 0.5)
            axial.locations = [0.25, 0.75]
            axial.cornerRadius = 12
            let radial = gradient(120, .radial)
            radial.startPoint = CGPoint(x: 0.5, y: 0.5)
            radial.endPoint = CGPoint(x: 1, y: 1)
            let conic = gradient(230, .conic)
            conic.startPoint = CGPoint(x: 0.5, y: 0.5)
            conic.endPoint = CGPoint(x: 1, y: 0.5)
            for layer in [axial, radial, conic] { root.addSublayer(layer) }
            return root
        }
        let image = Golden.render(root, width: 330, height: 110)
        // Axial with locations: solid red up to 25 %, solid blue from 75 %.
        #expect(near(image.rgba(30, 55), (255, 0, 0, 255)))
        #expect(near(image.rgba(95, 55), (0, 0, 255, 255)))
        // Stops mix in Display P3, as iOS draws them: red → blue passes (125, 10, 147) at 51 %
        // (sRGB's mix would be (125, 0, 130)).
        #expect(near(image.rgba(60, 55), (125, 10, 147, 255), tolerance: 4))
        #expect(near(image.rgba(10, 10), (255, 255, 255, 255)))  // rounded corner
        // Radial: red at the centre (the P3 mix at 1.4 %, (251, 1, 11)), blue at the corner's distance.
        #expect(near(image.rgba(170, 55), (251, 1, 11, 255), tolerance: 6))
        #expect(image.rgba(121, 11).b > 200)
        Golden.check(image, named: "gradient-axial-radial-conic")
    }

    /// Twelve dots around a circle from one sublayer, fading by instanceAlphaOffset and
    /// reddening by the colour offsets.
    @Test func replicatorInstancesTransformsAndColours() {
        let root = scene { () -> CALayer in
            let root = canvas(240, 120)
            let spinner = CAReplicatorLayer()
            spinner.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
            spinner.instanceCount = 12
            spinner.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            spinner.instanceAlphaOffset = -1.0 / 12
            let dot = solid(CGRect(x: 45, y: 0, width: 10, height: 20), 0, 0, 0)
            dot.cornerRadius = 5
            spinner.addSublayer(dot)
            let row = CAReplicatorLayer()
            row.frame = CGRect(x: 120, y: 40, width: 110, height: 40)
            row.instanceCount = 5
            row.instanceTransform = CATransform3DMakeTranslation(22, 0, 0)
            row.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            row.instanceGreenOffset = -0.2
            row.instanceBlueOffset = -0.2
            row.addSublayer(solid(CGRect(x: 0, y: 10, width: 18, height: 18), 1, 1, 1))
            root.addSublayer(spinner)
            root.addSublayer(row)
            return root
        }
        let image = Golden.render(root, width: 240, height: 120)
        // Instance 0 at the top, opaque; instance 6 at the bottom, half transparent.
        #expect(near(image.rgba(60, 15), (0, 0, 0, 255), tolerance: 2))
        #expect(near(image.rgba(60, 104), (127, 127, 127, 255), tolerance: 4))
        // Instance 3 at the right (rotation of 90° about the centre).
        #expect(image.rgba(104, 60).r < 140)
        // The row: white, then redder and redder squares every 22 points.
        #expect(near(image.rgba(129, 59), (255, 255, 255, 255)))
        #expect(near(image.rgba(129 + 88, 59), (255, 51, 51, 255), tolerance: 2))
        Golden.check(image, named: "replicator-instances")
    }

    /// instanceDelay: instance k shows its sublayers' animations k × delay seconds late.
    @Test func replicatorInstanceDelayShiftsAnimationsInTime() {
        let clock = MediaClock.Manual(time: 20)
        MediaClock.withClock(clock) {
            let (root, dot) = scene { () -> (CALayer, CALayer) in
                let root = canvas(100, 40)
                let row = CAReplicatorLayer()
                row.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
                row.instanceCount = 3
                row.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
                row.instanceDelay = 0.5
                let dot = solid(CGRect(x: 10, y: 10, width: 20, height: 20), 0, 0, 0)
                dot.opacity = 0
                row.addSublayer(dot)
                root.addSublayer(row)
                return (root, dot)
            }
            let appear = CABasicAnimation(keyPath: "opacity")
            appear.fromValue = 1
            appear.toValue = 1
            appear.duration = 0.5
            CATransaction.begin()
            dot.add(appear, forKey: "appear")  // visible from t = 20 to 20.5, then opacity 0 again
            CATransaction.commit()
            let early = Golden.render(root, width: 100, height: 40, at: 20.25)
            #expect(near(early.rgba(20, 20), (0, 0, 0, 255)))  // instance 0 visible
            #expect(near(early.rgba(50, 20), (255, 255, 255, 255)))  // instance 1 not yet (starts at 20.5)
            let later = Golden.render(root, width: 100, height: 40, at: 20.75)
            #expect(near(later.rgba(20, 20), (255, 255, 255, 255)))  // instance 0 over
            #expect(near(later.rgba(50, 20), (0, 0, 0, 255)))  // instance 1 now
            #expect(near(later.rgba(80, 20), (255, 255, 255, 255)))  // instance 2 from 21.0
        }
    }

    /// A path animation interpolates point by point when both paths have the same elements.
    @Test func pathAnimationInterpolatesMatchingPaths() {
        let clock = MediaClock.Manual(time: 0)
        MediaClock.withClock(clock) {
            let (root, shape) = scene { () -> (CALayer, CAShapeLayer) in
                let root = canvas(100, 100)
                let shape = CAShapeLayer()
                shape.frame = root.bounds
                shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
                shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                root.addSublayer(shape)
                return (root, shape)
            }
            let grow = CABasicAnimation(keyPath: "path")
            grow.fromValue = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
            grow.toValue = CGPath(rect: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
            grow.duration = 1
            CATransaction.begin()
            shape.add(grow, forKey: "grow")
            CATransaction.commit()
            let image = Golden.render(root, width: 100, height: 100, at: 0.5)  // a 50 × 50 square
            #expect(near(image.rgba(58, 58), (255, 0, 0, 255)))
            #expect(near(image.rgba(62, 62), (255, 255, 255, 255)))
        }
    }

    /// instanceCount 0 draws nothing; a million is drawn as 10,000 with a warning; NaN path
    /// points are refused when the path is built (the shape keeps the valid part).
    @Test func hostileReplicatorCountsAndPaths() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 100)
            let none = CAReplicatorLayer()
            none.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            none.instanceCount = 0  // tried: zero instances
            none.addSublayer(solid(CGRect(x: 0, y: 0, width: 50, height: 50), 1, 0, 0))
            let many = CAReplicatorLayer()
            many.frame = CGRect(x: 50, y: 0, width: 50, height: 50)
            many.instanceCount = 1_000_000  // tried: a million instances
            many.instanceTransform = CATransform3DMakeTranslation(0, 0.001, 0)
            many.addSublayer(solid(CGRect(x: 0, y: 0, width: 10, height: 10), 0, 0, 1))
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 0, y: 50, width: 50, height: 50)
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: CGFloat.nan, y: 10))  // tried: a NaN point
            path.addLine(to: CGPoint(x: 40, y: 0))
            path.addLine(to: CGPoint(x: 40, y: 40))
            path.closeSubpath()
            shape.path = path
            for layer in [none, many, shape] { root.addSublayer(layer) }
            return root
        }
        let image = Golden.render(root, width: 100, height: 100)
        #expect(near(image.rgba(25, 25), (255, 255, 255, 255)))
        #expect(near(image.rgba(55, 5), (0, 0, 255, 255)))
        #expect(near(image.rgba(35, 55), (0, 0, 0, 255)))  // the triangle without the NaN point
    }

    /// Issue 29: replicators nested three deep, 1,000 instances each (10⁹ copies: it took
    /// minutes and gigabytes), draw at most `maxInstancesPerFrame` instances a frame, first ones
    /// first, with a warning; a renderer then damages the whole target each frame.
    @Test func nestedReplicatorsStayWithinTheFramesBudget() {
        let root = scene { () -> CALayer in
            let root = canvas(100, 100)
            var parent = root
            for (level, step) in [(0, CGSize(width: 20, height: 0)), (1, CGSize(width: 0, height: 20)), (2, CGSize(width: 1, height: 1))] {
                let replicator = CAReplicatorLayer()
                replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                replicator.instanceCount = 1000  // tried: 1,000 × 1,000 × 1,000
                replicator.instanceTransform = CATransform3DMakeTranslation(step.width, step.height, 0)
                replicator.name = "level \(level)"
                parent.addSublayer(replicator)
                parent = replicator
            }
            parent.addSublayer(solid(CGRect(x: 0, y: 0, width: 10, height: 10), 0, 0, 1))
            return root
        }
        let context = Golden.makeContext(width: 100, height: 100)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        renderer.beginFrame(atTime: 0, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        let image = context.makeImage()!
        #expect(near(image.rgba(5, 5), (0, 0, 255, 255)), "the first instances are drawn")
        #expect(near(image.rgba(5, 45), (0, 0, 255, 255)), "the outer column's later rows too")
        renderer.beginFrame(atTime: 1, timeStamp: nil)
        #expect(renderer.updateBounds() == CGRect(x: 0, y: 0, width: 100, height: 100), "damage: the whole target")
        renderer.endFrame()
    }

    /// Gradient colours animate (per component, in sRGB).
    @Test func gradientColorsAnimate() {
        let clock = MediaClock.Manual(time: 0)
        MediaClock.withClock(clock) {
            let (root, gradient) = scene { () -> (CALayer, CAGradientLayer) in
                let root = canvas(40, 40)
                let gradient = CAGradientLayer()
                gradient.frame = root.bounds
                gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
                root.addSublayer(gradient)
                return (root, gradient)
            }
            let change = CABasicAnimation(keyPath: "colors")
            change.toValue = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
            change.duration = 1
            CATransaction.begin()
            gradient.add(change, forKey: "colors")
            CATransaction.commit()
            let image = Golden.render(root, width: 40, height: 40, at: 0.5)
            #expect(near(image.rgba(20, 20), (127, 0, 127, 255), tolerance: 2))
        }
    }
}
