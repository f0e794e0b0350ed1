import StrataAnimation

/// What a property change runs. The built-in implicit animation is attached without making an
/// animation object (see `AnimationEntry`): a transaction can change thousands of layers.
enum ChangeAction {
    case none
    case implicit(LayerProperty)
    case action(CAAction)
}

extension CALayer {
    /// The action search of spec §2.2, with NSNull stopping it anywhere.
    final func findAction(forKey event: String) -> CAAction? {
        switch searchAction(forKey: event, property: LayerProperty.named(event)) {
        case .none: nil
        case .implicit: implicitAnimation(forKey: event)
        case .action(let action): action
        }
    }

    /// The action search, answering `.implicit` where it reaches the built-in animation.
    /// `property` is `event` parsed, when it names a layer property.
    final func searchAction(forKey event: String, property: LayerProperty?) -> ChangeAction {
        func found(_ action: CAAction) -> ChangeAction { action is NSNull ? .none : .action(action) }
        if flags.mayHaveDelegate, let delegate, let action = delegate.action(for: self, forKey: event) {
            return found(action)
        }
        if let action = state.actions?[event] { return found(action) }
        var style = state.style
        while let current = style {
            if let actions = current["actions"] as? [String: Any], let action = actions[event] as? CAAction {
                return found(action)
            }
            style = current["style"] as? [AnyHashable: Any]
        }
        if let action = type(of: self).defaultAction(forKey: event) { return found(action) }
        if let property {
            let layerClass = type(of: self).engineLayerClass
            return Self.animatesImplicitly(property, layerClass: layerClass) ? .implicit(property) : .none
        }
        return implicitAnimation(forKey: event).map { .action($0) } ?? .none
    }

    /// The action a change of `event` runs. Strata's own classes search directly; a subclass
    /// may override `action(forKey:)`, so for those the open method is asked.
    final func changeAction(forKey event: String, property: LayerProperty?) -> ChangeAction {
        guard Self.builtInClasses.contains(ObjectIdentifier(type(of: self))) else {
            return action(forKey: event).map { .action($0) } ?? .none
        }
        return searchAction(forKey: event, property: property)
    }

    /// Strata's layer classes: none overrides `action(forKey:)`.
    private static let builtInClasses: Set<ObjectIdentifier> = [
        ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self), ObjectIdentifier(CAGradientLayer.self),
        ObjectIdentifier(CATextLayer.self), ObjectIdentifier(CAReplicatorLayer.self), ObjectIdentifier(CAEmitterLayer.self),
        ObjectIdentifier(CAScrollLayer.self), ObjectIdentifier(CATransformLayer.self), ObjectIdentifier(CATiledLayer.self),
    ]

    /// Core Animation's built-in implicit animation for `event`: a basic animation of that key
    /// path with no values (from where the layer appears to the new model value), the transaction's
    /// duration and timing function (or the `default` curve). nil for keys without one.
    final func implicitAnimation(forKey event: String) -> CAAction? {
        guard Self.animatesImplicitly(event, layerClass: type(of: self).engineLayerClass) else { return nil }
        let animation = ImplicitAnimation(keyPath: event)
        animation.timingFunction = CATransaction.animationTimingFunction() ?? Self.defaultTimingFunction
        return animation
    }

    /// Keys with a built-in basic animation: Apple's Table B-1, plus the header-animatable
    /// numbers it omits (anchorPointZ, contentsCenter, contentsScale, rasterizationScale), plus
    /// struct fields and transform paths under position, bounds, anchorPoint, transform,
    /// sublayerTransform, shadowOffset and contentsRect set with `setValue(_:forKeyPath:)`.
    /// Subclass keys animate on their own class. (Decision for spec §10 items 1 and 7.)
    static func animatesImplicitly(_ event: String, layerClass: LayerClass) -> Bool {
        if let property = LayerProperty.named(event) {
            // A plain property name: the common case, without parsing.
            return animatesImplicitly(property, layerClass: layerClass)
        }
        guard let key = try? PropertyKey(parsing: event), let property = key.layerProperty else { return false }
        if case .field = key.component, !implicitStructPaths.contains(property) { return false }
        if case .transform = key.component, !implicitStructPaths.contains(property) { return false }
        return animatesImplicitly(property, layerClass: layerClass)
    }

    static func animatesImplicitly(_ property: LayerProperty, layerClass: LayerClass) -> Bool {
        // Header-animatable keys that Apple gives no implicit animation.
        switch property {
        case .doubleSided, .shouldRasterize, .minificationFilterBias: return false
        default: return property.owner == .layer || property.owner == layerClass
        }
    }

    /// The `default` curve, shared: timing functions are immutable.
    static let defaultTimingFunction = CAMediaTimingFunction(name: .default)

    private static let implicitStructPaths: Set<LayerProperty> = [
        .position, .bounds, .anchorPoint, .transform, .sublayerTransform, .shadowOffset, .contentsRect,
    ]

}

/// The built-in implicit animation. Made fresh by the action search and handed only to `run`, so
/// the layer attaches it without the copy and the general compile (the common case, made cheap:
/// one transaction can change thousands of layers).
final class ImplicitAnimation: CABasicAnimation {}
