//===----------------------------------------------------------------------===//
// GitIgnoreEntries.swift: the lines `init` adds to .gitignore, once.
//===----------------------------------------------------------------------===//

import GateCore

/// The `.gitignore` lines `init` makes sure of: SwiftPM's build folder (a committed `.build/`
/// makes every run after a build say the work tree changed), the report folder, and the default
/// key file name, so neither a report nor a private key is ever committed by accident; for an
/// Xcode project also the folder of `xcodebuild`'s result bundle.
package enum GitIgnoreEntries {
    /// SwiftPM's build folder.
    package static let buildFolder = ".build/"
    /// The lines, in the order they are added.
    package static let lines = [buildFolder, ".acceptance-gate/", "gate.key"]
    /// The line added for an Xcode project (`init --ios`): where its result bundle is written.
    package static let resultBundleFolder = ".acceptance-gate-results/"

    /// The new `.gitignore` text with every missing line appended, or `nil` when nothing is missing.
    ///
    /// A line counts as present when the file has it with or without a leading `/` (and, for a
    /// folder, without its trailing `/`), or a pattern that matches it (`.build*`), so running
    /// `init` again adds nothing.
    ///
    /// - Parameters:
    ///   - existing: the current text, `nil` when there is no `.gitignore`.
    ///   - ios: whether the result bundle's folder is added too.
    package static func updated(_ existing: String?, ios: Bool = false) -> String? {
        let present = Set(
            (existing ?? "").split(whereSeparator: \.isNewline).map { line -> String in
                var entry = Substring(line)
                while entry.last == " " || entry.last == "\t" { entry = entry.dropLast() }
                if entry.hasPrefix("/") { entry = entry.dropFirst() }
                if entry.hasSuffix("/") { entry = entry.dropLast() }
                return String(entry)
            })
        let patterns = present.filter { $0.contains("*") && !$0.hasPrefix("!") }
        let missing = (lines + (ios ? [resultBundleFolder] : [])).filter { line in
            let bare = line.hasSuffix("/") ? String(line.dropLast()) : line
            return !present.contains(bare) && !patterns.contains { fnmatch($0, bare, 0) == 0 }
        }
        guard !missing.isEmpty else { return nil }
        var text = existing ?? ""
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text +=
            missing.contains(buildFolder)
            ? "# acceptance-gate: SwiftPM's build folder, the report folder, and the signing key if one is ever made here\n"
            : "# acceptance-gate: the report folder, and the signing key if one is ever made here\n"
        text += missing.map { $0 + "\n" }.joined()
        return text
    }
}
