/// The work of one running commit on one thread: participants still to be committed and the
/// completion groups to seal when it finishes.
///
/// A commit runs in passes because committing a participant can change others (layout resizes
/// sublayers; display code may set properties). Registrations made while the round runs, and
/// transactions committed from inside it, land here and are committed by the same round
/// instead of starting a nested one.
final class CommitRound {
    /// Participants for the next pass, in registration order.
    private var pending = ParticipantList()
    /// Groups to seal when the round ends, in creation order.
    private(set) var completionGroups: [CompletionGroup] = []

    init(_ transaction: Transaction) {
        absorb(transaction)
    }

    /// Takes over a transaction's participants and completion groups.
    func absorb(_ transaction: Transaction) {
        pending.append(contentsOf: transaction.participants)
        completionGroups.append(contentsOf: transaction.completionGroups)
    }

    /// Gives `body` the participants of the next pass, to register more (each once, however
    /// often it registers).
    func withPending(_ body: (inout ParticipantList) -> Void) {
        body(&pending)
    }

    /// The participants of the next pass; empty when the round is done.
    func takeNextPass() -> ParticipantList.Batch {
        pending.takeAll()
    }
}
