// RunTreeTruthTests.swift
//
// The tree check against what git set-up outside the repository's own .gitignore files can
// hide (#34, "The tree as it was"): a file the run adds is reported whichever exclude would
// hide it from `git status`, and an edit of `.git/config` during the run is a change itself.
// Each case ran against the gate before the check read status this way, and was missed there.

import Foundation
import GateProcess
import GateReport
import GateTestSupport
import Testing

@Suite("run: the tree as it was", .serialized, .timeLimit(.minutes(3)))
struct RunTreeTruthTests {
    /// Where a file the run adds is hidden from a plain `git status`.
    enum Hiding: String, CaseIterable, CustomTestStringConvertible {
        case excludesFileInGitConfig, xdgIgnore, excludesFileInHomeGitconfig, infoExclude, selfIgnoringGitignore
        var testDescription: String { rawValue }
    }

    /// A scratch repository (a committed `.gitignore` naming `.build/`), a HOME of its own, and a
    /// suite that runs `script` (sh) from a file outside the repository.
    private final class Run {
        let scratch: RunCommandTests.Scratch
        var home: String { scratch.folder.file("home") }

        init(script: String) throws {
            scratch = try RunCommandTests.Scratch(config: "{}")
            let scriptPath = scratch.folder.file("suite.sh")
            try scratch.folder.write(script + "\necho suite ran\n", to: "suite.sh", mode: 0o700)
            let config = """
                {
                  "fixture": { "builtin": "redirect", "ports": "auto", "expect": { "foreignRequests": 0 } },
                  "suites": [ { "name": "work", "kind": "command", "command": ["sh", "\(scriptPath)"], "timeoutSeconds": 60 } ]
                }
                """
            try scratch.folder.write(config, to: "repo/acceptance-gate.json")
            try scratch.folder.write(".build/\n*.o\n", to: "repo/.gitignore")
            try scratch.folder.git(["add", "-A"], in: "repo")
            try scratch.folder.git(["commit", "-q", "-m", "config"], in: "repo")
            try scratch.folder.makeFolder("home")
        }

        /// Runs the gate with HOME in the scratch folder; the exit status and the report. Unseparated
        /// (`--isolation off`): what is checked is the tree check itself, which must hold where the
        /// suites can write the tree (separated, they cannot).
        func gate() throws -> (status: GateProcess.ExitStatus?, report: GateReport, output: String) {
            let child = try RunCommandTests.spawnRun(
                repository: scratch.repository, out: scratch.out, arguments: ["--isolation", "off"], environment: ["HOME": home])
            defer { _ = child.terminate(grace: .seconds(1)) }
            let status = try child.wait(timeout: .seconds(90))
            _ = child.finishOutput(within: .seconds(2))
            let output = String(decoding: child.capturedStdout().bytes + child.capturedStderr().bytes, as: UTF8.self)
            return (status, try scratch.decodedReport(), output)
        }
    }

    @Test(arguments: Hiding.allCases)
    func aFileTheRunAddsIsReportedWhateverExcludeWouldHideIt(_ hiding: Hiding) throws {
        // The suite adds `Hidden.swift` (and a build product the repository's .gitignore ignores).
        var script = "cd \"$(dirname \"$0\")/repo\" && mkdir -p .build && echo built > .build/product"
        var added = "Hidden.swift"
        switch hiding {
        case .selfIgnoringGitignore:
            script += " && mkdir -p Sources/Evil && printf '*\\n' > Sources/Evil/.gitignore && echo x > Sources/Evil/Hidden.swift"
            added = "Sources/"  // the folder git status would name, new with everything in it
        default:
            script += " && echo 'let hidden = 1' > Hidden.swift"
        }
        let run = try Run(script: script)
        let folder = run.scratch.folder
        switch hiding {
        case .excludesFileInGitConfig:
            try folder.write("Hidden.swift\n", to: "excludes")
            try folder.git(["config", "core.excludesFile", folder.file("excludes")], in: "repo")
        case .xdgIgnore:
            try folder.write("Hidden.swift\n", to: "home/.config/git/ignore")
        case .excludesFileInHomeGitconfig:
            try folder.write("Hidden.swift\n", to: "home/excludes")
            try folder.write("[core]\n\texcludesFile = \(folder.file("home/excludes"))\n", to: "home/.gitconfig")
        case .infoExclude:
            try folder.write("Hidden.swift\n", to: "repo/.git/info/exclude")
        case .selfIgnoringGitignore:
            break
        }
        let (status, report, output) = try run.gate()
        #expect(status == .exited(code: 1), "\(output)")
        #expect(report.problems.map(\.code) == [.treeChangedDuringRun], "\(report.problems)")
        let commit = try #require(report.commit)
        #expect(commit.changedDuringRun == [added], "the .gitignore'd .build/ is still no change")
        #expect(commit.dirty)
    }

    @Test func aFileTheRepositorysOwnGitignoreIgnoresIsNoChangeAndNorIsAnUntouchedGitConfig() throws {
        // A new folder that holds only files the .gitignore ignores is no change either, as in `git status`.
        let run = try Run(
            script: "cd \"$(dirname \"$0\")/repo\" && mkdir -p .build Generated && echo built > .build/product && echo o > Generated/a.o")
        let (status, report, output) = try run.gate()
        #expect(status == .exited(code: 0), "\(output)")
        #expect(report.commit?.changedDuringRun == [])
        #expect(report.commit?.dirty == false)
    }

    @Test func anEditOfTheRepositorysGitConfigDuringTheRunIsAChange() throws {
        let run = try Run(script: "cd \"$(dirname \"$0\")/repo\" && printf '[gate]\\n\\tnote = edited\\n' >> .git/config")
        let (status, report, output) = try run.gate()
        #expect(status == .exited(code: 1), "\(output)")
        #expect(report.problems.map(\.code) == [.treeChangedDuringRun], "\(report.problems)")
        #expect(report.problems.first?.sentence.contains(".git/config") == true, "\(report.problems)")
        #expect(report.commit?.changedDuringRun == [".git/config"])
    }
}
