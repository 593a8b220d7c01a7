//===----------------------------------------------------------------------===//
// InitCommandTests.swift: `acceptance-gate init` end to end, in-process.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateTestSupport
import Testing

@Suite("init")
struct InitCommandTests {
    /// A manifest SwiftPM reads without any sources (dump-package does not look for them).
    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "shop-app",
            targets: [.target(name: "ShopApp"), .testTarget(name: "ShopAppTests", dependencies: ["ShopApp"])])

        """

    /// `shop-app/` in a new scratch folder, with the manifest unless `package` is false; the
    /// scratch folder around it is what ``remove(_:)`` removes.
    private static func scratch(package: Bool = true) throws -> String {
        let scratch = try ScratchFolder("init-command")
        do {
            if package {
                try scratch.write(manifest, to: "shop-app/Package.swift", mode: 0o644)
            } else {
                try scratch.makeFolder("shop-app")
            }
        } catch {
            scratch.remove()
            throw error
        }
        return scratch.file("shop-app")
    }

    /// The scratch folder holding the package folder at `path`.
    private static func parent(of path: String) -> ScratchFolder {
        ScratchFolder(existing: (path as NSString).deletingLastPathComponent)
    }

    private static func remove(_ path: String) {
        parent(of: path).remove()
    }

    @Test("reads the package, writes six files with --frames, lists them, gives next steps and ends with the command to run")
    func writes() throws {
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let run = GateRun.run(["init", "--dir", folder, "--frames"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.lines.first == "Wrote 6 files in \(folder) (test target: ShopAppTests; CI: github, the default):")
        for path in [
            "acceptance-gate.json", "Tests/ShopAppTests/RedirectBoundaryTests.swift", "Tests/ShopAppTests/FrameVectorTests.swift",
            ".github/workflows/acceptance-gate.yml", ".github/workflows/acceptance-gate-sign.yml", ".gitignore",
        ] {
            #expect(run.lines.contains("  " + path))
            #expect(FileManager.default.fileExists(atPath: folder + "/" + path), "\(path) was not written")
        }
        #expect(run.stdout.contains("\"decoder\": \"builtin\""), "the next steps say how to check the team's decoder")
        #expect(run.lines.suffix(2) == ["Then run:", "  acceptance-gate run"])
        let config = try Data(contentsOf: URL(fileURLWithPath: folder + "/acceptance-gate.json"))
        #expect(try JSONSerialization.jsonObject(with: config) is [String: Any])
    }

    @Test("one line says whether the workflow got the Linux jobs and why: none without Linux CI, added with it")
    func linuxJobsLine() throws {
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let without = GateRun.run(["init", "--dir", folder])
        #expect(without.exitCode == .success, "\(without.stderr)")
        #expect(without.lines.filter { $0.hasPrefix("Linux jobs: ") }.count == 1)
        #expect(without.lines.contains { $0.hasPrefix("Linux jobs: none, because no job in .github/workflows or .gitlab-ci.yml") })
        let workflow = ".github/workflows/acceptance-gate.yml"
        #expect(try !String(contentsOfFile: folder + "/" + workflow, encoding: .utf8).contains("test-linux"))
        let ci = "jobs:\n  linux:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: swift test\n"
        try Data(ci.utf8).write(to: URL(fileURLWithPath: folder + "/.github/workflows/ci.yml"))
        let with = GateRun.run(["init", "--dir", folder, "--force"])
        #expect(with.exitCode == .success, "\(with.stderr)")
        #expect(
            with.lines.contains(
                "Linux jobs: added to \(workflow) (test-linux) and .github/workflows/acceptance-gate-sign.yml (sign-linux), because "
                    + ".github/workflows/ci.yml runs swift test on ubuntu-24.04."))
        #expect(
            try String(contentsOfFile: folder + "/" + workflow, encoding: .utf8).contains("\n  test-linux:\n    runs-on: ubuntu-latest\n"))
    }

    @Test(
        "--matrix N writes the plan job, N shards and the signer planning N shards again, rendered; --matrix alone or 0 is a usage error naming the count; with another CI it is refused"
    )
    func matrix() throws {
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let run = GateRun.run(["init", "--dir", folder, "--matrix", "4"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        let test = try String(contentsOfFile: folder + "/.github/workflows/acceptance-gate.yml", encoding: .utf8)
        let sign = try String(contentsOfFile: folder + "/.github/workflows/acceptance-gate-sign.yml", encoding: .utf8)
        #expect(test.contains("name: acceptance-gate-shard-${{ matrix.shard }}") && test.contains("\n  shard:\n    needs: plan\n"))
        #expect(test.contains("\n  plan:\n") && test.contains("\n        shard: [\"1\", \"2\", \"3\", \"4\"]\n"), "\(test)")
        #expect(test.contains("acceptance-gate plan --shards 4 --from acceptance-gate-history"))
        #expect(sign.contains("acceptance-gate plan --shards 4 --from acceptance-gate-history"))
        #expect(sign.contains("acceptance-gate merge shards/*") && sign.contains("\n  workflow_run:\n"))
        #expect(sign.contains("--expect-shards 1,2,3,4 --require-commit \"$HEAD_SHA\" ${PLAN:+--plan \"$PLAN\"}"), "\(sign)")
        for text in [test, sign] {
            #expect(text.range(of: #"\{\{[A-Za-z]"#, options: .regularExpression) == nil, "a placeholder is left")
            #expect(text.contains("acceptance-gate/acceptance-gate@v"))
            #expect(text.contains("init --matrix 4"))
        }
        // The flag form of earlier versions: one line naming the count it now takes, nothing written.
        for arguments in [["--matrix"], ["--matrix", "--force"], ["--matrix", "0"], ["--matrix", "257"]] {
            let old = GateRun.run(["init", "--dir", folder] + arguments)
            #expect(old.exitCode == .usage, "\(arguments): \(old.stderr)")
            #expect(old.stderr.contains("--matrix"), "\(arguments): \(old.stderr)")
        }
        let bare = GateRun.run(["init", "--dir", folder, "--matrix"])
        #expect(bare.stderr.contains("'--matrix <shards>'"), "\(bare.stderr)")
        let other = GateRun.run(["init", "--dir", folder, "--matrix", "3", "--ci", "gitlab", "--force"])
        #expect(other.exitCode == .usage, "\(other.stderr)")
        #expect(other.stderr.contains("--matrix writes GitHub Actions workflows"), "\(other.stderr)")
    }

    @Test("--linux and --no-linux decide the Linux jobs by hand; both at once, or with another CI system, is a usage error")
    func linuxByHand() throws {
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let workflow = folder + "/.github/workflows/acceptance-gate.yml"
        let forced = GateRun.run(["init", "--dir", folder, "--linux"])
        #expect(forced.exitCode == .success, "\(forced.stderr)")
        #expect(forced.lines.contains { $0.hasSuffix("(sign-linux), because --linux asks for them.") })
        #expect(try String(contentsOfFile: workflow, encoding: .utf8).contains("\n  test-linux:\n"))
        let declined = GateRun.run(["init", "--dir", folder, "--no-linux", "--force"])
        #expect(declined.exitCode == .success, "\(declined.stderr)")
        #expect(declined.lines.contains("Linux jobs: none, because --no-linux."))
        #expect(try !String(contentsOfFile: workflow, encoding: .utf8).contains("test-linux"))

        let both = GateRun.run(["init", "--dir", folder, "--linux", "--no-linux", "--force"])
        #expect(both.exitCode == .usage)
        #expect(both.stderr.contains("--linux and --no-linux contradict each other; pass one of them"), "\(both.stderr)")
        let gitlab = GateRun.run(["init", "--dir", folder, "--ci", "gitlab", "--no-linux", "--force"])
        #expect(gitlab.exitCode == .usage)
        #expect(
            gitlab.stderr.contains("--no-linux decides the Linux jobs of the GitHub Actions workflow, and the pipeline here is for gitlab"),
            "\(gitlab.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/.gitlab-ci.yml"), "nothing is written on a usage error")
    }

    @Test("a second run stops with exit 1, lists every existing file, and changes nothing; --force replaces")
    func refusesToOverwrite() throws {
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        #expect(GateRun.run(["init", "--dir", folder]).exitCode == .success)
        let configPath = folder + "/acceptance-gate.json"
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: configPath))
        let again = GateRun.run(["init", "--dir", folder])
        #expect(again.exitCode == .failure)
        #expect(again.stdout.isEmpty)
        let lines = again.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("acceptance-gate: not overwriting 4 existing file(s), nothing was written") == true)
        #expect(lines.count == 5 && lines.contains("  acceptance-gate.json"))
        #expect(try String(contentsOfFile: configPath, encoding: .utf8) == "{}\n")
        let forced = GateRun.run(["init", "--dir", folder, "--force"])
        #expect(forced.exitCode == .success)
        #expect(try String(contentsOfFile: configPath, encoding: .utf8) != "{}\n")
    }

    @Test("--ios --ci xcode-cloud --target --scheme: tests in <target>/, an executable post-xcodebuild script")
    func ios() throws {
        let folder = try Self.scratch(package: false)
        defer { Self.remove(folder) }
        let run = GateRun.run(["init", "--dir", folder, "--ios", "--ci", "xcode-cloud", "--target", "ShopUITests", "--scheme", "Shop"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(run.lines.contains("  ShopUITests/RedirectBoundaryTests.swift"))
        #expect(run.lines.contains("  ci_scripts/ci_post_xcodebuild.sh"))
        #expect(FileManager.default.isExecutableFile(atPath: folder + "/ci_scripts/ci_post_xcodebuild.sh"))
        let config = try String(contentsOfFile: folder + "/acceptance-gate.json", encoding: .utf8)
        #expect(config.contains("exec 'xcodebuild' 'test' '-scheme' 'Shop'"))
        #expect(config.contains("'-destination' \\\"${ACCEPTANCE_GATE_IOS_SIMULATOR:?"), "the simulator is chosen when the suite runs")
        #expect(run.stdout.contains("could not run here"), "init says xcodebuild -list did not run: \(run.stdout)")
    }

    @Test(
        "usage errors exit 2 and write nothing",
        arguments: [
            ["--ci", "travis"], ["--target", "My Tests"], ["--scheme", ""], ["--dir", "/nonexistent-\(UUID().uuidString)"],
            ["--force=yes"], ["extra"],
        ])
    func usage(_ extra: [String]) throws {
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let arguments = extra.first == "--dir" ? ["init"] + extra : ["init", "--dir", folder] + extra
        let run = GateRun.run(arguments)
        #expect(run.exitCode == .usage, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("acceptance-gate: "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Package.swift"])
    }

    @Test("no Package.swift, or a --target the package lacks: exit 2 naming what to do, nothing written")
    func notAPackage() throws {
        let bare = try Self.scratch(package: false)
        defer { Self.remove(bare) }
        let run = GateRun.run(["init", "--dir", bare])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.contains("holds no Package.swift") && run.stderr.contains("--ios"))
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let wrong = GateRun.run(["init", "--dir", folder, "--target", "OtherTests"])
        #expect(wrong.exitCode == .usage)
        #expect(wrong.stderr.contains("its test targets are ShopAppTests"), "\(wrong.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Package.swift"])
    }

    @Test("--repository goes into the pipeline as written; the workflow triggers on the repository's default branch")
    func repositoryAndDefaultBranch() throws {
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        // The repository's default branch is what the workflow triggers on; git runs isolated from
        // the user's configuration (its HOME is in the scratch folder, beside the package).
        let scratch = Self.parent(of: folder)
        try scratch.git(["init", "-q", "-b", "trunk"], in: "shop-app")
        try scratch.git(["commit", "-q", "--allow-empty", "-m", "init"], in: "shop-app")
        let run = GateRun.run(["init", "--dir", folder, "--repository", "https://github.com/acme/gate.git"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        let workflow = try String(contentsOfFile: folder + "/.github/workflows/acceptance-gate.yml", encoding: .utf8)
        #expect(workflow.contains("\n  push:\n    branches: [trunk]\n"))
        #expect(workflow.contains("uses: acme/gate@v\(GateVersion.current)\n"))
        #expect(workflow.contains("git ls-remote https://github.com/acme/gate v\(GateVersion.current)"))
        #expect(!workflow.contains("acceptance-gate/acceptance-gate") && !workflow.contains("{{gate") && !workflow.contains("{{default"))
        #expect(run.stdout.contains("through the action acme/gate"), "\(run.stdout)")

        let gitlab = GateRun.run([
            "init", "--dir", folder, "--ci", "gitlab", "--force", "--repository", "https://ghe.example.com/tools/gate",
        ])
        #expect(gitlab.exitCode == .success, "\(gitlab.stderr)")
        let pipeline = try String(contentsOfFile: folder + "/.gitlab-ci.yml", encoding: .utf8)
        #expect(pipeline.contains("ACCEPTANCE_GATE_REPO: \"https://ghe.example.com/tools/gate\""))
        #expect(pipeline.contains("ACCEPTANCE_GATE_VERSION: \"\(GateVersion.current)\""))
    }

    @Test("a --repository that is not https://HOST/OWNER/NAME is a usage error naming it, and nothing is written")
    func badRepository() throws {
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let run = GateRun.run(["init", "--dir", folder, "--repository", "git@github.com:acme/gate.git"])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.contains("--repository") && run.stderr.contains("git@github.com:acme/gate.git"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Package.swift"])
    }

    @Test("help lists every option")
    func help() {
        let run = GateRun.run(["init", "--help"])
        for option in [
            "--ios", "--frames", "--force", "--ci <system>", "--dir <dir>", "--target <name>", "--scheme <name>", "--repository <url>",
        ] {
            #expect(run.stdout.contains(option))
        }
    }
}
