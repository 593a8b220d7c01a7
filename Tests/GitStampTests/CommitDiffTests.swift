//===----------------------------------------------------------------------===//
// CommitDiffTests.swift: the paths a change edits, from a tree diff of the repository's objects.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import GitStamp
import Testing

@Suite("GitStamp.diff")
struct CommitDiffTests {
    /// Writes `files` in `repo` and commits them; returns the new commit's id.
    static func commit(_ scratch: ScratchFolder, _ files: [String: String], in repo: String = "repo") throws -> String {
        for (name, text) in files {
            try scratch.write(text, to: repo + "/" + name)
        }
        try scratch.git(["add", "-A"], in: repo)
        try scratch.git(["commit", "-q", "-m", "change"], in: repo)
        return try scratch.git(["rev-parse", "HEAD"], in: repo)
    }

    @Test func theHeadIsComparedFromWhereItLeftTheBaseNotWithWhatTheBaseGainedSince() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let start = try scratch.makeRepository("repo")
            try scratch.git(["checkout", "-q", "-b", "feature"], in: "repo")
            let head = try Self.commit(scratch, [".github/workflows/ci.yml": "on: push\n", "src/a.txt": "a\n"])
            try scratch.git(["checkout", "-q", "main"], in: "repo")
            let moved = try Self.commit(scratch, ["other.txt": "o\n"])
            let diff = try GitStamp.diff(base: "main", head: head, in: scratch.file("repo"))
            // What the head runs that the base's tip would not (#36 review, finding 5): the base's own gain too.
            #expect(
                diff
                    == CommitDiff(
                        base: moved, head: head, mergeBase: start, paths: [".github/workflows/ci.yml", "src/a.txt"],
                        pathsFromBase: [".github/workflows/ci.yml", "other.txt", "src/a.txt"]))
        }
    }

    @Test func theFoldersHoldingALocalActionAreNamedForTheChangedFilesInThem() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("repo", files: ["tools/gate/action.yml": "runs: {}\n", "action.yml": "runs: {}\n"])
            try scratch.git(["checkout", "-q", "-b", "feature"], in: "repo")
            let head = try Self.commit(scratch, ["tools/gate/lib/run.sh": "echo\n", "tools/other.txt": "o\n", "src/a.txt": "a\n"])
            let diff = try GitStamp.diff(base: "main", head: head, in: scratch.file("repo"))
            // The root's action.yml is left out: it would make every file of an action's own repository a pipeline file.
            #expect(diff.actionFolders == ["tools/gate/"])
        }
    }

    @Test func aBareRepositoryFetchedAsTheSigningJobFetchesItIsReadWithoutAWorkTree() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("repo", files: ["acceptance-gate.json": "{}\n"])
            try scratch.git(["checkout", "-q", "-b", "feature"], in: "repo")
            // A rename shows both names: the configuration moved away is an edit of it.
            try scratch.git(["mv", "acceptance-gate.json", "moved.json"], in: "repo")
            let head = try Self.commit(scratch, [:])
            try scratch.git(["init", "-q", "--bare", scratch.file("bare.git")])
            try scratch.git([
                "-C", scratch.file("bare.git"), "fetch", "-q", "--no-tags", "file://" + scratch.file("repo"),
                "+refs/heads/main:refs/remotes/origin/main", head,
            ])
            let diff = try GitStamp.diff(base: "refs/remotes/origin/main", head: head, in: scratch.file("bare.git"))
            #expect(diff.paths == ["acceptance-gate.json", "moved.json"])
            #expect(!FileManager.default.fileExists(atPath: scratch.file("bare.git") + "/moved.json"), "nothing is checked out")
        }
    }

    @Test func unrelatedHistoriesHaveNoMergeBaseAndCompareWholeTrees() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("repo", files: ["same.txt": "s\n", "old.txt": "o\n"])
            try scratch.git(["checkout", "-q", "--orphan", "other"], in: "repo")
            try scratch.git(["rm", "-q", "-f", "old.txt"], in: "repo")
            let head = try Self.commit(scratch, ["new.txt": "n\n"])
            let diff = try GitStamp.diff(base: "main", head: head, in: scratch.file("repo"))
            #expect(diff.mergeBase == nil)
            #expect(diff.paths == ["new.txt", "old.txt"])
        }
    }

    @Test func aRevisionTheRepositoryDoesNotHaveIsNamed() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let head = try scratch.makeRepository("repo")
            #expect(throws: GitStampError.self) { try GitStamp.diff(base: "origin/main", head: head, in: scratch.file("repo")) }
            do {
                _ = try GitStamp.diff(base: head, head: String(repeating: "0", count: 40), in: scratch.file("repo"))
                Issue.record("an unknown head was diffed")
            } catch {
                guard case .unknownRevision(let revision, _)? = error as? GitStampError else { throw error }
                #expect(revision == String(repeating: "0", count: 40))
            }
        }
    }
}
