//===----------------------------------------------------------------------===//
// BoundListener.swift: a listening socket and its role.
//===----------------------------------------------------------------------===//

/// A listening socket on 127.0.0.1, bound and listening, with the role it plays.
struct BoundListener: Sendable {
    /// The listening socket.
    var fd: Int32
    /// Which listener it is.
    var role: ListenerRole
    /// The port it is bound to.
    var port: Int
}
