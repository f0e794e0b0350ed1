#if PDF
import Foundation

/// A page's (or form's) content: its streams and the resources they name (a pointer to
/// Strata's `PDFContentStream`, retained and released by hand as in C).
public typealias CGPDFContentStreamRef = OpaquePointer

/// The content of a page or form XObject: its streams, in order, and its resources (a form's
/// falling back on its parent's).
final class PDFContentStream {
    let streams: [PDFObjectNode]
    let resources: PDFObjectNode?
    let parent: PDFContentStream?
    /// Keeps the document (and so its objects) alive while the content is scanned.
    let owner: AnyObject?

    init(streams: [PDFObjectNode], resources: PDFObjectNode?, parent: PDFContentStream?, owner: AnyObject?) {
        self.streams = streams
        self.resources = resources
        self.parent = parent
        self.owner = owner
    }

    var ref: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }

    static func of(_ ref: OpaquePointer) -> PDFContentStream {
        Unmanaged<PDFContentStream>.fromOpaque(UnsafeRawPointer(ref)).takeUnretainedValue()
    }

    /// Resource `name` of `category` ("Font", "XObject", …), here or in a parent's resources.
    func resource(_ category: String, _ name: String) -> PDFObjectNode? {
        var content: PDFContentStream? = self
        var depth = 0
        while let current = content, depth < 64 {
            if let found = current.resources?.value(forKey: category)?.value(forKey: name) { return found }
            content = current.parent
            depth += 1
        }
        return nil
    }
}

/// The content of `page`: its content streams (one, or the array's) and its resources
/// (inherited from the page tree when the page has none). Release it with `CGPDFContentStreamRelease`.
public func CGPDFContentStreamCreateWithPage(_ page: CGPDFPage) -> CGPDFContentStreamRef {
    let dictionary = page.objectNode
    var streams: [PDFObjectNode] = []
    if let contents = dictionary?.value(forKey: "Contents") {
        if contents.type == .stream { streams = [contents] }
        if contents.type == .array { streams = contents.arrayItems.filter { $0.type == .stream } }
    }
    let content = PDFContentStream(streams: streams, resources: page.inherited("Resources"), parent: nil, owner: page)
    return OpaquePointer(Unmanaged.passRetained(content).toOpaque())
}

/// The content of a form XObject's `stream`, with its resources (falling back on `parent`'s).
public func CGPDFContentStreamCreateWithStream(_ stream: CGPDFStreamRef, _ streamResources: CGPDFDictionaryRef, _ parent: CGPDFContentStreamRef) -> CGPDFContentStreamRef {
    let parentContent = PDFContentStream.of(parent)
    let resources = PDFObjectNode.of(streamResources)
    let content = PDFContentStream(streams: [PDFObjectNode.of(stream)], resources: resources.type == .dictionary ? resources : nil,
                                   parent: parentContent, owner: parentContent.owner)
    return OpaquePointer(Unmanaged.passRetained(content).toOpaque())
}

public func CGPDFContentStreamRetain(_ cs: CGPDFContentStreamRef) -> CGPDFContentStreamRef {
    _ = Unmanaged<PDFContentStream>.fromOpaque(UnsafeRawPointer(cs)).retain()
    return cs
}

public func CGPDFContentStreamRelease(_ cs: CGPDFContentStreamRef) {
    Unmanaged<PDFContentStream>.fromOpaque(UnsafeRawPointer(cs)).release()
}

/// The content's streams (`CGPDFStreamRef`s), in order.
public func CGPDFContentStreamGetStreams(_ cs: CGPDFContentStreamRef) -> CFArray? {
    PDFContentStream.of(cs).streams.map { $0.ref as Any }
}

/// Resource `name` of `category` ("Font", "XObject", "ExtGState", …), looked up in the content's
/// resources, then its parents'.
public func CGPDFContentStreamGetResource(_ cs: CGPDFContentStreamRef, _ category: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>) -> CGPDFObjectRef? {
    PDFContentStream.of(cs).resource(String(cString: category), String(cString: name))?.ref
}
#endif
