import Foundation

/// Text that renders the same on every machine, for snapshot references: only the DejaVu faces
/// (Debian's `fonts-dejavu-core`), Apple's family names (Helvetica, Arial, Times, Courier, Menlo)
/// resolved to them, and hinting and antialiasing fixed. Strata's own tests draw with this.
public enum SnapshotFonts {
    /// Points fontconfig at the pinned configuration (written to a temporary file) and returns
    /// its path. Call it before any text is laid out in the process (a test suite's `init`, or
    /// XCTest's `class func setUp()`): fontconfig reads its configuration once, at first use.
    @discardableResult
    public static func pin() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-snapshot-fonts", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("fonts-\(getpid()).conf")
        let cache = folder.appendingPathComponent("cache").path
        try Data(configuration.replacingOccurrences(of: "<cachedir>CACHE</cachedir>", with: "<cachedir>\(cache)</cachedir>").utf8)
            .write(to: file)
        setenv("FONTCONFIG_FILE", file.path, 1)
        return file
    }

    /// The fontconfig configuration `pin()` writes (its cache folder filled in).
    public static let configuration = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <dir>/usr/share/fonts/truetype/dejavu</dir>
          <cachedir>CACHE</cachedir>
          <alias binding="same"><family>Helvetica</family><prefer><family>DejaVu Sans</family></prefer></alias>
          <alias binding="same"><family>Helvetica Neue</family><prefer><family>DejaVu Sans</family></prefer></alias>
          <alias binding="same"><family>Arial</family><prefer><family>DejaVu Sans</family></prefer></alias>
          <alias binding="same"><family>Sans</family><prefer><family>DejaVu Sans</family></prefer></alias>
          <alias binding="same"><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
          <alias binding="same"><family>Times</family><prefer><family>DejaVu Serif</family></prefer></alias>
          <alias binding="same"><family>Times New Roman</family><prefer><family>DejaVu Serif</family></prefer></alias>
          <alias binding="same"><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
          <alias binding="same"><family>Courier</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
          <alias binding="same"><family>Menlo</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
          <alias binding="same"><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
          <!-- Rendering settings pinned too (Debian's defaults, which the goldens were drawn with), so
               that a machine's own hinting or antialiasing choices do not change the pictures. -->
          <match target="font">
            <edit name="antialias" mode="assign"><bool>true</bool></edit>
            <edit name="hinting" mode="assign"><bool>true</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>
            <edit name="autohint" mode="assign"><bool>false</bool></edit>
            <edit name="lcdfilter" mode="assign"><const>lcddefault</const></edit>
            <edit name="rgba" mode="assign"><const>none</const></edit>
          </match>
          <!-- Small DejaVu text unhinted, as Debian's 20-unhint-small-dejavu-*.conf do. -->
          <match target="font">
            <test name="family" compare="contains"><string>DejaVu</string></test>
            <test name="pixelsize" compare="less"><double>7.5</double></test>
            <edit name="hinting" mode="assign"><bool>false</bool></edit>
          </match>
        </fontconfig>
        """
}
