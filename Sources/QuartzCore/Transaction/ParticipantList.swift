/// The participants of a transaction: insertion-ordered, each object at most once (by identity).
///
/// Holds strong references, as Core Animation's transactions retain the layers they commit: a
/// layer changed and then released before the commit still gets its changes committed.
struct ParticipantList {
    private(set) var items: [any TransactionCommitting] = []
    private var ids: Set<ObjectIdentifier> = []

    var isEmpty: Bool { items.isEmpty }

    /// Appends `participant` unless it is already listed.
    mutating func append(_ participant: any TransactionCommitting) {
        if ids.insert(ObjectIdentifier(participant)).inserted {
            items.append(participant)
        }
    }

    /// Appends the members of `other` not yet listed, keeping their order.
    mutating func append(contentsOf other: ParticipantList) {
        for participant in other.items { append(participant) }
    }

    /// Empties the list, returning what it held.
    mutating func takeAll() -> [any TransactionCommitting] {
        defer {
            items = []
            ids = []
        }
        return items
    }
}
