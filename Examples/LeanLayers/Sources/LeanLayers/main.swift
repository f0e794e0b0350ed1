import Foundation
import ImageIO
import QuartzCore

// A card with a rounded corner and a half-way fade, rendered offscreen at a time passed in.
let root = CALayer()
root.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
let card = CALayer()
card.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
card.cornerRadius = 8
root.addSublayer(card)
CATransaction.flush()
let start = CACurrentMediaTime()
let fade = CABasicAnimation(keyPath: "opacity")
fade.fromValue = 1
fade.toValue = 0
fade.duration = 1
fade.beginTime = start
card.add(fade, forKey: "fade")
CATransaction.flush()

guard let bitmap = CGContext(
    data: nil, width: 100, height: 60, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
else { fatalError("no bitmap context") }
let renderer = CARenderer(cgContext: bitmap)
renderer.layer = root
renderer.bounds = root.bounds
renderer.beginFrame(atTime: start + 0.5, timeStamp: nil)
renderer.render()
renderer.endFrame()

// Row 30 (from the top), column 50: blue at half opacity over white is (127, 127, 255) ± 2.
guard let data = bitmap.data else { fatalError("no pixels") }
let pixel = data.load(fromByteOffset: 30 * bitmap.bytesPerRow + 50 * 4, as: UInt32.self)
let (r, g, b) = (Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))
var failures: [String] = []
if abs(r - 127) > 2 || abs(g - 127) > 2 || b < 253 { failures.append("the card at half opacity: (\(r), \(g), \(b))") }

// ImageIO without its codec traits: PNG and JPEG only; a GIF destination is refused (nil), a GIF
// source reads no image.
let types = (CGImageDestinationCopyTypeIdentifiers() as? [String]) ?? []
if types != ["public.png", "public.jpeg"] { failures.append("ImageIO writes \(types)") }
let gifData = NSMutableData()
if CGImageDestinationCreateWithData(gifData as CFMutableData, "com.compuserve.gif" as CFString, 1, nil) != nil {
    failures.append("a GIF destination was made")
}
let gifHeader = Data("GIF89a".utf8) + Data([1, 0, 1, 0, 0, 0, 0, 0x3B])
if let source = CGImageSourceCreateWithData(gifHeader as CFData, nil), CGImageSourceCreateImageAtIndex(source, 0, nil) != nil {
    failures.append("a GIF was decoded")
}

// None of the libraries behind Strata's traits is loaded.
// (/proc files report size 0: read to the end, not by the size.)
let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
if !maps.contains("libcairo") { failures.append("/proc/self/maps could not be read (cairo is not in it)") }
for library in ["libpoppler", "libqpdf", "libgif", "libtiff", "libwebp", "libheif"] where maps.contains(library) {
    failures.append("\(library) is loaded")
}
if failures.isEmpty {
    print("LeanLayers: a layer tree rendered with Strata's traits off; no PDF, GIF, TIFF, WebP or HEIF library loaded")
} else {
    print("LeanLayers failed: " + failures.joined(separator: "; "))
    exit(1)
}
