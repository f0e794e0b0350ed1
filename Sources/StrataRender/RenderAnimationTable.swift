import Synchronization
import StrataAnimation

/// A snapshot's animations in node order, the numeric ones in compact form (`NumericAnimation`,
/// sharing timings, curves and keyframe pools through one `NumericAnimationTable`), so that a
/// frame over many animated layers streams 80-byte records instead of reaching each record
/// (≈ 700 bytes, an array of its own) through two pointers. Records without a compact form
/// (inside groups, paths, transforms, value functions, subclass keys) stay on the record path.
package struct RenderAnimationTable: Sendable {
    /// One record of a node, in application order.
    struct Entry: Sendable {
        /// The record's index in `animations`, or -1: evaluate the record itself.
        var animation: Int32
        /// Where the record sits: `nodes[i].animations[group].records[record]`.
        var group: Int32
        var record: Int32
        /// The animated property and component (compact records only).
        var property: LayerProperty?
        var component: KeyPathComponent
    }

    var table = NumericAnimationTable()
    var animations: [NumericAnimation] = []
    var entries: [Entry] = []
    /// Node i's entries are `entries[starts[i] ..< starts[i + 1]]`.
    var starts: [Int32] = []
    /// Node i's animated properties (bits of `LayerProperty.bitIndex`), and two flags:
    /// `Self.otherKey`, `Self.transition`.
    var masks: [UInt64] = []
    /// A record whose key is not a layer property (only a whole copy of the model state puts
    /// it back).
    package static let otherKey: UInt64 = 1 << 63
    /// A transition (the picture depends on the time, not only on the state).
    package static let transition: UInt64 = 1 << 62

    /// The table of `snapshot`'s animations.
    package init(_ snapshot: RenderTreeSnapshot) {
        snapshot.nodes.withUnsafeBufferPointer { nodes in
            starts.reserveCapacity(nodes.count + 1)
            masks = [UInt64](repeating: 0, count: nodes.count)
            var count = 0
            for i in nodes.indices where !nodes[i].animations.isEmpty {
                for animation in nodes[i].animations { count += animation.records.count }
            }
            entries.reserveCapacity(count)
            animations.reserveCapacity(count)
            for i in nodes.indices {
                starts.append(Int32(entries.count))
                guard !nodes[i].animations.isEmpty else { continue }
                nodes[i].animations.withUnsafeBufferPointer { groups in
                    for g in groups.indices {
                        if groups[g].hasTransition { masks[i] |= Self.transition }
                        groups[g].records.withUnsafeBufferPointer { records in
                            for r in records.indices {
                                add(records.baseAddress! + r, group: g, record: r)
                                masks[i] |= Self.mask(of: records.baseAddress! + r)
                            }
                        }
                    }
                }
            }
            starts.append(Int32(entries.count))
        }
    }

    /// Adds the entry of one record (read in place), in compact form when it has one.
    private mutating func add(_ record: UnsafePointer<AnimationRecord>, group: Int, record index: Int) {
        var entry = Entry(animation: -1, group: Int32(group), record: Int32(index), property: nil, component: .whole)
        if case .layer(let property) = record.pointee.key.base, let compact = table.add(record) {
            entry.animation = Int32(animations.count)
            entry.property = property
            entry.component = record.pointee.key.component
            animations.append(compact)
        }
        entries.append(entry)
    }

    /// A node's entry of `masks`, worked out from its animations (for a snapshot without a table).
    package static func mask(of node: UnsafePointer<RenderNode>) -> UInt64 {
        var mask: UInt64 = 0
        for animation in node.pointee.animations {
            if animation.hasTransition { mask |= transition }
            animation.records.withUnsafeBufferPointer { records in
                for r in records.indices { mask |= Self.mask(of: records.baseAddress! + r) }
            }
        }
        return mask
    }

    /// The properties a record writes (`masks`).
    private static func mask(of record: UnsafePointer<AnimationRecord>) -> UInt64 {
        guard case .layer(let property) = record.pointee.key.base else { return otherKey }
        var mask: UInt64 = 1 << UInt64(property.bitIndex)
        if record.pointee.rotatesAlongPath { mask |= 1 << UInt64(LayerProperty.transform.bitIndex) }
        return mask
    }

    /// Records in compact form, of all records.
    package var compactCount: Int { animations.count }
    package var recordCount: Int { entries.count }
}

