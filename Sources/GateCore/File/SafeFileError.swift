//===----------------------------------------------------------------------===//
// SafeFileError.swift: why a path was not opened as a regular file.
//===----------------------------------------------------------------------===//

/// Why ``SafeFile`` refused or could not read a path. Each ``description`` is one sentence that
/// names the path and what to do; ``reason`` is the middle of it, for a caller that builds its
/// own sentence around the path ("cannot read key file 'k': \(reason)").
package enum SafeFileError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Nothing exists at `path` (or at one of its folders).
    case missing(path: String)
    /// `path` names something other than a regular file: a FIFO, a device, a socket, a
    /// directory, or a symbolic link (never followed).
    case notRegular(path: String, kind: FileKind)
    /// `path`'s real location, `resolved` (its parent folder's real path plus its name), is not
    /// inside `folder`.
    case outsideFolder(path: String, folder: String, resolved: String)
    /// The file is larger than `limit` bytes.
    case tooLarge(path: String, limit: Int)
    /// A system call on `path` failed: `call` with `errno`.
    case systemCallFailed(path: String, call: String, errno: Int32)

    /// The path the error is about.
    package var path: String {
        switch self {
        case .missing(let path), .notRegular(let path, _), .outsideFolder(let path, _, _), .tooLarge(let path, _),
            .systemCallFailed(let path, _, _):
            path
        }
    }

    /// What is wrong, without the path: `it is a FIFO (named pipe), not a regular file`.
    package var reason: String {
        switch self {
        case .missing:
            "no such file"
        case .notRegular(_, .symbolicLink):
            "it is a symbolic link, which is never followed"
        case .notRegular(_, let kind):
            "it is \(kind), not a regular file"
        case .outsideFolder(_, let folder, let resolved):
            "its real location '\(resolved)' is outside '\(folder)'"
        case .tooLarge(_, let limit):
            "it is larger than \(limit) bytes"
        case .systemCallFailed(_, let call, let code):
            "\(call) failed: \(String(cString: strerror(code)))"
        }
    }

    /// One line naming the path and what to do.
    package var description: String {
        let advice =
            switch self {
            case .missing: "check the path"
            case .notRegular(_, .symbolicLink): "put the file itself there, not a link to it"
            case .notRegular: "only regular files are read, so nothing waits on a pipe, a device or a socket"
            case .outsideFolder: "files are only read where they belong; put the file itself in the folder"
            case .tooLarge: "this file is not expected to be that large"
            case .systemCallFailed: "check that it exists and is readable"
            }
        return "cannot read '\(path)': \(reason); \(advice)"
    }
}

extension SafeFileError: GateFailure {
    /// Exit 2 for a path that names the wrong thing (missing, not a regular file, outside its
    /// folder, too large): the input is wrong. Exit 3 when a system call failed on the machine.
    /// A caller for which a refused file is evidence (a log, a report) turns it into its own
    /// problem rather than passing this status on.
    package var exitStatus: GateExitStatus {
        switch self {
        case .missing, .notRegular, .outsideFolder, .tooLarge: .usage
        case .systemCallFailed: .infrastructure
        }
    }
}
