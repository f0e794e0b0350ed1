/// How the animated formats are encoded: a quality level and how many times a file plays.
public struct EncodingOptions: Sendable, Equatable {
    /// Size against fidelity, for every encoder at once.
    public enum Quality: String, CaseIterable, Sendable {
        /// Small files, fast: x264 `ultrafast` CRF 28, VP9 CRF 40, WebP quality 60, GIF ordered dither.
        case low
        /// The default: x264 `medium` CRF 20, VP9 CRF 32, WebP quality 80, GIF error diffusion
        /// (no dot grid on flat fills).
        case medium
        /// Near-transparent: x264 `slow` CRF 16, VP9 CRF 24, WebP quality 95, GIF full-clip
        /// palette with error diffusion.
        case high
    }

    public var quality: Quality
    /// How many times a GIF, APNG or WebP plays; 0 loops forever (MP4 and WebM have no such field).
    public var plays: Int

    public init(quality: Quality = .medium, plays: Int = 0) {
        self.quality = quality
        self.plays = plays
    }

    /// ffmpeg's arguments for H.264.
    var x264: [String] {
        switch quality {
        case .low: return ["-preset", "ultrafast", "-crf", "28"]
        case .medium: return ["-preset", "medium", "-crf", "20"]
        case .high: return ["-preset", "slow", "-crf", "16"]
        }
    }

    /// VP9's constant-quality level (lower is better).
    var vp9CRF: Int {
        switch quality {
        case .low: return 40
        case .medium: return 32
        case .high: return 24
        }
    }

    /// libwebp's quality, 0–100.
    var webpQuality: Int {
        switch quality {
        case .low: return 60
        case .medium: return 80
        case .high: return 95
        }
    }

    /// ffmpeg's palette filter and the mapping onto it.
    var gifFilters: (palette: String, mapping: String) {
        switch quality {
        case .low: return ("palettegen=stats_mode=diff", "paletteuse=dither=bayer:bayer_scale=3:diff_mode=rectangle")
        case .medium: return ("palettegen=stats_mode=diff", "paletteuse=dither=sierra2_4a:diff_mode=rectangle")
        case .high: return ("palettegen=stats_mode=full", "paletteuse=dither=floyd_steinberg:diff_mode=rectangle")
        }
    }

    /// The GIF muxer's `-loop`: 0 forever, −1 once, N repeats after the first play.
    var gifLoop: Int { plays == 0 ? 0 : plays == 1 ? -1 : plays - 1 }
}
