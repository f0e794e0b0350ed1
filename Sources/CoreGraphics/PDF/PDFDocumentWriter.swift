import CCairo
import Foundation

/// A PDF document written through cairo's PDF surface into a data consumer, a page at a time.
final class PDFDocumentWriter {
    let consumer: CGDataConsumer
    let surface: OpaquePointer
    var isClosed = false
    var isInPage = false
    /// Bytes the consumer refused (the document is then incomplete).
    var failed = false
    /// `addDocumentMetadata`'s XMP (kept, not written).
    var xmpMetadata: Data?
    /// Structure tags begun and not yet ended, innermost last.
    var openTags: [String] = []

    init?(consumer: CGDataConsumer, mediaBox: CGRect) {
        self.consumer = consumer
        // The stream callback reaches this writer through its closure pointer; the writer keeps
        // the surface and finishes it before it goes.
        let box = Unmanaged.passUnretained(consumer).toOpaque()
        guard let surface = cairo_pdf_surface_create_for_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let consumer = Unmanaged<CGDataConsumer>.fromOpaque(closure).takeUnretainedValue()
                return consumer.put(data, count: Int(length)) == Int(length) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
            }, box, mediaBox.width, mediaBox.height),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        self.surface = surface
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Document information from the auxiliary dictionary (title, author, subject, keywords, creator).
    func setInfo(_ info: [AnyHashable: Any]?) {
        guard let info else { return }
        let fields: [(String, cairo_pdf_metadata_t)] = [
            (kCGPDFContextTitle, CAIRO_PDF_METADATA_TITLE), (kCGPDFContextAuthor, CAIRO_PDF_METADATA_AUTHOR),
            (kCGPDFContextSubject, CAIRO_PDF_METADATA_SUBJECT), (kCGPDFContextKeywords, CAIRO_PDF_METADATA_KEYWORDS),
            (kCGPDFContextCreator, CAIRO_PDF_METADATA_CREATOR),
        ]
        for (key, field) in fields {
            let value = info[key]
            let text = (value as? String) ?? (value as? [String])?.joined(separator: ", ")
            if let text { cairo_pdf_surface_set_metadata(surface, field, text) }
        }
    }
}

/// PDF document and page keys (Apple's names and values).
public let kCGPDFContextMediaBox: CFString = "MediaBox"
public let kCGPDFContextCropBox: CFString = "CropBox"
public let kCGPDFContextTitle: CFString = "Title"
public let kCGPDFContextAuthor: CFString = "Author"
public let kCGPDFContextSubject: CFString = "Subject"
public let kCGPDFContextKeywords: CFString = "Keywords"
public let kCGPDFContextCreator: CFString = "Creator"
public let kCGPDFContextBleedBox: CFString = "BleedBox"
public let kCGPDFContextTrimBox: CFString = "TrimBox"
public let kCGPDFContextArtBox: CFString = "ArtBox"
// Keys Strata accepts and does not act on (cairo writes no encryption, output intents, PDF/A or
// linearized files: documented).
public let kCGPDFContextOwnerPassword: CFString = "kCGPDFContextOwnerPassword"
public let kCGPDFContextUserPassword: CFString = "kCGPDFContextUserPassword"
public let kCGPDFContextEncryptionKeyLength: CFString = "kCGPDFContextEncryptionKeyLength"
public let kCGPDFContextAllowsPrinting: CFString = "kCGPDFContextAllowsPrinting"
public let kCGPDFContextAllowsCopying: CFString = "kCGPDFContextAllowsCopying"
public let kCGPDFContextAccessPermissions: CFString = "kCGPDFContextAccessPermissions"
public let kCGPDFContextOutputIntent: CFString = "kCGPDFContextOutputIntent"
public let kCGPDFContextOutputIntents: CFString = "kCGPDFContextOutputIntents"
public let kCGPDFContextCreateLinearizedPDF: CFString = "kCGPDFContextCreateLinearizedPDF"
public let kCGPDFContextCreatePDFA: CFString = "kCGPDFContextCreatePDFA"
public let kCGPDFXOutputIntentSubtype: CFString = "S"
public let kCGPDFXOutputConditionIdentifier: CFString = "OutputConditionIdentifier"
public let kCGPDFXOutputCondition: CFString = "OutputCondition"
public let kCGPDFXRegistryName: CFString = "RegistryName"
public let kCGPDFXInfo: CFString = "Info"
public let kCGPDFXDestinationOutputProfile: CFString = "DestOutputProfile"
// Outline dictionaries (`CGPDFContextSetOutline`, `CGPDFDocument.outline`).
public let kCGPDFOutlineTitle: CFString = "Title"
public let kCGPDFOutlineChildren: CFString = "Children"
public let kCGPDFOutlineDestination: CFString = "Destination"
public let kCGPDFOutlineDestinationRect: CFString = "DestinationRect"
