import QuartzCore
import Testing

// CATiledLayer.h (iOS 16.5 SDK): every public symbol, with Apple's Swift spelling and types, so
// that a missing or differently typed one fails the build. `let _: T.Type = type(of: x)` is exact
// where a plain `let _: T = x` is not (a CGFloat converts implicitly to Double).
@Suite struct CATiledLayerHeaderTests {
    @Test func properties() {
        let tiled = CATiledLayer()
        let _: CALayer = tiled
        let _: () -> CFTimeInterval = CATiledLayer.fadeDuration
        let _: CFTimeInterval.Type = type(of: CATiledLayer.fadeDuration())
        let _: Int = tiled.levelsOfDetail
        let _: Int = tiled.levelsOfDetailBias
        let _: CGSize = tiled.tileSize
        // The header's defaults.
        #expect(CATiledLayer.fadeDuration() == 0.25)
        #expect(tiled.levelsOfDetail == 1 && tiled.levelsOfDetailBias == 0)
        #expect(tiled.tileSize == CGSize(width: 256, height: 256))
        tiled.levelsOfDetail = 4
        tiled.levelsOfDetailBias = 2
        tiled.tileSize = CGSize(width: 128, height: 64)
        #expect(tiled.levelsOfDetail == 4 && tiled.levelsOfDetailBias == 2 && tiled.tileSize == CGSize(width: 128, height: 64))
    }
}
