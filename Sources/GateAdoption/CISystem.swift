//===----------------------------------------------------------------------===//
// CISystem.swift: the CI systems `init` writes a pipeline for, and how each is recognised.
//===----------------------------------------------------------------------===//

/// A CI system `acceptance-gate init` writes a pipeline file for.
package enum CISystem: String, CaseIterable, Equatable, Sendable {
    /// GitHub Actions: `.github/workflows/acceptance-gate.yml`.
    case github
    /// GitLab CI: `.gitlab-ci.yml`, or an includable file when one exists.
    case gitlab
    /// Jenkins: `Jenkinsfile`, or `ci/acceptance-gate.Jenkinsfile` when one exists.
    case jenkins
    /// Xcode Cloud: `ci_scripts/ci_post_xcodebuild.sh`, or a script to call from an existing one.
    case xcodeCloud = "xcode-cloud"
    /// Bitrise: `bitrise.yml`, or `bitrise.acceptance-gate.yml` when one exists.
    case bitrise

    /// The marker whose presence in a repository means this system, in detection order.
    package var marker: String {
        switch self {
        case .github: ".github"
        case .gitlab: ".gitlab-ci.yml"
        case .jenkins: "Jenkinsfile"
        case .xcodeCloud: "ci_scripts"
        case .bitrise: "bitrise.yml"
        }
    }

    /// The embedded template for this system.
    package var template: AdoptionTemplate {
        switch self {
        case .github: AdoptionTemplates.githubActions
        case .gitlab: AdoptionTemplates.gitlabCI
        case .jenkins: AdoptionTemplates.jenkinsfile
        case .xcodeCloud: AdoptionTemplates.xcodeCloudPostXcodebuild
        case .bitrise: AdoptionTemplates.bitrise
        }
    }

    /// Where the pipeline file goes, relative to the repository. The system's own main file when it
    /// is free; when the team already has one, a file beside it that they include or merge, so
    /// `init` never takes over a pipeline they wrote.
    ///
    /// - Parameter exists: whether a path relative to the repository exists.
    package func destination(exists: (String) -> Bool) -> String {
        switch self {
        case .github: ".github/workflows/acceptance-gate.yml"
        case .gitlab: exists(".gitlab-ci.yml") ? ".gitlab/acceptance-gate.gitlab-ci.yml" : ".gitlab-ci.yml"
        case .jenkins: exists("Jenkinsfile") ? "ci/acceptance-gate.Jenkinsfile" : "Jenkinsfile"
        case .xcodeCloud:
            exists("ci_scripts/ci_post_xcodebuild.sh")
                ? "ci_scripts/acceptance-gate-post-xcodebuild.sh" : "ci_scripts/ci_post_xcodebuild.sh"
        case .bitrise: exists("bitrise.yml") ? "bitrise.acceptance-gate.yml" : "bitrise.yml"
        }
    }

    /// The first system whose marker exists, in the order of ``allCases``; `nil` when none does.
    ///
    /// - Parameter exists: whether a path relative to the repository exists.
    package static func detect(exists: (String) -> Bool) -> CISystem? {
        allCases.first { exists($0.marker) }
    }
}
