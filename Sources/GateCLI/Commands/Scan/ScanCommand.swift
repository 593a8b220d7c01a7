//===----------------------------------------------------------------------===//
// ScanCommand.swift: `acceptance-gate scan PATH... [--format F] [--allow S ...] [--baseline FILE] [--explain]`.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import TokenScan

/// `scan`: looks for token-like secrets in files, folders and standard input, and prints the
/// findings in the scan contract (design.md): text, jsonl or SARIF 2.1.0. No output ever
/// contains a secret: findings carry a keyed fingerprint and at most a 4-character preview.
///
/// File names in the output are relative to the scan root: the current folder when the path
/// is inside it, otherwise the given path's parent folder. What is read is where the OS finds the
/// path (``PathResolver/real(_:)``): a `..` after a symbolic link goes up from the link's target,
/// never from the text before it. Exits 0 without findings, 1 with
/// findings, 2 on a usage error (a path that does not exist, an unreadable baseline).
package enum ScanCommand: GateCommand {
    /// The files and folders to scan; `-` is standard input.
    package static let paths = PositionalSpec(
        "path", isRequired: true, isRepeatable: true,
        help: "A file, a folder (walked recursively, skipping .git and .build) or - for standard input.")

    /// `--format text|jsonl|sarif`.
    package static let format = OptionSpec.value(
        "format", kind: .choice(["text", "jsonl", "sarif"]), valueName: "format", defaultValue: .text("text"),
        help: "text (file:line:column: rule: preview…), jsonl (one finding per line) or sarif (SARIF 2.1.0).")

    /// `--allow STRING`, repeatable.
    package static let allow = OptionSpec.value(
        "allow", kind: .text, valueName: "string", isRepeatable: true,
        help: "An exact value never to report (reason 'allowlisted'), e.g. a fixture's placeholder token.")

    /// `--baseline FILE`.
    package static let baseline = OptionSpec.value(
        "baseline", kind: .text, valueName: "file",
        help: "Accepted fingerprints, one per line, or a saved jsonl output; their findings are not reported.")

    /// `--explain`.
    package static let explain = OptionSpec.flag(
        "explain", help: "List suppressed candidates with their reason codes on standard error (never the values).")

    /// `scan`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "scan", abstract: "Look for token-like secrets in logs and files.",
            discussion: "Finds provider tokens (GitHub, GitLab, Slack, AWS, Google, Stripe, npm), JWTs, PEM private "
                + "keys, Authorization and Cookie headers (curl -v too), passwords in URLs, Apple app-specific "
                + "passwords and high-entropy values of password/token/secret/key assignments, after removing ANSI "
                + "colour codes (columns count the line without them). Git SHAs, UUIDs, digests, build numbers, "
                + "timestamps, DerivedData hashes and placeholders are not reported. Each finding has a fingerprint, "
                + "HMAC-SHA-256 keyed with ACCEPTANCE_GATE_FINGERPRINT_KEY (or a key drawn at random for each run, "
                + "so --baseline needs the variable), and at most 4 leading characters of a secret of 16 or more. "
                + "File names "
                + "are relative to the current folder when inside it, else to the given path's parent. A path is "
                + "read where the system finds it: a .. after a symbolic link goes up from the link's target. Binary "
                + "and unreadable files get a note on standard error. Exits 0 with no findings, 1 with findings, "
                + "2 on a usage error.",
            options: [format, allow, baseline, explain], positionals: [paths])
    }

    /// Scans every path and prints the findings.
    ///
    /// - Returns: ``GateExitStatus/success`` without findings, ``GateExitStatus/failure`` with findings.
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for a path that does
    ///   not exist or an unreadable baseline; read and write failures of the standard streams.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let scanner = TokenScanner(configuration: try configuration(arguments, environment: context.environment))
        let targets = try ScanTarget.resolve(arguments.values(of: paths), command: arguments.command)
        var results: [FileScanResult] = []
        var notes: [String] = []
        for target in targets {
            switch target {
            case .standardInput:
                results.append(try scanStandardInput(scanner, input: context.console.input))
            case let .file(path, display):
                do {
                    results.append(try scanner.scan(fileAtPath: path, displayPath: display))
                } catch {
                    notes.append("\(display): not scanned: \(error.description)")
                }
            case let .note(text):
                notes.append(text)
            }
        }
        let findings = results.flatMap(\.findings).sorted()
        try write(findings, format: arguments.text(format), to: context.console.output)
        for note in notes + results.flatMap(\.notes).map(\.description) {
            context.console.writeErrorLine("acceptance-gate: note: " + note)
        }
        if arguments.flag(explain) {
            explain(results, findings: findings, console: context.console)
        }
        return findings.isEmpty ? .success : .failure
    }

    /// The scan `--allow` and `--baseline` ask for, fingerprinted with the environment's key.
    private static func configuration(_ arguments: ParsedArguments, environment: [String: String]) throws(CommandLineError)
        -> ScanConfiguration
    {
        var fingerprints = Set<String>()
        if let file = arguments.text(baseline) {
            guard ScanConfiguration.configuredFingerprintKey(environment: environment) != nil else {
                throw .invalidInput(
                    "--baseline needs \(ScanConfiguration.fingerprintKeyVariable) set to the key its fingerprints were made "
                        + "with: without it each run draws a random key, and no fingerprint would match")
            }
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw .invalidValue(
                    option: baseline.spelling, value: file, allowed: "a readable text file of fingerprints", command: arguments.command)
            }
            fingerprints = ScanBaseline.fingerprints(in: text)
        }
        return ScanConfiguration(
            allow: arguments.texts(allow), fingerprintKey: ScanConfiguration.fingerprintKey(environment: environment),
            baseline: fingerprints)
    }

    /// The findings on standard output in `--format`, flushed before any note follows on standard error.
    private static func write(_ findings: [ScanFinding], format: String?, to output: BufferedOutput) throws(CommandLineError) {
        switch format ?? "text" {
        case "jsonl": output.write(ScanOutput.jsonl(findings))
        case "sarif": output.write(ScanOutput.sarif(findings))
        default: output.write(ScanOutput.text(findings))
        }
        try output.flush()
    }

    /// `--explain`: every suppressed candidate with its reason, and the counts.
    private static func explain(_ results: [FileScanResult], findings: [ScanFinding], console: Console) {
        for candidate in results.flatMap(\.suppressed) { console.writeErrorLine("explain: " + candidate.description) }
        let total = results.reduce(0) { $0 + $1.suppressedCount }
        let scanned = results.filter { !$0.isBinary }.count
        console.writeErrorLine("explain: \(scanned) file(s) scanned, \(findings.count) finding(s), \(total) candidate(s) suppressed")
    }

    /// Streams standard input through one scan session.
    private static func scanStandardInput(_ scanner: TokenScanner, input: any ByteReader) throws(CommandLineError) -> FileScanResult {
        let session = scanner.makeSession(displayPath: "<stdin>")
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: ChunkedFileReader.defaultChunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try input.read(into: chunk)
            guard count > 0 else { break }
            session.feed(UnsafeRawBufferPointer(rebasing: chunk.prefix(count)))
        }
        return session.finish()
    }
}
