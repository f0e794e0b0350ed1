import Foundation
import StrataInput
import Testing

/// Issue 29: JSON that Foundation refuses with "not valid JSON" and no place gets its line,
/// column and reason; well-formed documents pass, however deep up to the limit.
@Suite("JSONSyntax")
struct JSONSyntaxTests {
    func problem(_ text: String) -> JSONSyntax.Problem? { JSONSyntax.firstProblem(in: Data(text.utf8)) }

    @Test(arguments: [
        "{}", "[]", "0", "-0.5e-3", "\"a\\u00e9\\n\"", "{\"a\":[1,2,{\"b\":null}],\"c\":true,\"d\":false}",
        " \n{ \"a\" : [ ] }\n ", "\u{FEFF}{}", "1.7976931348623157e308",
    ])
    func wellFormedDocumentsHaveNoProblem(_ text: String) {
        #expect(problem(text) == nil, "\(text): \(String(describing: problem(text)))")
    }

    /// Each bad document, the place (line, column) and words its problem must name.
    @Test(arguments: [
        ("{\"w\": NaN}", 1, 7, "NaN is not a JSON number"),
        ("{\"w\":\n  Infinity}", 2, 3, "Infinity is not a JSON number"),
        ("[1, -Infinity]", 1, 5, "-Infinity"),
        ("{\"w\": 1e309}", 1, 7, "too large"),
        ("[1,]", 1, 4, "where a value was expected"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("{a:1}", 1, 2, "expected a quoted key"),
        ("[1 2]", 1, 4, "expected ','"),
        ("[\"abc", 1, 2, "never closed"),
        ("[\"a\tb\"]", 1, 4, "control character"),
        ("[\"\\x\"]", 1, 3, "unknown escape"),
        ("[01]", 1, 3, "expected ','"),
        ("[1.]", 1, 4, "'.' without digits"),
        ("{} {}", 1, 4, "after the document's end"),
        ("", 1, 1, "ends where a value"),
        ("[[1]", 1, 5, "ends inside an array"),
    ])
    func badDocumentsNameTheirPlace(_ text: String, _ line: Int, _ column: Int, _ words: String) throws {
        let found = try #require(problem(text), "\(text) must be refused")
        #expect(found.line == line && found.column == column, "\(text): \(found)")
        #expect(found.message.contains(words), "\(text): \(found)")
    }

    /// 512 levels are Foundation's limit too; one more is refused at the bracket that opens it,
    /// and a million levels take no stack (the scan is iterative).
    @Test func nestingIsLimitedTo512Levels() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(problem(ok) == nil)
        let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        let found = try #require(problem(deep))
        #expect(found.column == 513 && found.message.contains("512 levels"), "\(found)")
    }

    @Test func topLevelKeysAreReadWithoutTheDocument() {
        #expect(JSONSyntax.topLevelKeys(in: Data("{\"fr\":30,\"layers\":[{\"op\":1}],\"w\":{\"ip\":2}}".utf8)) == ["fr", "layers", "w"])
        #expect(JSONSyntax.topLevelKeys(in: Data("[{\"fr\":30}]".utf8)) == nil, "not an object")
        #expect(JSONSyntax.topLevelKeys(in: Data("{\"fr\":NaN}".utf8)) == nil, "not well formed")
    }
}
