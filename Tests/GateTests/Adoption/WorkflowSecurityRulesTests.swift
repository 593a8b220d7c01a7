//===----------------------------------------------------------------------===//
// WorkflowSecurityRulesTests.swift: the written workflows read as data against issue #36's rules.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import GateProcess
import GateTestSupport
import Testing

/// Every GitHub workflow `init` writes, parsed by PyYAML and held to the rules that keep the
/// signing key, the signer and the gate binary out of a change's reach: nothing a pull request
/// can edit holds a secret or an id-token (unless behind an environment); the signing side
/// checks out nothing of the change and executes nothing from the artifact; the binary is
/// installed, and checked, in every job that runs it; GitLab signs on a runner of its own.
@Suite("written workflows: the signing key, the signer and the binary out of the change's reach")
struct WorkflowSecurityRulesTests {
    /// Triggers whose workflow file a change can define (its own edited copy runs).
    static let changeDefined: Set<String> = ["pull_request", "push", "pull_request_target", "merge_group"]

    static func parsed() throws -> [(file: WrittenWorkflows.File, document: [String: Any])] {
        try WrittenWorkflows.github().joined().map { ($0, try WrittenWorkflows.document($0.text)) }
    }

    @Test("a workflow a pull request runs holds no secret and no id-token: write, outside an environment")
    func noSecretWhereTheChangeDefinesTheJob() throws {
        let workflows = try Self.parsed()
        #expect(workflows.count == 6)
        var tested = 0
        for (file, document) in workflows where !WrittenWorkflows.triggers(document).isDisjoint(with: Self.changeDefined) {
            tested += 1
            Self.checkChangeDefined(document, label: "\(file.form) \(file.path)")
        }
        #expect(tested == 3, "one test workflow per form")
    }

