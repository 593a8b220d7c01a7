//===----------------------------------------------------------------------===//
// CICommit.swift: the commit a CI system says it built.
//===----------------------------------------------------------------------===//

/// The commit a CI system says it built, and the environment variable that said so.
///
/// A pull-request build can check out a merge commit, so this may differ from HEAD.
package struct CICommit: Codable, Equatable, Hashable, Sendable {
    /// The commit ID as the CI system gave it (trimmed of surrounding white space).
    package var id: String
    /// The environment variable it came from, e.g. `GITHUB_SHA`.
    package var variable: String

    /// The variables read, in order of preference: GitHub Actions, GitLab CI, TeamCity, Bitrise,
    /// CircleCI, Jenkins, Buildkite, Azure Pipelines.
    package static let variables = [
        "GITHUB_SHA", "CI_COMMIT_SHA", "BUILD_VCS_NUMBER", "BITRISE_GIT_COMMIT", "CIRCLE_SHA1", "GIT_COMMIT",
        "BUILDKITE_COMMIT", "BUILD_SOURCEVERSION",
    ]

    /// The first of ``variables`` set to a non-blank value in `environment`, or `nil`.
    package static func detect(in environment: [String: String]) -> CICommit? {
        for variable in variables {
            guard let value = environment[variable] else { continue }
            let id = value.trimmingWhiteSpace()
            if !id.isEmpty {
                return CICommit(id: id, variable: variable)
            }
        }
        return nil
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingWhiteSpace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