/// What a snapshot keeps of its evaluations: how many there were, and its animation table once
/// made. Shared by every copy of the snapshot, on any thread; one object, no lock (a commit
/// makes one, and a damage-only frame's budget is a tenth of a millisecond).
final class SnapshotEvaluationCache: Sendable {
    private let evaluations = Atomic<Int>(0)
    private let made = SetOnceReference<TableBox>()
    private let madeTopology = SetOnceReference<RenderTopology>()

    /// The snapshot's flat topology, made when first asked (two threads may both make it: the
    /// same arrays, the first stored is kept).
    func topology(for snapshot: RenderTreeSnapshot) -> RenderTopology {
        if let topology = madeTopology.load() { return topology }
        return madeTopology.storeIfNil(RenderTopology(snapshot.nodes))
    }

    /// Whether the table has been made.
    var hasTable: Bool { made.load() != nil }

    /// The table, made on the snapshot's second evaluation: a snapshot evaluated once (a tree
    /// committed every frame) never pays for it; one that animates for many frames does once.
    /// Handed in its box: a frame reads it in place (a copy retains its dozen arrays).
    func table(for snapshot: RenderTreeSnapshot) -> TableBox? {
        if let box = made.load() { return box }
        let count = evaluations.add(1, ordering: .relaxed).newValue
        guard count >= 2 else { return nil }
        // Two threads may both make it: the same table, the first one stored is kept.
        return made.storeIfNil(TableBox(RenderAnimationTable(snapshot)))
    }
}

/// Holds a snapshot's table for `SnapshotEvaluationCache`, and its arrays in buffers it owns
/// (the table no longer grows): a frame is made from them without a closure per array.
final class TableBox: @unchecked Sendable {
    private let numeric: NumericAnimationTable.Frozen
    private let animations: UnsafeBufferPointer<NumericAnimation>
    private let entries: UnsafeBufferPointer<RenderAnimationTable.Entry>
    private let starts: UnsafeBufferPointer<Int32>
    private let masks: UnsafeBufferPointer<UInt64>

    init(_ table: RenderAnimationTable) {
        numeric = NumericAnimationTable.Frozen(table.table)
        animations = OwnedBuffers.copy(table.animations)
        entries = OwnedBuffers.copy(table.entries)
        starts = OwnedBuffers.copy(table.starts)
        masks = OwnedBuffers.copy(table.masks)
    }

    deinit {
        OwnedBuffers.release(animations)
        OwnedBuffers.release(entries)
        OwnedBuffers.release(starts)
        OwnedBuffers.release(masks)
    }

    /// Calls `body` with a frame of the table (valid only inside it), its timings' results on
    /// the stack: the box is shared by every thread evaluating the snapshot, and not changed.
    func withFrame<R>(_ body: (UnsafePointer<RenderAnimationTable.Frame>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: NumericAnimationTable.FrameResult.self, capacity: numeric.timingCount) { results in
            results.initialize(repeating: .unsampled)
            var frame = RenderAnimationTable.Frame(
                numeric: numeric.frame(results: results), animations: animations, entries: entries, starts: starts,
                masks: masks)
            return withUnsafePointer(to: &frame) { body($0) }
        }
    }
}

extension RenderAnimationTable {
    /// The table during one frame's loop: its arrays as buffers and the shared timings' results.
    struct Frame {
        let numeric: NumericAnimationTable.Frame
        let animations: UnsafeBufferPointer<NumericAnimation>
        let entries: UnsafeBufferPointer<Entry>
        let starts: UnsafeBufferPointer<Int32>
        let masks: UnsafeBufferPointer<UInt64>

        /// Whether node `i` has records to apply.
        @inline(__always)
        func isAnimated(_ i: Int) -> Bool { starts[i + 1] > starts[i] }
    }
}

extension RenderTreeSnapshot {
    /// Whether evaluations of this snapshot go through its compact animation table yet (it is
    /// made on the second).
    package var hasAnimationTable: Bool { evaluationCache.hasTable }
}
