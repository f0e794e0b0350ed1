import StrataAnimation

// The property table behind key-value coding and `defaultValue(forKey:)`: each key's value as
// KVC hands it out (numbers as NSNumber), and storing a value given in any of Apple's spellings.

extension CALayer {
    /// The value of CALayer property `key`, or nil for other keys (and for unset optionals).
    final func propertyValue(forKey key: String) -> Any? {
        withLock {
            let s = state
            switch key {
            case "bounds": return s.bounds
            case "position": return s.position
            case "zPosition": return NSNumber(value: Double(s.zPosition))
            case "anchorPoint": return s.anchorPoint
            case "anchorPointZ": return NSNumber(value: Double(s.anchorPointZ))
            case "transform": return s.transform
            case "sublayerTransform": return s.sublayerTransform
            case "geometryFlipped": return NSNumber(value: s.isGeometryFlipped)
            case "opacity": return NSNumber(value: s.opacity)
            case "hidden": return NSNumber(value: s.isHidden)
            case "backgroundColor": return s.backgroundColor
            case "cornerRadius": return NSNumber(value: Double(s.cornerRadius))
            case "maskedCorners": return NSNumber(value: s.maskedCorners.rawValue)
            case "cornerCurve": return s.cornerCurve.rawValue
            case "borderWidth": return NSNumber(value: Double(s.borderWidth))
            case "borderColor": return s.borderColor
            case "masksToBounds": return NSNumber(value: s.masksToBounds)
            case "doubleSided": return NSNumber(value: s.isDoubleSided)
            case "opaque": return NSNumber(value: s.isOpaque)
            case "allowsGroupOpacity": return NSNumber(value: s.allowsGroupOpacity)
            case "allowsEdgeAntialiasing": return NSNumber(value: s.allowsEdgeAntialiasing)
            case "edgeAntialiasingMask": return NSNumber(value: s.edgeAntialiasingMask.rawValue)
            case "shouldRasterize": return NSNumber(value: s.shouldRasterize)
            case "rasterizationScale": return NSNumber(value: Double(s.rasterizationScale))
            case "shadowColor": return s.shadowColor
            case "shadowOpacity": return NSNumber(value: s.shadowOpacity)
            case "shadowOffset": return s.shadowOffset
            case "shadowRadius": return NSNumber(value: Double(s.shadowRadius))
            case "shadowPath": return s.shadowPath
            case "contents": return s.contents
            case "contentsRect": return s.contentsRect
            case "contentsCenter": return s.contentsCenter
            case "contentsScale": return NSNumber(value: Double(s.contentsScale))
            case "contentsGravity": return s.contentsGravity.rawValue
            case "contentsFormat": return s.contentsFormat.rawValue
            case "minificationFilter": return s.minificationFilter.rawValue
            case "magnificationFilter": return s.magnificationFilter.rawValue
            case "minificationFilterBias": return NSNumber(value: s.minificationFilterBias)
            case "needsDisplayOnBoundsChange": return NSNumber(value: s.needsDisplayOnBoundsChange)
            case "drawsAsynchronously": return NSNumber(value: s.drawsAsynchronously)
            case "name": return s.name
            case "beginTime": return NSNumber(value: s.beginTime)
            case "duration": return NSNumber(value: s.duration)
            case "speed": return NSNumber(value: s.speed)
            case "timeOffset": return NSNumber(value: s.timeOffset)
            case "repeatCount": return NSNumber(value: s.repeatCount)
            case "repeatDuration": return NSNumber(value: s.repeatDuration)
            case "autoreverses": return NSNumber(value: s.autoreverses)
            case "fillMode": return s.fillMode.rawValue
            default: return nil
            }
        }
    }

