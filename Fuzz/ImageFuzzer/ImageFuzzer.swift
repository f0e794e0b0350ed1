import CoreGraphics
import Foundation

// libFuzzer target: PNG and JPEG decoding, then drawing what decoded. Any bytes must give nil or
// an image that draws; never a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func imageFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let provider = CGDataProvider(data: bytes as CFData) else { return 0 }
    let decoded = [
        CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent),
        CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent),
    ]
    for image in decoded.compactMap({ $0 }) where image.width <= 4096 && image.height <= 4096 {
        guard let context = CGContext(
            data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { continue }
        context.draw(image, in: CGRect(x: 0, y: 0, width: 16, height: 16))
        _ = image.cropping(to: CGRect(x: 1, y: 1, width: 3, height: 3))
    }
    return 0
}

#if !STRATA_FUZZING
/// Without libFuzzer (an ordinary build): replays the inputs named on the command line, or every
/// file of the given folders, once each — how CI re-checks the committed corpus.
@main
enum ImageFuzzerReplay {
    static func main() {
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            let url = URL(fileURLWithPath: argument)
            let files = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [url]
            for file in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                _ = data.withUnsafeBytes { raw in
                    imageFuzzer(raw.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!, data.count)
                }
                count += 1
            }
        }
        print("replayed \(count) inputs")
    }
}
#endif

#if STRATA_FUZZING
// SwiftPM links executables with their entry point renamed to <target>_main; with libFuzzer the
// entry point hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("strata_fuzz_image_main")
func fuzzerEntry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in imageFuzzer(data, size) }
}
#endif
