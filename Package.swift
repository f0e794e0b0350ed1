// swift-tools-version: 6.1
import PackageDescription

// Strata: Core Animation (QuartzCore) and the Core Graphics it needs, for Linux.
// Public modules carry Apple's names so that code written for Apple platforms compiles unchanged;
// internal modules are named Strata*.
let package = Package(
    name: "Strata",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        // Offline export of layer trees: PNG sequences, GIF, MP4 (ffmpeg) and contact sheets.
        .library(name: "StrataExport", targets: ["StrataExport"]),
        // A live SDL2 window showing a layer tree.
        .library(name: "StrataWindow", targets: ["StrataWindow"]),
        .library(name: "StrataScene", targets: ["StrataScene"]),
        // Lottie (Bodymovin JSON and .lottie) files played as Core Animation layer trees.
        .library(name: "StrataLottie", targets: ["StrataLottie"]),
        .library(name: "StrataInput", targets: ["StrataInput"]),
        // swift-snapshot-testing's layer image strategies for Linux (a product of its own, so that
        // users of the core do not pull the dependency).
        .library(name: "StrataSnapshotTesting", targets: ["StrataSnapshotTesting"]),
        .executable(name: "strata", targets: ["strata"]),
        .executable(name: "strata-bench", targets: ["strata-bench"]),
    ],
    // What needs more system libraries than drawing layers does (cairo, pixman, Pango/FreeType,
    // lcms2, libjpeg-turbo, zlib): on by default; a package that draws layers only can turn
    // them off (`traits: []` in its dependency on Strata) and need none of those libraries.
    traits: [
        .default(enabledTraits: ["PDF", "WebP", "GIF", "TIFF", "HEIF", "Metadata"]),
        .trait(name: "PDF", description: "Reading PDF documents: CGPDFDocument and CGPDFPage (poppler), CGPDFDictionary, CGPDFScanner and the other PDF objects (qpdf). PDF contexts (writing) need only cairo."),
        .trait(name: "WebP", description: "WebP images, still and animated (libwebp), in CGImage, ImageIO and Lottie files."),
        .trait(name: "GIF", description: "GIF images read and written by ImageIO (giflib)."),
        .trait(name: "TIFF", description: "TIFF images read and written by ImageIO (libtiff)."),
        .trait(name: "HEIF", description: "HEIC and AVIF images read and written by ImageIO (libheif)."),
        .trait(name: "Metadata", description: "Exif, GPS, IPTC and XMP metadata read and written by ImageIO (libexiv2)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Counts allocations in benchmarks (preloaded by strata-bench itself).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // `swift package generate-documentation` (DocC catalogs under Sources/*/…docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // .lottie archives (zip).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // System libraries, installed from Debian by scripts/install-deps.sh.
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPixman", pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        // WebP images (still and animated): decoding for Lottie's embedded images and CGImage,
        // encoding for animated WebP output.
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"])]),
        // GIF (animated, with giflib's quantiser for writing) and TIFF (pages) for ImageIO.
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]),
        .systemLibrary(
            name: "CTIFF", pkgConfig: "libtiff-4",
            providers: [.apt(["libtiff-dev"])]),
        // HEIC and AVIF for ImageIO (libheif: libde265 and x265 for HEVC, dav1d and aom for AV1).
        // zlib: the ICC profiles PNG files embed (iCCP chunks) are deflated.
        .systemLibrary(name: "CStrataZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CHEIF", pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]),
        // PDF documents read and drawn (CGPDFDocument) through poppler's cairo renderer.
        .systemLibrary(
            name: "CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev", "libpoppler-private-dev"])]),
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]),
        // rlottie (Samsung's Lottie renderer), only as the Lottie benchmark's reference figure.
        .systemLibrary(
            name: "CRLottie", pkgConfig: "rlottie",
            providers: [.apt(["librlottie-dev"])]),
        // Text shaping and layout for CATextLayer (Pango over HarfBuzz, fonts through fontconfig).
        .systemLibrary(
            name: "CPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        // Colour management (ICC profiles, conversions between colour spaces).
        .systemLibrary(
            name: "CLCMS", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]),
        // Font files (CGFont, CoreText): fontconfig finds them, FreeType reads them, HarfBuzz
        // maps and shapes glyphs, cairo draws them.
        .systemLibrary(
            name: "CFontEngine", pkgConfig: "cairo-ft",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),

        // Polygon clipping for CGPath's boolean operations: a C interface to Clipper 6
        // (Debian's libpolyclipping-dev).
        .target(name: "CClipper", linkerSettings: [.linkedLibrary("polyclipping")]),
        // The compositor's kernel: rasters resampled and composited through affine maps (SIMD
        // with runtime dispatch and a portable fallback; rows split across two threads).
        .target(name: "CStrataRaster", linkerSettings: [.linkedLibrary("m")]),
        // PDF objects (CGPDFDictionary, CGPDFStream, CGPDFScanner…) read through qpdf: its C API,
        // and its C++ content-stream parser behind a few C calls.
        .target(name: "CStrataPDF", linkerSettings: [.linkedLibrary("qpdf")]),
        // A page's drawing cost counted on poppler's own reading of the file (its C++ objects,
        // Debian's libpoppler-private-dev), before poppler-glib draws it.
        .target(
            name: "CStrataPoppler", dependencies: [.target(name: "CPoppler", condition: .when(traits: ["PDF"]))],
            cxxSettings: [.define("STRATA_PDF", .when(traits: ["PDF"]))],
            linkerSettings: [.linkedLibrary("poppler", .when(traits: ["PDF"]))]),
        // Image metadata (Exif, IPTC, XMP) read and written in memory through exiv2's C++ API
        // (Debian's libexiv2-dev), behind a few C calls.
        .target(
            name: "CStrataExiv2",
            cxxSettings: [.define("STRATA_METADATA", .when(traits: ["Metadata"]))],
            linkerSettings: [.linkedLibrary("exiv2", .when(traits: ["Metadata"]))]),
        // Presentation copies of CALayer subclasses known only at run time (a Swift call into
        // QuartzCore's own initialiser that Swift code may not make without `required`).
        .target(name: "CStrataRuntime"),
        // Core Graphics types Foundation on Linux lacks, drawing through cairo.
        .target(
            name: "CoreGraphics",
            dependencies: [
                "CCairo", "CPixman", "CTurboJPEG", "CClipper", "CFontEngine", "CLCMS", "CStrataRaster", "_Testing_CoreGraphics",
                .target(name: "CWebP", condition: .when(traits: ["WebP"])),
                .target(name: "CPoppler", condition: .when(traits: ["PDF"])),
                .target(name: "CStrataPDF", condition: .when(traits: ["PDF"])),
                .target(name: "CStrataPoppler", condition: .when(traits: ["PDF"])),
            ],
            linkerSettings: [.linkedLibrary("gio-2.0", .when(traits: ["PDF"]))]),
        // The cross-import overlay the toolchain expects when Testing meets a module named CoreGraphics.
        .target(name: "_Testing_CoreGraphics"),
        // CATransform3D and the 3D maths (decomposition, interpolation) shared by the engine and renderer.
        .target(
            name: "StrataGeometry",
            dependencies: ["CoreGraphics"]),
        // The animation engine's pure parts: timing model, timing curves, springs, animatable values,
        // key paths and keyframe tracks. No layers, no clock: time is always passed in.
        .target(
            name: "StrataAnimation",
            dependencies: ["CoreGraphics", "StrataGeometry"]),
        // The render side's model: immutable snapshots of committed layer trees and their
        // evaluation at a given time. Knows nothing of CALayer.
        .target(
            name: "StrataRender",
            dependencies: ["CoreGraphics", "StrataGeometry", "StrataAnimation"]),
        // The compositor: draws evaluated snapshots into pixels through cairo and pixman.
        // Sees only snapshots and presented states, never CALayer.
        .target(
            name: "StrataCompositor",
            dependencies: [
                "CoreGraphics", "CCairo", "CPixman", "CPango", "CStrataRaster", "StrataGeometry", "StrataRender",
            ]),
        // The public Core Animation API.
        .target(
            name: "QuartzCore",
            dependencies: [
                "CoreGraphics", "StrataGeometry", "StrataAnimation", "StrataRender", "StrataCompositor", "CStrataRuntime",
            ]),
        // Apple's Core Text: fonts, lines, runs and frames, shaped by HarfBuzz, broken into lines
        // at Pango's Unicode line-break opportunities, drawn as glyph outlines through CoreGraphics.
        .target(name: "CoreText", dependencies: ["CoreGraphics", "CFontEngine", "CPango"]),
        // Apple's ImageIO: image files read (CGImageSource) and written (CGImageDestination).
        .target(
            name: "ImageIO",
            dependencies: [
                "CoreGraphics", "CStrataZlib", "CStrataExiv2",
                .target(name: "CGIF", condition: .when(traits: ["GIF"])),
                .target(name: "CTIFF", condition: .when(traits: ["TIFF"])),
                .target(name: "CWebP", condition: .when(traits: ["WebP"])),
                .target(name: "CHEIF", condition: .when(traits: ["HEIF"])),
            ]),
        // Files from outside: JSON syntax diagnosis and the budgets a file may claim (InputLimits).
        .target(name: "StrataInput"),
        // Offline hosts: a layer tree played on its own clock, rendered to files.
        .target(name: "StrataExport", dependencies: ["QuartzCore", "StrataRender", "StrataCompositor"]),
        // Scene files (JSON) describing layer trees, animations and timed changes.
        .target(name: "StrataScene", dependencies: ["QuartzCore", "StrataAnimation", "StrataExport", "StrataInput"]),
        // Lottie files decoded (Codable) and built into CALayer trees with CAKeyframeAnimations.
        .target(
            name: "StrataLottie",
            dependencies: ["QuartzCore", "CoreGraphics", "StrataAnimation", "StrataRender", "StrataCompositor", "StrataInput", "CStrataZlib", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // Snapshot strategies for CALayer (assertSnapshot(of: layer, as: .image)) on Linux.
        .target(
            name: "StrataSnapshotTesting",
            dependencies: [
                "QuartzCore", "CoreGraphics", "ImageIO", "StrataRender",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // The live host: an SDL2 window driven by the run loop.
        .target(name: "StrataWindow", dependencies: ["QuartzCore", "CSDL2"]),
        // The command line's rendering commands, argument values and output names (a library, so
        // that the CLI fuzzer reaches them).
        .target(
            name: "StrataCommandLine",
            dependencies: [
                "QuartzCore", "StrataExport", "StrataScene", "StrataLottie", "StrataInput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "strata",
            dependencies: [
                "QuartzCore", "ImageIO", "CoreText", "StrataExport", "StrataWindow", "StrataScene", "StrataRender", "StrataLottie", "StrataInput",
                "StrataCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The Lottie demo files (written for Strata by Demos/Lottie/make_demos.py).
            resources: [.copy("Demos/Lottie")]),

        // Benchmarks: named scenarios, time per frame and heap allocations per frame.
        .executableTarget(
            name: "strata-bench",
            dependencies: [
                "QuartzCore", "StrataAnimation", "StrataGeometry", "StrataRender", "StrataCompositor", "CCairo",
                "StrataLottie", "CRLottie",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]),

        // libFuzzer targets: built only by scripts/fuzz.sh (with -sanitize=fuzzer, -parse-as-library).
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(
            name: "strata-fuzz-scene", dependencies: ["QuartzCore", "StrataExport", "StrataScene", "FuzzSupport"],
            path: "Fuzz/SceneFuzzer"),
        .executableTarget(
            name: "strata-fuzz-lottie", dependencies: ["QuartzCore", "StrataLottie", "FuzzSupport"], path: "Fuzz/LottieFuzzer"),
        .executableTarget(
            name: "strata-fuzz-cli", dependencies: ["StrataCommandLine", "StrataExport", "FuzzSupport"], path: "Fuzz/CLIFuzzer"),
        .executableTarget(name: "strata-fuzz-image", dependencies: ["CoreGraphics", "ImageIO", "FuzzSupport"], path: "Fuzz/ImageFuzzer"),
        .executableTarget(name: "strata-fuzz-font", dependencies: ["CoreGraphics", "CoreText", "FuzzSupport"], path: "Fuzz/FontFuzzer"),
        .executableTarget(name: "strata-fuzz-pdf", dependencies: ["CoreGraphics", "FuzzSupport"], path: "Fuzz/PDFFuzzer"),
        .executableTarget(name: "strata-fuzz-path", dependencies: ["CoreGraphics", "FuzzSupport"], path: "Fuzz/PathFuzzer"),
        .executableTarget(name: "strata-fuzz-animation", dependencies: ["QuartzCore", "FuzzSupport"], path: "Fuzz/AnimationFuzzer"),
        .executableTarget(name: "strata-fuzz-text", dependencies: ["CoreGraphics", "CoreText", "FuzzSupport"], path: "Fuzz/TextAttributesFuzzer"),
        .executableTarget(
            name: "strata-fuzz-destination", dependencies: ["CoreGraphics", "ImageIO", "FuzzSupport"], path: "Fuzz/ImageDestinationFuzzer"),

        // Pins the fonts of every test process (Tests/TestFontConfiguration/fonts.conf) before
        // any test runs, so that text goldens do not depend on what else is installed.
        .target(name: "TestFontConfiguration", path: "Tests/TestFontConfiguration", exclude: ["fonts.conf"]),
        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "CFontEngine"]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO", "CoreGraphics", "CStrataZlib"]),
        .testTarget(name: "CoreTextTests", dependencies: ["CoreText", "CFontEngine", "TestFontConfiguration"]),
        .testTarget(name: "StrataGeometryTests", dependencies: ["StrataGeometry"]),
        .testTarget(name: "StrataAnimationTests", dependencies: ["StrataAnimation"]),
        .testTarget(name: "StrataInputTests", dependencies: ["StrataInput"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "StrataAnimation", "StrataRender"]),
        .testTarget(
            name: "StrataSnapshotTestingTests",
            dependencies: ["StrataSnapshotTesting", "QuartzCore", "CoreGraphics", "StrataLottie"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "RenderingTests",
            dependencies: [
                "QuartzCore", "CoreGraphics", "StrataCompositor", "StrataRender", "StrataExport", "StrataWindow",
                "StrataScene", "StrataLottie", "StrataInput", "CPango", "CCairo", "TestFontConfiguration", "CoreText", "ImageIO",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["References", "LottieFeatureFiles"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
