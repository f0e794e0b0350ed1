import StrataAnimation

// Key-value coding, as Apple's CALayer offers it: every property by its key ("hidden",
// "doubleSided", "geometryFlipped", "opaque"...), struct fields and transform paths through
// the key-path forms, and any other key stored on the layer.

extension CALayer {
    /// The keys of CALayer's own properties, for defaults and KVC.
    package static let propertyKeys: [String] = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "geometryFlipped", "opacity", "hidden", "backgroundColor", "cornerRadius", "maskedCorners", "cornerCurve",
        "borderWidth", "borderColor", "masksToBounds", "doubleSided", "opaque", "allowsGroupOpacity",
        "allowsEdgeAntialiasing", "edgeAntialiasingMask", "shouldRasterize", "rasterizationScale", "shadowColor",
        "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath", "contents", "contentsRect",
        "contentsCenter", "contentsScale", "contentsGravity", "contentsFormat", "minificationFilter",
        "magnificationFilter", "minificationFilterBias", "needsDisplayOnBoundsChange", "drawsAsynchronously",
        "name", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode",
    ]

    final func kvcValue(forKey key: String) -> Any? {
        if let value = propertyValue(forKey: key) { return value }
        if let property = subclassProperty(key), let value = modelValue(of: PropertyKey(property)) {
            return Self.swiftValue(value)
        }
        switch key {
        case "frame": return frame
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "mask": return mask
        case "delegate": return delegate
        case "style": return style
        case "actions": return actions
        case "compositingFilter": return compositingFilter
        case "filters": return filters
        case "backgroundFilters": return backgroundFilters
        default: break
        }
        // The specialised layers' other properties ("lineCap", "alignmentMode", "tileSize"…).
        if let property = specialisedProperties.first(where: { $0.key == key }) {
            return property.get(self)
        }
        if let value = withLock({ extraValues[key] }) { return value }
        if let value = styleValue(forKey: key) { return value }
        return type(of: self).defaultValue(forKey: key)
    }

    final func setKVCValue(_ value: Any?, forKey key: String) {
        switch key {
        case "frame":
            guard let r = value.flatMap({ AnimatableValue.rect($0) }) else { return refuse(value, key, "CGRect") }
            frame = r
        case "mask": mask = value as? CALayer
        case "sublayers": sublayers = value as? [CALayer]
        case "style": style = value as? [AnyHashable: Any]
        case "actions": actions = value as? [String: CAAction]
        case "delegate": delegate = value as? CALayerDelegate
        case "compositingFilter": compositingFilter = value
        case "filters": filters = value as? [Any]
        case "backgroundFilters": backgroundFilters = value as? [Any]
        default:
            if value == nil, let property = specialisedProperties.first(where: { $0.key == key }) {
                // nil for an object property (`strokeColor`): no colour, not a converted clear one.
                property.set(self, nil)
            } else if let property = subclassProperty(key) {
                // A subclass's animatable property (CAShapeLayer's "path", CATextLayer's "fontSize"...).
                guard case .success(let converted) = AnimatableValue.convert(value, to: property.valueKind) else {
                    return refuse(value, key, "\(property.valueKind.expectedDescription)")
                }
                withLock {
                    guard modelValue(of: PropertyKey(property)) != converted else { return }
                    let action = prepareChange(key)
                    setModelValue(converted, of: PropertyKey(property))
                    finishChange(key, action: action)
                }
            } else if Self.propertyKeys.contains(key) {
                guard storeProperty(value, forKey: key, notify: true) else {
                    return refuse(value, key, "the type of '\(key)'")
                }
            } else if let property = specialisedProperties.first(where: { $0.key == key }) {
                property.set(self, value)
            } else {
                setCustomValue(value, forKey: key)
            }
        }
    }

    /// The value at a dotted key path (`"position.x"`, `"transform.rotation.z"`): numbers come
    /// back as NSNumber, as Apple's KVC returns them.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard keyPath.contains(".") else { return value(forKey: keyPath) }
        guard let key = try? PropertyKey(parsing: keyPath, isCustomKey: { _ in true }),
            let whole = modelValue(of: key)
        else { return nil }
        return Self.swiftValue(key.read(from: whole))
    }

    /// Sets the value at a dotted key path; the change event is the whole key path.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard keyPath.contains(".") else { return setValue(value, forKey: keyPath) }
        let key: PropertyKey
        do {
            key = try PropertyKey(parsing: keyPath, isCustomKey: { _ in true })
        } catch {
            return Diagnostics.warn("CALayer.setValue(_:forKeyPath:): \(error); ignored")
        }
        guard case .success(let component) = AnimatableValue.convert(value, to: key.valueKind) else {
            return refuse(value, keyPath, "\(key.valueKind.expectedDescription)")
        }
        withLock {
            guard let whole = modelValue(of: key) else { return }
            let changed = key.write(component, into: whole)
            guard changed != whole else { return }
            let action = prepareChange(keyPath)
            setModelValue(changed, of: key)
            finishChange(keyPath, action: action)
        }
    }

    /// The animatable property `key` names when this layer's class declares it (not CALayer).
    final func subclassProperty(_ key: String) -> LayerProperty? {
        guard let property = LayerProperty.named(key), property.owner != .layer,
            property.owner == type(of: self).engineLayerClass
        else { return nil }
        return property
    }

    // MARK: - Internal

    /// The whole property `key` refers to, in the model, as the engine sees it.
    final func modelValue(of key: PropertyKey) -> AnimatableValue? {
        withLock {
            switch key.base {
            case .layer(let property):
                return state.animatableValue(property) ?? subclassValue(property)
            case .custom(let name):
                return try? AnimatableValue.convert(extraValues[name], to: .any).get()
            }
        }
    }

    /// Stores a whole property into the model without events (the caller posts them).
    /// A custom key keeps the Swift type the layer holds (else `template`'s): an animated
    /// `CGFloat` key reads back as a `CGFloat`, which an `NSNumber` does not cast to on Linux.
    final func setModelValue(_ value: AnimatableValue, of key: PropertyKey, like template: Any? = nil) {
        switch key.base {
        case .layer(let property):
            if !state.setAnimatableValue(value, property) { setSubclassValue(value, property) }
        case .custom(let name):
            extraValues[name] = Self.swiftValue(value, like: extraValues[name] ?? template)
        }
    }

    /// A key that is not a property: stored on the layer, with a change event (custom
    /// animatable properties redraw through `needsDisplay(forKey:)`).
    private func setCustomValue(_ value: Any?, forKey key: String) {
        withLock {
            let action = prepareChange(key)
            extraValues[key] = value
            finishChange(key, action: action)
        }
    }

    private func styleValue(forKey key: String) -> Any? {
        var style = withLock { state.style }
        while let current = style {
            if let value = current[key] { return value }
            style = current["style"] as? [AnyHashable: Any]
        }
        return nil
    }

    private func refuse(_ value: Any?, _ key: String, _ expected: String) {
        Diagnostics.warn("CALayer.setValue(_:forKey: \"\(key)\"): \(String(describing: value)) is not \(expected); ignored")
    }

    /// A number in the Swift number type of `template` (CGFloat, Double, Float); any other
    /// value as KVC hands it out (`swiftValue(_:)`).
    static func swiftValue(_ value: AnimatableValue, like template: Any?) -> Any? {
        guard case .scalar(let v) = value else { return swiftValue(value) }
        switch template {
        case is CGFloat: return CGFloat(v)
        case is Double: return v
        case is Float: return Float(v)
        default: return swiftValue(value)
        }
    }

    /// An engine value as the Swift value KVC hands out.
    static func swiftValue(_ value: AnimatableValue) -> Any? {
        switch value {
        case .scalar(let v): NSNumber(value: v)
        case .bool(let b): NSNumber(value: b)
        case .point(let p): p
        case .size(let s): s
        case .rect(let r): r
        case .transform(let t): t
        case .color(let c): CGColor(srgbRed: c.r, green: c.g, blue: c.b, alpha: c.a)
        case .path(let p): CGPath(storage: p)
        case .image(let i): i
        case .scalars(let a): a.map { NSNumber(value: $0) }
        case .colors(let a): a.map { CGColor(srgbRed: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
        case .vector3(let v): [NSNumber(value: v.x), NSNumber(value: v.y), NSNumber(value: v.z)]
        case .none: nil
        }
    }
}
