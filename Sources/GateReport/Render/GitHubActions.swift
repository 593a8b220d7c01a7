//===----------------------------------------------------------------------===//
// GitHubActions.swift: annotations, the job summary, and shielding echoed child output.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// One `::error` line per problem, most important first: the verdict's reasons, then failed and
    /// missing tests, then findings (with `file` and `line`). At most ``annotationLimit``, then
    /// one `::notice` saying how many more the summary lists. None for an accepted report.
    package static func annotations(for report: GateReport) -> [String] {
        guard report.verdict != .accepted else { return [] }
        var lines = report.reasons.map { reason in
            command("error", properties: [("title", "acceptance-gate: \(report.verdict.rawValue)")], message: reason)
        }
        for suite in report.suites {
            for test in suite.tests where test.status == .failed {
                lines.append(
                    command(
                        "error", properties: [("title", "Test failed: \(suite.name) \(test.name)")],
                        message: test.message ?? "\(test.name) failed"))
            }
            for name in suite.missingTests {
                lines.append(
                    command(
                        "error", properties: [("title", "Test missing: \(suite.name) \(name)")],
                        message: "the expected test \(name) did not run"))
            }
        }
        for finding in report.scan?.findings ?? [] {
            var properties = [("file", finding.file), ("line", String(finding.line))]
            if let column = finding.column { properties.append(("col", String(column))) }
            properties.append(("title", "Token-like string (\(finding.rule))"))
            lines.append(
                command(
                    "error", properties: properties,
                    message: "a token-like string matched rule \(finding.rule) (\(finding.fingerprint))"))
        }
        guard lines.count > annotationLimit else { return lines }
        let more = lines.count - annotationLimit
        return Array(lines.prefix(annotationLimit)) + [
            command(
                "notice", properties: [("title", "acceptance-gate")],
                message: "\(more) more problem\(more == 1 ? " is" : "s are") listed in the job summary")
        ]
    }

    /// A workflow command line: `::NAME key=value,key=value::message`, with data and properties
    /// escaped as the runner expects.
    package static func command(_ name: String, properties: [(String, String)], message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))"
    }

    /// A command's message: `%` → `%25`, CR → `%0D`, LF → `%0A` (ANSI escapes removed first).
    package static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in ReportText.clean(text).unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A command's property value: as ``escapeData(_:)`` plus `:` → `%3A` and `,` → `%2C`.
    package static func escapeProperty(_ text: String) -> String {
        var result = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    // MARK: - Job summary

    /// Appends `markdown` to the file `$GITHUB_STEP_SUMMARY` names (other steps' summaries stay).
    ///
    /// - Returns: whether a summary file was named and written.
    /// - Throws: ``GateReportError/writeFailed(path:code:)``.
    @discardableResult
    package static func appendSummary(_ markdown: String, environment: [String: String]) throws(GateReportError) -> Bool {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return false }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: path, code: errno) }
        var text = markdown
        if !text.hasSuffix("\n") { text += "\n" }
        let bytes = Array(text.utf8)
        let failure = bytes.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
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
