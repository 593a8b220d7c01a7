//===----------------------------------------------------------------------===//
// StampCommand.swift: `acceptance-gate stamp [--repo DIR] [--json]`.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GitStamp
import ToolchainStamp

/// `stamp`: prints the commit and toolchain stamp the report records (design.md, `commit.*` and
/// `toolchain.*`), as JSON with sorted keys or as readable text.
///
/// Exits 0, or 3 with one line on standard error when no repository or no toolchain is found.
package enum StampCommand: GateCommand {
    /// `--repo DIR`: a folder inside the work tree to stamp.
    package static let repo = OptionSpec.value(
        "repo", kind: .text, valueName: "dir",
        help: "A folder inside the work tree to stamp (searched upwards); the current folder by default.")

    /// `--json`: print JSON rather than text.
    package static let json = OptionSpec.flag(
        "json", help: "Print {\"commit\": ..., \"toolchain\": ...} as JSON with sorted keys.")

    /// `stamp`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "stamp", abstract: "Print the commit and toolchain stamp the report records.",
            discussion: "Reads HEAD through libgit2 from any folder inside a work tree (a linked worktree, a "
                + "submodule, a shallow clone or a detached HEAD too): the commit ID, the branch, whether the "
                + "work tree is dirty and which paths changed (untracked included; only what the repository's own "
                + ".gitignore files ignore is left out, never a global, .git/config or .git/info/exclude exclude), whether "
                + "the clone is shallow, and the commit a CI system says it built (GITHUB_SHA, CI_COMMIT_SHA, "
                + "BUILD_VCS_NUMBER, BITRISE_GIT_COMMIT, CIRCLE_SHA1, GIT_COMMIT, BUILDKITE_COMMIT, "
                + "BUILD_SOURCEVERSION). Then runs 'swift --version' (on a Mac 'xcrun swift --version' and "
                + "'xcodebuild -version') for the Swift version, target and OS. Exits 3 when there is no "
                + "repository, HEAD has no commit, the repository belongs to another user, or no Swift "
                + "toolchain answers.",
            options: [repo, json])
    }

    /// The document `--json` prints.
    private struct Stamp: Encodable {
        /// The commit under test.
        var commit: CommitStamp
        /// The toolchain.
        var toolchain: ToolchainStamp
    }

    /// Reads both stamps and prints them.
    ///
    /// - Returns: ``GateExitStatus/success`` once printed.
    /// - Throws: ``CommandLineError/unavailable(_:)`` (exit 3) when the repository or the toolchain
    ///   cannot be read; a write failure of standard output.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let directory = arguments.text(repo) ?? FileManager.default.currentDirectoryPath
        let commit: CommitStamp
        do {
            commit = try GitStamp.read(from: directory, environment: context.environment)
        } catch {
            throw CommandLineError(error)
        }
        let toolchain: ToolchainStamp
        do {
            toolchain = try ToolchainStamp.read(gateVersion: GateVersion.current, environment: context.environment)
        } catch {
            throw CommandLineError(error)
        }
        let output = context.console.output
        if arguments.flag(json) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            do {
                let data = try encoder.encode(Stamp(commit: commit, toolchain: toolchain))
                output.writeLine(String(decoding: data, as: UTF8.self))
            } catch {
                throw .unavailable("could not encode the stamp as JSON: \(error)")
            }
        } else {
            for line in textLines(commit: commit, toolchain: toolchain) {
                output.writeLine(line)
            }
        }
        return .success
    }

    /// The stamp as aligned `label  value` lines.
    static func textLines(commit: CommitStamp, toolchain: ToolchainStamp) -> [String] {
        var rows: [(String, String)] = [
            ("commit", commit.id),
            ("branch", commit.branch ?? "(detached HEAD)"),
            ("dirty", commit.dirty ? "yes, \(commit.changedPaths.count) changed path(s)" : "no"),
        ]
        rows += commit.changedPaths.map { ("", $0) }
        rows += [
            ("shallow", commit.shallow ? "yes" : "no"),
            ("work tree", commit.workTree ?? "(bare repository)"),
        ]
        if let ciCommit = commit.ciCommit {
            rows.append(("CI commit", "\(ciCommit.id) (\(ciCommit.variable))"))
        }
        rows += [
            ("swift", toolchain.swiftVersion),
            ("target", toolchain.target ?? "(unknown)"),
            ("os", toolchain.os),
        ]
        if let xcode = toolchain.xcode {
            rows.append(("xcode", xcode))
        }
        rows.append(("gate", toolchain.gateVersion))
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { label, value in
            label.isEmpty
                ? String(repeating: " ", count: width + 4) + value
                : label + String(repeating: " ", count: width - label.count + 2) + value
        }
    }
}
