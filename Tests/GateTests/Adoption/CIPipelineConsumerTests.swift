//===----------------------------------------------------------------------===//
// CIPipelineConsumerTests.swift: the CI templates against the vendors' schemas and ShellCheck.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import GateProcess
import Testing

/// Every CI template as `init` writes it goes to the tools CI vendors and shell authors trust:
/// `check-jsonschema` with the public GitHub workflow and GitLab CI schemas it ships, and
/// ShellCheck on every shell block (bash). A missing tool fails these tests (``ConsumerTool``).
@Suite("CI templates: vendor schemas and ShellCheck")
struct CIPipelineConsumerTests {
    static func rendered(_ template: AdoptionTemplate) throws -> String {
        try template.render(AdoptionTemplates.values(target: "ShopTests", scheme: "Shop", gateVersion: "0.1.0"))
    }

    /// Runs `check-jsonschema --builtin-schema NAME` on `text` written to a `.yml` file; returns
    /// its complaint, `""` when valid, `nil` when the tool is missing.
    static func vendorSchemaProblems(_ text: String, schema: String) throws -> String? {
        let folder = try AdoptionTestSupport.scratchFolder("schema")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(text, at: "pipeline.yml", in: folder)
        guard
            let result = ConsumerTool.run(
                ["check-jsonschema", "--builtin-schema", schema, folder + "/pipeline.yml"], install: "pip install check-jsonschema")
        else { return nil }
        return result.status.isSuccess ? "" : result.stdoutText + result.stderrText
    }

    @Test("GitHub Actions passes the public workflow schema (vendor.github-workflows)")
    func githubSchema() throws {
        let problems = try Self.vendorSchemaProblems(try Self.rendered(AdoptionTemplates.githubActions), schema: "vendor.github-workflows")
        #expect(problems == "", "\(problems ?? "check-jsonschema missing")")
    }

    /// The GitHub workflow as init writes it for a team whose CI tests on Linux.
    static func renderedWithLinux() throws -> String {
        try AdoptionTemplates.githubActions.render(
            AdoptionTemplates.values(target: "ShopTests", scheme: "Shop", gateVersion: "0.1.0"), sections: ["linux"])
    }

    @Test("GitHub Actions with the Linux jobs passes the public workflow schema (vendor.github-workflows)")
    func githubLinuxSchema() throws {
        let problems = try Self.vendorSchemaProblems(try Self.renderedWithLinux(), schema: "vendor.github-workflows")
        #expect(problems == "", "\(problems ?? "check-jsonschema missing")")
    }

    @Test("GitHub Actions with the Linux jobs: every other action pinned by SHA; the gate's action in all four jobs")
    func pinnedLinuxActions() throws {
        let values = AdoptionTemplates.values(target: "ShopTests", scheme: "Shop", gateVersion: "0.1.0")
        let text =
            try Self.renderedWithLinux() + (try AdoptionTemplates.githubActionsSign.render(values, sections: ["linux"]))
        let uses = text.split(separator: "\n").filter { $0.contains("uses: ") && !Self.isGateAction($0) }
        #expect(uses.count == 10)
        #expect(text.components(separatedBy: "uses: acceptance-gate/acceptance-gate@v0.1.0\n").count == 5)
        // The Linux jobs pin exactly the commits the macOS jobs pin, comments and all.
        let macOS = Set(
            (try Self.rendered(AdoptionTemplates.githubActions) + (try Self.rendered(AdoptionTemplates.githubActionsSign)))
                .split(separator: "\n").filter { $0.contains("uses: ") })
        #expect(Set(uses).isSubset(of: macOS), "\(Set(uses).subtracting(macOS))")
    }

    @Test("the GitHub Actions matrix passes the public workflow schema (vendor.github-workflows)")
    func githubMatrixSchema() throws {
        let problems = try Self.vendorSchemaProblems(
            try Self.rendered(AdoptionTemplates.githubActionsMatrix), schema: "vendor.github-workflows")
        #expect(problems == "", "\(problems ?? "check-jsonschema missing")")
    }

