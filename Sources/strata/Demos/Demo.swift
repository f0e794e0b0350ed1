import QuartzCore
import StrataExport

/// A named demo: something Strata draws or animates, for people to look at.
struct Demo: Sendable {
    enum Kind: Sendable {
        /// One picture.
        case still(@Sendable () -> CGImage?)
        /// An animation: a layer tree played on its own clock, with scripted events.
        case animation(defaults: ExportSettings, make: @Sendable (ExportSettings) -> LayerRecording)
        /// Files written into a folder (a PDF document…); answers the files it wrote.
        case document(@Sendable (URL) throws -> [URL])
    }

    let name: String
    let summary: String
    let kind: Kind

    /// The gallery: what `strata demo` renders when no name is given.
    static let all: [Demo] = [coreGraphics] + seedDemos + libraryStyleDemos + secondRoundLibraryDemos + apiSurfaceDemos + imageIODemos + coreTextDemos + pdfDemos + lottieDemos

    /// Demos that measure rather than show (heavy: rendered only when named).
    static let loadTests: [Demo] = [movingLayers]

    /// Every demo a name can ask for.
    static var everyDemo: [Demo] { all + loadTests }

    static func named(_ name: String) -> Demo? { everyDemo.first { $0.name == name } }
}

extension Demo {
    /// An animation demo of `size` points lasting `duration` seconds at 30 fps.
    static func animation(
        _ name: String, _ summary: String, size: CGSize = CGSize(width: 320, height: 240), duration: Double,
        script: @escaping @Sendable (LayerRecording.Script) -> CALayer
    ) -> Demo {
        Demo(
            name: name, summary: summary,
            kind: .animation(
                defaults: ExportSettings(size: size, fps: 30, duration: duration),
                make: { settings in LayerRecording(settings: settings, script: script) }))
    }
}