    @Test("the signing workflow: workflow_run of the test workflow, key behind an environment, nothing of the change checked out or run")
    func signingSide() throws {
        let workflows = try Self.parsed()
        var signers = 0
        for (file, document) in workflows where WrittenWorkflows.triggers(document) == ["workflow_run"] {
            signers += 1
            let testName = try #require(
                workflows.first { $0.file.form == file.form && $0.file.path != file.path }?.document["name"] as? String)
            let on = try #require((document["on"] ?? document["true"]) as? [String: Any])
            let trigger = try #require(on["workflow_run"] as? [String: Any])
            #expect(trigger["workflows"] as? [String] == [testName], "\(file.path) signs another workflow's runs")
            try Self.checkSigning(document, label: "\(file.form) \(file.path)")
        }
        #expect(signers == 3, "one signing workflow per form")
    }

    /// The rules for a workflow whose file a change can define (`pull_request`, `push`).
    static func checkChangeDefined(_ document: [String: Any], label: String) {
        let triggers = WrittenWorkflows.triggers(document)
        #expect(!triggers.contains("pull_request_target"), "\(label) runs the base's code with secrets on a pull request")
        #expect(!WrittenWorkflows.json(document["permissions"] ?? [:]).contains("write"), "\(label): \(document["permissions"] ?? "")")
        for (name, job) in WrittenWorkflows.jobs(document) where job["environment"] == nil {
            let text = WrittenWorkflows.json(job)
            #expect(!text.contains("secrets."), "\(label) job \(name) holds a secret")
            #expect(!text.contains("id-token"), "\(label) job \(name) asks for an id-token")
            #expect(!text.contains("attestations"), "\(label) job \(name) attests")
            for step in WrittenWorkflows.steps(job) {
                #expect((step["run"] as? String)?.contains("${{") != true, "\(label) job \(name): an expression in run: (use env:)")
                if (step["uses"] as? String)?.hasPrefix("actions/checkout@") == true {
                    let with = step["with"] as? [String: Any] ?? [:]
                    #expect(with["persist-credentials"] as? Bool == false, "\(label) job \(name) leaves the token in .git/config")
                }
            }
        }
        if let plan = WrittenWorkflows.jobs(document)["plan"] {
            checkPlanJob(plan, label: "\(label) job plan")
        }
    }

    /// The matrix's `plan` job (#38): it reads only artifacts (`actions: read`), checks out
    /// nothing of the change, and plans only from timings verified with the pinned public key.
    static func checkPlanJob(_ job: [String: Any], label: String) {
        #expect(WrittenWorkflows.json(job["permissions"] ?? [:]) == #"{"actions":"read","contents":"read"}"#, "\(label)")
        let steps = WrittenWorkflows.steps(job)
        #expect(!steps.contains { ($0["uses"] as? String)?.hasPrefix("actions/checkout@") == true }, "\(label) checks out the change")
        let plans = steps.compactMap { $0["run"] as? String }.filter { $0.contains("acceptance-gate plan ") }
        #expect(plans.count == 1, "\(label) never plans")
        for run in plans {
            #expect(run.contains("--pubkey \"$RUNNER_TEMP/acceptance-gate.pub\""), "\(label): timings not verified")
            #expect(run.contains("--require-keyid \"$ACCEPTANCE_GATE_KEYID\""), "\(label): the key not pinned")
            #expect(
                run.contains("[ \"$named\" = \"$signer workflow_run success\" ] || continue"),
                "\(label): timings of a run a change could define")
        }
    }

    /// The matrix signer merges with the plan it made itself from the timings run it checked,
    /// never the test run's `plan.json` (#38).
    static func checkSignerPlansItself(_ steps: [[String: Any]], where label: String) {
        let merges = steps.filter { ($0["run"] as? String)?.contains("acceptance-gate merge ") == true }
        #expect(merges.count == 1, "\(label) merges \(merges.count) times")
        for merge in merges {
            let run = merge["run"] as? String ?? ""
            #expect(run.contains("${PLAN:+--plan \"$PLAN\"}"), "\(label): merge without the signer's plan")
            #expect(!run.contains("test-plan"), "\(label): merge trusts the test run's plan")
            #expect((merge["env"] as? [String: Any])?["PLAN"] as? String == "${{ steps.plan.outputs.plan }}", "\(label)")
        }
        let plan = steps.first { $0["id"] as? String == "plan" }
        let run = plan?["run"] as? String ?? ""
        #expect(run.contains("acceptance-gate plan "), "\(label): the signer does not plan itself")
        #expect(run.contains("[ \"$named\" != \"$own workflow_run success\" ]"), "\(label): the timings run is not checked")
        #expect(run.contains("--out \"$RUNNER_TEMP/acceptance-gate-plan.json\""), "\(label): \(run)")
        #expect((plan?["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] == nil, "\(label): the key while planning")
    }

    /// The rules for the signing workflow (`workflow_run`).
    static func checkSigning(_ document: [String: Any], label: String) throws {
        #expect(WrittenWorkflows.json(document["permissions"] ?? "").contains("{}"), "\(label): no default permissions")
        for (name, job) in WrittenWorkflows.jobs(document) {
            let where_ = "\(label) job \(name)"
            let text = WrittenWorkflows.json(job)
            if text.contains("secrets.") || text.contains("id-token") {
                #expect(job["environment"] as? String == "acceptance-gate-signing", "\(where_): a secret outside the environment")
            }
            let steps = WrittenWorkflows.steps(job)
            let uses = steps.compactMap { $0["uses"] as? String }
            #expect(!uses.contains { $0.hasPrefix("actions/checkout@") }, "\(where_) checks out the change")
            #expect(!uses.contains { $0.hasPrefix("actions/cache") }, "\(where_) restores a cache")
            for step in steps where (step["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true {
                let with = step["with"] as? [String: Any] ?? [:]
                #expect(with["run-id"] as? String == "${{ github.event.workflow_run.id }}", "\(where_): an artifact not of the test run")
            }
            for step in steps where (step["uses"] as? String)?.hasPrefix("acceptance-gate/acceptance-gate@") == true {
                #expect((step["with"] as? [String: Any])?["cache"] as? String == "false", "\(where_): the gate from a cache")
            }
            try Self.runBlocksExecuteNothingOfTheChange(steps, where: where_)
            Self.checkSignedAsTheTrustedSideSaw(steps, where: where_)
            if steps.contains(where: { ($0["with"] as? [String: Any])?["name"] as? String == "acceptance-gate-plan" }) {
                Self.checkSignerPlansItself(steps, where: where_)
            }
        }
    }

    /// Every `sign` passes the run's conclusion and the branch the change goes into (findings 1
    /// and 4 of the #36 review), and the attestation is made only after a step, holding no key,
    /// found the verdict sign wrote to be of the protected pipeline (finding 2): never for a
    /// folder sign refused, a rejection, or a pipeline the change defined.
    static func checkSignedAsTheTrustedSideSaw(_ steps: [[String: Any]], where label: String) {
        let signIndex = steps.firstIndex { ($0["run"] as? String)?.contains("acceptance-gate sign ") == true }
        guard let signIndex else {
            Issue.record("\(label) never runs sign")
            return
        }
        let sign = steps[signIndex]
        let run = sign["run"] as? String ?? ""
        let env = sign["env"] as? [String: Any] ?? [:]
        #expect(run.contains("--test-result \"$TEST_RESULT\""), "\(label): sign without the run's conclusion")
        #expect(env["TEST_RESULT"] as? String == "${{ github.event.workflow_run.conclusion }}", "\(label): \(env)")
        #expect(run.contains("--target-branch \"$TARGET_BRANCH\" --default-branch \"$DEFAULT_BRANCH\""), "\(label): no branch check")
        #expect(env["TARGET_BRANCH"] as? String == "${{ steps.target.outputs.branch }}", "\(label): \(env)")
        #expect(env["DEFAULT_BRANCH"] as? String == "${{ github.event.repository.default_branch }}", "\(label): \(env)")
        let target = steps.firstIndex { $0["id"] as? String == "target" }
        #expect(target.map { $0 < signIndex } == true, "\(label): the branch is read after sign")
        let decide = steps.firstIndex { $0["id"] as? String == "protected" }
        #expect(decide.map { $0 > signIndex } == true, "\(label): no step decides on the record sign wrote")
        if let decide {
            let decision = steps[decide]
            #expect((decision["run"] as? String)?.contains("jq -e '.signature.pipeline.definedByChange == false'") == true)
            #expect((decision["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] == nil && decision["if"] == nil)
        }
        let attests = steps.filter { ($0["uses"] as? String)?.hasPrefix("actions/attest@") == true }
        #expect(!attests.isEmpty, "\(label) attests nothing")
        for attest in attests {
            #expect(attest["if"] as? String == "${{ steps.protected.outputs.protected == 'true' }}", "\(label): \(attest["if"] ?? "")")
        }
    }

    /// A hostile variant of a written workflow: `edit` applied to its parsed document.
    static func variant(_ form: String, signing: Bool, _ edit: (inout [String: Any]) -> Void) throws -> [String: Any] {
        let pair = try #require(try WrittenWorkflows.github().first { $0.first?.form == form })
        let file = try #require(signing ? pair.last : pair.first)
        var document = try WrittenWorkflows.document(file.text)
        edit(&document)
        return document
    }

    /// `document` with `change` applied to its job `name`.
    static func editJob(_ document: inout [String: Any], _ name: String, _ change: (inout [String: Any]) -> Void) {
        var jobs = document["jobs"] as? [String: Any] ?? [:]
        var job = jobs[name] as? [String: Any] ?? [:]
        change(&job)
        jobs[name] = job
        document["jobs"] = jobs
    }

    @Test(
        "the rules catch a hostile workflow: a secret, an id-token or attestations in a job a pull request defines",
        arguments: ["secret", "id-token", "pull_request_target"])
    func rulesCatchTheTestSide(hostile: String) throws {
        let document = try Self.variant("single", signing: false) { document in
            switch hostile {
            case "secret":
                Self.editJob(&document, "test") { $0["env"] = ["KEY": "${{ secrets.ACCEPTANCE_GATE_SIGNING_KEY }}"] }
            case "id-token":
                Self.editJob(&document, "test") { $0["permissions"] = ["id-token": "write"] }
            default:
                document["true"] = ["pull_request_target": NSNull()]
            }
        }
        withKnownIssue("the hostile \(hostile) is reported") {
            Self.checkChangeDefined(document, label: "hostile")
        }
    }

    @Test(
        "the rules catch a hostile plan job: a secret, an id-token, a checkout, an expression in run:, timings not verified, not pinned or of any run",
        arguments: ["secret", "id-token", "checkout", "expression", "unverified", "unpinned", "any-run"])
    func rulesCatchThePlanJob(hostile: String) throws {
        let document = try Self.variant("matrix", signing: false) { document in
            Self.editJob(&document, "plan") { job in
                var steps = WrittenWorkflows.steps(job)
                let index = steps.firstIndex { ($0["run"] as? String)?.contains("acceptance-gate plan ") == true } ?? 0
                let run = steps[index]["run"] as? String ?? ""
                switch hostile {
                case "secret": job["env"] = ["KEY": "${{ secrets.ACCEPTANCE_GATE_SIGNING_KEY }}"]
                case "id-token": job["permissions"] = ["actions": "read", "contents": "read", "id-token": "write"]
                case "checkout": steps.insert(["uses": "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683"], at: 0)
                case "expression": steps[index]["run"] = run + "echo \"${{ github.event.pull_request.title }}\"\n"
                case "unverified":
                    steps[index]["run"] = run.replacingOccurrences(of: "--pubkey \"$RUNNER_TEMP/acceptance-gate.pub\" ", with: "")
                case "any-run":
                    steps[index]["run"] = run.replacingOccurrences(
                        of: "[ \"$named\" = \"$signer workflow_run success\" ] || continue", with: "true")
                default: steps[index]["run"] = run.replacingOccurrences(of: "--require-keyid \"$ACCEPTANCE_GATE_KEYID\" ", with: "")
                }
                job["steps"] = steps
            }
        }
        withKnownIssue("the hostile \(hostile) is reported") {
            Self.checkChangeDefined(document, label: "hostile")
        }
    }

    @Test(
        "the rules catch a matrix signer that trusts the test run's plan, or any run's timings",
        arguments: ["test-plan", "no-plan", "any-run"])
    func rulesCatchTheSignerPlan(hostile: String) throws {
        let document = try Self.variant("matrix", signing: true) { document in
            Self.editJob(&document, "sign") { job in
                var steps = WrittenWorkflows.steps(job)
                switch hostile {
                case "test-plan":
                    if let index = steps.firstIndex(where: { ($0["run"] as? String)?.contains("acceptance-gate merge ") == true }) {
                        steps[index]["run"] = (steps[index]["run"] as? String ?? "").replacingOccurrences(
                            of: "${PLAN:+--plan \"$PLAN\"}", with: "--plan \"$RUNNER_TEMP/test-plan/plan.json\"")
                    }
                case "no-plan": steps.removeAll { $0["id"] as? String == "plan" }
                default:
                    if let index = steps.firstIndex(where: { $0["id"] as? String == "plan" }) {
                        steps[index]["run"] = (steps[index]["run"] as? String ?? "").replacingOccurrences(
                            of: "[ \"$named\" != \"$own workflow_run success\" ]", with: "false")
                    }
                }
                job["steps"] = steps
            }
        }
        try withKnownIssue("the hostile \(hostile) is reported") {
            try Self.checkSigning(document, label: "hostile")
        }
    }

    @Test(
        "the rules catch a hostile signer: a checkout, an artifact run, an expression in run:, an artifact of any run, a cached gate, the key outside the environment, an attestation of any signed folder, sign without the run's result or the branch",
        arguments: [
            "checkout", "run-artifact", "expression", "run-id", "cache", "environment", "attest-any", "no-test-result", "no-branch",
        ])
    func rulesCatchTheSigningSide(hostile: String) throws {
        let document = try Self.variant("single", signing: true) { document in
            Self.editJob(&document, "sign") { job in
                var steps = WrittenWorkflows.steps(job)
                switch hostile {
                case "checkout": steps.insert(["uses": "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683"], at: 0)
                case "run-artifact": steps.append(["run": "bash .acceptance-gate/logs/work.log"])
                case "expression": steps.append(["run": "echo \"${{ github.event.workflow_run.head_branch }}\""])
                case "run-id":
                    if let index = steps.firstIndex(where: { ($0["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true }) {
                        steps[index]["with"] = ["name": "acceptance-gate-unsigned"]
                    }
                case "cache":
                    if let index = steps.firstIndex(where: {
                        ($0["uses"] as? String)?.hasPrefix("acceptance-gate/acceptance-gate@") == true
                    }) {
                        steps[index]["with"] = ["version": "0.1.0", "run": "false"]
                    }
                case "attest-any":
                    // The attestation as #36 first wrote it: any folder with an envelope, whatever its pipeline (finding 2).
                    if let index = steps.firstIndex(where: { ($0["uses"] as? String)?.hasPrefix("actions/attest@") == true }) {
                        steps[index]["if"] = "${{ !cancelled() && hashFiles('.acceptance-gate/report.dsse.json') }}"
                    }
                case "no-test-result", "no-branch":
                    // The matrix signer as #36 first wrote it (finding 4), or a signer that trusts any base branch (finding 1).
                    let option = hostile == "no-test-result" ? " --test-result \"$TEST_RESULT\"" : " --target-branch \"$TARGET_BRANCH\""
                    if let index = steps.firstIndex(where: { ($0["run"] as? String)?.contains("acceptance-gate sign ") == true }) {
                        steps[index]["run"] = (steps[index]["run"] as? String ?? "").replacingOccurrences(of: option, with: "")
                    }
                default: job["environment"] = nil
                }
                job["steps"] = steps
            }
        }
        try withKnownIssue("the hostile \(hostile) is reported") {
            try Self.checkSigning(document, label: "hostile")
        }
    }

    /// What the signing side's shell may do: fetch commits into a bare repository, and run the
    /// gate; never an expression expanded into the script, never a file of the artifact run.
    static func runBlocksExecuteNothingOfTheChange(_ steps: [[String: Any]], where label: String) throws {
        for step in steps {
            guard let run = step["run"] as? String else { continue }
            #expect(!run.contains("${{"), "\(label): an expression in a run: block (inject through env:)")
            for forbidden in ["chmod", "source ", "eval ", "unzip", "tar ", "bash ", "sh -c", "./", "checkout", "clone", "worktree"] {
                #expect(!run.contains(forbidden), "\(label) runs '\(forbidden)' on the signing side:\n\(run)")
            }
            let hasKey = (step["env"] as? [String: Any])?["ACCEPTANCE_GATE_SIGNING_KEY"] != nil
            var continued = false
            for line in run.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                defer { continued = line.hasSuffix("\\") }
                guard !continued, !line.isEmpty, !line.hasPrefix("#") else { continue }
                let command = String(line.split(separator: " ").first ?? "")
                if command == "git" {
                    #expect(
                        line.contains("init --quiet --bare") || line.contains(" fetch "), "\(label): git may only fetch as data: \(line)")
                }
                if hasKey {
                    // With the key in the environment only the gate (and plain shell) runs.
                    #expect(
                        ["acceptance-gate", "mkdir", "printf", "for", "done", "do"].contains(command),
                        "\(label): '\(line)' runs with the key")
                }
            }
        }
    }

    @Test("every job that runs the gate installs it first through the action, which checks it on every use")
    func binaryCheckedOnEveryUse() throws {
        for (file, document) in try Self.parsed() {
            for (name, job) in WrittenWorkflows.jobs(document) {
                let steps = WrittenWorkflows.steps(job)
                let install = steps.firstIndex { ($0["uses"] as? String)?.hasPrefix("acceptance-gate/acceptance-gate@") == true }
                let firstUse = steps.firstIndex { ($0["run"] as? String)?.contains("acceptance-gate ") == true }
                #expect(firstUse != nil, "\(file.path) job \(name) never runs the gate")
                if let firstUse {
                    #expect(install.map { $0 < firstUse } == true, "\(file.path) job \(name) runs a gate it did not install")
                }
            }
        }
        // The action: the archive is checked against the release's SHA256SUMS whether or not the
        // cache had it, unpacked afresh, and run with exec.
        let action = try WrittenWorkflows.document(try RepositoryFiles.text("action.yml"))
        let steps = try #require((action["runs"] as? [String: Any])?["steps"] as? [Any]).compactMap { $0 as? [String: Any] }
        let check = try #require(steps.first { ($0["name"] as? String)?.hasPrefix("Check the release against its SHA256SUMS") == true })
        #expect(!(check["if"] as? String ?? "").contains("cache"), "the check depends on the cache: \(check["if"] ?? "")")
        let script = check["run"] as? String ?? ""
        #expect(script.contains("curl -fsSL --retry 3 -o \"$work/SHA256SUMS\""), "the sums are fetched every time")
        #expect(script.contains("tar -xzf \"$work/gate.tar.gz\" -C \"$GATE_RUN_DIR\""), "unpacked from the checked copy")
        let cache = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true })
        #expect(cache["if"] as? String == "inputs.cache == 'true'")
        for id in ["gate", "gate-lenient"] {
            let run = try #require(steps.first { $0["id"] as? String == id })
            #expect((run["run"] as? String)?.contains("exec \"$GATE_BIN\" \"${arguments[@]}\"") == true, "\(id) does not exec the gate")
            #expect(!((run["run"] as? String) ?? "").contains("GITHUB_OUTPUT"), "the gate writes the outputs itself")
        }
    }

    @Test(
        "GitLab: two signing jobs (on success, on failure) with a literal --test-result, on a runner tag of their own, on the default branch only, with nothing of the change, their own PATH and their own release; no dotenv report"
    )
    func gitlabSigningJob() throws {
        let gitlab = try #require(try WrittenWorkflows.others().first { $0.form == "gitlab" })
        let document = try WrittenWorkflows.document(gitlab.text)
        let build = try #require(document[".acceptance-gate-build"] as? [String: Any])
        let testTags = Set(build["tags"] as? [String] ?? [])
        // A dotenv report's variables override the file's in later jobs: the test job could set the signer's (finding 3).
        #expect(!gitlab.text.contains("dotenv:"))
        #expect(!gitlab.text.contains("ACCEPTANCE_GATE_TEST_RESULT"))
        for (name, when, result) in [
            ("acceptance-gate-sign", "on_success", "success"), ("acceptance-gate-sign-failure", "on_failure", "failure"),
        ] {
            let sign = try #require(document[name] as? [String: Any], "no job \(name)")
            let signTags = Set(sign["tags"] as? [String] ?? [])
            #expect(signTags == ["acceptance-gate-signing"])
            #expect(testTags.isDisjoint(with: signTags) && !testTags.isEmpty)
            #expect(sign["extends"] == nil, "\(name) shares the test job's runner settings")
            #expect((sign["variables"] as? [String: Any])?.keys.sorted() == ["GIT_STRATEGY"], "\(name): \(sign["variables"] ?? "")")
            #expect((sign["variables"] as? [String: Any])?["GIT_STRATEGY"] as? String == "none")
            let rules = try #require(sign["rules"] as? [[String: Any]])
            #expect(rules.count == 1 && rules.first?["if"] as? String == "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH")
            #expect(rules.first?["when"] as? String == when, "\(name): \(rules)")
            let before = sign["before_script"] as? [String] ?? []
            #expect(before.first == "export PATH=/usr/bin:/bin:/usr/sbin:/sbin", "\(before)")
            // The release is set in the script, after any variable: no pipeline or trigger variable reaches the download.
            let release = before.firstIndex { $0.hasPrefix("export ACCEPTANCE_GATE_REPO=\"https://github.com/") }
            let install = before.firstIndex { $0.contains("curl -fsSL") }
            #expect(release != nil && install != nil && release.map { r in install.map { r < $0 } ?? false } == true, "\(before)")
            let script = (sign["script"] as? [String] ?? []).joined(separator: "\n")
            #expect(script.contains("case \"$base\" in ''|*[!0]*) ;; *) base=\"\" ;; esac"), "forty zeros before the push: the tip alone")
            #expect(script.contains("base=\"${base:-refs/remotes/origin/$CI_DEFAULT_BRANCH}\""))
            #expect(script.contains("--test-result \(result) --repo"), "\(name): \(script)")
            #expect(script.contains("--base \"$base\" --head \"$CI_COMMIT_SHA\""))
            #expect(script.contains("--target-branch \"${CI_COMMIT_BRANCH:-}\" --default-branch \"$CI_DEFAULT_BRANCH\""))
            // Run as GitLab would, git and the gate stubbed: forty zeros before the push fetch and compare the tip alone.
            for (before, base) in [(String(repeating: "0", count: 40), "refs/remotes/origin/main"), ("ab12", "ab12")] {
                let stubs = "git() { echo \"git $*\"; }\nacceptance-gate() { echo \"gate $*\"; }\n"
                let ran = try ProcessSupervisor.standalone.run(
                    ProcessSpec(
                        arguments: ["bash", "-euc", stubs + script],
                        environment: [
                            "PATH": "/usr/bin:/bin", "CI_COMMIT_BEFORE_SHA": before, "CI_DEFAULT_BRANCH": "main",
                            "CI_COMMIT_BRANCH": "main",
                            "CI_COMMIT_SHA": "cafe", "CI_REPOSITORY_URL": "https://example.invalid/r.git", "CI_PIPELINE_SOURCE": "push",
                            "CI_COMMIT_REF_NAME": "main",
                        ]),
                    timeout: .seconds(30))
                #expect(ran.status.isSuccess, "\(ran.stderrText)")
                let fetch = ran.stdoutText.split(separator: "\n").first { $0.contains(" fetch ") }.map(String.init) ?? ""
                #expect(fetch.hasSuffix("refs/heads/main:refs/remotes/origin/main cafe" + (base == "ab12" ? " ab12" : "")), "\(fetch)")
                #expect(ran.stdoutText.contains("--test-result \(result) --repo "), "\(ran.stdoutText)")
                #expect(ran.stdoutText.contains("--base \(base) --head cafe"), "\(ran.stdoutText)")
            }
        }
        #expect(gitlab.text.contains("protected"), "the file says to make the key a protected variable")
    }
}