    @Test("the GitHub Actions matrix: every action pinned by a 40-hex commit SHA with its version in a comment")
    func pinnedMatrixActions() throws {
        let text = try Self.rendered(AdoptionTemplates.githubActionsMatrix) + (try Self.rendered(AdoptionTemplates.githubActionsMatrixSign))
        let uses = text.split(separator: "\n").filter { $0.contains("uses: ") && !Self.isGateAction($0) }
        #expect(uses.count == 9)
        #expect(
            text.components(separatedBy: "uses: acceptance-gate/acceptance-gate@v0.1.0\n").count == 4, "plan, shard and sign install it")
        for line in uses {
            let rest = try #require(line.split(separator: "@", maxSplits: 1).last).split(separator: " ", maxSplits: 1)
            let sha = try #require(rest.first)
            #expect(sha.count == 40 && sha.allSatisfy(\.isHexDigit), "not pinned by SHA: \(line)")
            #expect(rest.last?.hasPrefix("# v4.") == true, "no version comment: \(line)")
        }
        #expect(text.contains("actions/download-artifact@fa0a91b85d4f404e444e00e005971372dc801d16 # v4.1.8"))
    }

    @Test("GitLab CI passes the public GitLab CI schema (vendor.gitlab-ci)")
    func gitlabSchema() throws {
        let problems = try Self.vendorSchemaProblems(try Self.rendered(AdoptionTemplates.gitlabCI), schema: "vendor.gitlab-ci")
        #expect(problems == "", "\(problems ?? "check-jsonschema missing")")
    }

    @Test("the schema check can fail: a workflow without 'on' and with a numeric runs-on is refused")
    func schemaCheckCanFail() throws {
        let problems = try Self.vendorSchemaProblems("jobs:\n  x:\n    runs-on: 3\n    steps: 5\n", schema: "vendor.github-workflows")
        #expect(problems?.isEmpty == false)
    }

    @Test("GitHub Actions: every action pinned by a 40-hex commit SHA with its version in a comment")
    func pinnedActions() throws {
        let text = try Self.rendered(AdoptionTemplates.githubActions) + (try Self.rendered(AdoptionTemplates.githubActionsSign))
        let uses = text.split(separator: "\n").filter { $0.contains("uses: ") && !Self.isGateAction($0) }
        #expect(uses.count == 5)
        // The gate's own action goes by its release tag, the one reference init knows; the comment
        // above it says how to pin its commit.
        #expect(text.components(separatedBy: "uses: acceptance-gate/acceptance-gate@v0.1.0\n").count == 3)
        #expect(text.contains("git ls-remote https://github.com/acceptance-gate/acceptance-gate v0.1.0"))
        for line in uses {
            let parts = line.split(separator: "@", maxSplits: 1)
            let rest = try #require(parts.last).split(separator: " ", maxSplits: 1)
            let sha = try #require(rest.first)
            #expect(sha.count == 40 && sha.allSatisfy(\.isHexDigit), "not pinned by SHA: \(line)")
            #expect(rest.last?.hasPrefix("# v4.") == true, "no version comment: \(line)")
        }
        #expect(text.contains("actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2"))
        #expect(text.contains("actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2"))
        #expect(text.contains("actions/attest@1e69f48acb82d1966a394da916b4c1698aa569d6 # v4.2.2"))
    }

    @Test("Bitrise: the keys Bitrise's data model allows at the top, in the workflow and in each step")
    func bitriseShape() throws {
        let parsed = try CIPipelineTemplatesTests.parse(try Self.rendered(AdoptionTemplates.bitrise))
        let document = try #require(parsed.document)
        #expect(document["format_version"] is String)
        #expect(
            Set(document.keys).isSubset(of: [
                "format_version", "default_step_lib_source", "app", "workflows", "pipelines", "meta", "trigger_map",
            ]))
        let workflows = try #require(document["workflows"] as? [String: Any])
        for case let workflow as [String: Any] in workflows.values {
            #expect(
                Set(workflow.keys).isSubset(of: ["title", "summary", "description", "before_run", "after_run", "envs", "steps", "meta"]))
            for case let step as [String: Any] in workflow["steps"] as? [Any] ?? [] {
                #expect(step.count == 1, "a step is one 'id@version' key")
                for case let body as [String: Any] in step.values {
                    #expect(Set(body.keys).isSubset(of: ["title", "inputs", "is_always_run", "run_if", "timeout", "is_skippable"]))
                }
            }
        }
    }

    /// Every shell block of every template, as bash scripts: the YAML `run`/`script`/`content`
    /// strings (a GitLab `script` list is one script), the Jenkins `sh` block and the Xcode Cloud script.
    static func shellBlocks() throws -> [(path: String, script: String)] {
        var blocks: [(String, String)] = []
        for template in CIPipelineTemplatesTests.yamlTemplates {
            let text = try rendered(template)
            let parsed = try CIPipelineTemplatesTests.parse(text)
            if template.path == AdoptionTemplates.gitlabCI.path {
                blocks.append((template.path, "#!/bin/bash\nset -e\n" + parsed.blocks.joined(separator: "\n") + "\n"))
            } else {
                for block in parsed.blocks {
                    blocks.append((template.path, block.hasPrefix("#!") ? block : "#!/bin/bash\nset -e\n" + block))
                }
            }
        }
        for block in try CIPipelineTemplatesTests.parse(try renderedWithLinux()).blocks {
            blocks.append((AdoptionTemplates.githubActions.path + " (linux)", "#!/bin/bash\nset -e\n" + block))
        }
        let jenkins = try rendered(AdoptionTemplates.jenkinsfile)
        for block in jenkins.components(separatedBy: "sh '''").dropFirst().compactMap({ $0.components(separatedBy: "'''").first }) {
            let script = block.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }.joined(
                separator: "\n")
            blocks.append((AdoptionTemplates.jenkinsfile.path, script))
        }
        blocks.append((AdoptionTemplates.xcodeCloudPostXcodebuild.path, try rendered(AdoptionTemplates.xcodeCloudPostXcodebuild)))
        return blocks
    }

    @Test("ShellCheck passes every shell block of every template (no SC2155 'export PATH=\"$(…)\"' masking a failed build)")
    func shellCheck() throws {
        let blocks = try Self.shellBlocks()
        #expect(blocks.count >= 6)
        for (path, script) in blocks {
            let findings = ConsumerTool.shellCheck(script)
            #expect(findings == "", "ShellCheck on a block of \(path):\n\(findings ?? "shellcheck missing")\n\(script)")
            #expect(!script.contains("export PATH=\"$("), "\(path) masks a failed command in export")
        }
    }

    @Test("ShellCheck can fail: it flags export PATH=\"$(…)\" (SC2155)")
    func shellCheckCanFail() {
        let findings = ConsumerTool.shellCheck("#!/bin/bash\nexport PATH=\"$(swift build --show-bin-path):$PATH\"\n")
        #expect(findings?.contains("SC2155") == true)
    }

    /// The line naming the gate's own action (by tag, not SHA).
    static func isGateAction(_ line: Substring) -> Bool {
        line.contains("uses: acceptance-gate/acceptance-gate@")
    }

    @Test("no pipeline builds the gate; GitLab, Jenkins, Bitrise and Xcode Cloud download the release and check its sum")
    func install() throws {
        for template in CISystem.allCases.map(\.template) {
            let text = try Self.rendered(template)
            #expect(!text.contains("swift build"), "\(template.path) builds the gate")
            #expect(!text.contains("your-org"), "\(template.path) has a placeholder URL")
            guard template.path != AdoptionTemplates.githubActions.path else { continue }
            #expect(text.contains("https://github.com/acceptance-gate/acceptance-gate"), "\(template.path)")
            #expect(text.contains("0.1.0"), "\(template.path) names no release")
            #expect(text.contains("\"$ACCEPTANCE_GATE_REPO/releases/download/v$ACCEPTANCE_GATE_VERSION\""), "\(template.path)")
            #expect(text.contains("grep \" $gate_archive\\$\" SHA256SUMS | gate_sha256 -c -"), "\(template.path) checks no sum")
        }
    }

    /// Every copy of the release-install commands in the rendered templates (each template is a
    /// file the team owns, so each holds its own copy): from the comment that opens it through
    /// the `tar` that unpacks the archive, as one shell script. GitLab's are list items of one
    /// shell; Jenkins' `\$` is Groovy's escape for the `$` the shell gets, and means the same there.
    static func installScripts() throws -> [(path: String, script: String)] {
        var scripts: [(path: String, script: String)] = []
        for template in CISystem.allCases.map(\.template) {
            var lines: [Substring]?
            for line in try rendered(template).split(separator: "\n", omittingEmptySubsequences: false) {
                var command = line.drop { $0 == " " }
                if command.hasPrefix("- ") { command = command.dropFirst(2) }
                if command.hasPrefix("# The gate's release archive for this machine") { lines = [] }
                lines?.append(command)
                if command.hasPrefix("tar -xzf \"$gate_dir/$gate_archive\""), let found = lines {
                    scripts.append((template.path, found.joined(separator: "\n")))
                    lines = nil
                }
            }
        }
        return scripts
    }

    @Test("every copy of the install step really refuses an archive whose sum differs from SHA256SUMS, and takes one that matches")
    func installChecksTheSum() throws {
        let scripts = try Self.installScripts()
        // Jenkins, Bitrise and GitLab 2 each (the test and the signing job, which runs elsewhere), Xcode Cloud 1.
        #expect(scripts.count == 7, "\(scripts.map(\.path))")
        let folder = try AdoptionTestSupport.scratchFolder("install")
        defer { AdoptionTestSupport.remove(folder) }
        // A release folder served as file:// URLs: curl fetches them like the real download.
        let release = folder + "/releases/download/v0.1.0"
        try FileManager.default.createDirectory(atPath: release + "/pkg/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/tmp", withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho acceptance-gate 0.1.0\n".utf8).write(to: URL(fileURLWithPath: release + "/pkg/bin/acceptance-gate"))
        let pack =
            "chmod +x pkg/bin/acceptance-gate && for p in x86_64-unknown-linux-gnu universal-apple-macosx; do "
            + "tar -czf acceptance-gate-0.1.0-$p.tar.gz pkg; done && sha256sum acceptance-gate-0.1.0-*.tar.gz > SHA256SUMS"
        let packed = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", "-c", pack], workingDirectory: release), timeout: .seconds(30))
        try #require(packed.status.isSuccess, "\(packed.stderrText)")
        let sums = try Data(contentsOf: URL(fileURLWithPath: release + "/SHA256SUMS"))
        // Each CI's own variables for its scratch folder; Xcode Cloud's script sets gate_dir before the step.
        let environment = [
            "PATH": "/usr/bin:/bin", "ACCEPTANCE_GATE_REPO": "file://" + folder, "ACCEPTANCE_GATE_VERSION": "0.1.0",
            "TMPDIR": folder + "/tmp", "WORKSPACE_TMP": folder + "/tmp", "BUILD_NUMBER": "7", "CI_JOB_ID": "7",
        ]
        // The same names with other sums: what a replaced asset looks like.
        let zeros = String(repeating: "0", count: 64)
        let forged = ["x86_64-unknown-linux-gnu", "universal-apple-macosx"].map { "\(zeros)  acceptance-gate-0.1.0-\($0).tar.gz\n" }
        for (path, install) in scripts {
            let script =
                "set -euo pipefail\ngate_dir=\"\(folder)/tmp/acceptance-gate-tool\"\n" + install + "\n\"$gate_dir/bin/acceptance-gate\"\n"
            try sums.write(to: URL(fileURLWithPath: release + "/SHA256SUMS"))
            let good = try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: ["bash", "-c", script], environment: environment), timeout: .seconds(60))
            #expect(good.status.isSuccess, "\(path): \(good.stderrText)")
            #expect(good.stdoutText.contains("acceptance-gate 0.1.0"), "\(path)")
            try Data(forged.joined().utf8).write(to: URL(fileURLWithPath: release + "/SHA256SUMS"))
            let bad = try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: ["bash", "-c", script], environment: environment), timeout: .seconds(60))
            #expect(!bad.status.isSuccess, "\(path) installed an archive whose sum SHA256SUMS contradicts")
            #expect(!bad.stdoutText.contains("acceptance-gate 0.1.0"), "\(path)")
        }
    }
}
