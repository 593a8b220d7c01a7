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
/// - A v1 command is `##[name …]` anywhere in a line; the runner reads them by default (only
///   `set-env` and `add-path` then refuse without `ACTIONS_ALLOW_UNSECURE_COMMANDS`).
/// - Names compare case-insensitively; after `::stop-commands::TOKEN` nothing is acted on until a
///   command named TOKEN, in either form.
/// - Everything is matched by code point (the runner matches UTF-16 code units, ordinally), never
///   by grapheme cluster, so a prepended mark cannot hide a `#` from the model.
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
            let scalars = Array(line.unicodeScalars)
            let known = registered.union(stopToken.map { [$0.lowercased()] } ?? [])
            guard let command = v2(scalars, known) ?? v1(scalars, known) else { continue }
            if let token = stopToken {
                if command.name.lowercased() == token.lowercased() { stopToken = nil }
                continue
            }
            if command.name.lowercased() == "stop-commands" {
                stopToken = command.data
                continue
            }
            acted.append(command)
        }
        return acted
    }

    /// `::name props::data` after leading white space.
    private static func v2(_ scalars: [Unicode.Scalar], _ known: Set<String>) -> Command? {
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.count
        guard start + 1 < scalars.count, scalars[start] == ":", scalars[start + 1] == ":" else { return nil }
        guard let end = find([":", ":"], in: scalars, from: start + 2) else { return nil }
        let info = scalars[(start + 2)..<end]
        let name = text(info.prefix { $0 != " " })
        guard known.contains(name.lowercased()) else { return nil }
        return Command(name: name, data: text(scalars[(end + 2)...]))
    }

    /// `##[name props]data` anywhere in the line.
    private static func v1(_ scalars: [Unicode.Scalar], _ known: Set<String>) -> Command? {
        guard let open = find(["#", "#", "["], in: scalars, from: 0),
            let close = scalars[(open + 3)...].firstIndex(of: "]")
        else { return nil }
        let name = text(scalars[(open + 3)..<close].prefix { $0 != " " })
        guard known.contains(name.lowercased()) else { return nil }
        return Command(name: name, data: text(scalars[(close + 1)...]))
    }

    private static func find(_ needle: [Unicode.Scalar], in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard needle.count <= scalars.count else { return nil }
        var index = start
        while index + needle.count <= scalars.count {
            if scalars[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
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
