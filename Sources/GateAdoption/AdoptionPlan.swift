//===----------------------------------------------------------------------===//
// AdoptionPlan.swift: what `acceptance-gate init` will write, decided before anything is written.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GateCore
import GitStamp

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
    /// For a GitHub workflow, whether the team's own CI tests on Linux, which decides whether the
    /// workflow has the Linux jobs; `nil` for the other CI systems.
    package var linuxTesting: LinuxTesting? = nil
    /// The Swift the project pins, which the workflow's `test-linux` job runs in; `nil` without
    /// Linux jobs or a pin (the runner's Swift).
    package var linuxSwift: LinuxSwiftImage? = nil
    /// The project's `swift format` configuration, which the written Swift files are formatted
    /// with (``formatSwiftFiles(swiftCommand:)``); `nil` when it has none.
    package var swiftFormat: SwiftFormatStyle? = nil
    /// What became of the formatting, for the line `init` prints; `nil` before it ran or without
    /// a configuration.
    package var swiftFormatLine: String? = nil

    /// The command the team runs once the files are in place.
    package static let nextCommand = "acceptance-gate run"

    /// The longest test target or scheme name accepted.
    static let maximumNameLength = 200

    /// Reads the project (``AdoptionProject/read(_:)``) and decides what to write.
    ///
    /// - Throws: everything ``AdoptionProject/read(_:)`` and ``make(_:project:)`` throw.
    package static func make(_ options: AdoptionOptions) throws(AdoptionError) -> AdoptionPlan {
        var plan = try make(options, project: try AdoptionProject.read(options))
        plan.formatSwiftFiles(swiftCommand: AdoptionProject.swiftCommand)
        return plan
    }

    /// The names of the Swift files `init` writes into the test target.
    static let writtenSwiftFiles: Set<String> = ["RedirectBoundaryTests.swift", FrameVectorTestFile.className + ".swift"]

    /// Formats the new Swift files with the toolchain's `swift format` and ``swiftFormat``, when
    /// the project has a configuration. A file `swift format` cannot format (it is missing, or
    /// refuses the configuration) is written as it is, and the next steps say so: formatting
    /// never stops `init`.
    ///
    /// - Parameter swiftCommand: the `swift` program and any leading arguments (`xcrun swift` on a Mac).
    package mutating func formatSwiftFiles(swiftCommand: [String]) {
        guard let style = swiftFormat else { return }
        var formatted: [String] = []
        var failed: [(path: String, reason: String)] = []
        for index in files.indices where !files[index].isChange && files[index].path.hasSuffix(".swift") {
            switch style.format(files[index].contents, path: files[index].path, in: directory, swiftCommand: swiftCommand) {
            case let .success(text):
                files[index].contents = text
                formatted.append(files[index].path)
            case let .failure(reason):
                failed.append((files[index].path, reason.description))
            }
        }
        if let first = failed.first {
            let paths = failed.map(\.path).joined(separator: " ")
            nextSteps.insert(
                "'\((swiftCommand + ["format"]).joined(separator: " "))' could not format \(paths) with \(style.configuration) "
                    + "(\(first.reason)): written unformatted; run 'swift format format -i --configuration \(style.configuration) "
                    + "\(paths)' where swift-format is installed.", at: 0)
            swiftFormatLine = "Swift files: not formatted (swift format failed: \(first.reason))."
        } else if !formatted.isEmpty {
            swiftFormatLine = "Swift files: formatted with \(style.configuration) (swift format)."
        }
    }

    /// Decides what to write for `options` in `project`.
    ///
    /// - Throws: ``AdoptionError/notADirectory(_:)``, ``AdoptionError/invalidName(kind:value:problem:)``,
    ///   ``AdoptionError/ambiguousTarget(_:)``, ``AdoptionError/unknownTarget(_:testTargets:)``,
    ///   ``AdoptionError/ambiguousScheme(_:)``, ``AdoptionError/unknownScheme(_:schemes:)``,
    ///   ``AdoptionError/unknownPlaceholder(name:template:)``, ``AdoptionError/linuxNeedsGitHub(option:ci:)``.
    package static func make(_ options: AdoptionOptions, project: AdoptionProject) throws(AdoptionError) -> AdoptionPlan {
        let directory = options.directory
        guard isDirectory(directory) else { throw .notADirectory(directory) }
        let folderName = projectName(of: directory)
        if let scheme = options.scheme { try validateScheme(scheme) }
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

        var steps: [String] = []
        var changes: [AdoptionFile] = []
        let target: String
        let scheme: String
        let testsFolder: String
        let suite: AdoptionSuite
        switch project {
        case let .swiftPackage(manifest, manifestFile):
            let chosen = try chooseTestTarget(in: manifest, requested: options.target)
            target = chosen.name
            try validateTarget(target)
            scheme = options.scheme ?? folderName
            testsFolder = chosen.folder
            if !manifest.testTargets.contains(where: { $0.name == target }) {
                steps.append(
                    "\(manifestFile) has no test target '\(target)': add .testTarget(name: \"\(target)\") to its targets"
                        + (manifestFile == "Package.swift" ? "" : " (and to Package.swift, which older Swift versions read)")
                        + ", or pass --target with an existing one.")
            }
            let manifestPath = testsFolder + "/XCTestManifests.swift"
            let registration = LinuxMainRegistration.plan(
                linuxMain: read(join(directory, LinuxMainRegistration.linuxMainPath)), manifestPath: manifestPath,
                manifest: read(join(directory, manifestPath)), target: target)
            var testDiscovery = false
            switch registration {
            case .notNeeded:
                break
            case let .edit(path, contents):
                changes.append(AdoptionFile(path: path, contents: contents, original: read(join(directory, path)) ?? ""))
                steps.append(
                    "\(path) now lists RedirectBoundaryTests (Linux runs only the test classes \(LinuxMainRegistration.linuxMainPath) lists)."
                )
            case let .manual(instructions):
                testDiscovery = true
                steps.append(instructions + ".")
            }
            suite = .swiftPackage(expectTests: AdoptionConfiguration.expectedTests, testDiscovery: testDiscovery)
        case let .xcode(container, list, folders, notes):
            let preferred = container?.name ?? folderName
            scheme = try list.scheme(requested: options.scheme, preferred: preferred)
            try validateScheme(scheme)
            target = list.testTarget(requested: options.target, scheme: scheme)
            do {
                try validateTarget(target)
            } catch {
                // A name chosen for the scheme is not the user's --target: say where it came from.
                guard options.target == nil else { throw error }
                throw .invalidName(
                    kind: "test target chosen for scheme '\(scheme)'", value: target,
                    problem: "pass --target with the name of the project's unit test target")
            }
            // The project's own folder for the target, where it has one (`Tests/ShopTests`).
            testsFolder = folders.first { $0 == target || $0.hasSuffix("/" + target) } ?? target
            suite = .xcode(container: container, scheme: scheme, expectTests: AdoptionConfiguration.expectedTests)
            steps += notes
            steps.append(
                "Add \(testsFolder)/RedirectBoundaryTests.swift\(options.frames ? " and FrameVectorTests.swift" : "") to the \(target) "
                    + "test target in Xcode (a synchronized folder picks them up by itself).")
            steps.append(
                "The suite runs 'xcodebuild test' on scheme '\(scheme)'" + (container.map { " of \($0.fileName)" } ?? "")
                    + " on the newest iPhone simulator that 'xcrun simctl' lists when the gate runs ($\(ConfigSuite.simulatorVariable)); "
                    + "the simulator shares the Mac's loopback, a physical device does not. The result bundle goes to "
                    + "\(AdoptionSuite.resultBundlePath), outside the report folder CI uploads.")
        }

        // The new test files carry the header their neighbours share (a license a CI check may require).
        // Only a folder inside the repository is read for its style (a manifest's `path:` is the team's text).
        let insideFolder = !testsFolder.hasPrefix("/") && !testsFolder.split(separator: "/").contains("..")
        var header = ""
        if insideFolder, let shared = TestFileHeader.shared(inFolder: join(directory, testsFolder), excluding: writtenSwiftFiles) {
            header = shared + "\n"
        }
        let values = AdoptionTemplates.values(
            target: target, scheme: scheme, gateVersion: options.gateVersion, gateRepository: options.gateRepository,
            defaultBranch: defaultBranch(of: directory), shards: options.matrixShards)
        let pipelinePath = ci.destination(exists: exists)
        let linuxTesting: LinuxTesting?
        if let chosen = options.linux {
            guard ci == .github else { throw .linuxNeedsGitHub(option: chosen ? "--linux" : "--no-linux", ci: ci.rawValue) }
            linuxTesting = LinuxTesting(chosen: chosen)
        } else {
            linuxTesting = ci == .github ? LinuxTesting.detect(in: directory, ownWorkflow: pipelinePath) : nil
        }
        let sections: Set<String> = linuxTesting?.found == true ? ["linux"] : []
        var pipelineFiles = try ci.pipelineFiles(at: pipelinePath, matrix: options.matrix, values: values, sections: sections)
        // The test workflow's Linux job runs the Swift the project pins (the signing workflow runs only the gate).
        var linuxSwift: LinuxSwiftImage?
        if let linuxTesting, linuxTesting.found, let pinned = LinuxSwiftImage.find(in: directory, ciFile: linuxTesting.file),
            let index = pipelineFiles.firstIndex(where: { $0.path == pipelinePath }),
            let text = pinned.pinning(pipelineFiles[index].contents)
        {
            pipelineFiles[index].contents = text
            linuxSwift = pinned
        }
        var files = [
            AdoptionFile(path: "acceptance-gate.json", contents: AdoptionConfiguration.json(suite: suite, frames: options.frames)),
            AdoptionFile(
                path: "\(testsFolder)/RedirectBoundaryTests.swift",
                contents: header + (try AdoptionTemplates.redirectBoundaryTests.render(values))),
        ]
        if options.frames {
            files.append(
                AdoptionFile(
                    path: "\(testsFolder)/FrameVectorTests.swift",
                    contents: header + FrameVectorTestFile.text(target: target, gateVersion: options.gateVersion)))
        }
        files += pipelineFiles
        let gitignore = read(join(directory, ".gitignore"))
        if let updated = GitIgnoreEntries.updated(gitignore, ios: options.ios) {
            files.append(AdoptionFile(path: ".gitignore", contents: updated, original: gitignore))
        }
        files += changes

        var plan = AdoptionPlan(
            directory: directory, ci: ci, ciReason: ciReason, target: target, scheme: scheme, ios: options.ios, files: files,
            nextSteps: [], linuxTesting: linuxTesting, linuxSwift: linuxSwift,
            swiftFormat: SwiftFormatStyle.find(in: directory, for: insideFolder ? testsFolder : ""))
        if options.frames {
            steps.append(
                "FrameVectorTests.swift imports only XCTest: point its frameVectorDecoder() at your frame decoder "
                    + "(its cases are skipped until then).")
            steps.append(
                "The frames suite checks the gate's built-in decoder; to check yours, replace \"decoder\": \"builtin\" in "
                    + "acceptance-gate.json with its command, e.g. [\"./your-decoder\", \"--batch\"], speaking the "
                    + "'acceptance-gate frames decode --batch' protocol (hex lines in; 'ok <hex>' or 'error <kind>' out).")
        }
        steps.append(plan.ciStep(pipelinePath: pipelinePath, gateVersion: options.gateVersion, gateRepository: options.gateRepository))
        if let check = ci.environmentCheckStep { steps.append(check) }
        steps.append(
            "To sign reports, make the key outside the repository (acceptance-gate keygen --out ~/.acceptance-gate-keys/gate) "
                + "and \(ci.signingKeyStep); never commit it.")
        plan.nextSteps = steps
        return plan
    }

    /// The line `init` prints about the GitHub workflow's Linux jobs: added or not, and why;
    /// `nil` for the other CI systems.
    package var linuxJobsLine: String? {
        guard let linuxTesting else { return nil }
        let workflow = ci.destination(exists: { _ in false })
        guard linuxTesting.found else { return "Linux jobs: none, because \(linuxTesting.reason)." }
        let swift = linuxSwift.map { "; test-linux runs in \($0.image), the Swift \($0.source) pins" } ?? ""
        return
            "Linux jobs: added to \(workflow) (test-linux) and \(CISystem.githubSigningWorkflow) (sign-linux), because \(linuxTesting.reason)\(swift)."
    }

    /// The test target the redirect tests go into: `requested` when given (it must be a test
    /// target, unless the package has none yet); the only test target; the one named
    /// `<Package>Tests`; a new `<Package>Tests` when there is none.
    ///
    /// - Throws: ``AdoptionError/unknownTarget(_:testTargets:)``, ``AdoptionError/ambiguousTarget(_:)``.
    package static func chooseTestTarget(in manifest: SwiftPackageManifest, requested: String?) throws(AdoptionError)
        -> SwiftPackageTarget
    {
        let tests = manifest.testTargets
        let names = tests.map(\.name)
        if let requested {
            if let found = tests.first(where: { $0.name == requested }) { return found }
            guard tests.isEmpty else { throw .unknownTarget(requested, testTargets: names) }
            return SwiftPackageTarget(name: requested, type: "test")
        }
        if tests.count == 1, let only = tests.first { return only }
        let conventional = identifier(manifest.name) + "Tests"
        if let found = tests.first(where: { $0.name == conventional }) { return found }
        guard tests.isEmpty else { throw .ambiguousTarget(names) }
        return SwiftPackageTarget(name: conventional, type: "test")
    }

    /// The file's text, or `nil` when it cannot be read.
    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What to do about the pipeline file, and what it installs.
    func ciStep(pipelinePath: String, gateVersion: String, gateRepository: String) -> String {
        let release = "acceptance-gate \(gateVersion) from the releases of \(gateRepository), checked against their SHA256SUMS"
        switch (ci, pipelinePath == ci.destination(exists: { _ in false })) {
        case (.github, _):
            let action = GateRepositoryURL.actionRepository(of: gateRepository) ?? gateRepository
            return "\(pipelinePath) installs \(release), through the action \(action) by its tag: pin the tag's commit SHA "
                + "(git ls-remote \(gateRepository) v\(gateVersion))."
        case (.gitlab, true), (.jenkins, true), (.xcodeCloud, true), (.bitrise, true): return "\(pipelinePath) installs \(release)."
        case (.gitlab, false): return "Add include: [{local: \(pipelinePath)}] to your .gitlab-ci.yml; it installs \(release)."
        case (.jenkins, false): return "Copy the stages of \(pipelinePath) into your Jenkinsfile; they install \(release)."
        case (.xcodeCloud, false):
            return "Call \(pipelinePath) from your ci_scripts/ci_post_xcodebuild.sh; it installs \(release)."
        case (.bitrise, false):
            return "Merge the acceptance-gate workflows of \(pipelinePath) into your bitrise.yml; they install \(release)."
        }
    }

    /// The repository's default branch (``GitStamp/defaultBranch(in:)``), or `main` outside a
    /// repository or for a name with characters a pipeline's YAML would have to quote.
    static func defaultBranch(of directory: String) -> String {
        guard let branch = GitStamp.defaultBranch(in: directory), branch.first != "-",
            branch.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._/-".unicodeScalars.contains($0))
            })
        else { return "main" }
        return branch
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
        return identifier((RealPath.of(directory) ?? directory).split(separator: "/").last.map(String.init) ?? "")
    }

    /// A name as a type name: `swift-tagged` → `SwiftTagged`; `App` when nothing usable is left.
    package static func identifier(_ base: String) -> String {
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
