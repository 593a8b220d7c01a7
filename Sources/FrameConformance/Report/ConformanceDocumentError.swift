//===----------------------------------------------------------------------===//
// ConformanceDocumentError.swift: why a frames check's JSON result cannot be taken.
//===----------------------------------------------------------------------===//

import GateCore

/// Why the JSON a frames check printed (``ConformanceDocument``) cannot be taken: it comes from a
/// child process on the machine the code under test runs on, so it is read as hostile.
package enum ConformanceDocumentError: Error, Equatable, Sendable {
    /// More bytes than ``ConformanceDocument/maximumBytes``.
    case tooLarge(limit: Int)
    /// Not one strict JSON text (duplicate keys, bad UTF-8, trailing text …).
    case notJSON(JSONReadError)
    /// JSON, but not of the document's shape; `detail` says where.
    case malformed(detail: String)
}

extension ConformanceDocumentError: CustomStringConvertible {
    /// One line naming what is wrong.
    package var description: String {
        switch self {
        case let .tooLarge(limit): "its result is larger than \(limit) bytes"
        case let .notJSON(error): "its result is not valid JSON (\(error.description))"
        case let .malformed(detail): "its result is not a frames check result: \(detail)"
        }
    }
}
