/// A problem in a scene file: where (a path such as `layers[2].animations[0].keyTimes`) and what.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let problem: String

    public init(_ path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}

/// A position in the JSON document, for messages.
struct ScenePath {
    var text: String

    static let root = ScenePath(text: "")

    func key(_ k: String) -> ScenePath { ScenePath(text: text.isEmpty ? k : "\(text).\(k)") }
    func index(_ i: Int) -> ScenePath { ScenePath(text: "\(text)[\(i)]") }

    func error(_ problem: String) -> SceneError { SceneError(text, problem) }
}
