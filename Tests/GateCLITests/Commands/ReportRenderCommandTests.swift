//===----------------------------------------------------------------------===//
// ReportRenderCommandTests.swift: `acceptance-gate report render` end to end, in-process.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateTestSupport
import Testing

@Suite("report render")
struct ReportRenderCommandTests {
    /// A minimal rejected report as the gate writes it (keys sorted, two-space indentation).
    private static let reportJSON = """
        {
          "exitCode" : 1,
          "gateVersion" : "0.1.0",
          "logs" : [

          ],
          "problems" : [
            {
              "code" : "suite-exit-status",
              "kind" : "change",
              "sentence" : "The suite lint failed: exit 1.",
              "subject" : {
                "name" : "lint",
                "type" : "suite"
              }
            }
          ],
          "reasons" : [
            "The suite lint failed: exit 1."
          ],
          "schemaVersion" : 1,
          "stages" : [

          ],
          "suites" : [
            {
              "command" : [
                "swift",
                "format"
              ],
              "durationSeconds" : 1.5,
              "kind" : "command",
              "missingTests" : [

              ],
              "name" : "lint",
              "reasons" : [
                "exit 1"
              ],
              "status" : "failed",
              "tests" : [

              ]
            }
          ],
          "verdict" : "rejected"
        }

        """

    /// Runs `body` with a scratch folder holding `report.json`, removed afterwards.
    private func withFolder(_ json: String = reportJSON, _ body: (String) throws -> Void) throws {
        let scratch = try ScratchFolder("reportrender")
        defer { scratch.remove() }
        let folder = scratch.path
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/report.json"))
        try body(folder)
    }

    @Test("renders all four files; report.json comes back byte for byte")
    func renders() throws {
        try withFolder { folder in
            let run = GateRun.run(["report", "render", "--in", folder + "/report.json", "--out", folder + "/out"])
            #expect(run.exitCode == .success, "\(run.stderr)")
            #expect(run.lines == ["report.json", "junit.xml", "summary.md", "report.html"].map { "wrote \(folder)/out/\($0)" })
            let again = try String(contentsOfFile: folder + "/out/report.json", encoding: .utf8)
            #expect(again == Self.reportJSON)
            let summary = try String(contentsOfFile: folder + "/out/summary.md", encoding: .utf8)
            #expect(summary.hasPrefix("## ❌ acceptance-gate: rejected — The suite lint failed: exit 1.\n"))
            let junit = try String(contentsOfFile: folder + "/out/junit.xml", encoding: .utf8)
            #expect(junit.contains("<testcase name=\"lint\" classname=\"lint\" time=\"1.500\">"))
        }
    }

    @Test("--format picks the files and --templates replaces a template")
    func formatsAndTemplates() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/tpl", withIntermediateDirectories: true)
            try Data("{{verdict}}: {{#each suites}}{{name}}{{/each}}\n".utf8)
                .write(to: URL(fileURLWithPath: folder + "/tpl/summary.md.template"))
            let run = GateRun.run([
                "report", "render", "--in", folder + "/report.json", "--out", folder + "/out", "--format", "markdown,junit",
                "--templates", folder + "/tpl",
            ])
            #expect(run.exitCode == .success, "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["junit.xml", "summary.md"])
            #expect(try String(contentsOfFile: folder + "/out/summary.md", encoding: .utf8) == "rejected: lint\n")
        }
    }

    @Test("a file that is not a report is exit 2 naming the key path")
    func notAReport() throws {
        try withFolder(#"{"schemaVersion": 1, "gateVersion": "x", "verdict": "sure"}"#) { folder in
            let run = GateRun.run(["report", "render", "--in", folder + "/report.json", "--out", folder + "/out"])
            #expect(run.exitCode == .usage)
            #expect(run.stderr.contains("not an acceptance report"))
            #expect(run.stderr.contains("verdict: unexpected value"))
            #expect(run.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        }
    }

    @Test("a report with a key twice is exit 2 naming the key, its place and the object")
    func duplicateKey() throws {
        let json = Self.reportJSON.replacingOccurrences(of: "\"exitCode\" : 1,", with: "\"exitCode\" : 1, \"exitCode\" : 0,")
        try withFolder(json) { folder in
            let run = GateRun.run(["report", "render", "--in", folder + "/report.json", "--out", folder + "/out"])
            #expect(run.exitCode == .usage)
            #expect(run.stderr.contains("not an acceptance report"))
            #expect(run.stderr.contains("(top level): line 2, column 19: duplicate key 'exitCode'"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        }
    }

    @Test("a missing input, a bad template and an unknown format are exit 2; an unwritable folder is exit 3")
    func errors() throws {
        try withFolder { folder in
            let missing = GateRun.run(["report", "render", "--in", folder + "/nope.json", "--out", folder + "/out"])
            #expect(missing.exitCode == .usage)
            #expect(missing.stderr.contains("cannot read '\(folder)/nope.json'"))

            try FileManager.default.createDirectory(atPath: folder + "/tpl", withIntermediateDirectories: true)
            try Data("x\n{{#if verdict}}\n".utf8).write(to: URL(fileURLWithPath: folder + "/tpl/report.html.template"))
            let template = GateRun.run([
                "report", "render", "--in", folder + "/report.json", "--out", folder + "/out", "--templates", folder + "/tpl",
            ])
            #expect(template.exitCode == .usage)
            #expect(template.stderr.contains("report.html.template: line 2, column 1: unclosed {{#if verdict}}"))

            let format = GateRun.run(["report", "render", "--in", folder + "/report.json", "--out", folder + "/out", "--format", "pdf"])
            #expect(format.exitCode == .usage)
            #expect(format.stderr.contains("invalid value 'pdf' for '--format'"))

            try Data("file".utf8).write(to: URL(fileURLWithPath: folder + "/blocker"))
            let unwritable = GateRun.run(["report", "render", "--in", folder + "/report.json", "--out", folder + "/blocker/out"])
            #expect(unwritable.exitCode == .infrastructure)
            #expect(unwritable.stderr.contains("choose a writable --out"))
        }
    }
}
