//===----------------------------------------------------------------------===//
// RedirectDecideCommand.swift: `acceptance-gate redirect decide --batch [--allow ORIGIN ...]`.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import RedirectGate

/// `redirect decide --batch`: decides one redirect per line of standard input with the
/// RedirectGate policy and answers each, in order, with one JSON line.
///
/// Input lines are JSON objects `{"from": URL, "to": URL-or-Location}` (other fields are
/// ignored); answers are `{"decision": "follow"|"refuse", "reason": "...", "code": "..."}`
/// with the keys in that order. The format is a stable contract (design.md, "Command-line
/// contracts").
package enum RedirectDecideCommand: GateCommand {
    /// `--batch`: required, so the stdin protocol is always asked for explicitly.
    package static let batch = OptionSpec.flag(
        "batch", isRequired: true,
        help: "Read one JSON object per line of standard input and answer each in order.")

    /// `--allow <origin>`: an origin other than the first request's that redirects may go to.
    package static let allow = OptionSpec.value(
        "allow", kind: .text, valueName: "origin", isRepeatable: true,
        help: "Also follow redirects to this http or https origin (scheme://host[:port]); repeatable.")

    /// `--allow-downgrade`: follow https → http redirects to an allowed origin.
    package static let allowDowngrade = OptionSpec.flag(
        "allow-downgrade",
        help: "Follow https to http redirects (to the first origin or an --allow origin); refused by default.")

    /// The longest input line accepted, in bytes.
    static let maximumLineBytes = 64 * 1024

    /// Bytes read from standard input at a time.
    static let readSize = 64 * 1024

    /// `redirect decide`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "decide", abstract: "Decide redirects, one JSON line per redirect on standard input.",
            discussion: "Each line of standard input is a JSON object {\"from\": URL, \"to\": URL-or-Location} "
                + "(other fields are ignored; a trailing carriage return is ignored). Each gets one JSON line on "
                + "standard output, in order: {\"decision\": \"follow\" or \"refuse\", \"reason\": a sentence, "
                + "\"code\": a stable code}. A redirect is followed only to the origin of 'from' or an --allow "
                + "origin; a Location that is empty, holds a backslash, a control character or userinfo, names a "
                + "scheme other than http or https, or cannot be parsed unambiguously is refused, as is https to "
                + "http unless --allow-downgrade. Exits 0 when every line was answered. A line that is empty, not "
                + "a JSON object, lacks a string 'from' or 'to', or is longer than \(maximumLineBytes) bytes stops "
                + "the command with exit 2, naming the line; the lines before it stay answered.",
            options: [batch, allow, allowDowngrade])
    }

    /// Answers every line of standard input.
    ///
    /// - Returns: ``GateExitStatus/success`` once every line was answered.
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for an `--allow`
    ///   value that is not an http(s) origin; ``CommandLineError/invalidJSONLine(line:problem:)``
    ///   for a malformed line (after answering the lines before it); a read or write failure.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let policy = try policy(from: arguments)
        let output = context.console.output
        var pending: [UInt8] = []
        var lineNumber = 0

        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try context.console.input.read(into: chunk)
            guard count > 0 else { break }
            for byte in UnsafeRawBufferPointer(rebasing: chunk.prefix(count)) {
                guard byte != UInt8(ascii: "\n") else {
                    lineNumber += 1
                    output.writeLine(try answer(pending, lineNumber: lineNumber, policy: policy))
                    pending.removeAll(keepingCapacity: true)
                    continue
                }
                guard pending.count < maximumLineBytes else {
                    throw .invalidJSONLine(line: lineNumber + 1, problem: "longer than \(maximumLineBytes) bytes")
                }
                pending.append(byte)
            }
            // Answers go out as their lines arrive, so a caller can talk to the command over a pipe.
            try output.flush()
        }
        if !pending.isEmpty {
            output.writeLine(try answer(pending, lineNumber: lineNumber + 1, policy: policy))
        }
        return .success
    }

    // MARK: - Pieces

    /// The policy the options describe.
    private static func policy(from arguments: ParsedArguments) throws(CommandLineError) -> RedirectPolicy {
        var origins: Set<Origin> = []
        for text in arguments.texts(allow) {
            guard let origin = try? Origin(parsing: text), origin.isHTTP else {
                throw .invalidValue(
                    option: allow.spelling, value: text,
                    allowed: "an http or https origin such as https://example.com or http://127.0.0.1:8766",
                    command: arguments.command)
            }
            origins.insert(origin)
        }
        return RedirectPolicy(allowedOrigins: origins, allowsDowngrade: arguments.flag(allowDowngrade))
    }

    /// Decides one input line and returns its answer line.
    private static func answer(_ line: [UInt8], lineNumber: Int, policy: RedirectPolicy) throws(CommandLineError) -> String {
        let bytes = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
        guard !bytes.isEmpty else {
            throw .invalidJSONLine(line: lineNumber, problem: "empty line")
        }
        // The lines come from whoever feeds the batch: the strict reader, so a key given twice is
        // refused rather than decided by whichever copy a parser happens to keep.
        let object: JSONValue
        do throws(JSONReadError) {
            object = try JSONReader.read(Array(bytes), limits: JSONReader.Limits(allowsByteOrderMark: false))
        } catch {
            let place = "column \(error.column): \(error.message)"
            throw .invalidJSONLine(line: lineNumber, problem: error.problem.isSyntaxError ? "not valid JSON (\(place))" : place)
        }
        guard object.members != nil else {
            throw .invalidJSONLine(line: lineNumber, problem: "not a JSON object")
        }
        guard let from = object["from"]?.string else {
            throw .invalidJSONLine(line: lineNumber, problem: "no string field \"from\"")
        }
        guard let to = object["to"]?.string else {
            throw .invalidJSONLine(line: lineNumber, problem: "no string field \"to\"")
        }
        let decision = policy.decide(from: from, location: to)
        return "{\"decision\": \(JSONText.quoted(decision.verdict.rawValue)), \"reason\": \(JSONText.quoted(decision.reason.message)), "
            + "\"code\": \(JSONText.quoted(decision.reason.code.rawValue))}"
    }
}
