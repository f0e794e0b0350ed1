import CPango
import Foundation

/// Where lines may and must break in a string, by UTF-16 index (a break at `i` falls before unit
/// `i`): Unicode's line-breaking rules as Pango analyses them.
struct LineBreaks {
    /// A line may break before `i`.
    var allowed: [Bool]
    /// The first mandatory break after `i` (after a line or paragraph separator), or the string's end.
    var nextMandatory: [Int]
    /// `i` starts a character (grapheme cluster): where a line may be cut inside a word.
    var clusterStart: [Bool]

    init(_ units: [UInt16]) {
        let n = units.count
        allowed = [Bool](repeating: false, count: n + 1)
        clusterStart = [Bool](repeating: false, count: n + 1)
        var mandatory = [Bool](repeating: false, count: n + 1)
        allowed[n] = true
        clusterStart[n] = true
        let string = String(decoding: units, as: UTF16.self)
        let scalars = Array(string.unicodeScalars)
        var offsets = [Int](), offset = 0
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars {
            offsets.append(offset)
            offset += scalar.utf16.count
        }
        offsets.append(offset)
        var attrs = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars.count + 1)
        let utf8 = Array(string.utf8)
        if !scalars.isEmpty, utf8.count < Int(Int32.max) {
            utf8.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    pango_get_log_attrs($0.baseAddress, Int32($0.count), -1, pango_language_get_default(), &attrs, Int32(attrs.count))
                }
            }
        }
        for (k, attr) in attrs.enumerated() where k < offsets.count {
            let i = min(offsets[k], n)
            if attr.is_line_break != 0 { allowed[i] = true }
            if attr.is_mandatory_break != 0 { mandatory[i] = true; allowed[i] = true }
            if attr.is_cursor_position != 0 { clusterStart[i] = true }
        }
        // Without Pango's answer (or where it gives none), lines still end at line separators.
        for i in 0..<n where [0x0A, 0x0D, 0x2028, 0x2029, 0x85].contains(units[i]) && !(units[i] == 0x0D && i + 1 < n && units[i + 1] == 0x0A) {
            mandatory[i + 1] = true
            allowed[i + 1] = true
        }
        nextMandatory = [Int](repeating: n, count: n + 1)
        var next = n
        for i in stride(from: n, through: 0, by: -1) {
            nextMandatory[i] = max(next, min(n, i + 1))
            if mandatory[i], i > 0 { next = i }
        }
    }
}
