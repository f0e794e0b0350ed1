import CoreGraphics
import QuartzCore
import Testing

@Suite("CAEmitterLayer: particles computed for a time, deterministic by seed")
struct EmitterLayerTests {
    func dotImage() -> CGImage {
        let context = Golden.makeContext(width: 4, height: 4)
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        return context.makeImage()!
    }

    func emitter(_ configure: (CAEmitterLayer, CAEmitterCell) -> Void) -> CALayer {
        scene { () -> CALayer in
            let root = canvas(120, 60)
            root.backgroundColor = CGColor(gray: 0, alpha: 1)
            let layer = CAEmitterLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
            let cell = CAEmitterCell()
            cell.contents = dotImage()
            configure(layer, cell)
            layer.emitterCells = [cell]
            root.addSublayer(layer)
            return root
        }
    }

    @Test func particlesMoveAsTheirParametersSay() {
        let clock = MediaClock.Manual(time: 0)
        MediaClock.withClock(clock) {
            let root = emitter { layer, cell in
                layer.emitterPosition = CGPoint(x: 10, y: 30)
                cell.birthRate = 1
                cell.lifetime = 10
                cell.velocity = 10
            }
            // Born at 0, 1 and 2 s: at 2.5 s they are 25, 15 and 5 points along +x.
            let image = Golden.render(root, width: 120, height: 60, at: 2.5)
            for x in [35, 25, 15] { #expect(image.rgba(x, 30).r > 200, "particle at x = \(x)") }
            #expect(image.rgba(45, 30).r < 20)
            #expect(image.rgba(20, 30).r < 20)
        }
    }

    @Test func framesAreDeterministicAndSeekable() {
        let clock = MediaClock.Manual(time: 0)
        MediaClock.withClock(clock) {
            let make = {
                self.emitter { layer, cell in
                    layer.emitterPosition = CGPoint(x: 60, y: 30)
                    layer.seed = 42
                    cell.birthRate = 200
                    cell.lifetime = 1
                    cell.lifetimeRange = 0.5
                    cell.velocity = 40
                    cell.velocityRange = 20
                    cell.emissionRange = .pi * 2
                    cell.alphaSpeed = -0.5
                }
            }
            let a = Golden.render(make(), width: 120, height: 60, at: 1.7)
            let b = Golden.render(make(), width: 120, height: 60, at: 1.7)
            #expect(Golden.compare(a, b, channelTolerance: 0)?.maxChannel == 0)
            let lit = (0..<60).flatMap { y in (0..<120).map { (x: $0, y: y) } }.filter { a.rgba($0.x, $0.y).r > 40 }
            #expect(lit.count > 300)  // hundreds of particles alive
        }
    }

    @Test func absurdBirthRatesAreCapped() {
        let clock = MediaClock.Manual(time: 0)
        MediaClock.withClock(clock) {
            let root = emitter { layer, cell in
                layer.emitterPosition = CGPoint(x: 60, y: 30)
                cell.birthRate = 1e9  // tried: a billion a second (drawn: at most 20,000)
                cell.lifetime = 100
                cell.velocity = 5
                cell.emissionRange = .pi * 2
            }
            let image = Golden.render(root, width: 120, height: 60, at: 1)
            #expect(image.rgba(60, 30).r > 200)
        }
    }
}
