//===----------------------------------------------------------------------===//
// CIJob.swift: which CI job this process runs in, as the CI system names it.
//===----------------------------------------------------------------------===//

/// The CI job a process runs in, from the variables the CI system itself sets: recorded in the
/// report for the test run and for the signing, so a reader of the signed statement sees whether
/// the key shared a job with the code under test.
package enum CIJob {
    /// One line naming the job (`github run 123 attempt 1 job test`, `gitlab job 456`, …), or
    /// `nil` outside a CI system that names its jobs.
    package static func identifier(environment: [String: String]) -> String? {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty, text.utf8.count <= 200 else { return nil }
            // One printable line: the value is the CI's, but the same user's code can set it too.
            return text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) ? text : nil
        }
        if let run = value("GITHUB_RUN_ID") {
            let attempt = value("GITHUB_RUN_ATTEMPT").map { " attempt \($0)" } ?? ""
            let job = value("GITHUB_JOB").map { " job \($0)" } ?? ""
            return "github run \(run)\(attempt)\(job)"
        }
        if let job = value("CI_JOB_ID") {
            let pipeline = value("CI_PIPELINE_ID").map { " pipeline \($0)" } ?? ""
            return "gitlab job \(job)\(pipeline)"
        }
        if let build = value("BITRISE_BUILD_SLUG") {
            let workflow = value("BITRISE_TRIGGERED_WORKFLOW_ID").map { " workflow \($0)" } ?? ""
            return "bitrise build \(build)\(workflow)"
        }
        if let tag = value("BUILD_TAG") ?? value("BUILD_URL") {
            return "jenkins \(tag)"
        }
        if let build = value("CI_BUILD_ID"), value("CI_XCODE_PROJECT") != nil || value("CI_WORKFLOW") != nil {
            return "xcode-cloud build \(build)"
        }
        return nil
    }

    /// Whether the process runs in CI (`CI=true`, as every major CI system sets it).
    package static func isCI(environment: [String: String]) -> Bool {
        ["true", "1", "yes"].contains((environment["CI"] ?? "").lowercased())
    }
}
