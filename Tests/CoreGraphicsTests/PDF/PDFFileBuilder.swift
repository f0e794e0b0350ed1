import Foundation

/// Writes a PDF file from its objects' text (object n is `objects[n - 1]`), with a correct
/// cross-reference table: small files whose every byte a test states.
enum PDFFileBuilder {
    /// `objects` are "<< … >>" bodies, or (dictionary, stream bytes) pairs; `trailer` the
    /// trailer's entries without /Size.
    static func file(_ objects: [(String, Data?)], trailer: String) -> Data {
        var out = Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (n, object) in objects.enumerated() {
            offsets.append(out.count)
            out.append(Data("\(n + 1) 0 obj\n".utf8))
            if let stream = object.1 {
                out.append(Data("<< \(object.0) /Length \(stream.count) >>\nstream\n".utf8))
                out.append(stream)
                out.append(Data("\nendstream\n".utf8))
            } else {
                out.append(Data("\(object.0)\n".utf8))
            }
            out.append(Data("endobj\n".utf8))
        }
        let xref = out.count
        out.append(Data("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8))
        for offset in offsets { out.append(Data(String(format: "%010d 00000 n \n", offset).utf8)) }
        out.append(Data("trailer\n<< /Size \(objects.count + 1) \(trailer) >>\nstartxref\n\(xref)\n%%EOF\n".utf8))
        return out
    }
}
