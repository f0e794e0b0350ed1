import Foundation

/// After Effects' looping expressions, the most common in real files (`$bm_rt = loopOut();`,
/// `loopIn('pingpong')`, `loopOut("offset", 2)`…), read without a JavaScript engine: before the
/// first keyframe (`loopIn`) or after the last (`loopOut`) the keyframes play again.
struct LottieLoop: Sendable, Equatable {
    enum Mode: String, Sendable { case cycle, pingpong, offset, `continue` }
    /// True for `loopOut` (after the last keyframe), false for `loopIn` (before the first).
    var out: Bool
    var mode: Mode
    /// How many keyframes from the end (`loopOut`) or start (`loopIn`) are looped; 0 for all.
    var keyframes: Int

    /// The loop an expression asks for, when it is only that (anything else is not a loop).
    init?(expression: String) {
        var s = expression.replacingOccurrences(of: "var $bm_rt;", with: "")
        s = s.filter { !$0.isWhitespace }
        if s.hasPrefix("$bm_rt=") { s.removeFirst("$bm_rt=".count) }
        while s.hasSuffix(";") { s.removeLast() }
        let out: Bool
        if s.hasPrefix("loopOut(") {
            out = true
        } else if s.hasPrefix("loopIn(") {
            out = false
        } else {
            return nil
        }
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { return nil }
        let inside = s[s.index(after: open)..<s.index(before: s.endIndex)]
        let args = inside.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard args.count <= 2 else { return nil }
        var mode = Mode.cycle
        if let first = args.first, !first.isEmpty {
            // 'Cycle' as often as 'cycle' in real files (After Effects takes either).
            let name = first.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")).lowercased()
            guard let m = Mode(rawValue: name) else { return nil }
            mode = m
        }
        var count = 0
        if args.count == 2 {
            guard let n = Int(args[1]), n >= 0 else { return nil }
            count = n
        }
        self.out = out
        self.mode = mode
        self.keyframes = count
    }
}

extension LottieProperty {
    /// The frame whose value shows at `frame` when the keyframes loop (`loop`), and how many
    /// whole loops lie between (negative before the start), for `offset`; nil inside the keyframes.
    func loopedFrame(_ frame: Double) -> (frame: Double, cycles: Double)? {
        guard let loop, keyframes.count > 1 else { return nil }
        let n = keyframes.count
        let span = loop.keyframes > 0 ? min(loop.keyframes, n - 1) : n - 1
        let first = loop.out ? keyframes[n - 1 - span].time : keyframes[0].time
        let last = loop.out ? keyframes[n - 1].time : keyframes[span].time
        let d = last - first
        guard d > 0, frame.isFinite else { return nil }
        if loop.out ? frame <= keyframes[n - 1].time : frame >= keyframes[0].time { return nil }
        let cycles = ((frame - first) / d).rounded(.down)
        // Keyframes a hair apart make the count of loops overflow: no loop is read then.
        guard cycles.isFinite else { return nil }
        let phase = (frame - first) - cycles * d
        if loop.mode == .pingpong, cycles.truncatingRemainder(dividingBy: 2) != 0 {
            return (last - phase, cycles)
        }
        return (first + phase, cycles)
    }
}
