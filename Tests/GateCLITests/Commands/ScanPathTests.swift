//===----------------------------------------------------------------------===//
// ScanPathTests.swift: `scan` reads the folder the OS opens, whatever links and `..` say.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateTestSupport
import Testing

@Suite("scan paths")
struct ScanPathTests {
    /// A fake GitHub token built at test time.
    private static func token(_ seed: UInt64) -> String { FakeGitHubToken.make(seed: seed) }

    /// A scratch tree where `link/../x` means two folders: `link -> a/b`, so the OS opens `a/x`,
    /// which holds the planted token; `x`, which `..` removed as text names, holds a decoy.
    private static func withLinkBeforeDotDot(_ body: (ScratchFolder) throws -> Void) throws {
        try ScratchFolder.with("scanpath") { scratch in
            try scratch.makeFolder("a/b")
            try scratch.write("use \(token(21))\n", to: "a/x/planted.log")
            try scratch.write("use \(token(22))\n", to: "x/decoy.log")
            try #require(symlink(scratch.file("a/b"), scratch.file("link")) == 0)
            try body(scratch)
        }
    }

    @Test("a link before .. is followed first: the folder the OS opens is walked, not the one the text names")
    func linkBeforeDotDot() throws {
        try Self.withLinkBeforeDotDot { scratch in
            let real = try FileManager.default.contentsOfDirectory(atPath: scratch.file("link/../x"))
            #expect(real == ["planted.log"], "the OS opens a/x here, not x")
            let run = GateRun.run(["scan", scratch.file("link/../x")])
            #expect(run.exitCode == .failure)
            #expect(run.lines == ["x/planted.log:1:5: github-token: ghp_…"])
            #expect(!run.stdout.contains("decoy"), "\(run.stdout)")
        }
    }

    @Test("a file after a link and .. is the one the OS opens, named by its own name")
    func fileAfterLinkAndDotDot() throws {
        try Self.withLinkBeforeDotDot { scratch in
            let run = GateRun.run(["scan", scratch.file("link/../x/planted.log")])
            #expect(run.exitCode == .failure)
            #expect(run.lines == ["planted.log:1:5: github-token: ghp_…"])
        }
    }

    @Test(".. above / stays at /, as the OS takes it, absolute or relative to the current folder")
    func dotDotAboveRoot() throws {
        try Self.withLinkBeforeDotDot { scratch in
            let relative = String(repeating: "../", count: 64) + scratch.path.dropFirst() + "/link/../x"
            for path in ["/../../.." + scratch.path + "/link/../x", relative] {
                let run = GateRun.run(["scan", path])
                #expect(run.exitCode == .failure, "\(path)")
                #expect(run.lines == ["x/planted.log:1:5: github-token: ghp_…"], "\(path)")
            }
        }
    }

    @Test("a linked folder without .. after it keeps its own name in findings")
    func linkedFolderKeepsItsName() throws {
        try Self.withLinkBeforeDotDot { scratch in
            try #require(symlink(scratch.file("a/x"), scratch.file("logs")) == 0)
            let run = GateRun.run(["scan", "--format", "jsonl", scratch.file("logs")])
            #expect(run.exitCode == .failure)
            #expect(run.lines.count == 1)
            #expect(run.lines.first?.hasPrefix("{\"file\":\"logs/planted.log\",\"line\":1,\"column\":5,") == true, "\(run.lines)")
        }
    }

    @Test("a missing path, a dangling link and a link loop are one-line usage errors naming the path and why")
    func unresolvable() throws {
        try ScratchFolder.with("scanpath") { scratch in
            try #require(symlink(scratch.file("nowhere"), scratch.file("dangling")) == 0)
            try #require(symlink(scratch.file("loop2"), scratch.file("loop1")) == 0)
            try #require(symlink(scratch.file("loop1"), scratch.file("loop2")) == 0)
            let cases: [(path: String, why: String?)] = [
                (scratch.file("missing/x"), nil),
                (scratch.file("dangling"), "it is a symbolic link to '\(scratch.file("nowhere"))', which does not exist"),
                (scratch.file("loop1"), "its symbolic links form a loop"),
                (scratch.file("loop1/../x"), "its symbolic links form a loop"),
            ]
            for (path, why) in cases {
                let run = GateRun.run(["scan", path])
                #expect(run.exitCode == .usage, "\(path)")
                #expect(run.stdout.isEmpty)
                let lines = run.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(run.stderr)")
                #expect(run.stderr.contains("'\(path)'"), "\(run.stderr)")
                #expect(run.stderr.contains("expected an existing file or folder, or - for standard input"), "\(run.stderr)")
                if let why { #expect(run.stderr.contains(why), "\(run.stderr)") }
            }
        }
    }

    @Test("a FIFO and a pipe named by /dev/fd (scan <(cmd), /dev/stdin) are skipped with a note, not called dangling links")
    func pipesAreSkipped() throws {
        try ScratchFolder.with("scanpath") { scratch in
            try #require(mkfifo(scratch.file("fifo"), 0o600) == 0)
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            defer { _ = close(ends[0]) + close(ends[1]) }
            // What bash hands `scan` for <(cmd): a link in /dev/fd whose target is "pipe:[…]".
            var paths = [scratch.file("fifo")]
            if FileManager.default.fileExists(atPath: "/dev/fd/\(ends[0])") { paths.append("/dev/fd/\(ends[0])") }
            for path in paths {
                let run = GateRun.run(["scan", path])
                #expect(run.exitCode == .success, "\(path): \(run.stderr)")
                #expect(run.stderr.contains("\(path): not a regular file; skipped"), "\(path): \(run.stderr)")
            }
        }
    }
}
