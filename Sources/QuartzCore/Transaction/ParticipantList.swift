/// The participants of a transaction: insertion-ordered, each object at most once (by identity).
/// Layers, nearly all of them, are kept apart in a typed list, so a commit of thousands of layers
/// neither boxes nor casts them.
///
/// Holds strong references, as Core Animation's transactions retain the layers they commit: a
/// layer changed and then released before the commit still gets its changes committed.
struct ParticipantList {
    /// The participants of one commit pass.
    struct Batch {
        var layers: [CALayer] = []
        var others: [any TransactionCommitting] = []

        var isEmpty: Bool { layers.isEmpty && others.isEmpty }
    }

    private var batch = Batch()
    private var ids: Set<ObjectIdentifier> = []

    var isEmpty: Bool { batch.isEmpty }

    /// Appends `layer` unless it is already listed.
    mutating func append(_ layer: CALayer) {
        // A layer changing several properties registers once per change, one after the other.
        if let last = batch.layers.last, last === layer { return }
        if ids.insert(ObjectIdentifier(layer)).inserted { batch.layers.append(layer) }
    }

    /// Appends `participant` unless it is already listed.
    mutating func append(_ participant: any TransactionCommitting) {
        if let layer = participant as? CALayer { return append(layer) }
        if ids.insert(ObjectIdentifier(participant)).inserted { batch.others.append(participant) }
    }

    /// Appends the members of `other` not yet listed, keeping their order.
    mutating func append(contentsOf other: ParticipantList) {
        guard !isEmpty else {
            self = other
            return
        }
        for layer in other.batch.layers { append(layer) }
        for participant in other.batch.others { append(participant) }
    }

    /// Empties the list, returning what it held.
    mutating func takeAll() -> Batch {
        defer { self = ParticipantList() }
        return batch
    }
}
