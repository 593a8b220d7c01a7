//===----------------------------------------------------------------------===//
// ListenerRole.swift: which of the two listeners.
//===----------------------------------------------------------------------===//

/// Which of the fixture's two listeners: the origin a test starts from, or the foreign port a
/// cross-origin redirect points at.
package enum ListenerRole: String, Equatable, Hashable, Sendable, CaseIterable {
    /// The first listener (default port 8765): `/same`, `/start`, `/target`, `/__ledger`.
    case origin
    /// The second listener (default port 8766): only `/target`.
    case foreign
}
