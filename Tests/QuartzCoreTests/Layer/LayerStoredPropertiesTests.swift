import Foundation
import Testing
@testable import QuartzCore

/// The specialised layers' one-line `@_LayerStored…` properties: found by key-value coding and
/// archiving through the Mirror, overridable by subclasses as Apple's `open` properties are.
@Suite("Layer stored properties")
struct LayerStoredPropertiesTests {
    /// A subclass observing an inherited stored property, as UIKit-era code does.
    final class ObservedShapeLayer: CAShapeLayer {
        var widths: [CGFloat] = []
        override var lineWidth: CGFloat {
            didSet { widths.append(lineWidth) }
        }
    }

    @Test func everySpecialisedClassListsItsStoredProperties() {
        let expected: [(CALayer, Int)] = [
            (CAShapeLayer(), 10), (CAGradientLayer(), 3), (CAReplicatorLayer(), 9),
            (CATextLayer(), 6), (CAEmitterLayer(), 14), (CAScrollLayer(), 1), (CALayer(), 0),
        ]
        for (layer, count) in expected {
            let keys = layer.storedProperties.map(\.key)
            #expect(keys.count == count, "\(type(of: layer)): \(keys)")
            #expect(Set(keys).count == keys.count, "\(type(of: layer)): a key listed twice: \(keys)")
        }
    }

    /// Each stored key read by KVC and written back changes nothing; the value read is what the
    /// typed property holds (name types as their raw string).
    @Test func everyStoredKeyRoundTripsThroughKeyValueCoding() {
        for layer in [CAShapeLayer(), CAGradientLayer(), CAReplicatorLayer(), CATextLayer(), CAEmitterLayer(), CAScrollLayer()] as [CALayer] {
            for property in layer.storedProperties {
                let before = layer.value(forKey: property.key)
                #expect(before != nil || property.key.hasSuffix("Color"), "\(type(of: layer)).\(property.key) reads nil")
                layer.setValue(before, forKey: property.key)
                #expect(String(describing: layer.value(forKey: property.key)) == String(describing: before), "\(property.key)")
            }
        }
        let scroll = CAScrollLayer()
        scroll.setValue("vertically", forKey: "scrollMode")
        #expect(scroll.scrollMode == .vertically)
        #expect(scroll.value(forKey: "scrollMode") as? String == "vertically")
        let emitter = CAEmitterLayer()
        emitter.setValue(NSNumber(value: 2.5), forKey: "birthRate")
        #expect(emitter.birthRate == 2.5)
        #expect(emitter.value(forKey: "birthRate") as? Float == 2.5)
        emitter.setValue("not a number", forKey: "birthRate")
        #expect(emitter.birthRate == 2.5, "a value of the wrong type is ignored")
    }

    @Test func subclassesCanObserveAnInheritedStoredProperty() {
        let layer = ObservedShapeLayer()
        layer.lineWidth = 3
        layer.setValue(5, forKey: "lineWidth")
        #expect(layer.lineWidth == 5)
        #expect(layer.widths == [3], "KVC writes the state directly, as Apple's KVC does not call a Swift didSet")
    }

    @Test func storedValuesSurviveArchivingAndPresentationCopies() throws {
        let replicator = CAReplicatorLayer()
        replicator.instanceCount = 7
        replicator.instanceRedOffset = -0.25
        replicator.instanceTransform = CATransform3DMakeTranslation(4, 0, 0)
        let data = try NSKeyedArchiver.archivedData(withRootObject: replicator, requiringSecureCoding: true)
        let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CAReplicatorLayer.self, from: data))
        #expect(decoded.instanceCount == 7)
        #expect(abs(decoded.instanceRedOffset + 0.25) < 1e-6)
        #expect(CATransform3DEqualToTransform(decoded.instanceTransform, CATransform3DMakeTranslation(4, 0, 0)))
        let copy = CAReplicatorLayer(layer: replicator)
        #expect(copy.instanceCount == 7)
    }
}
