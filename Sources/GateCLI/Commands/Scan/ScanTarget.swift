//===----------------------------------------------------------------------===//
// ScanTarget.swift: one thing `scan` reads, and the paths given resolved into them.
//===----------------------------------------------------------------------===//

import Foundation
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
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for a path that
    ///   does not exist.
    static func resolve(_ values: [String], command: CommandPath) throws(CommandLineError) -> [ScanTarget] {
        let current = FileManager.default.currentDirectoryPath
        var targets: [ScanTarget] = []
        for value in values {
            if value == "-" {
                targets.append(.standardInput)
                continue
            }
            let absolute = ScanPaths.absolute(value, current: current)
            switch ScanTargets.kind(of: value, followLink: true) {
            case .file:
                let root = ScanPaths.root(for: absolute, current: current)
                targets.append(.file(path: value, display: ScanPaths.relative(absolute, to: root)))
            case .folder:
                let root = ScanPaths.root(for: absolute, current: current)
                let files = ScanTargets.files(under: absolute) { folder in
                    targets.append(.note("\(ScanPaths.relative(folder, to: root)): folder not readable; skipped"))
                }
                targets += files.map { .file(path: $0, display: ScanPaths.relative($0, to: root)) }
            case .other:
                targets.append(.note("\(value): not a regular file; skipped"))
            case .missing:
                throw .invalidValue(
                    option: "<path>", value: value, allowed: "an existing file or folder, or - for standard input", command: command)
            }
        }
        return targets
    }
}
