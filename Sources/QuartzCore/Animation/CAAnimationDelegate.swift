/// Receives an animation's start and stop, on the thread that runs the layer tree's run loop.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation entered its active duration (at its begin time, not when it was added).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it completed its active duration, false when it
    /// was removed first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
