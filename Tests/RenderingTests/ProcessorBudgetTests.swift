import CStrataRaster
import Foundation
import QuartzCore
import StrataCompositor
import Testing

/// The cores a process may use decide whether the kernel starts a worker thread: a process pinned
/// to one core (or a 1-CPU container) must not have one fighting it for that core.
@Suite("Processor budget")
struct ProcessorBudgetTests {
    /// cgroup v2 `cpu.max` lines: "max" is no limit; quota over period otherwise; junk is none.
    @Test func cgroupQuotaLinesAreRead() {
        #expect(ProcessorBudget.quota(cpuMax: "max 100000\n") == nil)
        #expect(ProcessorBudget.quota(cpuMax: "100000 100000\n") == 1)
        #expect(ProcessorBudget.quota(cpuMax: "50000 100000") == 0.5)
        #expect(ProcessorBudget.quota(cpuMax: "250000 100000") == 2.5)
        // Tried: garbage, a zero period, a negative quota.
        #expect(ProcessorBudget.quota(cpuMax: "lots") == nil)
        #expect(ProcessorBudget.quota(cpuMax: "1000 0") == nil)
        #expect(ProcessorBudget.quota(cpuMax: "-1 100000") == nil)
        #expect(ProcessorBudget.unifiedPath(procSelfCgroup: "1:cpu:/\n0::/user.slice/app\n") == "/user.slice/app")
        #expect(ProcessorBudget.unifiedPath(procSelfCgroup: "4:memory:/x\n") == nil)
    }

    /// Affinity capped by quota, rounded down, at least 1.
    @Test func coresAreTheAffinityCappedByTheQuota() {
        #expect(ProcessorBudget.cores(affinity: 8, quota: nil) == 8)
        #expect(ProcessorBudget.cores(affinity: 8, quota: 1) == 1)
        #expect(ProcessorBudget.cores(affinity: 2, quota: 1.5) == 1)
        #expect(ProcessorBudget.cores(affinity: 2, quota: 0.25) == 1)
        #expect(ProcessorBudget.cores(affinity: 1, quota: 4) == 1)
        #expect(ProcessorBudget.cores(affinity: 0, quota: .nan) == 1)
    }

    /// The affinity mask is read, not the machine's CPU count: a thread pinned to CPU 0 (as
    /// `taskset -c 0` pins a process) sees one CPU.
    @Test func aThreadPinnedToOneCPUSeesOne() throws {
        final class Seen: @unchecked Sendable { var cpus: Int32 = -1 }
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            if strata_pin_calling_thread(0) == 0 { seen.cpus = strata_affinity_cpus() }
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(seen.cpus == 1)
        #expect(Int(strata_affinity_cpus()) >= 1)
        #expect(ProcessorBudget.usableCores >= 1)
        #expect(ProcessorBudget.usableCores <= ProcessInfo.processInfo.activeProcessorCount)
    }

    /// A renderer's default follows the budget (two threads at most), and its public setting is
    /// clamped to 1...2.
    @Test func aRenderersThreadsFollowTheBudget() {
        let renderer = CARenderer(cgContext: Golden.makeContext(width: 4, height: 4))
        #expect(renderer.renderingThreads == min(2, ProcessorBudget.usableCores))
        renderer.renderingThreads = 1
        #expect(renderer.renderingThreads == 1)
        renderer.renderingThreads = 64
        #expect(renderer.renderingThreads == 2)
        renderer.renderingThreads = 0
        #expect(renderer.renderingThreads == 1)
    }
}
