// Drawing a layer's contents (spec §3.1).
//
// Orientation. Strata shows layers as iOS does: the bounds origin at the top left, y growing
// down, and a contents image with its first row at the top. On iOS the context a plain CALayer's
// `draw(in:)` (or its delegate's `draw(_:in:)`) receives is already flipped to match: drawing at
// (0, 0) lands at the layer's top left, and a CGImage drawn with `ctx.draw(_:in:)` comes out
// upside down unless the code flips the CTM back — the well-known iOS recipe
// `translateBy(x: 0, y: height); scaleBy(x: 1, y: -1)` before drawing an image in `drawInContext:`
// (e.g. the drawInContext: examples in cnblogs yinqiang 3486798 and github sadcup/LearnCALayer;
// Brad Larson's Stack Overflow answer 3486392: "the layers that back UIViews have their coordinate
// system flipped"). So the context given to `draw(in:)` maps the layer's bounds coordinates to
// where the layer's geometry shows them:
//
//   contentsAreFlipped() == false:  CTM = translate(0, pixelHeight) · scale(s, −s) · translate(−bounds.origin)
//                                   (user y = bounds.minY is the image's first row: the top)
//   contentsAreFlipped() == true:   CTM = scale(s, s) · translate(−bounds.origin)
//                                   (a geometry-flipped layer has bounds.minY at the bottom, so the
//                                   plain Core Graphics orientation is the one that matches)
//
// s = contentsScale. This is Apple's "the context is y-flipped when contentsAreFlipped()" read
// for a y-down screen: in both cases `ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))` covers
// the corner where the layer's geometry puts (0, 0) — the top left of an unflipped layer.

extension CALayer {
    /// Marks the layer for `display()` before its next commit and joins the current transaction.
    final func markNeedsDisplay() {
        withLock {
            if !flags.needsDisplay, !flags.isPresentation { PendingLayerUpdates.queueDisplay(self) }
            flags.needsDisplay = true
            joinTransaction()
        }
    }

    /// True while the layer is marked for display.
    public func needsDisplay() -> Bool {
        withLock { flags.needsDisplay }
    }

    /// Calls `display()` when the layer is marked, clearing the mark first (so a
    /// `setNeedsDisplay()` made while displaying marks the layer again for the next update).
    public func displayIfNeeded() {
        let marked = withLock {
            let marked = flags.needsDisplay
            flags.needsDisplay = false
            return marked
        }
        if marked { display() }
    }

    /// `display()`'s default: the delegate's `display(_:)`, which is taken to have done the work
    /// when it changed `contents` (Swift cannot ask whether the optional method is implemented);
    /// otherwise `layerWillDraw(_:)`, a bitmap of ceil(bounds.size × contentsScale) pixels
    /// (premultiplied BGRA, device RGB) drawn by `draw(in:)`, stored in `contents` through the
    /// public setter. Empty bounds give nil contents and no drawing.
    final func defaultDisplay() {
        let before = withLock { state.contents }
        delegate?.display(self)
        let after = withLock { state.contents }
        if !Self.sameContents(before, after) { return }

        delegate?.layerWillDraw(self)
        let (bounds, requestedScale, flipped) = withLock {
            (state.bounds.standardized, state.contentsScale, contentsAreFlipped())
        }
        var scale = requestedScale
        if !(scale.isFinite && scale > 0) {
            Diagnostics.warn("CALayer.display: contentsScale \(requestedScale) is not positive; drawing at 1")
            scale = 1
        }
        let pixelWidth = (bounds.width * scale).rounded(.up)
        let pixelHeight = (bounds.height * scale).rounded(.up)
        guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth >= 1, pixelHeight >= 1 else {
            contents = nil
            return
        }
        guard pixelWidth <= 32767, pixelHeight <= 32767,
            let ctx = CGContext(
                data: nil, width: Int(pixelWidth), height: Int(pixelHeight), bitsPerComponent: 8,
                bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else {
            Diagnostics.warn("CALayer.display: cannot make a \(pixelWidth)×\(pixelHeight) backing store; contents cleared")
            contents = nil
            return
        }
        if flipped {
            ctx.scaleBy(x: scale, y: scale)
        } else {
            ctx.translateBy(x: 0, y: pixelHeight)
            ctx.scaleBy(x: scale, y: -scale)
        }
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        draw(in: ctx)
        contents = ctx.makeImage()
    }

    /// Whether two `contents` values are the same object (values that are not objects count as
    /// the same: they cannot be told apart by identity).
    private static func sameContents(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case let (a?, b?):
            guard type(of: a) is AnyClass, type(of: b) is AnyClass else { return true }
            return (a as AnyObject) === (b as AnyObject)
        }
    }
}
