//===----------------------------------------------------------------------===//
// GitStampTests.swift: the commit stamp read from scratch repositories.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import GitStamp
import Testing

@Suite("GitStamp")
struct GitStampTests {
    @Test func aCleanRepositoryOnABranch() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let head = try scratch.makeRepository("repo")
            let stamp = try GitStamp.read(from: scratch.file("repo"))
            #expect(stamp.id == head)
            #expect(stamp.id.count == 40)
            #expect(stamp.id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            #expect(stamp.branch == "main")
            #expect(!stamp.detached)
            #expect(!stamp.dirty)
            #expect(stamp.changedPaths.isEmpty)
            #expect(!stamp.shallow)
            #expect(stamp.workTree == scratch.file("repo"))
            #expect(stamp.ciCommit == nil)
        }
    }

    @Test func aDirtyWorkTreeListsModifiedStagedAndUntrackedButNotIgnored() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository(
                "repo", files: ["a.txt": "a\n", "b.txt": "b\n", "gone.txt": "g\n", ".gitignore": "*.log\nbuild/\n"])
            try scratch.write("a changed\n", to: "repo/a.txt")
            try scratch.write("staged\n", to: "repo/c.txt")
            try scratch.git(["add", "c.txt"], in: "repo")
            try scratch.write("untracked\n", to: "repo/d.txt")
            try scratch.write("ignored\n", to: "repo/x.log")
            try scratch.write("ignored\n", to: "repo/build/out.o")
            try scratch.write("new\n", to: "repo/newdir/inner.txt")
            try FileManager.default.removeItem(atPath: scratch.file("repo/gone.txt"))
            let stamp = try GitStamp.read(from: scratch.file("repo"))
            #expect(stamp.dirty)
            #expect(stamp.changedPaths == ["a.txt", "c.txt", "d.txt", "gone.txt", "newdir/"])
            #expect(stamp.branch == "main")
        }
    }

    @Test func onlyAnIgnoredFileLeavesTheTreeClean() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("repo", files: [".gitignore": "*.log\n"])
            try scratch.write("ignored\n", to: "repo/x.log")
            let stamp = try GitStamp.read(from: scratch.file("repo"))
            #expect(!stamp.dirty)
            #expect(stamp.changedPaths.isEmpty)
        }
    }

    @Test func aDetachedHeadHasNoBranch() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let first = try scratch.makeRepository("repo")
            try scratch.write("two\n", to: "repo/README")
            try scratch.git(["commit", "-q", "-am", "second"], in: "repo")
            try scratch.git(["checkout", "-q", "--detach", first], in: "repo")
            let stamp = try GitStamp.read(from: scratch.file("repo"))
            #expect(stamp.detached)
            #expect(stamp.branch == nil)
            #expect(stamp.id == first)
            #expect(!stamp.dirty)
        }
    }

    @Test func aDepthOneCloneIsShallow() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("origin")
            try scratch.write("two\n", to: "origin/README")
            try scratch.git(["commit", "-q", "-am", "second"], in: "origin")
            let head = try scratch.git(["rev-parse", "HEAD"], in: "origin")
            try scratch.git(["clone", "-q", "--depth", "1", "file://" + scratch.file("origin"), scratch.file("clone")])
            let stamp = try GitStamp.read(from: scratch.file("clone"))
            #expect(stamp.shallow)
            #expect(stamp.id == head)
            #expect(stamp.branch == "main")
            #expect(stamp.workTree == scratch.file("clone"))
            #expect(try !GitStamp.read(from: scratch.file("origin")).shallow)
        }
    }

    @Test func aLinkedWorktreeHasItsOwnHeadAndStatus() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let head = try scratch.makeRepository("repo")
            try scratch.git(["worktree", "add", "-q", "-b", "feature", scratch.file("wt")], in: "repo")
            try scratch.write("only in the worktree\n", to: "wt/new.txt")
            let stamp = try GitStamp.read(from: scratch.file("wt"))
            #expect(stamp.id == head)
            #expect(stamp.branch == "feature")
            #expect(stamp.workTree == scratch.file("wt"))
            #expect(stamp.changedPaths == ["new.txt"])
            let main = try GitStamp.read(from: scratch.file("repo"))
            #expect(main.branch == "main")
            #expect(!main.dirty)
        }
    }

    @Test func aSubmoduleIsStampedOnItsOwn() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let libraryHead = try scratch.makeRepository("library")
            try scratch.makeRepository("app")
            try scratch.git(["submodule", "add", "-q", scratch.file("library"), "vendor/library"], in: "app")
            try scratch.git(["commit", "-q", "-m", "add submodule"], in: "app")
            let stamp = try GitStamp.read(from: scratch.file("app/vendor/library"))
            #expect(stamp.id == libraryHead)
            #expect(stamp.workTree == scratch.file("app/vendor/library"))
            #expect(!stamp.dirty)
            let app = try GitStamp.read(from: scratch.file("app"))
            #expect(app.workTree == scratch.file("app"))
            #expect(app.id == (try scratch.git(["rev-parse", "HEAD"], in: "app")))
            #expect(!app.dirty)
        }
    }

    @Test func aNestedFolderFindsTheWorkTreeRoot() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let head = try scratch.makeRepository("repo", files: ["src/deep/er/file.swift": "let x = 1\n"])
            let stamp = try GitStamp.read(from: scratch.file("repo/src/deep/er"))
            #expect(stamp.id == head)
            #expect(stamp.workTree == scratch.file("repo"))
        }
    }

    @Test func aBareRepositoryHasNoWorkTree() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let head = try scratch.makeRepository("repo")
            try scratch.git(["clone", "-q", "--bare", scratch.file("repo"), scratch.file("bare.git")])
            let stamp = try GitStamp.read(from: scratch.file("bare.git"))
            #expect(stamp.id == head)
            #expect(stamp.workTree == nil)
            #expect(!stamp.dirty)
        }
    }

    @Test func anUnbornBranchIsAClearError() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeFolder("repo")
            try scratch.git(["init", "-q", "-b", "trunk"], in: "repo")
            try scratch.write("not yet committed\n", to: "repo/file.txt")
            let error = #expect(throws: GitStampError.self) { try GitStamp.read(from: scratch.file("repo")) }
            #expect(error == .unbornBranch(branch: "trunk", path: scratch.file("repo")))
            #expect(error?.description.contains("has no commits yet") == true)
        }
    }

    @Test func aFolderOutsideAnyRepositoryIsAClearError() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeFolder("plain/inner")
            let error = #expect(throws: GitStampError.self) { try GitStamp.read(from: scratch.file("plain/inner")) }
            #expect(error == .notARepository(path: scratch.file("plain/inner")))
            #expect(error?.description.contains("is not inside a git repository") == true)
            let missing = #expect(throws: GitStampError.self) { try GitStamp.read(from: scratch.file("no/such/folder")) }
            #expect(missing == .notARepository(path: scratch.file("no/such/folder")))
        }
    }

    /// Only root can give a repository away (libgit2 trusts the current user's and root's files),
    /// and a global safe.directory entry would trust it anyway.
    static let canGiveARepositoryAway: Bool = {
        guard getuid() == 0 else { return false }
        let entries = try? ScratchFolder.with("gitstamp-config") { scratch in
            try scratch.git(["config", "--global", "--get-all", "safe.directory"], allowingFailure: true)
        }
        return entries?.isEmpty == true
    }()

    @Test(.enabled(if: canGiveARepositoryAway, "needs root, and no global safe.directory entry, to give a repository to another user"))
    func aRepositoryOwnedByAnotherUserSaysHowToTrustIt() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("repo")
            try #require(try scratch.run(["chown", "-R", "65534:65534", scratch.file("repo")]), "chown as root failed")
            let error = #expect(throws: GitStampError.self) { try GitStamp.read(from: scratch.file("repo")) }
            guard case .unsafeOwnership(let path, let message) = error else {
                Issue.record("expected unsafeOwnership, got \(String(describing: error))")
                return
            }
            #expect(path == scratch.file("repo"))
            #expect(!message.isEmpty)
            #expect(
                error?.description.contains("git config --global --add safe.directory \(scratch.file("repo"))") == true)
        }
    }
}
