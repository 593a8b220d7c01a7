//===----------------------------------------------------------------------===//
// GitIgnoreEntries.swift: the lines `init` adds to .gitignore, once.
//===----------------------------------------------------------------------===//

/// The `.gitignore` lines `init` makes sure of: the report folder, and the default key file name,
/// so neither a report nor a private key is ever committed by accident; for an Xcode project also
/// the folder of `xcodebuild`'s result bundle.
package enum GitIgnoreEntries {
    /// The lines, in the order they are added.
    package static let lines = [".acceptance-gate/", "gate.key"]
    /// The line added for an Xcode project (`init --ios`): where its result bundle is written.
    package static let resultBundleFolder = ".acceptance-gate-results/"

    /// The new `.gitignore` text with every missing line appended, or `nil` when nothing is missing.
    ///
    /// A line counts as present when the file has it with or without a leading `/` (and, for the
    /// folder, without its trailing `/`), so running `init` again adds nothing.
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
        let missing = (lines + (ios ? [resultBundleFolder] : [])).filter { line in
            let bare = line.hasSuffix("/") ? String(line.dropLast()) : line
            return !present.contains(bare)
        }
        guard !missing.isEmpty else { return nil }
        var text = existing ?? ""
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += "# acceptance-gate: the report folder, and the signing key if one is ever made here\n"
        text += missing.map { $0 + "\n" }.joined()
        return text
    }
}
