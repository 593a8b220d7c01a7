//===----------------------------------------------------------------------===//
// ReportRenderCommand.swift: `acceptance-gate report render --in FILE --out DIR`.
//===----------------------------------------------------------------------===//

import GateCore
import GateReport

/// `report render`: re-renders the files of a stored `report.json` (JSON, JUnit XML, Markdown,
/// HTML), optionally with the user's own templates.
///
/// Exits 0 once every file is written; 2 when the input is not an acceptance report, a template
/// does not parse or a format is unknown; 3 when the output folder cannot be written.
package enum ReportRenderCommand: GateCommand {
    /// `--in FILE`: the stored report.
    package static let input = OptionSpec.value(
        "in", kind: .text, valueName: "file", isRequired: true, help: "The report.json to render.")

    /// `--out DIR`: where the files go.
    package static let out = OptionSpec.value(
        "out", kind: .text, valueName: "dir", isRequired: true,
        help: "The folder to write the files into (created if missing; files are replaced atomically).")

    /// `--templates DIR`: replacement templates.
    package static let templates = OptionSpec.value(
        "templates", kind: .text, valueName: "dir",
        help: "A folder with summary.md.template and/or report.html.template to use instead of the built-in ones.")

    /// `--format LIST`: which files to write.
    package static let format = OptionSpec.value(
        "format", kind: .text, valueName: "list",
        help: "Comma-separated formats to write: json, junit, markdown, html (all four by default).")

    /// `report render`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "render", abstract: "Render a stored report.json as JUnit XML, Markdown and HTML.",
            discussion: "Reads a report.json that 'acceptance-gate run' wrote and writes report.json (the same "
                + "bytes for an unchanged report), junit.xml, summary.md and report.html into the output folder. "
                + "Templates in --templates replace the built-in ones (see templates/README.md). Exits 2 when the "
                + "input is not an acceptance report (the message names the key path and the problem), a template "
                + "does not parse, or a format is unknown; 3 when the output folder cannot be written.",
            options: [input, out, templates, format])
    }

    /// Reads, renders and writes.
    ///
    /// - Returns: ``GateExitStatus/success`` once every file is written.
    /// - Throws: ``CommandLineError/invalidInput(_:)`` (exit 2) for a bad report or template,
    ///   ``CommandLineError/invalidValue(option:value:allowed:command:)`` for an unknown format,
    ///   ``CommandLineError/unavailable(_:)`` (exit 3) when writing fails.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let path = arguments.text(input) ?? ""
        let directory = arguments.text(out) ?? ""
        let formats = try parseFormats(arguments.text(format), command: arguments.command)
        let report: GateReport
        let renderer: ReportRenderer
        do {
            let bytes = try AtomicFile.read(path, limit: GateReport.maximumJSONSize)
            report = try GateReport.decode(bytes, source: path)
            renderer = ReportRenderer(templates: try arguments.text(templates).map(ReportTemplates.load) ?? .builtIn)
        } catch {
            throw CommandLineError(error)
        }
        let written: [String]
        do {
            written = try renderer.render(report, formats: formats, to: directory)
        } catch {
            throw CommandLineError(error)
        }
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        for name in written {
            context.console.output.writeLine("wrote " + folder + name)
        }
        return .success
    }

    /// The formats `--format` names, or all four.
    private static func parseFormats(_ value: String?, command: CommandPath) throws(CommandLineError) -> [ReportFormat] {
        guard let value else { return ReportFormat.allCases }
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
        do {
            let formats = try ReportFormat.parse(names)
            guard !formats.isEmpty else { throw GateReportError.unknownFormat(value) }
            return formats
        } catch {
            throw .invalidValue(
                option: format.spelling, value: value,
                allowed: "a comma-separated list of " + ReportFormat.allCases.map(\.rawValue).joined(separator: ", "),
                command: command)
        }
    }
}
