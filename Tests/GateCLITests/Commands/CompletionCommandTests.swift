//===----------------------------------------------------------------------===//
// CompletionCommandTests.swift: the completion scripts, run by the shells they are for.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateProcess
import GateTestSupport
import Testing

/// Each script is loaded into its own shell (bash, zsh, fish: `ci/setup` installs them) and asked
/// to complete real command lines; a missing shell fails, never skips.
@Suite("completion scripts", .timeLimit(.minutes(1)))
struct CompletionCommandTests {
    /// Runs `shell` with `script` as its program; `nil` (and a recorded issue) when it is missing.
    private func run(_ shell: String, _ arguments: [String], script: String) throws -> String? {
        let scratch = try ScratchFolder("gate-completion")
        defer { scratch.remove() }
        let folder = scratch.path
        try script.write(toFile: folder + "/script", atomically: true, encoding: .utf8)
        let spec = ProcessSpec(
            arguments: [shell] + arguments + [folder + "/script"], environment: ["PATH": "/usr/bin:/bin", "HOME": folder],
            workingDirectory: folder)
        let result: ProcessResult
        do {
            result = try ProcessSupervisor.standalone.run(spec, timeout: .seconds(30))
        } catch {
            Issue.record("\(shell) cannot be run (\(error)): apt-get install \(shell) (ci/setup installs it)")
            return nil
        }
        #expect(result.status.isSuccess, "\(shell): \(result.stderrText)")
        return result.stdoutText
    }

    @Test("bash: commands, a group's subcommands, options after -, a choice's words, files for a path")
    func bash() throws {
        let harness =
            CompletionScript.text(for: .bash) + """

                t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _acceptance_gate; echo "${COMPREPLY[*]}"; }
                t acceptance-gate fr
                t acceptance-gate frames ""
                t acceptance-gate frames decode --
                t acceptance-gate --out x run --sh
                t acceptance-gate scan --format s
                t acceptance-gate run --config scri
                t acceptance-gate run --config x ""
                t acceptance-gate ""

                """
        let lines = try #require(try run("bash", [], script: harness)).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(lines.count >= 8, "\(lines)")
        guard lines.count >= 8 else { return }
        #expect(lines[0] == "frames")
        #expect(lines[1] == "decode split check vectors")
        #expect(lines[2] == "--batch --limit --help")
        #expect(lines[3] == "--shard", "a value of an option is no command word")
        #expect(lines[4] == "sarif")
        #expect(lines[5] == "script", "a path option completes files")
        #expect(lines[6] == "script", "a command's operands are files")
        let commands = Set(lines[7].split(separator: " ").map(String.init))
        #expect(commands == Set(CommandRegistry.root.childNames), "every command, from the registry")
    }

    @Test("bash: ShellCheck finds nothing in the script")
    func bashIsClean() throws {
        guard let output = try run("shellcheck", ["--shell=bash"], script: CompletionScript.text(for: .bash)) else { return }
        #expect(output.isEmpty, "\(output)")
    }

    @Test("zsh: the same places, through _describe, compadd and _files")
    func zsh() throws {
        // zsh's completion functions are stubbed to print what they were given, so the script's own
        // logic runs outside an interactive completion.
        let harness = """
            _describe() { local -a items; items=("${(@P)${@[-1]}}"); print -r -- "${(j: :)${(@)items%%:*}}" }
            compadd() { shift; print -r -- "$*" }
            _files() { print -r -- FILES }
            _message() { print -r -- MESSAGE }
            compdef() { : }
            \(CompletionScript.text(for: .zsh))
            t() { words=("$@"); CURRENT=${#words}; _acceptance_gate }
            t acceptance-gate frames ''
            t acceptance-gate frames decode --
            t acceptance-gate scan --format ''
            t acceptance-gate run --config ''
            t acceptance-gate frames decode --limit ''
            t acceptance-gate verify ''

            """
        let lines = try #require(try run("zsh", ["-f"], script: harness)).split(separator: "\n").map(String.init)
        #expect(
            lines == ["decode split check vectors", "--batch --limit --help", "text jsonl sarif", "FILES", "MESSAGE", "FILES"], "\(lines)")
    }

    @Test("fish: complete -C answers from the script")
    func fish() throws {
        let harness =
            CompletionScript.text(for: .fish) + """

                complete -C 'acceptance-gate fra'
                complete -C 'acceptance-gate frames d'
                complete -C 'acceptance-gate scan --format j'
                complete -C 'acceptance-gate run --sha'

                """
        let lines = try #require(try run("fish", ["--no-config"], script: harness)).split(separator: "\n").map {
            String($0.split(separator: "\t").first ?? "")
        }
        #expect(lines == ["frames", "decode", "jsonl", "--shard"], "\(lines)")
    }

    @Test("another shell is a usage error naming the three")
    func unknownShell() {
        let output = GateRun.run(["completion", "powershell"])
        #expect(output.exitCode == .usage)
        #expect(output.stderr.contains("one of bash, zsh, fish"), "\(output.stderr)")
    }
}
