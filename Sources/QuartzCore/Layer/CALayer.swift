import StrataAnimation
import StrataRender

/// A rectangle of content in a tree of layers: Core Animation's model object.
///
/// Setting an animatable property posts an event whose action (by default an implicit
/// animation from the on-screen value to the new one) is run in the current transaction.
/// Changes reach the screen when the transaction commits. Safe from any thread: every model
/// access takes the transaction lock.
open class CALayer: NSObject, CAMediaTiming, NSSecureCoding {
    /// The typed model properties. Every write changes `stateSerial`.
    final var state: LayerState {
        _read { yield storedState }
        _modify {
            stateSerial &+= 1
            yield &storedState
        }
    }
    /// `state`'s storage: written only through `state`; read in place by snapshots (which copy
    /// the visual state straight from here into their nodes).
    final var storedState = LayerState()
    /// The layer's own timing as a map from its superlayer's time, read field by field (going
    /// through `state` copied the whole visual state, references retained, for three numbers).
    final var localTimeMap: TimeMap {
        TimeMap(
            beginTime: storedState.visual.beginTime, speed: Double(storedState.visual.speed),
            timeOffset: storedState.visual.timeOffset)
    }
    /// Changes with every change of `state` (with `layerID`, it names a state: the render side
    /// keeps work done for a state until it changes). Under the transaction lock.
    final var stateSerial: UInt64 = 1
    /// Values of keys that are not CALayer properties (`setValue(_:forKey:)`), and subclass state.
    final var extraValues: [String: Any] = [:]
    final var sublayerStorage: [CALayer] = []
    final weak var superlayerStorage: CALayer?
    final var maskStorage: CALayer?
    /// The layer whose mask this layer is (a mask has no superlayer).
    final weak var maskOwner: CALayer?
    /// The attached animations in application order.
    final var animationEntries: [AnimationEntry] = [] {
        didSet { committedAnimationsMemo = nil }
    }
    /// The committed records of `animationEntries`, in order, as snapshots list them; nil when
    /// not worked out since the entries last changed (see `committedAnimations`).
    final var committedAnimationsMemo: [CommittedAnimation]?
    /// Presentation values of properties captured just before a change, for the implicit
    /// animation that change adds (its start: where the layer appeared).
    final var valueBeforeChange: (key: String, value: AnimatableValue)?
    final var flags = LayerFlags()
    /// For presentation copies: the model layer they were made from.
    final weak var modelLayer: CALayer?
    /// Snapshots' link to this layer's per-frame drawing (see `presentationContentsLink`).
    final var storedPresentationContentsLink: PresentationContents?
    final var anonymousKeyCounter = 0
    /// The media time this layer has asked `AnimationWakeups` to process it at (infinity: no
    /// request pending). A commit asks again only for an earlier time. Under the transaction lock.
    final var requestedWakeup: CFTimeInterval = .infinity
    /// Where this layer, when it is a tree's root, publishes the tree's committed snapshots.
    final let snapshotSlot = SnapshotSlot()
    final var snapshotVersion: UInt64 = 0
    /// Builds this root's snapshot once per commit, after the tree's layers are committed.
    final lazy var snapshotPublisher = SnapshotPublisher(root: self)

    /// This layer's identity on the render side (stable for its life, never reused).
    final let layerID = LayerIdentity.next()

    /// The delegate (not retained, as on Apple).
    open weak var delegate: CALayerDelegate? {
        didSet {
            if delegate != nil { withLock { flags.mayHaveDelegate = true } }
        }
    }

    public override init() {
        super.init()
        applyClassDefaults()
    }

