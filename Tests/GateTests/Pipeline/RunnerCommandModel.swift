// RunnerCommandModel.swift
//
// A model of how GitHub's runner (actions/runner: OutputManager, ActionCommandManager,
// ActionCommand.TryParseV2 and TryParse) reads a step's output for workflow commands, to test
// what the gate prints against the reader that acts on it, not against the gate's own idea of
// escaping.

import Foundation

/// The commands the runner would act on in `output`.
///
/// - Lines end at LF, CR or CRLF (.NET's `Process` output events).
/// - A v2 command is a line that, after leading white space, starts `::`, names a registered
///   command before the next `::` (up to a space), and carries the rest as data.
/// - A v1 command is `##[name …]` anywhere in a line; the runner reads them only with
///   `ACTIONS_ALLOW_UNSECURE_COMMANDS`, which a team may set, so the model always does.
/// - After `::stop-commands::TOKEN` nothing is acted on until a line `::TOKEN::`.
struct RunnerCommandModel {
    /// One command the runner acted on.
    struct Command: Equatable {
        var name: String
        var data: String
    }

    static let registered: Set<String> = [
        "error", "warning", "notice", "debug", "group", "endgroup", "add-mask", "set-output", "set-env", "add-path",
        "save-state", "echo", "stop-commands", "add-matcher", "remove-matcher",
    ]

    static func commands(in output: String) -> [Command] {
        var acted: [Command] = []
        var stopToken: String?
        for line in lines(output) {
            let trimmed = Substring(line).drop(while: \.isWhitespace)
            var parsed: Command?
            if trimmed.hasPrefix("::"), let end = trimmed.dropFirst(2).range(of: "::") {
                let info = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<end.lowerBound]
                let name = String(info.prefix { $0 != " " })
                let data = String(trimmed[end.upperBound...])
                if registered.contains(name) || name == stopToken { parsed = Command(name: name, data: data) }
            }
            if parsed == nil, let start = line.range(of: "##["), let close = line[start.upperBound...].firstIndex(of: "]") {
                let name = String(line[start.upperBound..<close].prefix { $0 != " " })
                if registered.contains(name) { parsed = Command(name: name, data: String(line[line.index(after: close)...])) }
            }
            guard let command = parsed else { continue }
            if let token = stopToken {
                if command.name == token { stopToken = nil }
                continue
            }
            if command.name == "stop-commands" {
                stopToken = command.data
                continue
            }
            acted.append(command)
        }
        return acted
    }

    /// `output` cut as .NET cuts a process's output into lines.
    static func lines(_ output: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var afterCR = false
        for scalar in output.unicodeScalars {
            if scalar == "\n" {
                if !afterCR { lines.append(current) }
                current = ""
                afterCR = false
            } else if scalar == "\r" {
                lines.append(current)
                current = ""
                afterCR = true
            } else {
                current.unicodeScalars.append(scalar)
                afterCR = false
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
