// swift-tools-version: 6.1
import PackageDescription

// An app's layer code, snapshot-tested on Apple platforms with swift-snapshot-testing and on Linux
// through Strata: Strata is a dependency on Linux only.
let package = Package(
    name: "LayerSnapshots",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "Badges", targets: ["Badges"])],
    dependencies: [
        .package(name: "Strata", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .target(
            name: "Badges",
            dependencies: [.product(name: "QuartzCore", package: "Strata", condition: .when(platforms: [.linux]))]),
        .testTarget(
            name: "BadgesTests",
            dependencies: [
                "Badges",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "StrataSnapshotTesting", package: "Strata", condition: .when(platforms: [.linux])),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
