import Foundation

/// The shared entry of the fuzz targets: under libFuzzer (`-DSTRATA_FUZZING`) hands control to
/// libFuzzer's driver; otherwise replays the input files (or folders of them) named on the
/// command line once each — how CI re-checks the committed corpus without libFuzzer.
public enum FuzzDriver {
    public typealias Target = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

    #if STRATA_FUZZING
    public static func run(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ target: Target) -> CInt {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments, target)
    }
    #endif

    /// Runs `target` once on each input named in `arguments`.
    public static func replay(_ arguments: [String], _ target: Target) {
        var count = 0
        for argument in arguments {
            let url = URL(fileURLWithPath: argument)
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder)
            let files = isFolder.boolValue
                ? (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [] : [url]
            for file in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                let bytes = [UInt8](data) + [0]  // never empty: a valid pointer for zero-length inputs
                _ = bytes.withUnsafeBufferPointer { target($0.baseAddress!, data.count) }
                count += 1
            }
        }
        print("replayed \(count) inputs")
    }
}

#if STRATA_FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzDriver.Target
) -> CInt
#endif
