/// The release this build is (semantic versioning); CHANGELOG.md's newest entry names it too
/// (a test holds them equal).
public enum StrataVersion {
    public static let current = "0.9.0"
}
