//===----------------------------------------------------------------------===//
// LinuxTesting.swift: whether the team's own CI builds or tests the package on Linux.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// Whether the team's own CI already builds or tests the package on Linux, read from its GitHub
/// workflows and `.gitlab-ci.yml`, so that `init` adds the Linux jobs only where the team cares
/// about Linux. Conservative: one GitHub job must both run on Linux (an `ubuntu-*` or `linux`
/// runner, or a `swift` container image) and run `swift build` or `swift test`, or call a reusable
/// workflow whose name or inputs say it builds or tests Swift on Linux; a GitLab file must
/// use a `swift` image and run one of them. The files are untrusted input: read as ``SafeFile``s
/// (no symbolic link followed, at most ``maximumFileSize`` bytes each, at most
/// ``maximumWorkflows`` of them), never executed, and matched line by line.
package struct LinuxTesting: Equatable, Sendable {
    /// The file that shows it, relative to the repository; `nil` when none does.
    package var file: String?
    /// What was found (`swift test on ubuntu-latest`) or what was looked at.
    package var reason: String
    /// Whether the team's CI tests on Linux (or `init --linux` says to treat it so).
    package var found: Bool

    /// What was read: found when `file` shows it.
    package init(file: String?, reason: String) {
        self.file = file
        self.reason = reason
        self.found = file != nil
    }

    /// The team's own choice, `init --linux` (`true`) or `--no-linux`, over what the files say.
    package init(chosen: Bool) {
        self.file = nil
        self.found = chosen
        self.reason = chosen ? "--linux asks for them" : "--no-linux"
    }

    /// Shared workflows known to test Swift on Linux when their inputs say nothing about Linux
    /// (Linux is their default): the Swift project's own and SwiftNIO's, which many packages call.
    static let linuxByDefault = ["swiftlang/github-workflows/", "apple/swift-nio/"]

    /// The largest pipeline file read; a bigger one is skipped (and named in ``reason``).
    package static let maximumFileSize = 256 * 1024
    /// The most workflow files read, in name order.
    package static let maximumWorkflows = 64
    /// The folder of GitHub workflows.
    static let workflowsFolder = ".github/workflows"

    /// Reads the pipelines in `directory`, leaving out `ownWorkflow` (the file `init` writes).
    package static func detect(in directory: String, ownWorkflow: String) -> LinuxTesting {
        var skipped: [String] = []
        var candidates: [(path: String, gitlab: Bool)] = []
        let workflows = AdoptionPlan.join(directory, workflowsFolder)
        if isRealDirectory(workflows) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: workflows)) ?? []).filter {
                ($0.hasSuffix(".yml") || $0.hasSuffix(".yaml")) && isPrintable($0)
            }.sorted()
            for name in names.prefix(maximumWorkflows) where workflowsFolder + "/" + name != ownWorkflow {
                candidates.append((workflowsFolder + "/" + name, false))
            }
            if names.count > maximumWorkflows {
                skipped.append("\(names.count - maximumWorkflows) workflows past the first \(maximumWorkflows)")
            }
        } else if AdoptionPlan.pathExists(workflows) {
            skipped.append(workflowsFolder + " (not a folder)")
        }
        if AdoptionPlan.pathExists(AdoptionPlan.join(directory, ".gitlab-ci.yml")) { candidates.append((".gitlab-ci.yml", true)) }
        for (path, gitlab) in candidates {
            let bytes: [UInt8]
            do {
                bytes = try SafeFile.contents(ofFile: AdoptionPlan.join(directory, path), limit: maximumFileSize)
            } catch {
                skipped.append(path)
                continue
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if let evidence = gitlab ? gitlabEvidence(text) : githubEvidence(text) {
                return LinuxTesting(file: path, reason: "\(path) runs \(evidence)")
            }
        }
        let skippedNote = skipped.isEmpty ? "" : "; not read: " + skipped.joined(separator: ", ")
        return LinuxTesting(
            file: nil,
            reason: "no job in \(workflowsFolder) or .gitlab-ci.yml runs swift build or swift test on an ubuntu runner or a swift image, "
                + "or calls a reusable workflow that says it tests Swift on Linux (pass --linux to add the Linux jobs anyway)"
                + skippedNote)
    }

    // MARK: - Matching

    /// `swift test on ubuntu-latest` when one job of the GitHub workflow `text` runs `swift build`
    /// or `swift test` on a Linux runner or in a `swift` container, or calls a reusable workflow
    /// that builds or tests Swift on Linux (``reusableEvidence(_:)``); `nil` otherwise.
    package static func githubEvidence(_ text: String) -> String? {
        for job in jobs(in: text) {
            if let evidence = reusableEvidence(job) { return evidence }
            var runner: String?
            var command: String?
            for line in job {
                command = command ?? swiftCommand(in: line)
                guard runner == nil, let (key, items) = keyAndItems(line) else { continue }
                switch key {
                case "runs-on":
                    runner = items.first { isUbuntuLabel($0) || $0.lowercased() == "linux" }
                case "container", "image":
                    runner = items.first(where: isSwiftImage)
                default:
                    // A matrix of runners (`os: [ubuntu-latest, macos-15]`, `- ubuntu-22.04`).
                    runner = items.first(where: isUbuntuLabel)
                }
            }
            if let runner, let command { return "\(command) on \(runner)" }
        }
        return nil
    }

    /// `the reusable workflow OWNER/REPO/.github/workflows/FILE@REF (…)` when the job's lines call
    /// another repository's workflow (`uses:` at the job's level) whose name or inputs say it
    /// builds or tests Swift on Linux: its name says test, build or CI; its path or an input says
    /// Swift; and an input says Linux (`linux_6_0_enabled: true`, `enable_linux_checks: true`; when
    /// every input about Linux is off, it is not), or with no such input its name says Linux or it
    /// is a shared workflow whose default is Linux (``linuxByDefault``). `nil` otherwise.
    static func reusableEvidence(_ job: [Substring]) -> String? {
        // A step's `uses:` names an action, never a workflow, so any `uses:` of this shape is the job's.
        var call: String?
        var name = ""
        var inputs: [(key: String, value: String)] = []
        for line in job {
            guard let (key, items) = keyAndItems(line) else { continue }
            if key == "uses", let value = items.first, isReusableWorkflow(value) {
                call = value
            } else if key == "name", name.isEmpty {
                name = items.joined(separator: ",").lowercased()
            } else if key != "-", key != "uses" {
                inputs.append((key.lowercased(), items.joined(separator: ",").lowercased()))
            }
        }
        guard let call else { return nil }
        let path = call.split(separator: "@", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let isOff = { (value: String) in ["false", "no", "off", "0"].contains(value) }
        let linuxInputs = inputs.filter { $0.key.contains("linux") }
        let saysTesting = ["test", "build", "ci"].contains { file.contains($0) || name.contains($0) }
        let saysSwift = path.contains("swift") || inputs.contains { $0.key.contains("swift") }
        let linux: String?
        if !linuxInputs.isEmpty {
            // Inputs about Linux say it outright, and win over the name: all off is no Linux.
            linux = linuxInputs.first(where: { !isOff($0.value) })?.key
        } else if file.contains("linux") || name.contains("linux") {
            linux = "its name"
        } else if linuxByDefault.contains(where: { path.hasPrefix($0) }) {
            linux = "its default"
        } else {
            linux = nil
        }
        guard saysTesting, saysSwift, let linux else { return nil }
        return "the reusable workflow \(call) (Swift on Linux: \(linux))"
    }

    /// Whether `value` names another repository's reusable workflow:
    /// `OWNER/REPO/.github/workflows/FILE.yml@REF`.
    static func isReusableWorkflow(_ value: String) -> Bool {
        guard !value.hasPrefix("./"), let at = value.firstIndex(of: "@") else { return false }
        let path = value[..<at]
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 5 && parts[2] == ".github" && parts[3] == "workflows"
            && (path.hasSuffix(".yml") || path.hasSuffix(".yaml"))
    }

    /// `swift test in swift:6.0` when the GitLab CI file `text` names a `swift` image and runs
    /// `swift build` or `swift test`; `nil` otherwise.
    package static func gitlabEvidence(_ text: String) -> String? {
        var image: String?
        var command: String?
        for line in text.split(whereSeparator: \.isNewline) {
            command = command ?? swiftCommand(in: line)
            if image == nil, let (key, items) = keyAndItems(line), key == "image" || key == "name" {
                image = items.first(where: isSwiftImage)
            }
        }
        guard let image, let command else { return nil }
        return "\(command) in \(image)"
    }

    /// The lines of each job under the workflow's top-level `jobs:` key: a job starts at each line
    /// indented like the first key below `jobs:`.
    static func jobs(in text: String) -> [[Substring]] {
        var jobs: [[Substring]] = []
        var inJobs = false
        var jobIndent: Int?
        for line in text.split(whereSeparator: \.isNewline) {
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 0 {
                inJobs = content.hasPrefix("jobs:")
                continue
            }
            guard inJobs else { continue }
            if jobIndent == nil { jobIndent = indent }
            if indent == jobIndent {
                jobs.append([])
            } else if indent > (jobIndent ?? 0), !jobs.isEmpty {
                jobs[jobs.count - 1].append(content)
            }
        }
        return jobs
    }

    /// `swift test` or `swift build` when the line runs one of them (outside a comment).
    static func swiftCommand(in line: Substring) -> String? {
        let content = line.drop { $0 == " " }
        guard !content.hasPrefix("#") else { return nil }
        return ["swift test", "swift build"].first { content.contains($0) }
    }

    /// A `key: value` line's key and the value's items (a flow list's elements, or the one value),
    /// unquoted; a `- item` line has the key `-`. `nil` for a comment or an empty line.
    static func keyAndItems(_ line: Substring) -> (key: String, items: [String])? {
        var content = line.drop { $0 == " " }
        guard !content.isEmpty, !content.hasPrefix("#") else { return nil }
        var key = "-"
        if content.hasPrefix("- ") {
            content = content.dropFirst(2)
        } else if let colon = content.firstIndex(of: ":") {
            // A YAML key ends at a colon followed by a space or the line's end (`swift:6.0` is a value).
            let rest = content[content.index(after: colon)...]
            if rest.isEmpty || rest.first == " " {
                key = content[..<colon].filter { $0 != "\"" && $0 != "'" }
                content = rest
            }
        }
        if let comment = content.range(of: " #") { content = content[..<comment.lowerBound] }
        var value = content.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("["), value.hasSuffix("]") { value = String(value.dropFirst().dropLast()) }
        let items = value.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return (key, items.filter { !$0.isEmpty && isPrintable($0) })
    }

    /// Whether `text` is short printable ASCII. Why: a runner, image or file name goes into the
    /// line init prints, and text from the team's files must not bring terminal escapes or
    /// workflow commands with it; nothing else is a runner label or image name anyway.
    static func isPrintable(_ text: String) -> Bool {
        text.utf8.count <= 120 && text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
    }

    /// A GitHub-hosted Ubuntu runner label: `ubuntu-latest`, `ubuntu-24.04`, `ubuntu-22.04-arm`.
    static func isUbuntuLabel(_ item: String) -> Bool {
        let label = item.lowercased()
        return label.hasPrefix("ubuntu-") && label.count > 7
            && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
    }

    /// An image named `swift` (the official images), in any registry and with any tag:
    /// `swift:6.0-jammy`, `swiftlang/swift:nightly`, `docker.io/library/swift`.
    static func isSwiftImage(_ item: String) -> Bool {
        let reference = item.lowercased()
        let lastComponent = reference.split(separator: "/").last.map(String.init) ?? reference
        let name = lastComponent.split(separator: ":", maxSplits: 1).first.map(String.init) ?? lastComponent
        return name == "swift"
    }

    /// Whether `path` is a folder itself, not a symbolic link to one.
    private static func isRealDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
