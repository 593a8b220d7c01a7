//===----------------------------------------------------------------------===//
// AdoptionPlan.swift: what `acceptance-gate init` will write, decided before anything is written.
//===----------------------------------------------------------------------===//

import FrameCodec
import FrameConformance

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything `acceptance-gate init` will write into a team's repository and what it will tell
/// them, decided before a single byte is written (``write(force:)`` then writes it).
package struct AdoptionPlan: Equatable, Sendable {
    /// The repository root the paths are relative to.
    package var directory: String
    /// The CI system the pipeline file is for.
    package var ci: CISystem
    /// Why that system: `--ci`, `found .github` or `the default`.
    package var ciReason: String
    /// The test target.
    package var target: String
    /// The Xcode scheme (used with `--ios`).
    package var scheme: String
    /// Whether the project is an Xcode project.
    package var ios: Bool
    /// The files, in the order they are written and listed.
    package var files: [AdoptionFile]
    /// What the team does next, one sentence each; the command to run comes after them.
    package var nextSteps: [String]

    /// The command the team runs once the files are in place.
    package static let nextCommand = "acceptance-gate run"

    /// The longest test target or scheme name accepted.
    static let maximumNameLength = 200

    /// Decides what to write for `options`.
    ///
    /// - Throws: ``AdoptionError/notADirectory(_:)``, ``AdoptionError/invalidName(kind:value:problem:)``,
    ///   ``AdoptionError/unknownPlaceholder(name:template:)``.
    package static func make(_ options: AdoptionOptions) throws(AdoptionError) -> AdoptionPlan {
        let directory = options.directory
        guard isDirectory(directory) else { throw .notADirectory(directory) }
        let project = projectName(of: directory)
        let target = options.target ?? project + "Tests"
        try validateTarget(target)
        let scheme = options.scheme ?? project
        try validateScheme(scheme)
        let exists = { (path: String) in pathExists(join(directory, path)) }
        let ci: CISystem
        let ciReason: String
        if let chosen = options.ci {
            (ci, ciReason) = (chosen, "--ci")
        } else if let detected = CISystem.detect(exists: exists) {
            (ci, ciReason) = (detected, "found \(detected.marker)")
        } else {
            (ci, ciReason) = (.github, "the default")
        }
        let values = AdoptionTemplates.values(target: target, scheme: scheme, gateVersion: options.gateVersion)
        let testsFolder = options.ios ? target : "Tests/\(target)"
        let vectors = FrameVectorExporter(
            vectors: FrameVectors.handVerified(limit: FrameFormat.defaultLimit), limit: FrameFormat.defaultLimit,
            toolVersion: options.gateVersion)
        let pipelinePath = ci.destination(exists: exists)
        let files = [
            AdoptionFile(
                path: "acceptance-gate.json", contents: AdoptionConfiguration.json(target: target, scheme: scheme, ios: options.ios)),
            AdoptionFile(
                path: "\(testsFolder)/RedirectBoundaryTests.swift",
                contents: try AdoptionTemplates.redirectBoundaryTests.render(values)),
            AdoptionFile(path: "\(testsFolder)/FrameVectorTests.swift", contents: vectors.swift(className: "FrameVectorTests")),
            AdoptionFile(path: pipelinePath, contents: try ci.template.render(values), isExecutable: ci.template.isExecutable),
        ]
        var plan = AdoptionPlan(
            directory: directory, ci: ci, ciReason: ciReason, target: target, scheme: scheme, ios: options.ios, files: files,
            nextSteps: [])
        plan.nextSteps = plan.steps(testsFolder: testsFolder, pipelinePath: pipelinePath)
        return plan
    }

    /// The next steps for this plan.
    private func steps(testsFolder: String, pipelinePath: String) -> [String] {
        var steps: [String] = []
        if ios {
            steps.append(
                "Add \(testsFolder)/RedirectBoundaryTests.swift and FrameVectorTests.swift to the \(target) test target in Xcode "
                    + "(a synchronized folder picks them up by itself).")
            steps.append(
                "The xcodebuild suite in acceptance-gate.json runs scheme '\(scheme)' on '\(AdoptionConfiguration.simulatorDestination)': "
                    + "change -destination to a simulator your Xcode has, and add -workspace or -project when the folder holds several.")
        } else {
            steps.append(
                "The tests went into \(testsFolder)/: if Package.swift has no test target '\(target)', add "
                    + ".testTarget(name: \"\(target)\") or pass --target with yours.")
        }
        steps.append(
            "FrameVectorTests.swift tests FrameCodec's FrameDecoder: add acceptance-gate's FrameCodec product to \(target), "
                + "or point its decode(_:) and kind(of:) at your own decoder and remove 'import FrameCodec'.")
        steps.append(
            "The frames suite checks the gate's built-in decoder; to check yours, replace \"decoder\": \"builtin\" in "
                + "acceptance-gate.json with its command, e.g. [\"./your-decoder\", \"--batch\"], speaking the "
                + "'acceptance-gate frames decode --batch' protocol (hex lines in; 'ok <hex>' or 'error <kind>' out).")
        steps.append(ciStep(pipelinePath: pipelinePath))
        steps.append("Add .acceptance-gate/ (the report folder) to .gitignore.")
        return steps
    }

    /// What to do about the pipeline file.
    private func ciStep(pipelinePath: String) -> String {
        let repo = "set ACCEPTANCE_GATE_REPO to the URL of your clone or fork of acceptance-gate (the pipeline builds it)"
        switch (ci, pipelinePath == ci.destination(exists: { _ in false })) {
        case (.github, _): return "In GitHub, \(repo) as a repository variable."
        case (.gitlab, true): return "In GitLab, \(repo) in \(pipelinePath)."
        case (.gitlab, false): return "Add include: [{local: \(pipelinePath)}] to your .gitlab-ci.yml, and \(repo) in it."
        case (.jenkins, true): return "In the Jenkinsfile, \(repo)."
        case (.jenkins, false): return "Copy the 'Acceptance gate' stage of \(pipelinePath) into your Jenkinsfile, and \(repo)."
        case (.xcodeCloud, true): return "In the Xcode Cloud workflow's environment, \(repo)."
        case (.xcodeCloud, false):
            return "Call \(pipelinePath) from your ci_scripts/ci_post_xcodebuild.sh, and in the workflow's environment \(repo)."
        case (.bitrise, true): return "In bitrise.yml, \(repo)."
        case (.bitrise, false): return "Merge the acceptance-gate workflow of \(pipelinePath) into your bitrise.yml, and \(repo)."
        }
    }

    // MARK: - Names

    /// A test target must be a Swift identifier, since it is also the test module's name.
    static func validateTarget(_ target: String) throws(AdoptionError) {
        let scalars = Array(target.unicodeScalars)
        guard let first = scalars.first else {
            throw .invalidName(kind: "test target", value: target, problem: "it is empty")
        }
        guard scalars.count <= maximumNameLength else {
            throw .invalidName(kind: "test target", value: target, problem: "it is longer than \(maximumNameLength) characters")
        }
        let isLetter = { (scalar: Unicode.Scalar) in scalar.isASCII && (scalar.properties.isAlphabetic || scalar == "_") }
        let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        guard isLetter(first), scalars.allSatisfy({ isLetter($0) || isDigit($0) }) else {
            throw .invalidName(
                kind: "test target", value: target,
                problem: "use ASCII letters, digits and underscores, starting with a letter (it is the test module's name)")
        }
    }

    /// A scheme may hold spaces, but no control characters.
    static func validateScheme(_ scheme: String) throws(AdoptionError) {
        guard !scheme.isEmpty else { throw .invalidName(kind: "scheme", value: scheme, problem: "it is empty") }
        guard scheme.unicodeScalars.count <= maximumNameLength else {
            throw .invalidName(kind: "scheme", value: scheme, problem: "it is longer than \(maximumNameLength) characters")
        }
        guard !scheme.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw .invalidName(kind: "scheme", value: scheme, problem: "it holds a control character")
        }
    }

    /// The folder's name as a type name: `my-app` → `MyApp`; `App` when nothing usable is left.
    package static func projectName(of directory: String) -> String {
        let resolved = realpath(directory, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        let base = (resolved ?? directory).split(separator: "/").last.map(String.init) ?? ""
        let words = base.unicodeScalars.split { !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
        var name = words.map { word in
            String(String.UnicodeScalarView(word.prefix(1))).uppercased() + String(String.UnicodeScalarView(word.dropFirst()))
        }.joined()
        if name.unicodeScalars.first.map({ ("0"..."9").contains($0) }) == true { name = "_" + name }
        return name.isEmpty ? "App" : String(name.prefix(60))
    }

    // MARK: - File system

    /// `directory/path`.
    static func join(_ directory: String, _ path: String) -> String {
        directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// Whether anything (a dangling symbolic link too) is at `path`.
    static func pathExists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` is a folder (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