    /// A copy of `layer` for use as its presentation layer. Subclasses override it to copy
    /// their own state and call super, as on Apple (`override init(layer: Any)`).
    public init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            state = other.state
            extraValues = other.extraValues
            delegate = other.delegate
        }
    }

    /// A copy of `layer` made by `init(layer:)` of the class this is called on: how Strata makes
    /// presentation copies, for every shape of subclass that compiles on Apple platforms (it is
    /// called through the runtime on the layer's own class, so a subclass needs nothing for it).
    /// Kept for code that declared it as earlier versions of Strata asked.
    public convenience init(presentationCopyOf layer: CALayer) {
        self.init(layer: layer)
    }

    /// A layer read from an archive (`NSKeyedUnarchiver`): every property, sublayers, mask,
    /// named animations, actions, style and custom keys, as `encode(with:)` wrote them.
    public required init?(coder: NSCoder) {
        super.init()
        withLock { prepareKind() }
        applyClassDefaults()
        decodeLayer(from: coder)
    }

    /// Writes the layer and its subtree to an archive (the delegate is not archived).
    open func encode(with coder: NSCoder) {
        encodeLayer(with: coder)
    }

    public class var supportsSecureCoding: Bool { true }

    /// The specialised layers' properties that archiving writes beyond CALayer's own keys.
    package class var archivedProperties: [ArchivedProperty] { [] }

    /// Gives the layer its class's render kind (shape, text…); the specialised layers override it.
    /// Call under the lock.
    func prepareKind() {}

    /// Draws the layer and its sublayers into `ctx`, as Apple's does: from the model values
    /// (animations are ignored), in the layer's own coordinate space, through the context's
    /// current transform, clip and alpha. The layer's y axis is the context's y axis: in a
    /// flipped (y-down) context the result looks as on screen; in a plain bitmap context (y up)
    /// it comes out upside down, as on Apple.
    ///
    /// Like Apple's, this honours only the affine part of `transform` and `sublayerTransform`
    /// (perspective and 3D rotations are flattened away). Masks, shadows, opacity and
    /// masksToBounds are drawn. Layers that need display or layout get it first.
    open func render(in ctx: CGContext) {
        defaultRender(in: ctx)
    }

    // MARK: - Class hooks

    /// The value a property has until it is set; subclasses override it. nil by default.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Whether a change of `key` (also by an animation) makes the layer redraw.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The action for `event` after the delegate, `actions` and `style`; nil by default (the
    /// built-in implicit animation comes after it, as observed on Apple).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Which engine layer class this is (for implicit animations of subclass keys).
    package class var engineLayerClass: LayerClass { .layer }

    /// The value of a subclass's own animatable property (CAShapeLayer...); none on CALayer.
    package func subclassValue(_ property: LayerProperty) -> AnimatableValue? { nil }

    /// Stores a subclass's own animatable property; nothing on CALayer.
    package func setSubclassValue(_ value: AnimatableValue, _ property: LayerProperty) {}

    /// Whether the value of `key` is archived; every key is.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: - Geometry

    open var bounds: CGRect {
        get { read(\.visual.bounds) }
        set {
            // macOS autoresizing: sublayers with a mask follow a change of size, synchronously.
            let oldSize = hasAutoresizingSublayers ? read(\.visual.bounds).size : nil
            update("bounds", \.visual.bounds, newValue)
            if let oldSize, oldSize != newValue.size, newValue.size.width.isFinite, newValue.size.height.isFinite {
                resizeSublayers(withOldSize: oldSize)
            }
        }
    }

    open var position: CGPoint {
        get { read(\.visual.position) }
        set { update("position", \.visual.position, newValue) }
    }

    open var zPosition: CGFloat {
        get { read(\.visual.zPosition) }
        set { update("zPosition", \.visual.zPosition, newValue) }
    }

    open var anchorPoint: CGPoint {
        get { read(\.visual.anchorPoint) }
        set { update("anchorPoint", \.visual.anchorPoint, newValue) }
    }

    open var anchorPointZ: CGFloat {
        get { read(\.visual.anchorPointZ) }
        set { update("anchorPointZ", \.visual.anchorPointZ, newValue) }
    }

    open var transform: CATransform3D {
        get { read(\.visual.transform) }
        set { update("transform", \.visual.transform, newValue) }
    }

    open var sublayerTransform: CATransform3D {
        get { read(\.visual.sublayerTransform) }
        set { update("sublayerTransform", \.visual.sublayerTransform, newValue) }
    }

    /// The rectangle the layer covers in its superlayer: derived from position, bounds, anchor
    /// point and transform; setting it sets position and bounds.size.
    open var frame: CGRect {
        get { withLock { derivedFrame } }
        set { applyFrame(newValue) }
    }

    open var isGeometryFlipped: Bool {
        get { read(\.visual.isGeometryFlipped) }
        set { update("geometryFlipped", \.visual.isGeometryFlipped, newValue) }
    }

    // MARK: - Appearance

    open var opacity: Float {
        get { read(\.visual.opacity) }
        set { update("opacity", \.visual.opacity, newValue) }
    }

    open var isHidden: Bool {
        get { read(\.visual.isHidden) }
        set { update("hidden", \.visual.isHidden, newValue) }
    }

    open var backgroundColor: CGColor? {
        get { read(\.visual.backgroundColor) }
        set { update("backgroundColor", \.visual.backgroundColor, newValue) }
    }

    open var cornerRadius: CGFloat {
        get { read(\.visual.cornerRadius) }
        set { update("cornerRadius", \.visual.cornerRadius, newValue) }
    }

    open var maskedCorners: CACornerMask {
        get { read(\.maskedCorners) }
        set { update("maskedCorners", \.maskedCorners, newValue) }
    }

    open var cornerCurve: CALayerCornerCurve {
        get { read(\.cornerCurve) }
        set { update("cornerCurve", \.cornerCurve, newValue) }
    }

    open var borderWidth: CGFloat {
        get { read(\.visual.borderWidth) }
        set { update("borderWidth", \.visual.borderWidth, newValue) }
    }

    open var borderColor: CGColor? {
        get { read(\.visual.borderColor) }
        set { update("borderColor", \.visual.borderColor, newValue) }
    }

    open var masksToBounds: Bool {
        get { read(\.visual.masksToBounds) }
        set { update("masksToBounds", \.visual.masksToBounds, newValue) }
    }

    open var isDoubleSided: Bool {
        get { read(\.visual.isDoubleSided) }
        set { update("doubleSided", \.visual.isDoubleSided, newValue) }
    }

    open var isOpaque: Bool {
        get { read(\.isOpaque) }
        set { update("opaque", \.isOpaque, newValue) }
    }

    open var allowsGroupOpacity: Bool {
        get { read(\.visual.allowsGroupOpacity) }
        set { update("allowsGroupOpacity", \.visual.allowsGroupOpacity, newValue) }
    }

    open var allowsEdgeAntialiasing: Bool {
        get { read(\.visual.allowsEdgeAntialiasing) }
        set { update("allowsEdgeAntialiasing", \.visual.allowsEdgeAntialiasing, newValue) }
    }

    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { read(\.edgeAntialiasingMask) }
        set { update("edgeAntialiasingMask", \.edgeAntialiasingMask, newValue) }
    }

    open var shouldRasterize: Bool {
        get { read(\.visual.shouldRasterize) }
        set { update("shouldRasterize", \.visual.shouldRasterize, newValue) }
    }

    /// How the layer's composite combines with what is behind it: a Core Animation filter name
    /// such as `"multiplyBlendMode"` or `"screenBlendMode"` (see `CompositingBlend` for the names
    /// drawn). Other values are kept and drawn as normal, with a warning.
    open var compositingFilter: Any? {
        get { read(\.compositingFilter) }
        set { updateFilters("compositingFilter") { $0.setCompositingFilter(newValue) } }
    }

    /// Kept with Apple's type; not drawn (Linux has no Core Image filters): see the README.
    open var filters: [Any]? {
        get { read(\.filters) }
        set { updateFilters("filters") { $0.filters = newValue } }
    }

    /// Kept with Apple's type; not drawn (Linux has no Core Image filters): see the README.
    open var backgroundFilters: [Any]? {
        get { read(\.backgroundFilters) }
        set { updateFilters("backgroundFilters") { $0.backgroundFilters = newValue } }
    }

    open var rasterizationScale: CGFloat {
        get { read(\.visual.rasterizationScale) }
        set { update("rasterizationScale", \.visual.rasterizationScale, newValue) }
    }

    // MARK: - Shadow

    open var shadowColor: CGColor? {
        get { read(\.visual.shadowColor) }
        set { update("shadowColor", \.visual.shadowColor, newValue) }
    }

    open var shadowOpacity: Float {
        get { read(\.visual.shadowOpacity) }
        set { update("shadowOpacity", \.visual.shadowOpacity, newValue) }
    }

    open var shadowOffset: CGSize {
        get { read(\.visual.shadowOffset) }
        set { update("shadowOffset", \.visual.shadowOffset, newValue) }
    }

    open var shadowRadius: CGFloat {
        get { read(\.visual.shadowRadius) }
        set { update("shadowRadius", \.visual.shadowRadius, newValue) }
    }

    /// The shadow's shape; copied on assignment.
    open var shadowPath: CGPath? {
        get { read(\.visual.shadowPath) }
        set { update("shadowPath", \.visual.shadowPath, newValue?.copy()) }
    }

    // MARK: - Contents

    /// The layer's image (a CGImage).
    open var contents: Any? {
        get { withLock { state.contents } }
        set { updateContents(newValue) }
    }

    open var contentsRect: CGRect {
        get { read(\.visual.contentsRect) }
        set { update("contentsRect", \.visual.contentsRect, newValue) }
    }

    open var contentsCenter: CGRect {
        get { read(\.visual.contentsCenter) }
        set { update("contentsCenter", \.visual.contentsCenter, newValue) }
    }

    open var contentsScale: CGFloat {
        get { read(\.visual.contentsScale) }
        set { update("contentsScale", \.visual.contentsScale, newValue) }
    }

    open var contentsGravity: CALayerContentsGravity {
        get { read(\.contentsGravity) }
        set { update("contentsGravity", \.contentsGravity, newValue) }
    }

    open var contentsFormat: CALayerContentsFormat {
        get { read(\.contentsFormat) }
        set { update("contentsFormat", \.contentsFormat, newValue) }
    }

    open var minificationFilter: CALayerContentsFilter {
        get { read(\.minificationFilter) }
        set { update("minificationFilter", \.minificationFilter, newValue) }
    }

    open var magnificationFilter: CALayerContentsFilter {
        get { read(\.magnificationFilter) }
        set { update("magnificationFilter", \.magnificationFilter, newValue) }
    }

    open var minificationFilterBias: Float {
        get { read(\.visual.minificationFilterBias) }
        set { update("minificationFilterBias", \.visual.minificationFilterBias, newValue) }
    }

    open var needsDisplayOnBoundsChange: Bool {
        get { read(\.needsDisplayOnBoundsChange) }
        set { update("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, newValue) }
    }

    open var drawsAsynchronously: Bool {
        get { read(\.drawsAsynchronously) }
        set { update("drawsAsynchronously", \.drawsAsynchronously, newValue) }
    }

    // MARK: - Identity, style, actions

    open var name: String? {
        get { read(\.name) }
        set { update("name", \.name, newValue) }
    }

    /// Fallback values for properties and actions (key "actions"); may nest another "style".
    open var style: [AnyHashable: Any]? {
        get { withLock { state.style } }
        set { withLock { state.style = newValue } }
    }

    /// Actions by event key; copied on set.
    open var actions: [String: CAAction]? {
        get { withLock { state.actions } }
        set { withLock { state.actions = newValue } }
    }

    // MARK: - CAMediaTiming

    open var beginTime: CFTimeInterval {
        get { read(\.visual.beginTime) }
        set { update("beginTime", \.visual.beginTime, newValue) }
    }

    open var duration: CFTimeInterval {
        get { read(\.visual.duration) }
        set { update("duration", \.visual.duration, newValue) }
    }

    open var speed: Float {
        get { read(\.visual.speed) }
        set { update("speed", \.visual.speed, newValue) }
    }

    open var timeOffset: CFTimeInterval {
        get { read(\.visual.timeOffset) }
        set { update("timeOffset", \.visual.timeOffset, newValue) }
    }

    open var repeatCount: Float {
        get { read(\.visual.repeatCount) }
        set { update("repeatCount", \.visual.repeatCount, newValue) }
    }

    open var repeatDuration: CFTimeInterval {
        get { read(\.visual.repeatDuration) }
        set { update("repeatDuration", \.visual.repeatDuration, newValue) }
    }

    open var autoreverses: Bool {
        get { read(\.visual.autoreverses) }
        set { update("autoreverses", \.visual.autoreverses, newValue) }
    }

    open var fillMode: CAMediaTimingFillMode {
        get { read(\.fillMode) }
        set { update("fillMode", \.fillMode, newValue) }
    }

    // MARK: - Tree

    /// The sublayers, back to front; nil when there are none. Setting it replaces them all.
    open var sublayers: [CALayer]? {
        get { currentSublayers() }
        set { replaceAllSublayers(with: newValue ?? []) }
    }

    /// The layer this one is a sublayer of.
    open var superlayer: CALayer? { currentSuperlayer() }

    /// A layer whose alpha masks this one; it must have no superlayer.
    open var mask: CALayer? {
        get { withLock { maskStorage } }
        set { setMask(newValue) }
    }

    open func addSublayer(_ layer: CALayer) {
        insert(layer, at: nil)
    }

    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insert(layer, at: Int(idx))
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, relativeTo: sibling, offset: 0)
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, relativeTo: sibling, offset: 1)
    }

    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        replace(oldLayer, with: newLayer)
    }

    open func removeFromSuperlayer() {
        detachFromParent(postEvents: true)
    }

    // MARK: - Overridable behaviour

    /// The action for `event`: delegate, `actions`, `style` (nested), `defaultAction(forKey:)`,
    /// then the built-in implicit animation. NSNull anywhere stops the search with no action.
    open func action(forKey event: String) -> CAAction? {
        findAction(forKey: event)
    }

    /// The value of property `key`, or of an arbitrary key set earlier (then `style`, then
    /// `defaultValue(forKey:)`).
    open func value(forKey key: String) -> Any? {
        kvcValue(forKey: key)
    }

    /// Sets property `key` (a value of the wrong type is refused with a warning) or stores an
    /// arbitrary key on the layer.
    open func setValue(_ value: Any?, forKey key: String) {
        setKVCValue(value, forKey: key)
    }

    /// Redraws the contents: the delegate's `display(_:)`, or a bitmap drawn by `draw(in:)`.
    open func display() {
        defaultDisplay()
    }

    /// Draws the layer's contents; the default asks the delegate.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// Lays out sublayers; the default asks the layout manager (macOS), then the delegate.
    open func layoutSublayers() {
        read(\.layoutManager)?.layoutSublayers(of: self)
        delegate?.layoutSublayers(of: self)
    }

    /// The size the layer would like in its superlayer: the layout manager's answer (macOS), or
    /// its bounds size through its transform.
    open func preferredFrameSize() -> CGSize {
        if let manager = read(\.layoutManager) { return manager.preferredSize(of: self) }
        return defaultPreferredFrameSize()
    }

    // MARK: - macOS layout

    /// Lays out the sublayers (macOS), e.g. a `CAConstraintLayoutManager`. Setting it marks the
    /// layer for layout (and tells the new manager to invalidate, even if the layer was marked).
    open var layoutManager: CALayoutManager? {
        get { read(\.layoutManager) }
        set {
            let wasMarked = withLock {
                state.layoutManager = newValue
                return flags.needsLayout
            }
            setNeedsLayout()
            if wasMarked { newValue?.invalidateLayout(of: self) }
        }
    }

    /// The rules a `CAConstraintLayoutManager` of the superlayer lays this layer out by (macOS).
    open var constraints: [CAConstraint]? {
        get { read(\.constraints) }
        set {
            withLock { state.constraints = newValue }
            superlayer?.setNeedsLayout()
        }
    }

    /// Adds a constraint (macOS).
    open func addConstraint(_ c: CAConstraint) {
        constraints = (constraints ?? []) + [c]
    }

    /// How the frame follows the superlayer's size (macOS; none by default).
    open var autoresizingMask: CAAutoresizingMask {
        get { read(\.autoresizingMask) }
        set { withLock { state.autoresizingMask = newValue } }
    }

    /// Called when the bounds' size changed from `size`: resizes each sublayer (macOS).
    open func resizeSublayers(withOldSize size: CGSize) {
        defaultResizeSublayers(withOldSize: size)
    }

    /// Follows the superlayer's change of size from `size` by the autoresizing mask (macOS).
    open func resize(withOldSuperlayerSize size: CGSize) {
        defaultResize(withOldSuperlayerSize: size)
    }

    /// Whether `p` (in this layer's coordinates) is inside it: `bounds.contains(p)`.
    open func contains(_ p: CGPoint) -> Bool {
        bounds.contains(p)
    }

    /// The farthest descendant (or self) containing `p`, given in the superlayer's coordinates.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        defaultHitTest(p)
    }

    open func setNeedsDisplay() {
        markNeedsDisplay()
    }

    open func setNeedsDisplay(_ r: CGRect) {
        guard !r.isEmpty else { return }
        markNeedsDisplay()
    }

    /// Marks the layer for `layoutSublayers()` before the next update (and tells the layout
    /// manager). Explicit calls count even from the layer's own `layoutSublayers()`.
    open func setNeedsLayout() {
        markNeedsLayout(explicit: true)
    }
}

/// Per-layer bookkeeping flags.
struct LayerFlags {
    var needsDisplay = false
    var needsLayout = false
    var isLayingOut = false
    /// Set by the first commit that included the layer; presentation() is nil before it.
    var hasBeenCommitted = false
    /// A presentation copy (not a model layer).
    var isPresentation = false
    /// A delegate was set at some point: the action search asks it (a weak load) only then.
    var mayHaveDelegate = false
    /// A CAEmitterLayer whose emission starts at its next commit (new, or its cells were set).
    var startsEmission = false
    /// An animation of a custom key was added at some point: snapshots look for per-frame
    /// drawing (`presentationContentsLink`) only then (commits of thousands of layers never
    /// read their animation records for it).
    var mayAnimateCustomKeys = false
}
