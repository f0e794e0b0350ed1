import QuartzCore
import Testing

private final class RoundedLayer: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "cornerRadius": 12
        case "backgroundColor": CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        case "opacity": NSNumber(value: 0.5)
        default: super.defaultValue(forKey: key)
        }
    }
}

@Suite struct CALayerPropertyTests {
    @Test func everyPropertyStartsAtApplesDefault() {
        let l = CALayer()
        #expect(l.bounds == .zero && l.position == .zero && l.zPosition == 0 && l.anchorPointZ == 0)
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(CATransform3DIsIdentity(l.transform) && CATransform3DIsIdentity(l.sublayerTransform))
        #expect(l.opacity == 1 && !l.isHidden && l.backgroundColor == nil && l.cornerRadius == 0)
        #expect(l.maskedCorners.rawValue == 15 && l.cornerCurve == .circular)
        #expect(l.borderWidth == 0 && l.borderColor == CGColor(gray: 0, alpha: 1))
        #expect(l.shadowColor == CGColor(gray: 0, alpha: 1) && l.shadowOpacity == 0)
        #expect(l.shadowOffset == CGSize(width: 0, height: -3) && l.shadowRadius == 3 && l.shadowPath == nil)
        #expect(l.contents == nil && l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1) && l.contentsScale == 1)
        #expect(l.contentsGravity == .resize && l.contentsFormat == .RGBA8Uint)
        #expect(!l.masksToBounds && l.isDoubleSided && !l.isGeometryFlipped && !l.isOpaque)
        #expect(l.minificationFilter == .linear && l.magnificationFilter == .linear && l.minificationFilterBias == 0)
        #expect(l.allowsGroupOpacity && !l.allowsEdgeAntialiasing && l.edgeAntialiasingMask.rawValue == 15)
        #expect(!l.shouldRasterize && l.rasterizationScale == 1 && !l.needsDisplayOnBoundsChange)
        #expect(!l.drawsAsynchronously && l.name == nil && l.style == nil && l.actions == nil)
        #expect(l.sublayers == nil && l.superlayer == nil && l.mask == nil && l.delegate == nil)
        #expect(l.beginTime == 0 && l.duration == 0 && l.speed == 1 && l.timeOffset == 0)
        #expect(l.repeatCount == 0 && l.repeatDuration == 0 && !l.autoreverses && l.fillMode == .removed)
    }

    @Test func subclassDefaultValuesAreHonoured() {
        let l = RoundedLayer()
        #expect(l.cornerRadius == 12 && l.opacity == 0.5)
        #expect(l.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(l.borderWidth == 0, "keys without a class default keep CALayer's")
    }

    @Test func keyValueCodingReachesEveryPropertyByItsKey() {
        let l = CALayer()
        l.setValue(0.25, forKey: "opacity")
        l.setValue(true, forKey: "hidden")
        l.setValue(NSNumber(value: 4), forKey: "cornerRadius")
        l.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        l.setValue("resizeAspect", forKey: "contentsGravity")
        #expect(l.opacity == 0.25 && l.isHidden && l.cornerRadius == 4 && l.position == CGPoint(x: 3, y: 4))
        #expect(l.contentsGravity == .resizeAspect)
        #expect((l.value(forKey: "opacity") as? NSNumber)?.floatValue == 0.25)
        #expect((l.value(forKey: "doubleSided") as? NSNumber)?.boolValue == true)
        #expect(l.value(forKey: "position") as? CGPoint == CGPoint(x: 3, y: 4))
    }

    @Test func keyPathFormsReadAndWriteFieldsAndTransformComponents() {
        let l = CALayer()
        l.setValue(10, forKeyPath: "position.x")
        l.setValue(40, forKeyPath: "bounds.size.width")
        l.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        #expect(l.position == CGPoint(x: 10, y: 0) && l.bounds.width == 40)
        #expect(abs(l.transform.m12 - 1) < 1e-12 && abs(l.transform.m11) < 1e-12)
        let angle = (l.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? 0
        #expect(abs(angle - .pi / 2) < 1e-9)
        #expect((l.value(forKeyPath: "bounds.size.width") as? NSNumber)?.doubleValue == 40)
    }

    @Test func arbitraryKeysAreStoredOnTheLayer() {
        let l = CALayer()
        l.setValue("card", forKey: "identifier")
        #expect(l.value(forKey: "identifier") as? String == "card")
        #expect(l.value(forKey: "neverSet") == nil)
    }

    @Test func wrongTypesAndNonFiniteValuesAreRefused() {
        // Bad input: a String for a number, NaN and infinite geometry, an unknown key path.
        let l = CALayer()
        l.setValue("opaque", forKey: "opacity")
        l.opacity = .nan
        l.position = CGPoint(x: CGFloat.nan, y: 0)
        l.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        l.setValue(1, forKeyPath: "positon.x")
        #expect(l.opacity == 1 && l.position == .zero && l.bounds == .zero)
    }
}