    /// Stores `value` into CALayer property `key`, converting Apple's spellings (NSNumber or any
    /// Swift number, raw strings for string-valued types). With `notify` the change goes through
    /// the public setter's pipeline (actions, transaction). False when the value does not fit.
    final func storeProperty(_ value: Any?, forKey key: String, notify: Bool) -> Bool {
        func set<T: Equatable>(_ path: WritableKeyPath<LayerState, T>, _ converted: T?) -> Bool {
            guard let converted else { return false }
            if notify {
                update(key, path, converted)
            } else {
                withLock { state[keyPath: path] = converted }
            }
            return true
        }
        func setOptional<T: Equatable>(_ path: WritableKeyPath<LayerState, T?>, _ type: T.Type) -> Bool {
            if value == nil || value is NSNull { return set(path, .some(nil)) }
            guard let v = value as? T else { return false }
            return set(path, .some(v))
        }
        let n = Self.number(value)
        let b = Self.bool(value)
        let string = value as? String
        switch key {
        case "bounds": return set(\.visual.bounds, value.flatMap { AnimatableValue.rect($0) })
        case "position": return set(\.visual.position, value.flatMap { AnimatableValue.point($0) })
        case "zPosition": return set(\.visual.zPosition, n.map { CGFloat($0) })
        case "anchorPoint": return set(\.visual.anchorPoint, value.flatMap { AnimatableValue.point($0) })
        case "anchorPointZ": return set(\.visual.anchorPointZ, n.map { CGFloat($0) })
        case "transform": return set(\.visual.transform, Self.transform(value))
        case "sublayerTransform": return set(\.visual.sublayerTransform, Self.transform(value))
        case "geometryFlipped": return set(\.visual.isGeometryFlipped, b)
        case "opacity": return set(\.visual.opacity, n.map { Float($0) })
        case "hidden": return set(\.visual.isHidden, b)
        case "backgroundColor": return setOptional(\.visual.backgroundColor, CGColor.self)
        case "cornerRadius": return set(\.visual.cornerRadius, n.map { CGFloat($0) })
        case "maskedCorners": return set(\.maskedCorners, n.map { CACornerMask(rawValue: UInt(max(0, $0))) } ?? value as? CACornerMask)
        case "cornerCurve": return set(\.cornerCurve, string.map(CALayerCornerCurve.init) ?? value as? CALayerCornerCurve)
        case "borderWidth": return set(\.visual.borderWidth, n.map { CGFloat($0) })
        case "borderColor": return setOptional(\.visual.borderColor, CGColor.self)
        case "masksToBounds": return set(\.visual.masksToBounds, b)
        case "doubleSided": return set(\.visual.isDoubleSided, b)
        case "opaque": return set(\.isOpaque, b)
        case "allowsGroupOpacity": return set(\.visual.allowsGroupOpacity, b)
        case "allowsEdgeAntialiasing": return set(\.visual.allowsEdgeAntialiasing, b)
        case "edgeAntialiasingMask":
            return set(\.edgeAntialiasingMask, n.map { CAEdgeAntialiasingMask(rawValue: UInt32(max(0, $0))) } ?? value as? CAEdgeAntialiasingMask)
        case "shouldRasterize": return set(\.visual.shouldRasterize, b)
        case "rasterizationScale": return set(\.visual.rasterizationScale, n.map { CGFloat($0) })
        case "shadowColor": return setOptional(\.visual.shadowColor, CGColor.self)
        case "shadowOpacity": return set(\.visual.shadowOpacity, n.map { Float($0) })
        case "shadowOffset": return set(\.visual.shadowOffset, value.flatMap { AnimatableValue.size($0) })
        case "shadowRadius": return set(\.visual.shadowRadius, n.map { CGFloat($0) })
        case "shadowPath":
            if value == nil { return set(\.visual.shadowPath, .some(nil)) }
            guard let path = value as? CGPath else { return false }
            return set(\.visual.shadowPath, .some(path.copy()))
        case "contents":
            if notify { updateContents(value) } else { withLock { state.contents = value } }
            return true
        case "contentsRect": return set(\.visual.contentsRect, value.flatMap { AnimatableValue.rect($0) })
        case "contentsCenter": return set(\.visual.contentsCenter, value.flatMap { AnimatableValue.rect($0) })
        case "contentsScale": return set(\.visual.contentsScale, n.map { CGFloat($0) })
        case "contentsGravity": return set(\.contentsGravity, string.map(CALayerContentsGravity.init) ?? value as? CALayerContentsGravity)
        case "contentsFormat": return set(\.contentsFormat, string.map(CALayerContentsFormat.init) ?? value as? CALayerContentsFormat)
        case "minificationFilter": return set(\.minificationFilter, string.map(CALayerContentsFilter.init) ?? value as? CALayerContentsFilter)
        case "magnificationFilter": return set(\.magnificationFilter, string.map(CALayerContentsFilter.init) ?? value as? CALayerContentsFilter)
        case "minificationFilterBias": return set(\.visual.minificationFilterBias, n.map { Float($0) })
        case "needsDisplayOnBoundsChange": return set(\.needsDisplayOnBoundsChange, b)
        case "drawsAsynchronously": return set(\.drawsAsynchronously, b)
        case "name": return setOptional(\.name, String.self)
        case "beginTime": return set(\.visual.beginTime, n)
        case "duration": return set(\.visual.duration, n)
        case "speed": return set(\.visual.speed, n.map { Float($0) })
        case "timeOffset": return set(\.visual.timeOffset, n)
        case "repeatCount": return set(\.visual.repeatCount, n.map { Float($0) })
        case "repeatDuration": return set(\.visual.repeatDuration, n)
        case "autoreverses": return set(\.visual.autoreverses, b)
        case "fillMode": return set(\.fillMode, string.map { CAMediaTimingFillMode(rawValue: $0) } ?? value as? CAMediaTimingFillMode)
        default: return false
        }
    }

    /// Any of Apple's number spellings as a Double (NaN refused).
    static func number(_ value: Any?) -> Double? {
        let d: Double? =
            switch value {
            case let n as NSNumber: n.doubleValue
            case let v as Double: v
            case let v as CGFloat: Double(v)
            case let v as Float: Double(v)
            case let v as Int: Double(v)
            default: nil
            }
        guard let d, !d.isNaN else { return nil }
        return d
    }

    static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let b as Bool: b
        case let n as NSNumber: n.boolValue
        default: nil
        }
    }

    static func transform(_ value: Any?) -> CATransform3D? {
        switch value {
        case let t as CATransform3D: t
        case let a as CGAffineTransform: CATransform3DMakeAffineTransform(a)
        case let v as NSValue where v.holdsCATransform3D: v.caTransform3DValue
        default: nil
        }
    }
}
