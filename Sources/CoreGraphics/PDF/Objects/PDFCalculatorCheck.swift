#if PDF
import Foundation

/// PostScript calculator functions (type 4) a page reaches, checked before poppler draws it:
/// poppler parses their braces recursively (100,000 nested braces overflowed its stack inside
/// `drawPDFPage`) and runs them for every sample. Real programs nest a few levels and hold a
/// few hundred bytes.
enum PDFCalculatorCheck {
    /// The deepest a program's braces may nest.
    static let maxNesting = 64
    /// The longest program, in bytes.
    static let maxProgramBytes = 65_536
    /// The most dictionaries, arrays and streams looked at from one page.
    static let maxObjects = 200_000

    /// Why `page` must not be drawn (a function past the limits, or too many objects to
    /// look through), or nil.
    static func problem(with page: CGPDFPage) -> String? {
        guard let pageNode = page.objectNode else { return nil }
        var roots = pageNode.dictionaryEntries.filter { $0.key != "Parent" }.map(\.node)
        if pageNode.value(forKey: "Resources") == nil, let inherited = page.inherited("Resources") { roots.append(inherited) }
        var seen = Set<ObjectIdentifier>()
        var stack = roots
        while let node = stack.popLast() {
            guard node.type == .dictionary || node.type == .array || node.type == .stream,
                seen.insert(ObjectIdentifier(node)).inserted
            else { continue }
            guard seen.count <= maxObjects else {
                return "it reaches more than \(maxObjects) dictionaries, arrays and streams"
            }
            switch node.type {
            case .array: stack.append(contentsOf: node.arrayItems)
            case .dictionary:
                // A page's parent is the page tree (every page); the resources it lends were added.
                for entry in node.dictionaryEntries where entry.key != "Parent" { stack.append(entry.node) }
            default:
                guard let dictionary = node.dictionaryOfStream else { continue }
                if let problem = programProblem(node, dictionary) { return problem }
                stack.append(dictionary)
            }
        }
        return nil
    }

    /// What is wrong with a type 4 function's program, or nil (also for other streams).
    private static func programProblem(_ stream: PDFObjectNode, _ dictionary: PDFObjectNode) -> String? {
        guard let type = dictionary.value(forKey: "FunctionType"), type.type == .integer else { return nil }
        var kind: CGPDFInteger = 0
        guard type.value(as: .integer, into: &kind), kind == 4, let (program, _) = stream.streamData() else { return nil }
        guard program.count <= maxProgramBytes else {
            return "a calculator (type 4) function of \(program.count) bytes (at most \(maxProgramBytes))"
        }
        var depth = 0
        var deepest = 0
        for byte in program {
            if byte == UInt8(ascii: "{") {
                depth += 1
                deepest = max(deepest, depth)
                if deepest > maxNesting { return "a calculator (type 4) function nesting braces more than \(maxNesting) deep" }
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
            }
        }
        return nil
    }
}
#endif
