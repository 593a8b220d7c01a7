//===----------------------------------------------------------------------===//
// ConformanceError.swift: why the conformance suite could not run to the end.
//===----------------------------------------------------------------------===//

import GateCore

/// Why the conformance suite could not run to the end. A decoder that answers wrongly is not an
/// error here (that is a failed case); a decoder that cannot be asked at all is.
package enum ConformanceError: Error, Equatable, Sendable {
    /// A hand-verified vector has malformed hex: a bug in the vector table.
    case malformedVector(id: String)
    /// The external decoder could not be started or run.
    case decoderFailed(command: String, reason: String)
    /// The external decoder answered with a line that is not `ok [hex]` or `error <kind>`.
    case badAnswer(command: String, line: Int, text: String)
    /// The external decoder answered fewer lines than it was asked.
    case missingAnswers(command: String, asked: Int, answered: Int, stderr: String)
}

extension ConformanceError: CustomStringConvertible {
    /// A one-line explanation naming the decoder and what to do.
    package var description: String {
        switch self {
        case let .malformedVector(id):
            return "frame vector '\(id)' has malformed hex; this is a bug in acceptance-gate, please report it"
        case let .decoderFailed(command, reason):
            return "decoder '\(command)' could not be run: \(reason)"
        case let .badAnswer(command, line, text):
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            return "decoder '\(command)' answered line \(line) with '\(shown)'; "
                + "expected 'ok <hex>' or 'error truncated|oversized|version|trailing' (see 'acceptance-gate frames decode --help')"
        case let .missingAnswers(command, asked, answered, stderr):
            let tail = stderr.split(separator: "\n").last.map { "; it last printed: \($0.prefix(200))" } ?? ""
            return "decoder '\(command)' answered \(answered) of \(asked) lines; it must answer every input line in order\(tail)"
        }
    }
}

extension ConformanceError: GateFailure {
    /// Exit 3: the decoder could not be run or did not answer as the protocol says.
    package var exitStatus: GateExitStatus { .infrastructure }
}
