// swift-tools-version: 6.1
import PackageDescription

// A program that draws layers and nothing else: Strata with its traits off (`traits: []`), so
// that it needs cairo, pixman, Pango/FreeType, lcms2, libjpeg-turbo and zlib, and none of the
// PDF (poppler, qpdf), GIF, TIFF, WebP or HEIF libraries. CI runs it: it renders a layer tree,
// checks its pixels, that ImageIO offers PNG and JPEG only (and refuses a GIF clearly), and
// that none of those libraries was loaded.
let package = Package(
    name: "LeanLayers",
    dependencies: [.package(name: "Strata", path: "../..", traits: [])],
    targets: [
        .executableTarget(
            name: "LeanLayers",
            dependencies: [.product(name: "QuartzCore", package: "Strata"), .product(name: "ImageIO", package: "Strata")])
    ]
)
