import QuartzCore
import Testing

/// BGRA bytes (premultiplied, 32-bit little) of pixel (x, y), row 0 at the top.
private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    guard let data = image.dataProvider?.data else { return [] }
    let offset = y * image.bytesPerRow + x * 4
    return Array(data[offset..<offset + 4])
}

private let red: [UInt8] = [0, 0, 255, 255]
private let clear: [UInt8] = [0, 0, 0, 0]

/// Fills `rect` red in `draw(in:)` and records the calls.
private final class FillLayer: CALayer {
    nonisolated(unsafe) var rect = CGRect(x: 0, y: 0, width: 10, height: 10)
    nonisolated(unsafe) var draws = 0
    nonisolated(unsafe) var displays = 0
    override func draw(in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(rect)
    }
    override func display() {
        displays += 1
        super.display()
    }
}

private final class Recorder: CALayerDelegate {
    nonisolated(unsafe) var events: [String] = []
    var imageToSet: CGImage?

    func display(_ layer: CALayer) {
        events.append("display")
        if let imageToSet { layer.contents = imageToSet }
    }
    func layerWillDraw(_ layer: CALayer) { events.append("willDraw") }
    func draw(_ layer: CALayer, in ctx: CGContext) { events.append("draw") }
    func layoutSublayers(of layer: CALayer) { events.append("layout \(layer.name ?? "")") }
}

private func smallImage() throws -> CGImage {
    let ctx = try #require(CGContext(
        data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    return try #require(ctx.makeImage())
}

@Suite struct CALayerDisplayTests {
    @Test func delegateDisplaySettingContentsSkipsDrawing() throws {
        let l = CALayer()
        CATransaction.begin()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.commit()
        let recorder = Recorder()
        recorder.imageToSet = try smallImage()
        l.delegate = recorder
        l.display()
        #expect(recorder.events == ["display"])
        #expect((l.contents as? CGImage) === recorder.imageToSet)
    }

    @Test func delegateWithoutDisplayGetsWillDrawThenDraw() throws {
        let l = CALayer()
        // Committed before the delegate is set: the commit's layout pass would otherwise reach
        // the delegate too, whenever the implicit transaction happens to commit.
        CATransaction.begin()
        l.bounds = CGRect(x: 0, y: 0, width: 4, height: 3)
        CATransaction.commit()
        let recorder = Recorder()
        l.delegate = recorder
        l.display()
        #expect(recorder.events == ["display", "willDraw", "draw"])
        let image = try #require(l.contents as? CGImage)
        #expect(image.width == 4 && image.height == 3)
    }

    @Test func drawnFillLandsAtTheTopLeftAtContentsScale() throws {
        let l = FillLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        l.contentsScale = 2
        l.display()
        #expect(l.draws == 1)
        let image = try #require(l.contents as? CGImage)
        #expect(image.width == 40 && image.height == 20)
        #expect(image.alphaInfo == .premultipliedFirst)
        // (0, 0, 10, 10) points = pixels 0..<20 × 0..<20: the left half, from the first row (top).
        #expect(pixel(image, 0, 0) == red)
        #expect(pixel(image, 19, 19) == red)
        #expect(pixel(image, 20, 0) == clear)
        #expect(pixel(image, 39, 19) == clear)
        l.rect = CGRect(x: 0, y: 0, width: 20, height: 2)
        l.display()
        let strip = try #require(l.contents as? CGImage)
        #expect(pixel(strip, 30, 3) == red)  // y 0..<2 points = the top 4 rows
        #expect(pixel(strip, 30, 4) == clear)
        #expect(pixel(strip, 30, 19) == clear)
    }

    @Test func boundsOriginIsTheDrawingOrigin() throws {
        let l = FillLayer()
        l.bounds = CGRect(x: 100, y: 50, width: 20, height: 20)
        l.rect = CGRect(x: 100, y: 50, width: 5, height: 5)
        l.display()
        let image = try #require(l.contents as? CGImage)
        #expect(pixel(image, 0, 0) == red)
        #expect(pixel(image, 4, 4) == red)
        #expect(pixel(image, 5, 5) == clear)
    }

