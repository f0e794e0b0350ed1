/// Why a destination could not be written (told as a warning by `CGImageDestinationFinalize`).
enum ImageDestinationFailure: Error, Equatable {
    case noImages
    case tooFewImages(added: Int, expected: Int)
    case unsupported(String)
    case encoder(String)
    case cannotWrite(String)
}
