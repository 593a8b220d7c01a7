//===----------------------------------------------------------------------===//
// CISystem+PipelineFiles.swift: the pipeline files `init` writes for a CI system.
//===----------------------------------------------------------------------===//

extension CISystem {
    /// Where GitHub's signing workflow goes: a file of its own, triggered by `workflow_run`, so
    /// GitHub always runs the default branch's copy of it, never a pull request's.
    package static let githubSigningWorkflow = ".github/workflows/acceptance-gate-sign.yml"

    /// The templates `init` writes for this system, each with its destination: GitHub's test
    /// workflow and its signing workflow (single-job or matrix); one file for the others.
    ///
    /// - Parameters:
    ///   - pipelinePath: where the main pipeline file goes (``destination(exists:)``).
    ///   - matrix: `--matrix`: GitHub's matrix workflows.
    package func pipelineTemplates(at pipelinePath: String, matrix: Bool) -> [(path: String, template: AdoptionTemplate)] {
        guard self == .github else { return [(pipelinePath, template)] }
        return matrix
            ? [
                (pipelinePath, AdoptionTemplates.githubActionsMatrix),
                (Self.githubSigningWorkflow, AdoptionTemplates.githubActionsMatrixSign),
            ]
            : [(pipelinePath, AdoptionTemplates.githubActions), (Self.githubSigningWorkflow, AdoptionTemplates.githubActionsSign)]
    }

    /// The pipeline files, rendered: no placeholder is left in any of them.
    ///
    /// - Throws: ``AdoptionError/invalidName(kind:value:problem:)`` for `--matrix` with another
    ///   CI system than GitHub; ``AdoptionError/unknownPlaceholder(name:template:)``.
    package func pipelineFiles(at pipelinePath: String, matrix: Bool, values: [String: String], sections: Set<String>)
        throws(AdoptionError) -> [AdoptionFile]
    {
        if matrix, self != .github {
            throw .invalidName(
                kind: "CI system for --matrix", value: rawValue,
                problem: "--matrix writes GitHub Actions workflows; pass --ci github, or leave --matrix out")
        }
        var files: [AdoptionFile] = []
        for (path, template) in pipelineTemplates(at: pipelinePath, matrix: matrix) {
            files.append(
                AdoptionFile(path: path, contents: try template.render(values, sections: sections), isExecutable: template.isExecutable))
        }
        return files
    }

    /// The first signing step `init` prints for GitHub: the environment protects nothing until its
    /// deployment branches are limited (a same-repository pull request's own job can name it and
    /// read its secrets), with the `gh api` commands that show the limit; `nil` elsewhere.
    package var environmentCheckStep: String? {
        guard self == .github else { return nil }
        return "Before adding any secret, limit the environment acceptance-gate-signing to the default branch (Settings > "
            + "Environments > acceptance-gate-signing > Deployment branches and tags: Selected branches, the default branch "
            + "only): until then a same-repository pull request's own job can name the environment and read its key. Check it: "
            + "gh api repos/{owner}/{repo}/environments/acceptance-gate-signing --jq .deployment_branch_policy (not null) and "
            + "gh api repos/{owner}/{repo}/environments/acceptance-gate-signing/deployment-branch-policies --jq '.branch_policies[].name' "
            + "(the default branch alone)."
    }

    /// Where the signing key goes, as `init`'s next step says it: where only the signing job,
    /// and never a job a change defines, can read it.
    package var signingKeyStep: String {
        let text = "give CI the .key file's text as "
        switch self {
        case .github:
            return text + "the secret ACCEPTANCE_GATE_SIGNING_KEY of the environment acceptance-gate-signing (Settings > "
                + "Environments, deployment branches: the default branch), never a repository secret, which a pull request's own "
                + "workflow can read"
        case .gitlab:
            return text + "the masked, protected variable ACCEPTANCE_GATE_SIGNING_KEY (environment scope acceptance-gate-signing), "
                + "and register a protected runner tagged acceptance-gate-signing for the signing job"
        case .jenkins:
            return text + "the secret-text credential acceptance-gate-signing-key, bindable only by the job that builds the default branch"
        case .bitrise: return text + "the secret ACCEPTANCE_GATE_SIGNING_KEY of a separate app that runs only acceptance-gate-sign"
        case .xcodeCloud: return "sign in another CI system: Xcode Cloud cannot keep the key from the tests"
        }
    }
}
