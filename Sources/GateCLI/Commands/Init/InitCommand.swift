//===----------------------------------------------------------------------===//
// InitCommand.swift: `acceptance-gate init [--ios] [--frames] [--matrix N] [--force] [--ci SYSTEM] [--linux | --no-linux] [--dir DIR] …`.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import GateCore

/// `init`: reads the project (SwiftPM's `dump-package`, or `xcodebuild -list -json` with
/// `--ios`), writes a team's starter files (the configuration gating the whole test run, the
/// redirect XCTests in a real test target, with `--frames` the frame vectors, a CI pipeline, and
/// `.gitignore` entries), then prints what it wrote and what to do next.
///
/// Exits 0 once written; 1 when a file exists and `--force` was not given (nothing is written);
/// 2 on a usage error (an unknown CI system, a folder that does not exist, a bad or ambiguous
/// target or scheme, no package); 3 when the package cannot be read or a file cannot be written.
package enum InitCommand: GateCommand {
    /// `--ios`: an Xcode project.
    package static let ios = OptionSpec.flag(
        "ios", help: "The project is an Xcode project: the suite runs 'xcodebuild test' rather than 'swift test'.")

    /// `--frames`: also write the frame vectors and the frames suite.
    package static let frames = OptionSpec.flag(
        "frames",
        help: "Also write FrameVectorTests.swift (the hand-verified frame vectors against your decoder, importing only XCTest) "
            + "and a frames suite in acceptance-gate.json.")

    /// `--matrix N`: the GitHub Actions matrix workflows, N planned shards.
    package static let matrix = OptionSpec.value(
        "matrix", kind: .integer(1...AdoptionOptions.maximumMatrixShards), valueName: "shards",
        help: "Write the GitHub Actions matrix workflows instead of the single-job ones: a plan job balancing that many shards "
            + "(1 to 256) from the default branch's last signed timings, one job per shard running its part of the plan, and a "
            + "signing workflow that "
            + "plans again from the same signed timings, signs every shard and merges them with --plan into one signed verdict; "
            + "GitHub Actions only.")

    /// `--force`: replace existing files.
    package static let force = OptionSpec.flag("force", help: "Replace files that already exist.")

    /// `--ci SYSTEM`.
    package static let ci = OptionSpec.value(
        "ci", kind: .choice(CISystem.allCases.map(\.rawValue)), valueName: "system",
        help: "The CI system to write a pipeline for; detected from the repository (.github, .gitlab-ci.yml, Jenkinsfile, "
            + "ci_scripts, bitrise.yml), github when nothing is found.")

    /// `--linux`: add the GitHub workflow's Linux jobs whatever the team's CI says.
    package static let linux = OptionSpec.flag(
        "linux",
        help: "Add the Linux jobs (test-linux, sign-linux) to the GitHub Actions workflows, whatever the repository's own CI says; "
            + "by default they are added when a workflow or .gitlab-ci.yml runs swift build or swift test on Linux, or calls a "
            + "reusable workflow whose name or inputs say it tests Swift on Linux. test-linux runs in the swift:<version> image "
            + "the project pins (.swift-version, or the image its CI uses), else on the runner's Swift.")

    /// `--no-linux`: leave the Linux jobs out.
    package static let noLinux = OptionSpec.flag(
        "no-linux", help: "Leave the Linux jobs out of the GitHub Actions workflow, whatever the repository's own CI says.")

    /// `--dir DIR`.
    package static let dir = OptionSpec.value(
        "dir", kind: .text, valueName: "dir", help: "The repository root to write into; the current folder by default.")

    /// `--target NAME`.
    package static let target = OptionSpec.value(
        "target", kind: .text, valueName: "name",
        help: "The test target the XCTest files go into; by default the package's only test target, or the one named "
            + "<Package>Tests (with --ios: from xcodebuild -list, else <scheme>Tests).")

    /// `--scheme NAME`.
    package static let scheme = OptionSpec.value(
        "scheme", kind: .text, valueName: "name",
        help: "The Xcode scheme to test (with --ios); by default the only scheme, or the one named like the project.")

    /// `--repository URL`.
    package static let repository = OptionSpec.value(
        "repository", kind: .text, valueName: "url",
        help: "Where acceptance-gate's releases are published (https://HOST/OWNER/NAME, GitHub or GitHub Enterprise); "
            + "the pipelines install the release from there. By default \(GateRepositoryURL.standard).")

    /// `init`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "init", abstract: "Write the gate's starter files into a repository.",
            discussion: "Reads the package with 'swift package dump-package' (the manifest SwiftPM uses, Package@swift-X.swift "
                + "included) to find its test targets, or with --ios the workspace or project, its schemes (xcodebuild -list -json) "
                + "and a simulator (xcrun simctl). Writes acceptance-gate.json (the built-in fixture, expected to serve /same, "
                + "/start and /target; one xctest suite running the whole 'swift test' or 'xcodebuild test' with the redirect tests "
                + "among its expected tests), RedirectBoundaryTests.swift (XCTest, no dependency on this package) into the test "
                + "target's folder, with --frames FrameVectorTests.swift and a frames suite, a pipeline for the CI system (installing "
                + "this version's release from --repository, triggered on the repository's default branch), and "
                + ".build/, .acceptance-gate/ and gate.key in .gitignore; lists the class in Tests/LinuxMain.swift when the package has one. "
                + "The new Swift files carry the header comment the target's files share (a license), and are formatted with the "
                + "toolchain's 'swift format' when the project has a .swift-format (written unformatted, with a note, when that fails). "
                + "Checks every file before writing any: an existing file stops it with exit 1 unless --force. "
                + "Prints what it wrote, the next steps, and the command to run next: acceptance-gate run.",
            options: [ios, frames, matrix, force, ci, linux, noLinux, dir, target, scheme, repository])
    }

    /// Plans, writes and reports.
    ///
    /// - Returns: ``GateExitStatus/success`` once written, ``GateExitStatus/failure`` when files exist.
    /// - Throws: usage errors for bad option values; ``CommandLineError/unavailable(_:)`` when a
    ///   file cannot be written.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let directory = arguments.text(dir) ?? FileManager.default.currentDirectoryPath
        var gateRepository = GateRepositoryURL.standard
        if let given = arguments.text(repository) {
            guard let url = GateRepositoryURL.normalized(given) else {
                throw .invalidValue(
                    option: repository.spelling, value: given,
                    allowed: "an https://HOST/OWNER/NAME URL of letters, digits, '.', '_' and '-'", command: context.commandPath)
            }
            gateRepository = url
        }
        if arguments.flag(linux), arguments.flag(noLinux) {
            throw .invalidInput("--linux and --no-linux contradict each other; pass one of them")
        }
        var options = AdoptionOptions(
            directory: directory, ios: arguments.flag(ios), ci: arguments.text(ci).flatMap(CISystem.init(rawValue:)),
            target: arguments.text(target), scheme: arguments.text(scheme), frames: arguments.flag(frames),
            gateVersion: GateVersion.current, gateRepository: gateRepository)
        if let shards = arguments.integer(matrix) {
            options.matrix = true
            options.matrixShards = shards
        }
        options.linux = arguments.flag(linux) ? true : (arguments.flag(noLinux) ? false : nil)
        let plan: AdoptionPlan
        do {
            plan = try AdoptionPlan.make(options)
            try plan.write(force: arguments.flag(force))
        } catch {
            return try failure(error, context: context)
        }
        let output = context.console.output
        output.writeLine(
            "Wrote \(plan.files.count) files in \(directory) (test target: \(plan.target); CI: \(plan.ci.rawValue), \(plan.ciReason)):")
        for file in plan.files {
            output.writeLine("  " + file.path + (file.isChange ? " (changed)" : ""))
        }
        if let line = plan.linuxJobsLine { output.writeLine(line) }
        if let line = plan.swiftFormatLine { output.writeLine(line) }
        output.writeLine("")
        output.writeLine("Next steps:")
        for (index, step) in plan.nextSteps.enumerated() {
            output.writeLine("  \(index + 1). \(step)")
        }
        output.writeLine("")
        output.writeLine("Then run:")
        output.writeLine("  " + AdoptionPlan.nextCommand)
        return .success
    }

    /// Existing files: listed on standard error, exit 1. Anything else becomes the command-line error.
    private static func failure(_ error: AdoptionError, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        switch error {
        case let .filesExist(paths):
            context.console.writeProblem(
                "not overwriting \(paths.count) existing file(s), nothing was written (pass --force to replace them):")
            for path in paths {
                context.console.writeErrorLine("  " + path)
            }
            return .failure
        case let .notADirectory(path):
            throw .invalidValue(option: dir.spelling, value: path, allowed: "an existing folder", command: context.commandPath)
        case .ambiguousTarget, .unknownTarget, .ambiguousScheme, .unknownScheme, .ambiguousXcodeContainer, .noPackage,
            .linuxNeedsGitHub:
            throw .invalidInput(error.description)
        case let .invalidName(kind, _, _) where kind != "scheme" && kind != "test target":
            // A name the user did not give (chosen for the scheme): the sentence says where it came from.
            throw .invalidInput(error.description)
        case let .invalidName(kind, value, problem):
            throw .invalidValue(
                option: kind == "scheme" ? scheme.spelling : target.spelling, value: value, allowed: "a name: \(problem)",
                command: context.commandPath)
        case .unknownPlaceholder, .directoryFailed, .writeFailed, .packageUnreadable:
            throw .unavailable(error.description)
        }
    }
}
