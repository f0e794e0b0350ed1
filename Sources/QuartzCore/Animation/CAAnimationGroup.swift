/// Animations run together in the group's time: each child's begin time counts from the group's
/// start, and children are clipped to the group's active duration.
open class CAAnimationGroup: CAAnimation {
    override package class var archivedKeys: [String] { super.archivedKeys + ["animations"] }

    open var animations: [CAAnimation]?

    override func copyState(from other: CAAnimation) {
        super.copyState(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        // The layer's copy must not share mutable children with the caller's group.
        animations = other.animations?.map { $0.copy() as? CAAnimation ?? $0 }
    }

    open override func value(forKey key: String) -> Any? {
        key == "animations" ? animations : super.value(forKey: key)
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        guard key == "animations" else { return super.setValue(value, forKey: key) }
        assign(value, key) { (a: [CAAnimation]?) in self.animations = a }
    }
}
