import Foundation
import QuartzCore
import Testing

/// CATiledLayer: tiles are drawn on demand, only where a frame shows the layer, at the level of
/// detail its scale on screen needs, and kept until the content changes.
@Suite("CATiledLayer")
struct TiledLayerTests {
    /// A huge checkerboard: the tile containing a point is red or blue by the parity of its
    /// 100-point cell; records every tile rectangle it was asked for.
    final class Board: CATiledLayer, @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [CGRect] = []
        var requests: [CGRect] { lock.withLock { asked } }

        override func draw(in ctx: CGContext) {
            let tile = ctx.boundingBoxOfClipPath
            lock.withLock { asked.append(tile) }
            let x0 = Int((tile.minX / 100).rounded(.down)), x1 = Int((tile.maxX / 100).rounded(.up))
            let y0 = Int((tile.minY / 100).rounded(.down)), y1 = Int((tile.maxY / 100).rounded(.up))
            for cy in y0..<y1 {
                for cx in x0..<x1 {
                    let red = (cx + cy) % 2 == 0
                    ctx.setFillColor(CGColor(red: red ? 1 : 0, green: 0, blue: red ? 0 : 1, alpha: 1))
                    ctx.fill(CGRect(x: cx * 100, y: cy * 100, width: 100, height: 100))
                }
            }
        }
    }

    /// A 200×100 window onto a 100,000-point-square board, scrolled to (`x`, `y`), zoomed by `zoom`.
    private func makeBoard(x: CGFloat, y: CGFloat, zoom: CGFloat = 1, configure: (Board) -> Void = { _ in }) -> (CALayer, Board) {
        RenderingTests.scene { () -> (CALayer, Board) in
            let root = canvas(200, 100)
            let board = Board()
            configure(board)
            board.anchorPoint = .zero
            board.bounds = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
            board.position = CGPoint(x: -x * zoom, y: -y * zoom)
            board.transform = CATransform3DMakeScale(zoom, zoom, 1)
            root.addSublayer(board)
            return (root, board)
        }
    }

    @Test func onlyTheTilesInViewAreDrawn() {
        let (root, board) = makeBoard(x: 5000, y: 3000)
        let image = Golden.render(root, width: 200, height: 100)
        // The view covers (5000…5200, 3000…3100): with 256-point tiles, columns 19–20 (4864…5376)
        // and rows 11–12 (2816…3328): four tiles of the 390,625.
        let asked = Set(board.requests.map { "\(Int($0.minX / 256)),\(Int($0.minY / 256))" })
        #expect(asked == ["19,11", "20,11", "19,12", "20,12"], "\(board.requests)")
        #expect(board.requests.allSatisfy { $0.width == 256 && $0.height == 256 })
        // Cell (50, 30) is red (even), (51, 30) blue: the view's left half red, right half blue.
        #expect(near(image.rgba(50, 50), (255, 0, 0, 255)) && near(image.rgba(150, 50), (0, 0, 255, 255)))
    }

    @Test func tilesAreKeptUntilTheContentChanges() {
        let (root, board) = makeBoard(x: 0, y: 0)
        let context = Golden.makeContext(width: 200, height: 100)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        for t in [0.0, 1, 2] {
            renderer.beginFrame(atTime: t, timeStamp: nil)
            renderer.addUpdate(CGRect(x: 0, y: 0, width: 200, height: 100))
            renderer.render()
            renderer.endFrame()
        }
        #expect(board.requests.count == 1, "one tile covers the view; drawn once for three frames")
        RenderingTests.scene { board.setNeedsDisplay() }
        renderer.beginFrame(atTime: 3, timeStamp: nil)
        renderer.addUpdate(CGRect(x: 0, y: 0, width: 200, height: 100))
        renderer.render()
        renderer.endFrame()
        #expect(board.requests.count == 2, "drawn again after setNeedsDisplay")
    }

    @Test func zoomingInUsesAFinerLevelOfDetail() {
        // Bias 2: levels at 4, 2 and 1 pixels a point. Shown at 4×, tiles are 256 px = 64 points.
        let (root, board) = makeBoard(x: 1000, y: 1000, zoom: 4) {
            $0.levelsOfDetail = 3
            $0.levelsOfDetailBias = 2
        }
        let image = Golden.render(root, width: 200, height: 100)
        #expect(!board.requests.isEmpty && board.requests.allSatisfy { $0.width == 64 })
        // The view covers 1000…1050 × 1000…1025 of the board: cell (10, 10), red.
        #expect(near(image.rgba(100, 50), (255, 0, 0, 255)))
        // Zoomed out to ¼: level scale 1 is the coarsest kept; tiles stay 256 points.
        let (outRoot, outBoard) = makeBoard(x: 0, y: 0, zoom: 0.25) {
            $0.levelsOfDetail = 3
            $0.levelsOfDetailBias = 2
        }
        _ = Golden.render(outRoot, width: 200, height: 100)
        #expect(outBoard.requests.allSatisfy { $0.width == 256 })
        #expect(outBoard.requests.count == 8, "800×400 points of board in view: 4 × 2 tiles")
    }

    @Test func panningFarDropsTheOldestTilesNotTheOnesInView() {
        // 16-pixel tiles (the smallest size): a 200×100 view shows 13 × 7 = 91 of them; eleven
        // views far apart show 1,001, more than the 512 a layer keeps.
        let (root, board) = makeBoard(x: 0, y: 0) { $0.tileSize = CGSize(width: 16, height: 16) }
        let context = Golden.makeContext(width: 200, height: 100)
        let renderer = CARenderer(cgContext: context)
        renderer.layer = root
        func show(_ x: CGFloat, _ y: CGFloat) {
            RenderingTests.scene { board.position = CGPoint(x: -x, y: -y) }
            renderer.beginFrame(atTime: 0, timeStamp: nil)
            renderer.addUpdate(CGRect(x: 0, y: 0, width: 200, height: 100))
            renderer.render()
            renderer.endFrame()
        }
        show(0, 0)
        let first = board.requests.count
        #expect(first == 13 * 7, "a 200×100 view over 16-point tiles: 13 × 7 (edges included)")
        show(0, 0)
        #expect(board.requests.count == first, "kept: nothing drawn again")
        // Pan far enough to see 10 more views' worth of tiles: the first ones are dropped.
        for k in 1...10 { show(CGFloat(k) * 2000, 0) }
        show(0, 0)
        #expect(board.requests.count > first * 11, "the first view's tiles were dropped and drawn again")
    }

    @Test func tilingPropertiesAreKeptAndBadOnesRefused() {
        let layer = CATiledLayer()
        #expect(layer.tileSize == CGSize(width: 256, height: 256) && layer.levelsOfDetail == 1 && layer.levelsOfDetailBias == 0)
        #expect(CATiledLayer.fadeDuration() == 0.25)
        layer.tileSize = CGSize(width: 0, height: -5)  // tried: not a positive size
        layer.levelsOfDetail = -3  // tried: negative: held to 1
        #expect(layer.tileSize == CGSize(width: 256, height: 256) && layer.levelsOfDetail == 1)
    }
}
