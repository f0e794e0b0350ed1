/// Reports bad input that Strata recovers from (a dropped element, a clamped value), as Apple's
/// frameworks log to the console. Messages go to standard error and never stop the program.
package enum Diagnostics {
    package static func warn(_ message: String) {
        FileHandle.standardError.write(Data("Strata: \(message)\n".utf8))
    }
}
