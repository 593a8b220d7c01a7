//===----------------------------------------------------------------------===//
// CIPipelineTemplatesTests.swift: every CI template parses, and its shell is valid bash.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import GateProcess
import GateTestSupport
import Testing

/// Every CI template parses and its shell passes `bash -n`.
///
/// YAML is checked by PyYAML (it prints the parsed document and the shell blocks as JSON), which
/// `ci/setup` installs: without it the structural check in Swift (``YAMLShapeCheck``: spaces only,
/// consistent indentation, `key: value` lines) still runs, and every test that reads the document
/// fails, naming the install step. Each test names the path it took in its output.
@Suite("CI pipeline templates")
struct CIPipelineTemplatesTests {
    /// The YAML templates, rendered as init writes them.
    static let yamlTemplates = [
        AdoptionTemplates.githubActions, AdoptionTemplates.githubActionsMatrix, AdoptionTemplates.gitlabCI, AdoptionTemplates.bitrise,
    ]

    static func rendered(_ template: AdoptionTemplate) throws -> String {
        try template.render(AdoptionTemplates.values(target: "ShopTests", scheme: "Shop", gateVersion: "0.1.0"))
    }

    /// Whether PyYAML can be imported (checked once).
    static let pyYAMLAvailable: Bool = {
        let result = try? ProcessSupervisor.standalone.run(ProcessSpec(arguments: ["python3", "-c", "import yaml"]), timeout: .seconds(30))
        return result?.status.isSuccess == true
    }()

    /// Parses YAML with PyYAML: the document, and every string under a `run`, `script` or `content` key.
    static let pythonParser = """
        import json, sys, yaml
        document = yaml.safe_load(sys.stdin.read())
        blocks = []
        def walk(node, key=None):
            if isinstance(node, dict):
                for k, v in node.items():
                    walk(v, k)
            elif isinstance(node, list):
                for item in node:
                    walk(item, key)
            elif isinstance(node, str) and key in ("run", "script", "content"):
                blocks.append(node)
        walk(document)
        print(json.dumps({"document": document, "blocks": blocks}))
        """