    @Test func geometryFlippedLayerDrawsFromTheBottomRow() throws {
        let l = FillLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.rect = CGRect(x: 0, y: 0, width: 20, height: 5)
        l.isGeometryFlipped = true
        #expect(l.contentsAreFlipped())
        l.display()
        let image = try #require(l.contents as? CGImage)
        #expect(pixel(image, 10, 19) == red)
        #expect(pixel(image, 10, 15) == red)
        #expect(pixel(image, 10, 14) == clear)
        #expect(pixel(image, 10, 0) == clear)
    }

    @Test func fractionalPixelSizeRoundsUp() throws {
        let l = FillLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10.5, height: 3)
        l.contentsScale = 1.5
        l.display()
        let image = try #require(l.contents as? CGImage)
        #expect(image.width == 16 && image.height == 5)  // ceil(15.75), ceil(4.5)
    }

    @Test func zeroSizeBoundsGiveNilContentsWithoutDrawing() throws {
        let l = FillLayer()
        l.contents = try smallImage()
        l.bounds = CGRect(x: 0, y: 0, width: 0, height: 10)
        l.display()
        #expect(l.contents == nil)
        #expect(l.draws == 0)
    }

    @Test func needsDisplayFlagsAndDisplayIfNeeded() {
        let l = FillLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
        #expect(!l.needsDisplay())
        l.displayIfNeeded()
        #expect(l.displays == 0)
        l.setNeedsDisplay()
        #expect(l.needsDisplay())
        l.displayIfNeeded()
        #expect(l.displays == 1)
        #expect(!l.needsDisplay())
        #expect(l.contents is CGImage)
        l.displayIfNeeded()
        #expect(l.displays == 1)
        l.setNeedsDisplay(CGRect.zero)
        #expect(!l.needsDisplay())
        l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.needsDisplay())
    }

    @Test func needsDisplayOnBoundsChange() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(!l.needsDisplay())
        l.needsDisplayOnBoundsChange = true
        l.bounds = CGRect(x: 0, y: 0, width: 6, height: 5)
        #expect(l.needsDisplay())
        l.displayIfNeeded()
        l.position = CGPoint(x: 3, y: 3)
        #expect(!l.needsDisplay())
    }
}

/// Records the order of layoutSublayers calls; optionally re-marks itself or resizes a child.
private final class LayoutLayer: CALayer {
    nonisolated(unsafe) var log: LayoutLog?
    nonisolated(unsafe) var marksItselfAgain = false
    nonisolated(unsafe) var childSize: CGSize?
    override func layoutSublayers() {
        log?.names.append(name ?? "?")
        if marksItselfAgain { setNeedsLayout() }
        if let childSize, let child = sublayers?.first { child.bounds.size = childSize }
    }
}

private final class LayoutLog {
    nonisolated(unsafe) var names: [String] = []
}

@Suite struct CALayerLayoutTests {
    private func tree(_ log: LayoutLog) -> (root: LayoutLayer, middle: LayoutLayer, leaf: LayoutLayer) {
        let root = LayoutLayer()
        let middle = LayoutLayer()
        let leaf = LayoutLayer()
        for (l, n) in [(root, "root"), (middle, "middle"), (leaf, "leaf")] {
            l.name = n
            l.log = log
        }
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        root.layoutIfNeeded()
        log.names = []
        return (root, middle, leaf)
    }

