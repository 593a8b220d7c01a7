//===----------------------------------------------------------------------===//
// ScanTarget.swift: one thing `scan` reads, and the paths given resolved into them.
//===----------------------------------------------------------------------===//

import GateConfig
import TokenScan

/// One thing `scan` reads: standard input, a file with the name its findings show, or something
/// that cannot be scanned and becomes a note.
enum ScanTarget: Equatable {
    /// Standard input, shown as `<stdin>`.
    case standardInput
    /// A file and its display name.
    case file(path: String, display: String)
    /// Something that could not be scanned, as a note.
    case note(String)

    /// The files to scan, folders walked, each with its name relative to the scan root.
    ///
    /// Each path is resolved with ``PathResolver/real(_:)``, and that real location is what is
    /// opened and walked, so `link/../x` reads the folder the OS opens, not the one the text
    /// names once `..` is removed as text. Findings show ``PathResolver/named(_:)``'s spelling
    /// relative to the scan root, so a linked folder without `..` after it keeps its own name.
    ///
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for a path that
    ///   does not exist, a dangling link, a link loop or one that cannot be resolved.
    static func resolve(_ values: [String], command: CommandPath) throws(CommandLineError) -> [ScanTarget] {
        let resolver = PathResolver.currentDirectory
        let current = resolver.base
        var targets: [ScanTarget] = []
        for value in values {
            if value == "-" {
                targets.append(.standardInput)
                continue
            }
            // A pipe, socket or device (`scan <(cmd)`, `/dev/stdin`) is skipped as before: its
            // /dev/fd link names no file, so realpath would call it a dangling link.
            if ScanTargets.kind(of: value, followLink: true) == .other {
                targets.append(.note("\(value): not a regular file; skipped"))
                continue
            }
            let real: String
            let named: String
            do {
                // The real location is resolved from the name shown (whose part up to its last
                // `..` is already real), so what is read is always what that name leads to, even
                // if a link before the `..` changes between the two calls.
                named = try resolver.named(value)
                real = try resolver.real(named)
            } catch {
                throw unresolved(error.naming(value), command: command)
            }
            let root = ScanPaths.root(for: named, current: current)
            switch ScanTargets.kind(of: real) {
            case .file:
                targets.append(.file(path: real, display: ScanPaths.relative(named, to: root)))
            case .folder:
                let display = { (path: String) in ScanPaths.relative(ScanPaths.renamed(path, from: real, to: named), to: root) }
                let files = ScanTargets.files(under: real) { folder in
                    targets.append(.note("\(display(folder)): folder not readable; skipped"))
                }
                targets += files.map { .file(path: $0, display: display($0)) }
            case .other:
                targets.append(.note("\(value): not a regular file; skipped"))
            case .missing:
                // Resolved a moment ago and gone now: the same answer as a path never there.
                throw unresolved(.missing(path: value), command: command)
            }
        }
        return targets
    }

    /// The usage error for a path with no real location, naming it and why.
    private static func unresolved(_ error: PathResolutionError, command: CommandPath) -> CommandLineError {
        var allowed = "an existing file or folder, or - for standard input"
        if case .missing = error {} else { allowed += " (\(error.reason))" }
        return .invalidValue(option: "<path>", value: error.path, allowed: allowed, command: command)
    }
}