    /// The parsed document and its shell blocks, by PyYAML or by the Swift fallback.
    static func parse(_ text: String) throws -> (document: [String: Any]?, blocks: [String]) {
        guard pyYAMLAvailable else {
            // A missing tool is a failure, never a silent pass of the checks that need the document.
            Issue.record("PyYAML is missing: pip install PyYAML (ci/setup installs it); only the structural fallback ran")
            try YAMLShapeCheck.check(text)
            return (nil, YAMLShapeCheck.shellBlocks(in: text))
        }
        print("YAML check: python3 + PyYAML")
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["python3", "-c", pythonParser], stdin: .bytes(Array(text.utf8))), timeout: .seconds(60))
        #expect(result.status.isSuccess, "PyYAML rejected the template: \(result.stderrText)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        return (json["document"] as? [String: Any], json["blocks"] as? [String] ?? [])
    }

    /// Runs `bash -n` on `script`; returns bash's complaint, or `nil` when it parses.
    static func bashSyntaxError(_ script: String) throws -> String? {
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", "-n"], stdin: .bytes(Array(script.utf8))), timeout: .seconds(30))
        return result.status.isSuccess ? nil : result.stderrText
    }

    @Test("each YAML template parses and every shell block passes bash -n", arguments: yamlTemplates.map(\.path))
    func yaml(_ path: String) throws {
        let template = try #require(Self.yamlTemplates.first { $0.path == path })
        let text = try Self.rendered(template)
        try YAMLShapeCheck.check(text)  // The fallback must accept what PyYAML accepts.
        let parsed = try Self.parse(text)
        #expect(parsed.blocks.count >= 1, "no run/script/content block found in \(path)")
        #expect(YAMLShapeCheck.shellBlocks(in: text).count == parsed.blocks.count, "the fallback finds other shell blocks")
        for block in parsed.blocks {
            #expect(try Self.bashSyntaxError(block) == nil, "bash -n rejects a block of \(path): \(block)")
        }
        let shell = parsed.blocks.joined(separator: "\n")
        #expect(
            shell.contains("acceptance-gate run --out .acceptance-gate")
                || shell.contains("acceptance-gate run --shard \"$SHARD\" --out .acceptance-gate"))
    }

    /// The jobs of the signing workflow that pairs with a test workflow (`workflow_run`).
    static func signingJobs(_ template: AdoptionTemplate, sections: Set<String> = []) throws -> [String: Any]? {
        let text = try template.render(
            AdoptionTemplates.values(target: "ShopTests", scheme: "Shop", gateVersion: "0.1.0"), sections: sections)
        try YAMLShapeCheck.check(text)
        let parsed = try Self.parse(text)
        for block in parsed.blocks {
            #expect(try Self.bashSyntaxError(block) == nil, "bash -n rejects a block of \(template.path): \(block)")
        }
        #expect(text.contains("\non:\n  workflow_run:\n    workflows: [acceptance-gate]\n    types: [completed]\n"))
        guard let document = parsed.document else { return nil }
        return try #require(document["jobs"] as? [String: Any])
    }

    @Test(
        "GitHub Actions matrix: a plan job from signed timings, N key-less shard jobs running their part with --plan; the signer plans again itself and merges with its own plan, --expect-shards 1..N"
    )
    func githubMatrix() throws {
        let parsed = try Self.parse(try Self.rendered(AdoptionTemplates.githubActionsMatrix))
        guard let document = parsed.document else { return }
        let jobs = try #require(document["jobs"] as? [String: Any])
        #expect(Set(jobs.keys) == ["plan", "shard"], "nothing signs in the workflow a pull request runs")
        let shard = try #require(jobs["shard"] as? [String: Any])
        #expect(shard["needs"] as? String == "plan")
        #expect(shard["runs-on"] as? String == "macos-15", "macos-14's default Xcode 15.4 cannot build the gate")
        let matrix = try #require((shard["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        let names = try #require(matrix["shard"] as? [String])
        #expect(names == ["1", "2", "3"], "the plan's shards, 1 to N")
        let shardSteps = try #require(shard["steps"] as? [[String: Any]])
        let upload = try #require(shardSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        #expect(upload["if"] as? String == "always()")
        #expect((upload["with"] as? [String: Any])?["name"] as? String == "acceptance-gate-shard-${{ matrix.shard }}")
        let fetchPlan = try #require(shardSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true })
        #expect((fetchPlan["with"] as? [String: Any])?["name"] as? String == "acceptance-gate-plan")
        #expect((fetchPlan["with"] as? [String: Any])?["run-id"] == nil, "the plan of this very run")
        let shardRun = try #require(shardSteps.compactMap { $0["run"] as? String }.first { $0.contains("acceptance-gate run") })
        #expect(shardRun.contains("exec acceptance-gate run --shard \"$SHARD\" --plan \"$plan\" --out .acceptance-gate"), "\(shardRun)")

        // The plan job: timings from the signing workflow's own runs, verified with the pinned key, nothing of the change.
        let plan = try #require(jobs["plan"] as? [String: Any])
        #expect(plan["permissions"] as? [String: String] == ["actions": "read", "contents": "read"], "\(plan["permissions"] ?? "")")
        let planSteps = try #require(plan["steps"] as? [[String: Any]])
        #expect(
            !planSteps.contains { ($0["uses"] as? String)?.hasPrefix("actions/checkout@") == true }, "the plan job checks out the change")
        let planStep = try #require(planSteps.first { ($0["run"] as? String)?.contains("acceptance-gate plan ") == true })
        let planRun = planStep["run"] as? String ?? ""
        #expect(planRun.contains("actions/artifacts?name=acceptance-gate-timings"), "\(planRun)")
        #expect(planRun.contains("[ \"$named\" = \"$signer workflow_run success\" ] || continue"), "\(planRun)")
        #expect(planRun.contains("--name acceptance-gate-timings --dir acceptance-gate-history"), "\(planRun)")
        let planEnv = planStep["env"] as? [String: String] ?? [:]
        #expect(planEnv["ACCEPTANCE_GATE_PUBLIC_KEY"] == "${{ vars.ACCEPTANCE_GATE_PUBLIC_KEY }}")
        #expect(planEnv["ACCEPTANCE_GATE_KEYID"] == "${{ vars.ACCEPTANCE_GATE_KEYID }}")
        let planUpload = try #require(planSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        #expect((planUpload["with"] as? [String: Any])?["name"] as? String == "acceptance-gate-plan")

        let signing = try #require(try Self.signingJobs(AdoptionTemplates.githubActionsMatrixSign))
        let merge = try #require(signing["sign"] as? [String: Any])
        let mergeSteps = try #require(merge["steps"] as? [[String: Any]])
        let downloads = mergeSteps.filter { ($0["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true }
        #expect(downloads.compactMap { ($0["with"] as? [String: Any])?["pattern"] as? String } == ["acceptance-gate-shard-*"])
        #expect(downloads.compactMap { ($0["with"] as? [String: Any])?["name"] as? String } == ["acceptance-gate-plan"])
        let mergeRun = try #require(mergeSteps.compactMap { $0["run"] as? String }.first { $0.contains("acceptance-gate merge") })
        #expect(mergeRun.contains("--expect-shards \(names.joined(separator: ","))"), "\(mergeRun)")
        // The signer's own plan, never the test run's plan.json.
        #expect(mergeRun.contains("${PLAN:+--plan \"$PLAN\"}"), "\(mergeRun)")
        #expect(!mergeRun.contains("test-plan"), "\(mergeRun)")
        let mergeStep = try #require(mergeSteps.first { ($0["run"] as? String)?.contains("acceptance-gate merge") == true })
        #expect((mergeStep["env"] as? [String: Any])?["PLAN"] as? String == "${{ steps.plan.outputs.plan }}")
        // The signer plans with the same command line as the plan job, so the same signed inputs give the same bytes.
        let again = try #require(mergeSteps.first { $0["id"] as? String == "plan" })
        let againRun = again["run"] as? String ?? ""
        #expect(Self.planCommand(againRun) != nil && Self.planCommand(againRun) == Self.planCommand(planRun), "\(againRun)")
        #expect(againRun.contains("--out \"$RUNNER_TEMP/acceptance-gate-plan.json\""), "\(againRun)")
        #expect(againRun.contains("\"$own workflow_run success\""), "the named run is checked to be the signer's own")
        // The verifying key comes from a repository variable and is pinned, never the change's acceptance-gate.pub.
        #expect(!mergeRun.contains("--pubkey acceptance-gate.pub"))
        #expect(mergeRun.contains("--require-keyid \"$ACCEPTANCE_GATE_KEYID\""), "\(mergeRun)")
        #expect(mergeRun.contains("acceptance-gate sign \"$shard\" --require-commit \"$HEAD_SHA\""), "\(mergeRun)")
        #expect(mergeRun.contains("--repo \"$RUNNER_TEMP/change.git\""), "\(mergeRun)")
        // Only an accepted, protected push to the default branch becomes the next plans' timings.
        let keep = try #require(mergeSteps.first { ($0["with"] as? [String: Any])?["name"] as? String == "acceptance-gate-timings" })
        let keepIf = keep["if"] as? String ?? ""
        for condition in [
            "steps.protected.outputs.protected == 'true'", "github.event.workflow_run.event == 'push'",
            "github.event.workflow_run.head_branch == github.event.repository.default_branch",
        ] {
            #expect(keepIf.contains(condition), "\(keepIf)")
        }
        #expect(!shardSteps.contains { ($0["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] != nil })
        let withKey = mergeSteps.filter { ($0["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] != nil }
        #expect(withKey.count == 1, "the key only in the signing job's one step")
        try Self.expectSplit(test: shard, sign: merge)
    }

    /// The `acceptance-gate plan` command line of a script (its continuation lines joined), from
    /// `plan` on, without `--out`.
    static func planCommand(_ script: String) -> String? {
        let joined = script.replacingOccurrences(of: "\\\n", with: " ")
        guard let line = joined.split(separator: "\n").first(where: { $0.contains("acceptance-gate plan ") }),
            let start = line.range(of: "acceptance-gate plan ")
        else { return nil }
        let command = line[start.lowerBound...].split(separator: " ", omittingEmptySubsequences: true)
        guard let out = command.firstIndex(of: "--out") else { return command.joined(separator: " ") }
        return command[..<out].joined(separator: " ")
    }

    /// The test job holds no secret and no id-token and uploads; the signing job (of the
    /// `workflow_run` workflow) checks out nothing, runs only the gate, and alone has id-token
    /// and attestations, behind the environment that holds the key (GitHub Actions).
    static func expectSplit(test: [String: Any], sign: [String: Any]) throws {
        let testSteps = try #require(test["steps"] as? [[String: Any]])
        let signSteps = try #require(sign["steps"] as? [[String: Any]])
        #expect(test["permissions"] == nil, "the test job has the workflow's read-only permissions")
        for step in testSteps {
            #expect((step["env"] as? [String: Any])?.keys.contains { $0.contains("KEY") } != true, "a key in the test job: \(step)")
            #expect((step["run"] as? String)?.contains("secrets.") != true)
        }
        let permissions = try #require(sign["permissions"] as? [String: Any])
        #expect(permissions["id-token"] as? String == "write" && permissions["attestations"] as? String == "write")
        #expect(permissions["actions"] as? String == "read", "the artifact of another run is read with actions: read")
        #expect(sign["environment"] as? String == "acceptance-gate-signing")
        #expect(
            !signSteps.contains { ($0["uses"] as? String)?.hasPrefix("actions/checkout@") == true }, "the signing job checks out nothing")
        let attest = try #require(signSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/attest@") == true })
        let with = try #require(attest["with"] as? [String: Any])
        #expect(with["predicate-type"] as? String == "https://in-toto.io/attestation/test-result/v0.1")
        #expect(with["subject-path"] as? String == ".acceptance-gate/report.json")
        #expect(with["predicate-path"] as? String == ".acceptance-gate/report.predicate.json")
        #expect(sign["needs"] == nil, "the signer is another workflow, not a job the test workflow defines")
    }

    @Test("GitHub Actions with the Linux jobs: ubuntu-latest, no key where the change runs, sign-linux signs what test-linux uploaded")
    func githubLinux() throws {
        let text = try CIPipelineConsumerTests.renderedWithLinux()
        try YAMLShapeCheck.check(text)
        let parsed = try Self.parse(text)
        for block in parsed.blocks {
            #expect(try Self.bashSyntaxError(block) == nil, "bash -n rejects a block: \(block)")
        }
        guard let document = parsed.document else { return }
        let jobs = try #require(document["jobs"] as? [String: Any])
        #expect(Set(jobs.keys) == ["test", "test-linux"])
        let signing = try #require(try Self.signingJobs(AdoptionTemplates.githubActionsSign, sections: ["linux"]))
        #expect(Set(signing.keys) == ["sign", "sign-linux"])
        let test = try #require(jobs["test-linux"] as? [String: Any])
        let sign = try #require(signing["sign-linux"] as? [String: Any])
        #expect(test["runs-on"] as? String == "ubuntu-latest" && sign["runs-on"] as? String == "ubuntu-latest")
        #expect(test["permissions"] == nil && test["env"] == nil, "the test job takes the workflow's read-only permissions, no key")
        let testSteps = try #require(test["steps"] as? [[String: Any]])
        let signSteps = try #require(sign["steps"] as? [[String: Any]])
        #expect(!testSteps.contains { ($0["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] != nil })
        let upload = try #require(testSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        let download = try #require(signSteps.first { ($0["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true })
        #expect((upload["with"] as? [String: Any])?["name"] as? String == "acceptance-gate-unsigned-linux")
        #expect((download["with"] as? [String: Any])?["name"] as? String == "acceptance-gate-unsigned-linux")
        try Self.expectSplit(test: test, sign: sign)
    }

    @Test(
        "GitHub Actions: macOS runner tests the head commit, the gate's release through its action, the report uploaded always; the signing workflow signs it"
    )
    func github() throws {
        let parsed = try Self.parse(try Self.rendered(AdoptionTemplates.githubActions))
        let shell = parsed.blocks.joined(separator: "\n")
        #expect(!shell.contains("swift build"), "the gate is installed, never built, in the workflow")
        guard let document = parsed.document else { return }
        let jobs = try #require(document["jobs"] as? [String: Any])
        #expect(Set(jobs.keys) == ["test"])
        let job = try #require(jobs["test"] as? [String: Any])
        let signing = try #require(try Self.signingJobs(AdoptionTemplates.githubActionsSign))
        let sign = try #require(signing["sign"] as? [String: Any])
        #expect((job["runs-on"] as? String)?.hasPrefix("macos") == true)
        let steps = try #require(job["steps"] as? [[String: Any]])
        let checkout = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/checkout@") == true })
        #expect((checkout["with"] as? [String: Any])?["ref"] as? String == "${{ github.event.pull_request.head.sha || github.sha }}")
        let upload = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        #expect(upload["if"] as? String == "always()")
        #expect((upload["with"] as? [String: Any])?["path"] as? String == ".acceptance-gate/")
        #expect((upload["with"] as? [String: Any])?["include-hidden-files"] as? Bool == true)
        #expect((job["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] == nil, "the key must not be visible to every step")
        let signSteps = try #require(sign["steps"] as? [[String: Any]])
        for jobSteps in [steps, signSteps] {
            let install = try #require(jobSteps.first { ($0["uses"] as? String)?.hasPrefix("acceptance-gate/acceptance-gate@") == true })
            #expect(install["uses"] as? String == "acceptance-gate/acceptance-gate@v0.1.0")
            let with = try #require(install["with"] as? [String: Any])
            #expect(with["version"] as? String == "0.1.0" && with["run"] as? String == "false")
            let installIndex = try #require(jobSteps.firstIndex { ($0["uses"] as? String) == install["uses"] as? String })
            let firstRun = try #require(jobSteps.firstIndex { ($0["run"] as? String)?.contains("acceptance-gate ") == true })
            #expect(installIndex < firstRun, "installed before it runs")
        }
        // PyYAML reads the key `on` as true, so the trigger is checked in the text.
        #expect(try Self.rendered(AdoptionTemplates.githubActions).contains("\n  push:\n    branches: [main]\n"))
        #expect((document["permissions"] as? [String: Any])?["contents"] as? String == "read")
        #expect(!steps.contains { ($0["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] != nil }, "no key in the test job")
        let withKey = signSteps.filter { ($0["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] != nil }
        #expect(withKey.count == 1)
        let signRun = withKey.first?["run"] as? String ?? ""
        #expect(signRun.contains("acceptance-gate sign .acceptance-gate --require-commit \"$HEAD_SHA\""), "\(signRun)")
        // How GitHub saw the test run end, and what ran, never what its folder says.
        #expect(signRun.contains("--test-result \"$TEST_RESULT\""))
        let env = withKey.first?["env"] as? [String: Any] ?? [:]
        #expect(env["TEST_RESULT"] as? String == "${{ github.event.workflow_run.conclusion }}")
        #expect(env["HEAD_SHA"] as? String == "${{ github.event.workflow_run.head_sha }}")
        #expect(env["EVENT"] as? String == "${{ github.event.workflow_run.event }}")
        #expect(signRun.contains("--repo \"$RUNNER_TEMP/change.git\" --base \"refs/remotes/origin/$DEFAULT_BRANCH\" --head \"$HEAD_SHA\""))
        try Self.expectSplit(test: job, sign: sign)
    }

    @Test("GitLab: JUnit report and the report folder kept always")
    func gitlab() throws {
        let parsed = try Self.parse(try Self.rendered(AdoptionTemplates.gitlabCI))
        guard let document = parsed.document else { return }
        let job = try #require(document["acceptance-gate"] as? [String: Any])
        let artifacts = try #require(job["artifacts"] as? [String: Any])
        #expect(artifacts["when"] as? String == "always")
        #expect(artifacts["paths"] as? [String] == [".acceptance-gate/"])
        #expect((artifacts["reports"] as? [String: Any])?["junit"] as? String == ".acceptance-gate/junit.xml")
        let sign = try #require(document["acceptance-gate-sign"] as? [String: Any])
        #expect((sign["variables"] as? [String: Any])?["GIT_STRATEGY"] as? String == "none", "the signing job fetches nothing")
        #expect((sign["environment"] as? [String: Any])?["name"] as? String == "acceptance-gate-signing")
        #expect((sign["script"] as? [String])?.contains { $0.contains("\nacceptance-gate sign .acceptance-gate") } == true)
        #expect(sign["tags"] as? [String] == ["acceptance-gate-signing"], "a runner of its own")
        // The test job's status reaches the signers as which of them runs, never as a dotenv report (#36 review, finding 3).
        #expect((artifacts["reports"] as? [String: Any])?["dotenv"] == nil)
        #expect((sign["script"] as? [String])?.contains { $0.contains("--test-result success --repo") } == true)
        let failed = try #require(document["acceptance-gate-sign-failure"] as? [String: Any])
        #expect((failed["script"] as? [String])?.contains { $0.contains("--test-result failure --repo") } == true)
        #expect((failed["needs"] as? [[String: Any]])?.first?["job"] as? String == "acceptance-gate")
        #expect((sign["needs"] as? [[String: Any]])?.first?["job"] as? String == "acceptance-gate")
    }

    @Test("Bitrise: a script step and deploy-to-bitrise-io of the report folder, always run")
    func bitrise() throws {
        let parsed = try Self.parse(try Self.rendered(AdoptionTemplates.bitrise))
        guard let document = parsed.document else { return }
        let workflow = try #require((document["workflows"] as? [String: Any])?["acceptance-gate"] as? [String: Any])
        let steps = try #require(workflow["steps"] as? [[String: Any]])
        #expect(steps.contains { $0.keys.contains { $0.hasPrefix("script@") } })
        let deploySteps = steps.compactMap { step in step.first { $0.key.hasPrefix("deploy-to-bitrise-io@") }?.value as? [String: Any] }
        let deploy = try #require(deploySteps.first)
        #expect(deploy["is_always_run"] as? Bool == true)
        let inputs = try #require(deploy["inputs"] as? [[String: Any]])
        #expect(inputs.contains { $0["deploy_path"] as? String == ".acceptance-gate" })
        // The signer runs only after the test workflow succeeded, and says so (#36 review, finding 8).
        let pipeline = try #require(
            ((document["pipelines"] as? [String: Any])?["acceptance-gate-pipeline"] as? [String: Any])?["workflows"] as? [String: Any])
        let signNode = try #require(pipeline["acceptance-gate-sign"] as? [String: Any])
        #expect(signNode["should_always_run"] == nil, "the signer runs after a failure: \(signNode)")
        #expect(
            parsed.blocks.contains {
                $0.contains("acceptance-gate sign \"$ACCEPTANCE_GATE_OUT\" --require-commit \"$BITRISE_GIT_COMMIT\" --test-result success")
            })
        #expect(parsed.blocks.contains { $0.contains("export ACCEPTANCE_GATE_REPO=\"https://github.com/") })
    }

    @Test("Jenkins: a stage whose sh block passes bash -n, junit and archiveArtifacts in post always")
    func jenkins() throws {
        let text = try Self.rendered(AdoptionTemplates.jenkinsfile)
        let blocks = text.components(separatedBy: "sh '''").dropFirst().compactMap { $0.components(separatedBy: "'''").first }
        #expect(blocks.count == 2)
        for block in blocks {
            #expect(try Self.bashSyntaxError(block) == nil)
        }
        #expect(blocks.first?.contains("acceptance-gate run --out .acceptance-gate") == true)
        #expect(blocks.first?.contains("SIGNING_KEY") == false)
        let sign = try #require(text.components(separatedBy: "stage('Sign')").last)
        #expect(sign.contains("skipDefaultCheckout()") && sign.contains("credentials('acceptance-gate-signing-key')"))
        #expect(blocks.last?.contains("acceptance-gate sign .acceptance-gate") == true)
        // Without Jenkins' record of the commit nothing is signed, never a sign without --require-commit (#36 review, finding 8).
        #expect(!text.contains("GIT_COMMIT:+"))
        let signLine = try #require(blocks.last?.split(separator: "\n").first { $0.contains("acceptance-gate sign ") })
        let unset = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", "-c", "acceptance-gate() { echo signed \"$@\"; }\nunset GIT_COMMIT\n" + signLine]),
            timeout: .seconds(30))
        #expect(!unset.status.isSuccess && !unset.stdoutText.contains("signed"), "\(unset.stdoutText)")
        #expect(unset.stderrText.contains("GIT_COMMIT is unset on the signing agent"), "\(unset.stderrText)")
        let set = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", "-c", "acceptance-gate() { echo signed \"$@\"; }\nGIT_COMMIT=abc\n" + signLine]),
            timeout: .seconds(30))
        #expect(set.stdoutText.contains("signed sign .acceptance-gate --require-commit abc"), "\(set.stdoutText)\(set.stderrText)")
        // The release is the file's own, set in the script.
        #expect(blocks.last?.contains("export ACCEPTANCE_GATE_REPO=\"https://github.com/") == true)
        let post = try #require(text.components(separatedBy: "post {").dropFirst().first)
        let always = try #require(post.components(separatedBy: "always {").last)
        #expect(always.contains("junit ") && always.contains("'.acceptance-gate/junit.xml'"))
        #expect(text.contains("archiveArtifacts artifacts: '.acceptance-gate/**'"))
        #expect(text.filter { $0 == "{" }.count == text.filter { $0 == "}" }.count)
    }

    @Test("Xcode Cloud: bash with set -euo pipefail, passes bash -n, uses CI_WORKSPACE")
    func xcodeCloud() throws {
        let text = try Self.rendered(AdoptionTemplates.xcodeCloudPostXcodebuild)
        #expect(text.hasPrefix("#!/bin/bash\n"))
        #expect(text.contains("\nset -euo pipefail\n"))
        #expect(text.contains("$CI_WORKSPACE"))
        #expect(try Self.bashSyntaxError(text) == nil)
        // After any other action the script does nothing, successfully.
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", "-c", text], environment: ["CI_XCODEBUILD_ACTION": "archive", "PATH": "/usr/bin:/bin"]),
            timeout: .seconds(30))
        #expect(result.status.isSuccess)
        #expect(result.stdoutText.contains("skipped after 'archive'"))
    }

    @Test("bash -n really rejects a broken block (the check can fail)")
    func bashCheckCanFail() throws {
        #expect(try Self.bashSyntaxError("if true; then echo") != nil)
    }

    @Test("the structural fallback takes a block scalar as a list item, and still finds a bad line after it")
    func fallbackBlockListItem() throws {
        let good = "job:\n  before_script:\n    - a=1\n    - |\n      case x in\n          *) ;;\n      esac\n    - b=2\nnext: 1\n"
        try YAMLShapeCheck.check(good)
        let bad = good.replacingOccurrences(of: "    - b=2\n", with: "    just text\n")
        #expect(throws: YAMLShapeCheck.Problem.self) { try YAMLShapeCheck.check(bad) }
    }

    @Test("the commands the templates name run with the built gate: acceptance-gate --version")
    func versionCommand() throws {
        let binary = BuildProducts.gate
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("acceptance-gate --version not run: no binary at \(binary)")
            return
        }
        for template in CISystem.allCases.map(\.template) {
            #expect(template.text.contains(" --version\n"), "\(template.path) does not print the gate version")
        }
        let result = try ProcessSupervisor.standalone.run(ProcessSpec(arguments: [binary, "--version"]), timeout: .seconds(30))
        #expect(result.status.isSuccess)
        #expect(result.stdoutText.hasPrefix("acceptance-gate "))
    }
}
