//===----------------------------------------------------------------------===//
// AdoptionError.swift: everything that can stop `acceptance-gate init`.
//===----------------------------------------------------------------------===//

import GateCore

/// Everything that can stop `acceptance-gate init` from writing a team's starter files.
package enum AdoptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Files `init` would write already exist and `--force` was not given; nothing was written.
    case filesExist([String])
    /// The folder to write into does not exist or is not a folder.
    case notADirectory(String)
    /// A name (test target or scheme) that cannot be used; `problem` says why.
    case invalidName(kind: String, value: String, problem: String)
    /// A template holds a `{{name}}` placeholder that has no value.
    case unknownPlaceholder(name: String, template: String)
    /// A folder could not be created (C error number `code`).
    case directoryFailed(path: String, code: Int32)
    /// A file could not be written (C error number `code`); the files written before it were removed.
    case writeFailed(path: String, code: Int32)
    /// The folder holds no `Package.swift` (and `--ios` was not given).
    case noPackage(String)
    /// `swift package dump-package` failed or printed something else; `detail` says what.
    case packageUnreadable(detail: String)
    /// The package has several test targets and none is the obvious one; `--target` chooses.
    case ambiguousTarget([String])
    /// `--target` names a target the package does not have as a test target.
    case unknownTarget(String, testTargets: [String])
    /// The folder holds several workspaces or projects and none is named like the folder.
    case ambiguousXcodeContainer([String])
    /// The project has several schemes and none is named like the project; `--scheme` chooses.
    case ambiguousScheme([String])
    /// `--scheme` names a scheme the project does not list.
    case unknownScheme(String, schemes: [String])
    /// `--linux` or `--no-linux` with a CI system other than GitHub Actions, whose pipeline has no Linux jobs to add.
    case linuxNeedsGitHub(option: String, ci: String)

    /// One sentence naming the problem and what to do.
    package var description: String {
        switch self {
        case let .filesExist(paths):
            return "not overwriting \(paths.count) existing file(s), nothing was written: \(paths.joined(separator: ", ")); "
                + "pass --force to replace them"
        case let .notADirectory(path):
            return "'\(path)' is not a folder; pass --dir with the root of your repository"
        case let .invalidName(kind, value, problem):
            return "the \(kind) '\(value)' cannot be used: \(problem)"
        case let .unknownPlaceholder(name, template):
            return "the template \(template) uses the placeholder {{\(name)}}, which has no value; "
                + "use {{target}}, {{scheme}} or {{gateVersion}}"
        case let .directoryFailed(path, code):
            return "could not create the folder '\(path)': \(Self.describe(code)); check its parent and permissions"
        case let .writeFailed(path, code):
            return "could not write '\(path)': \(Self.describe(code)); check the folder's permissions and free space"
        case let .noPackage(path):
            return "'\(path)' holds no Package.swift; run init in the package root, or pass --ios for an Xcode project"
        case let .packageUnreadable(detail):
            return "could not read the package: \(detail); fix the manifest until 'swift package dump-package' works"
        case let .ambiguousTarget(targets):
            return "the package has \(targets.count) test targets (\(targets.joined(separator: ", "))); "
                + "pass --target with the one the redirect tests go into (the choice only decides where "
                + "RedirectBoundaryTests.swift goes: the suite runs every test target)"
        case let .unknownTarget(name, targets):
            let known = targets.isEmpty ? "it has none" : "its test targets are \(targets.joined(separator: ", "))"
            return "the package has no test target '\(name)': \(known); pass one of them to --target"
        case let .ambiguousXcodeContainer(names):
            return "the folder holds \(names.joined(separator: ", ")); run init where only one of them is, "
                + "or rename the one to test after the folder"
        case let .ambiguousScheme(schemes):
            return "the project has \(schemes.count) schemes (\(schemes.joined(separator: ", "))); pass --scheme with the one to test"
        case let .unknownScheme(name, schemes):
            return "the project has no scheme '\(name)'; its schemes are \(schemes.joined(separator: ", "))"
        case let .linuxNeedsGitHub(option, ci):
            return "\(option) decides the Linux jobs of the GitHub Actions workflow, and the pipeline here is for \(ci); "
                + "pass --ci github, or leave out \(option)"
        }
    }

    /// The C library's text for an error number.
    private static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

extension AdoptionError: GateFailure {
    /// Exit 1 for files `init` will not overwrite; 2 for a bad name or folder, no package, a
    /// target, scheme or project to choose, or `--linux` without GitHub Actions; 3 for a package SwiftPM cannot read or a write.
    package var exitStatus: GateExitStatus {
        switch self {
        case .filesExist: .failure
        case .notADirectory, .invalidName, .noPackage, .ambiguousTarget, .unknownTarget, .ambiguousXcodeContainer,
            .ambiguousScheme, .unknownScheme, .linuxNeedsGitHub:
            .usage
        case .unknownPlaceholder, .directoryFailed, .writeFailed, .packageUnreadable: .infrastructure
        }
    }
}