    @Test func layoutIfNeededLaysOutMarkedLayersTopDownOnce() {
        let log = LayoutLog()
        let (root, middle, leaf) = tree(log)
        leaf.setNeedsLayout()
        root.setNeedsLayout()
        #expect(root.needsLayout() && leaf.needsLayout() && !middle.needsLayout())
        // Asked of the leaf: its superlayer chain is not all marked (middle is not), so only the leaf.
        leaf.layoutIfNeeded()
        #expect(log.names == ["leaf"])
        // With the middle marked too, the walk goes up to the marked root and lays out from there.
        leaf.setNeedsLayout()
        middle.setNeedsLayout()
        log.names = []
        leaf.layoutIfNeeded()
        #expect(log.names == ["root", "middle", "leaf"])
        #expect(!root.needsLayout() && !middle.needsLayout() && !leaf.needsLayout())
        leaf.layoutIfNeeded()
        root.layoutIfNeeded()
        #expect(log.names == ["root", "middle", "leaf"])
    }

    /// An explicit `setNeedsLayout()` from a layer's own layout lays it out again (Apple skips
    /// only implicit marks there); one that always marks itself is stopped after
    /// `maximumLayoutIterations` (16) layouts and its last mark dropped, instead of looping
    /// forever (or at every later commit).
    @Test func setNeedsLayoutInsideLayoutSublayersRepeatsABoundedNumberOfTimes() {
        let log = LayoutLog()
        let (root, _, _) = tree(log)
        root.marksItselfAgain = true
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.names == Array(repeating: "root", count: 16))
        #expect(!root.needsLayout())
        root.marksItselfAgain = false
        CATransaction.flush()
        #expect(log.names.count == 16, "not laid out again by later commits")
    }

    @Test func layoutOfAParentLaysOutTheChildItResized() {
        let log = LayoutLog()
        let (root, middle, _) = tree(log)
        root.childSize = CGSize(width: 30, height: 30)  // resizing middle marks middle
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.names == ["root", "middle"])
        #expect(middle.bounds.size == CGSize(width: 30, height: 30))
        #expect(!root.needsLayout())
    }

    @Test func defaultLayoutSublayersAsksTheDelegate() {
        let l = CALayer()
        l.name = "plain"
        let recorder = Recorder()
        l.delegate = recorder
        l.setNeedsLayout()
        l.layoutIfNeeded()
        #expect(recorder.events == ["layout plain"])
    }

    @Test func flushLaysOutThenDisplaysWhatLayoutInvalidated() {
        let root = LayoutLayer()
        root.name = "root"
        let log = LayoutLog()
        root.log = log
        let child = FillLayer()
        child.needsDisplayOnBoundsChange = true
        root.addSublayer(child)
        root.childSize = CGSize(width: 8, height: 4)
        root.setNeedsLayout()
        CATransaction.flush()
        #expect(log.names == ["root"])
        #expect(!root.needsLayout())
        #expect(child.displays == 1)
        #expect(!child.needsDisplay())
        #expect((child.contents as? CGImage)?.width == 8)
    }

    @Test func flushLaysOutParentsBeforeChildrenWhateverTheMarkingOrder() {
        let log = LayoutLog()
        let (root, middle, leaf) = tree(log)
        leaf.setNeedsLayout()
        middle.setNeedsLayout()
        root.setNeedsLayout()
        CATransaction.flush()
        #expect(log.names == ["root", "middle", "leaf"])
        #expect(!root.needsLayout() && !middle.needsLayout() && !leaf.needsLayout())
    }

    @Test func flushRepeatsLayoutWhenDisplayInvalidatesIt() {
        let log = LayoutLog()
        let parent = LayoutLayer()
        parent.name = "parent"
        parent.log = log
        let child = RelayoutOnDisplayLayer()
        child.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
        parent.addSublayer(child)
        parent.layoutIfNeeded()
        log.names = []
        child.setNeedsDisplay()
        CATransaction.flush()
        #expect(child.displays == 1)
        #expect(log.names == ["parent"])  // laid out in the same flush, after the display
        #expect(!parent.needsLayout())
    }
}

/// Its display asks its superlayer for a new layout (as a size-to-fit layer would).
private final class RelayoutOnDisplayLayer: CALayer {
    nonisolated(unsafe) var displays = 0
    override func display() {
        displays += 1
        superlayer?.setNeedsLayout()
    }
}
