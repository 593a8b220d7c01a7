//===----------------------------------------------------------------------===//
// GitHubActions.swift: annotations, the job summary, and shielding echoed child output.
//===----------------------------------------------------------------------===//

import GateCore

/// What the gate does when it runs in GitHub Actions (`GITHUB_ACTIONS=true`): `::error` annotations
/// for what failed, the Markdown summary appended to `$GITHUB_STEP_SUMMARY`, and child output
/// wrapped in `::stop-commands::` so a test's output cannot issue workflow commands.
package enum GitHubActions {
    /// The most annotations written; the rest are counted in one notice.
    package static let annotationLimit = 10

    /// Whether `environment` says the gate runs in GitHub Actions.
    package static func isActive(environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    // MARK: - Annotations

    /// One `::error` line per problem, most important first (the report's problems in their
    /// order), then one per failed test: a test failure with a source location becomes
    /// `::error file=…,line=…` with the path relative to `repositoryRoot`, so it shows inline on the
    /// pull request's diff; a leak points at the archived log and line. At most
    /// ``annotationLimit``, then one `::notice` saying how many more the summary lists. None for an
    /// accepted report, but for the `::warning` that comes first whatever the verdict when the
    /// change edits the gate's configuration (`run --base`).
    package static func annotations(for report: GateReport, repositoryRoot: String? = nil) -> [String] {
        // First, and even for an accepted run: a change that rewrote its own policy needs a reviewer.
        let policy =
            report.config?.changeWarning.map {
                [command("warning", properties: [("title", "acceptance-gate: configuration changed")], message: $0)]
            } ?? []
        // A flaky test, a quarantined failure, an entry that matched nothing: a warning each, so
        // an accepted run with them does not look like a clean pass (nor a rejected one hide them).
        let all = report.warnings
        var warnings = all.prefix(annotationLimit).map { warning in
            command("warning", properties: [("title", "acceptance-gate: \(warning.kind.rawValue)")], message: warning.sentence)
        }
        if all.count > annotationLimit {
            let more = all.count - annotationLimit
            warnings.append(
                command(
                    "notice", properties: [("title", "acceptance-gate")],
                    message: "\(more) more warning\(more == 1 ? " is" : "s are") listed in the job summary"))
        }
        guard report.verdict != .accepted else { return policy + warnings }
        let title = "acceptance-gate: \(report.verdict.rawValue)"
        var lines: [String] = []
        for problem in report.problems where problem.code != .testFailed && problem.code != .leak {
            lines.append(command("error", properties: [("title", title)], message: problem.sentence))
        }
        for suite in report.suites {
            // A quarantined failure is a warning above, never an error.
            for test in suite.tests where test.status == .failed && test.quarantine == nil {
                var properties: [(String, String)] = []
                if let file = test.file {
                    properties.append(("file", relative(file, to: repositoryRoot)))
                    if let line = test.line { properties.append(("line", String(line))) }
                }
                properties.append(("title", "Test failed: \(suite.name) \(test.qualifiedName)"))
                lines.append(command("error", properties: properties, message: test.message ?? "\(test.name) failed"))
            }
        }
        for problem in report.problems where problem.code == .leak {
            var properties: [(String, String)] = []
            if problem.subject.type == .file, let file = problem.subject.name {
                properties.append(("file", file))
                if let line = problem.subject.line { properties.append(("line", String(line))) }
            }
            properties.append(("title", "Token-like string leaked"))
            lines.append(command("error", properties: properties, message: problem.sentence))
        }
        guard lines.count > annotationLimit else { return policy + lines + warnings }
        let more = lines.count - annotationLimit
        return policy + Array(lines.prefix(annotationLimit)) + warnings + [
            command(
                "notice", properties: [("title", "acceptance-gate")],
                message: "\(more) more problem\(more == 1 ? " is" : "s are") listed in the job summary")
        ]
    }

    /// `path` relative to `root` when it lies inside it (GitHub places annotations by
    /// repository-relative paths); otherwise as given.
    package static func relative(_ path: String, to root: String?) -> String {
        guard let root, !root.isEmpty else { return path }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// A workflow command line: `::NAME key=value,key=value::message`, with data and properties
    /// escaped as the runner expects.
    package static func command(_ name: String, properties: [(String, String)], message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))"
    }

    /// A command's message: `%` → `%25`, CR → `%0D`, LF → `%0A` (ANSI escapes removed first), and
    /// a legacy command (`##[`) broken by a zero-width space, as ``PrintableLine/inert(_:limit:)`` does.
    package static func escapeData(_ text: String) -> String {
        PrintableLine.breakingCommands(ReportText.clean(text)).replacingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            default: nil
            }
        }
    }

    /// A command's property value: as ``escapeData(_:)`` plus `:` → `%3A` and `,` → `%2C`.
    package static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingScalars { scalar in
            switch scalar {
            case ":": "%3A"
            case ",": "%2C"
            default: nil
            }
        }
    }

    // MARK: - Job summary

    /// GitHub refuses a step summary over 1 MiB; the gate keeps well under it.
    package static let summaryLimit = 1 << 19

    /// `markdown` cut at a line break to fit ``summaryLimit`` bytes, with a last line saying it was
    /// shortened and where the whole report is.
    package static func fitted(_ markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        guard bytes.count > summaryLimit else { return markdown }
        let note =
            "\n\n_The summary was shortened to fit GitHub's limit; summary.md and report.html in the report folder have all of it._\n"
        var end = summaryLimit - note.utf8.count
        while end > 0 && bytes[end - 1] != 0x0A { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self) + note
    }

    /// The page of this workflow run that lists its artifacts, where the uploaded report folder
    /// is (`$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID#artifacts`), or `nil`
    /// when a variable is missing or not what the runner sets.
    package static func artifactsURL(environment: [String: String]) -> String? {
        guard let server = environment["GITHUB_SERVER_URL"], server.hasPrefix("https://") || server.hasPrefix("http://"),
            let repository = environment["GITHUB_REPOSITORY"], repository.split(separator: "/").count == 2,
            let run = environment["GITHUB_RUN_ID"], !run.isEmpty, run.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:")
        guard (server + repository).allSatisfy({ allowed.contains($0) }) else { return nil }
        return "\(server.hasSuffix("/") ? String(server.dropLast()) : server)/\(repository)/actions/runs/\(run)#artifacts"
    }

    /// The job summary of `markdown`: its verdict heading (the first line, `## ✅ acceptance-gate:
    /// accepted`) links the verdict to the run's artifacts, where the report folder is, and a line
    /// under it names the folder. A summary from a template without that heading gets the line
    /// only, at its top.
    package static func jobSummary(_ markdown: String, reportFolder: String?, environment: [String: String]) -> String {
        let url = artifactsURL(environment: environment)
        guard url != nil || reportFolder != nil else { return markdown }
        var lines = markdown.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var folderLine = "Report folder"
        if let reportFolder { folderLine += ": " + TemplateEscaping.markdown.escape(reportFolder) }
        if let url { folderLine += " ([this run's artifacts](\(url)))" }
        guard let heading = lines.first, heading.hasPrefix("#"), let start = heading.range(of: "acceptance-gate: ") else {
            return folderLine + "\n\n" + markdown
        }
        if let url {
            let verdict = heading[start.upperBound...].prefix { $0.isLetter }
            let end = heading.index(start.upperBound, offsetBy: verdict.count)
            lines[0] = String(heading[..<start.lowerBound]) + "[acceptance-gate: \(verdict)](\(url))" + String(heading[end...])
        }
        lines.insert("\n" + folderLine, at: 1)
        return lines.joined(separator: "\n")
    }

    /// Appends `markdown` (``fitted(_:)``) to the file `$GITHUB_STEP_SUMMARY` names (other
    /// steps' summaries stay).
    ///
    /// - Returns: whether a summary file was named and written.
    /// - Throws: ``GateReportError/writeFailed(path:code:)``.
    @discardableResult
    package static func appendSummary(_ markdown: String, environment: [String: String]) throws(GateReportError) -> Bool {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return false }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, code: errno) }
        var text = fitted(markdown)
        if !text.hasSuffix("\n") { text += "\n" }
        let failure = AtomicFile.writeAll(Array(text.utf8), to: descriptor)
        let closed = close(descriptor) == 0 ? 0 : errno
        if failure != 0 || closed != 0 { throw .writeFailed(path: path, code: failure != 0 ? failure : closed) }
        return true
    }

    /// Appends the step outputs `verdict`, `exit-code` and `report-dir` to the file
    /// `$GITHUB_OUTPUT` names, so the action can `exec` the gate (no shell stays behind it) and
    /// still have them. A value with a line break is left out rather than let it add an output.
    ///
    /// - Returns: whether an output file was named and written.
    /// - Throws: ``GateReportError/writeFailed(path:code:)``.
    @discardableResult
    package static func appendOutputs(_ report: GateReport, reportFolder: String, environment: [String: String]) throws(GateReportError)
        -> Bool
    {
        guard let path = environment["GITHUB_OUTPUT"], !path.isEmpty else { return false }
        let verdict = report.verdict == .aborted ? "interrupted" : report.verdict.rawValue
        let pairs = [("verdict", verdict), ("exit-code", String(report.exitCode ?? 3)), ("report-dir", reportFolder)]
        let text = pairs.filter { !$0.1.contains(where: \.isNewline) }.map { "\($0.0)=\($0.1)\n" }.joined()
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, code: errno) }
        let failure = AtomicFile.writeAll(Array(text.utf8), to: descriptor)
        let closed = close(descriptor) == 0 ? 0 : errno
        if failure != 0 || closed != 0 { throw .writeFailed(path: path, code: failure != 0 ? failure : closed) }
        return true
    }

    // MARK: - Shielding child output

    /// A fresh stop token: 32 random hex digits (the runner ignores workflow commands until it
    /// sees `::TOKEN::`, so the child must not be able to guess it).
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<16 { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }

    /// `output` between `::stop-commands::TOKEN` and `::TOKEN::`, so whatever it says (e.g. a
    /// test printing `::add-mask::` or `::error::`) is logged, not obeyed. A token that occurs in
    /// `output` is replaced by a new one.
    ///
    /// - Parameters:
    ///   - output: the child's text, echoed as is.
    ///   - token: the stop token; random by default.
    package static func shielded(_ output: String, token: String = randomToken()) -> String {
        var token = token
        while token.isEmpty || output.contains(token) { token = randomToken() }
        var text = "::stop-commands::\(token)\n" + output
        if !output.isEmpty && !output.hasSuffix("\n") { text += "\n" }
        return text + "::\(token)::\n"
    }
}
