import CStrataRaster
import Foundation

/// How many cores this process may really use: the CPUs its affinity mask allows (`taskset`, a
/// cpuset), capped by a cgroup CPU quota (a container given one CPU's worth of time on a larger
/// machine), at least 1. Foundation's `activeProcessorCount` counts the machine's online CPUs, so
/// a process pinned to one core started a worker thread that fought it for that core.
package enum ProcessorBudget {
    /// The cores available to this process, read once.
    package static let usableCores: Int = {
        let affinity = Int(strata_affinity_cpus())
        let online = ProcessInfo.processInfo.activeProcessorCount
        return cores(affinity: affinity > 0 ? affinity : online, quota: cgroupQuotaCores())
    }()

    /// `affinity` CPUs capped by a quota of `quota` CPUs' time (nil: none), at least 1. A
    /// fractional quota rounds down: 1.5 CPUs' time is not room for a second busy thread.
    package static func cores(affinity: Int, quota: Double?) -> Int {
        var n = Swift.max(affinity, 1)
        if let quota, quota.isFinite, quota > 0 { n = Swift.min(n, Swift.max(Int(quota), 1)) }
        return n
    }

    /// The CPUs' worth of time a cgroup v2 `cpu.max` line allows ("50000 100000" → 0.5); nil for
    /// "max" (no limit) or a line that does not parse.
    package static func quota(cpuMax line: String) -> Double? {
        let fields = line.split(whereSeparator: \.isWhitespace)
        guard let first = fields.first, first != "max", let quota = Double(first) else { return nil }
        let period = fields.count > 1 ? Double(fields[1]) ?? 100_000 : 100_000
        guard quota > 0, period > 0 else { return nil }
        return quota / period
    }

    /// The cgroup v2 path of this process in a `/proc/self/cgroup` text (the "0::/path" line).
    package static func unifiedPath(procSelfCgroup text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("0::") {
            return String(line.dropFirst(3))
        }
        return nil
    }

    /// The smallest quota along this process's cgroup (v2: its `cpu.max` and its ancestors'; v1:
    /// `cpu.cfs_quota_us` over `cpu.cfs_period_us`); nil when none limits it.
    private static func cgroupQuotaCores() -> Double? {
        var quotas: [Double] = []
        let own = (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)).flatMap(unifiedPath) ?? "/"
        var path = own
        for _ in 0..<64 {
            let file = "/sys/fs/cgroup" + (path == "/" ? "" : path) + "/cpu.max"
            if let line = try? String(contentsOfFile: file, encoding: .utf8), let q = quota(cpuMax: line) {
                quotas.append(q)
            }
            if path == "/" || path.isEmpty { break }
            path = (path as NSString).deletingLastPathComponent
        }
        if let q = readNumber("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"), q > 0,
            let p = readNumber("/sys/fs/cgroup/cpu/cpu.cfs_period_us"), p > 0
        {
            quotas.append(q / p)
        }
        return quotas.min()
    }

    private static func readNumber(_ file: String) -> Double? {
        (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
