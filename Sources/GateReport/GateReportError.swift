//===----------------------------------------------------------------------===//
// GateReportError.swift: everything that can go wrong reading, rendering and writing reports.
//===----------------------------------------------------------------------===//

import GateCore

/// Everything that can go wrong reading, rendering or writing a report. Each description is one
/// user-facing sentence that names the thing and says what to do.
package enum GateReportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Writing `path` failed with the C error number `code`.
    case writeFailed(path: String, code: Int32)
    /// Creating the folder `path` failed with the C error number `code`.
    case directoryFailed(path: String, code: Int32)
    /// Reading `path` failed with the C error number `code`.
    case readFailed(path: String, code: Int32)
    /// `path` is larger than `limit` bytes.
    case fileTooLarge(path: String, limit: Int)
    /// `source` is not an acceptance report: at `keyPath` (e.g. `suites[0].status`), `problem`.
    case notAReport(source: String, keyPath: String, problem: String)
    /// The report could not be encoded (a value JSON cannot hold).
    case encodingFailed(String)
    /// A template does not parse: `template` names it, `line` and `column` count from 1.
    case templateSyntax(template: String, line: Int, column: Int, problem: String)
    /// `--templates` named a folder with neither template file in it.
    case templatesNotFound(directory: String)
    /// A report format name that is not one of ``ReportFormat``.
    case unknownFormat(String)

    /// The message as one sentence.
    package var description: String {
        switch self {
        case let .writeFailed(path, code):
            return "cannot write '\(path)': \(Self.text(errorCode: code)); choose a writable --out"
        case let .directoryFailed(path, code):
            return "cannot create the folder '\(path)': \(Self.text(errorCode: code)); choose a writable --out"
        case let .readFailed(path, code):
            return "cannot read '\(path)': \(Self.text(errorCode: code)); check the path"
        case let .fileTooLarge(path, limit):
            return "'\(path)' is larger than \(limit) bytes; pass the report.json the gate wrote"
        case let .notAReport(source, keyPath, problem):
            return "not an acceptance report: '\(source)': \(keyPath): \(problem); pass the report.json the gate wrote"
        case let .encodingFailed(problem):
            return "cannot encode the report as JSON: \(problem)"
        case let .templateSyntax(template, line, column, problem):
            return "\(template): line \(line), column \(column): \(problem); fix the template (see templates/README.md)"
        case let .templatesNotFound(directory):
            return "no templates in '\(directory)': expected \(ReportTemplates.markdownFileName) or "
                + "\(ReportTemplates.htmlFileName); check --templates"
        case let .unknownFormat(name):
            return "unknown report format '\(name)'; choose from "
                + ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// The C library's text for an error number.
    private static func text(errorCode code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

extension GateReportError: GateFailure {
    /// Exit 2 for input the user named (a file that cannot be read or is no report, a template, a
    /// format name), 3 for a write or an encoding the machine failed at.
    package var exitStatus: GateExitStatus {
        switch self {
        case .notAReport, .templateSyntax, .templatesNotFound, .unknownFormat, .fileTooLarge, .readFailed: .usage
        case .writeFailed, .directoryFailed, .encodingFailed: .infrastructure
        }
    }
}
