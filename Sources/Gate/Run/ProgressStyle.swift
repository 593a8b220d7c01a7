//===----------------------------------------------------------------------===//
// ProgressStyle.swift: how progress is shown (colour, live lines, how much).
//===----------------------------------------------------------------------===//

/// How progress is shown.
package struct ProgressStyle: Equatable, Sendable {
    /// Colour escapes around ✓ and ✗ (a terminal, without `NO_COLOR`, outside CI).
    package var colour: Bool
    /// A live, rewritten test-count line (a terminal outside CI); CI logs get plain lines only.
    package var live: Bool
    /// Only the verdict line.
    package var quiet: Bool
    /// Every test result and every note as well.
    package var verbose: Bool

    /// Creates a style.
    package init(colour: Bool = false, live: Bool = false, quiet: Bool = false, verbose: Bool = false) {
        self.colour = colour
        self.live = live
        self.quiet = quiet
        self.verbose = verbose
    }

    /// The style for a stream: colour and live lines only on a terminal, never with `NO_COLOR`
    /// (any value), and never in CI (`CI`, `GITHUB_ACTIONS`, `GITLAB_CI`, `JENKINS_URL`,
    /// `BUILDKITE`, `TF_BUILD`).
    package static func detect(isTerminal: Bool, environment: [String: String], quiet: Bool, verbose: Bool) -> ProgressStyle {
        let ci = isContinuousIntegration(environment)
        let colour = isTerminal && !ci && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        return ProgressStyle(colour: colour, live: isTerminal && !ci, quiet: quiet, verbose: verbose)
    }

    /// True when one of the CI systems' own variables is set.
    package static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        let flags = ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD"]
        if flags.contains(where: { value in
            guard let text = environment[value]?.lowercased() else { return false }
            return !text.isEmpty && text != "false" && text != "0"
        }) {
            return true
        }
        return environment["JENKINS_URL"].map { !$0.isEmpty } ?? false
    }
}
