//===----------------------------------------------------------------------===//
// ManPageTests.swift: templates/acceptance-gate.1 names every command and renders cleanly.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateCore
import GateProcess
import GateTestSupport
import Testing

@Suite("man page")
struct ManPageTests {
    /// Every runnable command's path in the registry, e.g. `frames decode`.
    static let commandPaths: [String] = CommandRegistry.root.allCommands().map { $0.path.components.joined(separator: " ") }

    @Test("the registry walk finds the commands (so the next test checks something)")
    func registry() {
        #expect(Self.commandPaths.count >= 15)
        #expect(Self.commandPaths.contains("frames vectors") && Self.commandPaths.contains("init"))
    }

    @Test("EXAMPLES: every example is a command the registry has, with options it takes")
    func examples() throws {
        let page = try RepositoryFiles.text("templates/acceptance-gate.1")
        let section = try #require(page.components(separatedBy: "\n.SH EXAMPLES\n").last?.components(separatedBy: "\n.SH ").first)
        let examples = section.components(separatedBy: "\n").filter { $0.hasPrefix("acceptance-gate ") }
        #expect(examples.count >= 4)
        for example in examples {
            let words = example.replacingOccurrences(of: "\\-", with: "-").split(separator: " ").map(String.init).dropFirst()
            guard let name = words.first, case let .command(command)? = CommandRegistry.root.node(at: CommandPath([name])) else {
                Issue.record("'\(example)' names no command")
                continue
            }
            for option in words.filter({ $0.hasPrefix("--") }) {
                #expect(command.spec.option(named: String(option.dropFirst(2))) != nil, "'\(example)': \(option)")
            }
        }
    }

    @Test("every command in the registry has its own entry under COMMANDS")
    func everyCommand() throws {
        let page = try RepositoryFiles.text("templates/acceptance-gate.1")
        let commands = try #require(page.components(separatedBy: "\n.SH COMMANDS\n").last?.components(separatedBy: "\n.SH ").first)
        let entries = commands.components(separatedBy: "\n").filter { $0.hasPrefix(".B ") }.map { String($0.dropFirst(3)) }
        for path in Self.commandPaths {
            #expect(entries.contains(path), "the man page has no COMMANDS entry '.B \(path)'")
        }
    }

    @Test("the sections the brief names are there")
    func sections() throws {
        let page = try RepositoryFiles.text("templates/acceptance-gate.1")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"] {
            #expect(page.contains("\n.SH \(section)\n"), "no \(section) section")
        }
        for code in GateExitStatus.allCases {
            #expect(page.contains("\n.B \(code.rawValue)\n"), "exit status \(code.rawValue) is not described")
        }
        for variable in [
            "NO_COLOR", "CI", "GITHUB_ACTIONS", "ACCEPTANCE_GATE_SIGNING_KEY", "ACCEPTANCE_GATE_FINGERPRINT_KEY",
            "ACCEPTANCE_GATE_ORIGIN_URL", "ACCEPTANCE_GATE_FOREIGN_URL",
        ] {
            #expect(page.contains(variable))
        }
    }

    @Test("groff renders it without a warning")
    func renders() throws {
        let path = RepositoryFiles.root.appendingPathComponent("templates/acceptance-gate.1").path
        let result: ProcessResult
        do {
            result = try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: ["groff", "-man", "-Tutf8", "-ww", path]), timeout: .seconds(60))
        } catch {
            Issue.record("groff could not be run (apt-get install groff-base): \(error)")
            return
        }
        #expect(result.status.isSuccess)
        #expect(result.stderrText.isEmpty, "groff warns: \(result.stderrText)")
        #expect(result.stdoutText.contains("Accepted; the command succeeded."))
    }
}
