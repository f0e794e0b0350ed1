import CFontEngine
import Foundation

/// Apple's font families, resolved to the metric-compatible fonts Debian packages: code written
/// for iOS names "Helvetica Neue", "SF Pro" or "Menlo", which fontconfig would otherwise answer
/// with its default face. Added to fontconfig's current configuration once, before any text is
/// laid out (a configuration that prefers other fonts for these names, such as the tests' pinned
/// one, keeps its choice when these fonts are not in it).
///
/// Helvetica, Helvetica Neue, Arial, SF Pro/SF UI (the system font), Avenir, Gill Sans →
/// Liberation Sans (Arial's and Helvetica's metrics; `fonts-liberation`), then Nimbus Sans;
/// Times, Georgia, New York → Liberation Serif; Courier → Liberation Mono; Menlo, SF Mono,
/// Monaco → DejaVu Sans Mono (Menlo is drawn from it: the same metrics).
///
/// Every path into fontconfig (Pango, CGFont, CoreText, poppler) evaluates `install` first: the
/// rules change the process's configuration, and changing it while another thread matches
/// against it corrupts fontconfig's heap (a CI run's double free).
package enum FontAliases {
    package static let sans = ["Helvetica", "Helvetica Neue", "Arial", ".SF NS", ".SF NS Text", ".SF NS Display", "SF Pro", "SF Pro Text",
        "SF Pro Display", "SF UI Text", "SF UI Display", ".SFUI", ".SFUIText", ".SFUIDisplay", "San Francisco",
        "-apple-system", "system-ui", "Avenir", "Avenir Next", "Gill Sans", "Lucida Grande"]
    package static let serif = ["Times", "Times New Roman", "Georgia", "New York"]
    package static let mono = ["Courier", "Courier New"]
    package static let code = ["Menlo", "SF Mono", "Monaco"]

    /// The rules, as fontconfig XML.
    package static var configuration: String {
        func aliases(_ names: [String], _ prefer: [String]) -> String {
            names.map { name in
                "<alias binding=\"same\"><family>\(name)</family><prefer>"
                    + prefer.map { "<family>\($0)</family>" }.joined() + "</prefer></alias>"
            }.joined(separator: "\n")
        }
        return """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd"><fontconfig>
            \(aliases(sans, ["Liberation Sans", "Nimbus Sans", "DejaVu Sans"]))
            \(aliases(serif, ["Liberation Serif", "Nimbus Roman", "DejaVu Serif"]))
            \(aliases(mono, ["Liberation Mono", "Nimbus Mono PS", "DejaVu Sans Mono"]))
            \(aliases(code, ["DejaVu Sans Mono"]))
            </fontconfig>
            """
    }

    /// Adds the rules (once; later calls do nothing).
    package static let install: Void = {
        guard let config = FcConfigGetCurrent() else { return }
        _ = configuration.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: strlen(xml) + 1) { FcConfigParseAndLoadFromMemory(config, $0, 0) }
        }
    }()
}
