import QuartzCore
import StrataRender
import Testing

/// Issue 15's smaller pieces of API, each doing what Apple's does.
@Suite struct SmallAPISurfaceTests {
    @Test func cornerCurveExpansionFactors() {
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(abs(CALayer.cornerCurveExpansionFactor(.continuous) - 1.528665) < 1e-6)
    }

    @Test func frameRateRangesAsApplesCStruct() {
        let zero = CAFrameRateRange()
        #expect(zero.minimum == 0 && zero.maximum == 0 && zero.preferred == nil)
        let range = CAFrameRateRange(minimum: 30, maximum: 120, preferred: nil)
        let preferred: Float? = range.preferred
        #expect(preferred == nil, "no preferred rate: nil, as Apple's Swift overlay shows it")
        #expect(range.isEqual(to: CAFrameRateRange(minimum: 30, maximum: 120, preferred: 0)))
        #expect(!range.isEqual(to: .default))
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
        let copy = animation.copy() as? CABasicAnimation
        #expect(copy?.preferredFrameRateRange.preferred == 30, "copies keep it")
    }

    @Test func displayLinkFrameIntervalDividesTheRate() {
        let link = CADisplayLink { _ in }
        #expect(abs(link.duration - 1.0 / 60) < 1e-12)
        link.frameInterval = 2
        #expect(abs(link.duration - 1.0 / 30) < 1e-12)
        link.frameInterval = 0  // tried: 0 counts as 1
        #expect(abs(link.duration - 1.0 / 60) < 1e-12)
        link.preferredFramesPerSecond = 20
        link.frameInterval = 3
        #expect(abs(link.duration - 1.0 / 20) < 1e-12, "a preferred rate wins")
    }

    @Test func emitterCellClassDefaultsAndArchiving() {
        #expect(CAEmitterCell.defaultValue(forKey: "birthRate") == nil)
        #expect(CAEmitterCell().shouldArchiveValue(forKey: "birthRate"))
    }

    @Test func edrMetadataHoldsItsValues() {
        let hdr = CAEDRMetadata.hdr10(minLuminance: 0.005, maxLuminance: 1000, opticalOutputScale: 100)
        #expect(hdr.kind == .hdr10(minLuminance: 0.005, maxLuminance: 1000) && hdr.opticalOutputScale == 100)
        let info = CAEDRMetadata.hdr10(displayInfo: Data([1, 2]), contentInfo: nil, opticalOutputScale: 203)
        #expect(info.kind == .hdr10Info(displayInfo: Data([1, 2]), contentInfo: nil))
        #expect(CAEDRMetadata.hlg.kind == .hlg && !CAEDRMetadata.isAvailable)
        #expect((hdr.copy() as? CAEDRMetadata) == hdr && hdr != info)
    }

    @Test func textLayerFontIsACFTypeRef() {
        let text = CATextLayer()
        let font: CFTypeRef? = text.font
        #expect(font as? String == "Helvetica", "the default name")
        text.font = "DejaVu Serif" as CFTypeRef
        #expect(text.font as? String == "DejaVu Serif")
        text.font = NSString(string: "DejaVu Sans Mono")
        #expect(text.font as? String == "DejaVu Sans Mono")
        // Tried: an object that names no font: refused, the font is kept.
        text.font = NSNumber(value: 3)
        #expect(text.font as? String == "DejaVu Sans Mono")
    }

    @Test func compositingBlendNamesAreCoreAnimations() {
        #expect(CompositingBlend(filterName: "multiplyBlendMode") == .multiply)
        #expect(CompositingBlend(filterName: "luminosityBlendMode") == .luminosity)
        #expect(CompositingBlend(filterName: "plusL") == .plusLighter)
        #expect(CompositingBlend(filterName: "MultiplyBlendMode") == nil, "names are case-sensitive")
    }
}

/// Key-value coding reaches the specialised layers' properties that are not animatable too (they
/// used to land in the layer's custom keys, leaving the property unchanged).
@Suite struct SpecialisedLayerKVCTests {
    @Test func nonAnimatablePropertiesAreReachedByTheirKeys() {
        let shape = CAShapeLayer()
        shape.setValue("round", forKey: "lineCap")
        #expect(shape.lineCap == .round)
        #expect(shape.value(forKey: "lineCap") as? String == "round")
        let text = CATextLayer()
        text.setValue("center", forKey: "alignmentMode")
        text.setValue(true, forKey: "wrapped")
        #expect(text.alignmentMode == .center)
        let tiled = CATiledLayer()
        tiled.setValue(CGSize(width: 64, height: 32), forKey: "tileSize")
        #expect(tiled.tileSize == CGSize(width: 64, height: 32))
        // Tried: a value of the wrong type: ignored, the property keeps its value.
        shape.setValue(3, forKey: "lineCap")
        #expect(shape.lineCap == .round)
    }
}
