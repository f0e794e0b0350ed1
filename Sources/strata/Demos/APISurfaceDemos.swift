import QuartzCore
import StrataExport

// Stills of the newer API: compositingFilter blend modes over a gradient, and CGPath's boolean
// operations, drawn through a layer tree as an app would build it.

extension Demo {
    static let apiSurfaceDemos: [Demo] = [blendModes, pathOperations]

    /// A square in each of Core Animation's blend modes over the same two-colour backdrop.
    static let blendModes = animation(
        "blend-modes", "compositingFilter: each blend mode over the same gradient (multiply, screen, overlay, …)",
        size: CGSize(width: 480, height: 260), duration: 0
    ) { _ in
        let root = whiteRoot(CGSize(width: 480, height: 260))
        let names = [
            "normalBlendMode", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode",
            "lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode",
            "differenceBlendMode", "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode",
            "luminosityBlendMode",
        ]
        for (i, name) in names.enumerated() {
            let cell = CALayer()
            cell.frame = CGRect(x: 10 + CGFloat(i % 8) * 58, y: 10 + CGFloat(i / 8) * 125, width: 52, height: 115)
            let backdrop = CAGradientLayer()
            backdrop.frame = cell.bounds
            backdrop.colors = [rgb(250, 200, 40), rgb(30, 90, 200)]
            cell.addSublayer(backdrop)
            let square = CALayer()
            square.frame = CGRect(x: 6, y: 20, width: 40, height: 75)
            square.backgroundColor = rgb(220, 60, 90)
            square.cornerRadius = 8
            square.compositingFilter = name
            cell.addSublayer(square)
            root.addSublayer(cell)
        }
        return root
    }

    /// Two overlapping circles combined by each of CGPath's boolean operations.
    static let pathOperations = animation(
        "path-operations", "CGPath boolean operations: union, intersection, subtracting, symmetricDifference (Clipper)",
        size: CGSize(width: 440, height: 120), duration: 0
    ) { _ in
        let root = whiteRoot(CGSize(width: 440, height: 120))
        let a = CGPath(ellipseIn: CGRect(x: 10, y: 20, width: 60, height: 60), transform: nil)
        let b = CGPath(ellipseIn: CGRect(x: 40, y: 40, width: 60, height: 60), transform: nil)
        let results = [a.union(b), a.intersection(b), a.subtracting(b), a.symmetricDifference(b)]
        for (i, path) in results.enumerated() {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: CGFloat(i) * 110, y: 0, width: 110, height: 120)
            shape.path = path
            shape.fillColor = rgb(60, 140, 230)
            shape.strokeColor = rgb(20, 40, 90)
            shape.lineWidth = 1.5
            root.addSublayer(shape)
        }
        return root
    }
}
