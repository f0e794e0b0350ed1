import CoreGraphics
import Foundation

/// The `files` table: a row a file, a column group a renderer, Strata's ratio to each peer, and a
/// closing row of geometric means over the files every renderer drew.
struct FileBenchTable {
    let kinds: [LottieFileRendererKind]
    private var strataOverPeer: [LottieFileRendererKind: [Double]] = [:]
    /// The same ratios of means (the whole animation's time).
    private var strataOverPeerMeans: [LottieFileRendererKind: [Double]] = [:]
    private var peakOverPeer: [LottieFileRendererKind: [Double]] = [:]

    init(kinds: [LottieFileRendererKind]) {
        self.kinds = kinds
    }

    private var peers: [LottieFileRendererKind] { kinds.filter { $0 != .strata } }

    var header: String {
        var cells = ["file", "size", "frames"]
        for kind in kinds { cells += ["\(kind.rawValue) ms", "peak MiB", "mallocs/f"] }
        if kinds.contains(.strata) { cells += peers.map { "÷ \($0.rawValue)" } }
        return cells.joined(separator: " | ")
    }

    mutating func row(file: URL, cells: [LottieFileRendererKind: Result<LottieFileBench.Measurement, BenchPeerMissing>]) -> String {
        let any = cells.values.compactMap { try? $0.get() }.first
        var out = [
            file.deletingPathExtension().lastPathComponent, any.map { "\($0.width)×\($0.height)" } ?? "-", any.map { "\($0.frames)" } ?? "-",
        ]
        var notes: [String] = []
        for kind in kinds {
            switch cells[kind] {
            case .success(let m):
                out += [
                    String(format: "%.3f / %.3f / %.3f", m.medianMilliseconds, m.meanMilliseconds, m.minimumMilliseconds), String(format: "%.1f", m.peakGrowthMiB),
                    String(format: "%.0f", m.mallocsPerFrame),
                ]
            case .failure(let missing):
                out += ["failed", "-", "-"]
                notes.append("\(kind.rawValue): \(missing.reason)")
            case nil:
                out += ["-", "-", "-"]
            }
        }
        if kinds.contains(.strata) {
            let strata = try? cells[.strata]?.get()
            for peer in peers {
                guard let strata, let other = try? cells[peer]?.get() else {
                    out.append("-")
                    continue
                }
                let ratio = strata.medianMilliseconds / other.medianMilliseconds
                let ofMeans = strata.meanMilliseconds / other.meanMilliseconds
                strataOverPeer[peer, default: []].append(ratio)
                strataOverPeerMeans[peer, default: []].append(ofMeans)
                peakOverPeer[peer, default: []].append(strata.peakGrowthMiB / max(other.peakGrowthMiB, 0.1))
                out.append(String(format: "%.2f× / %.2f×", ratio, ofMeans))
            }
        }
        return out.joined(separator: " | ") + (notes.isEmpty ? "" : "   (" + notes.joined(separator: "; ") + ")")
    }

    var footer: String {
        guard kinds.contains(.strata), !peers.isEmpty else { return "" }
        return peers.map { peer in
            let ratios = strataOverPeer[peer] ?? []
            let means = strataOverPeerMeans[peer] ?? []
            let peaks = peakOverPeer[peer] ?? []
            guard !ratios.isEmpty else { return "no file drawn by both Strata and \(peer.rawValue)" }
            return String(
                format: "Strata ÷ %@: geometric mean %.2f× over %d files (worst %.2f×) of medians, %.2f× (worst %.2f×) of means; "
                    + "peak memory growth ÷ %@ at most %.2f×",
                peer.rawValue, geometricMean(ratios), ratios.count, ratios.max() ?? 0, geometricMean(means), means.max() ?? 0,
                peer.rawValue, peaks.max() ?? 0)
        }.joined(separator: "\n")
    }
}

func geometricMean(_ values: [Double]) -> Double {
    exp(values.map { log(max($0, 1e-12)) }.reduce(0, +) / Double(max(1, values.count)))
}

/// The process's resident memory, from `/proc/self/status` (bytes; 0 where there is none).
enum ResidentMemory {
    static func current() -> Int { field("VmRSS:") }
    /// The most the process has held resident so far.
    static func peak() -> Int { field("VmHWM:") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return 0 }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
}

/// Writes a renderer's buffer (premultiplied 0xAARRGGBB words) as a PNG, for looking at.
func writePNG(_ renderer: LottieFileRenderer, to url: URL) {
    let pixels = renderer.pixels
    guard let base = pixels.baseAddress, renderer.width > 0,
        let context = CGContext(
            data: nil, width: renderer.width, height: renderer.height, bitsPerComponent: 8, bytesPerRow: renderer.width * 4,
            space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
        let data = context.data
    else { return }
    data.copyMemory(from: base, byteCount: renderer.width * renderer.height * 4)
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? context.makeImage()?.writePNG(to: url)
}
