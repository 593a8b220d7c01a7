//===----------------------------------------------------------------------===//
// SBPLString.swift: a path as a string literal of the sandbox profile language.
//===----------------------------------------------------------------------===//

import GateCore

/// A path written as an SBPL (the Scheme-like sandbox profile language) string literal.
///
/// Inside `"…"` the reader gives `\` and `"` a meaning, so both are escaped; everything else
/// between the quotes is the path's bytes, parentheses and `;` included, so no path can close
/// the literal and add a rule. Control characters (a newline, a NUL, DEL, C1) and bidirectional
/// overrides are refused rather than escaped: the reader's escapes for them are not documented,
/// a NUL would cut the profile short in C, and no real folder of a suite needs one.
package enum SBPLString {
    /// `path` checked (``normalized(_:)``) and quoted: `"/a/b \"c\""`.
    /// - Throws: ``DarwinSuiteDomainError/pathNotAbsolute(path:)`` and
    ///   ``DarwinSuiteDomainError/controlCharacterInPath(path:)``.
    package static func quoted(_ path: String) throws(DarwinSuiteDomainError) -> String {
        let checked = try normalized(path)
        var literal = "\""
        for scalar in checked.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { literal.unicodeScalars.append("\\") }
            literal.unicodeScalars.append(scalar)
        }
        return literal + "\""
    }

    /// `path` as the sandbox compares it: absolute, no `.` or `..` component (a real path has
    /// none, and the sandbox never matches one that does), repeated slashes and a trailing slash
    /// dropped (`subpath` already covers everything below).
    /// - Throws: ``DarwinSuiteDomainError/pathNotAbsolute(path:)`` and
    ///   ``DarwinSuiteDomainError/controlCharacterInPath(path:)``.
    package static func normalized(_ path: String) throws(DarwinSuiteDomainError) -> String {
        if path.unicodeScalars.contains(where: PrintableLine.isUnsafe) { throw .controlCharacterInPath(path: path) }
        guard path.hasPrefix("/") else { throw .pathNotAbsolute(path: path) }
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.contains(where: { $0 == "." || $0 == ".." }) else { throw .pathNotAbsolute(path: path) }
        return "/" + components.joined(separator: "/")
    }

    /// How many components `path` has: `/` has none, `/a/b` two.
    package static func depth(_ path: String) -> Int {
        path.split(separator: "/", omittingEmptySubsequences: true).count
    }
}
