//===----------------------------------------------------------------------===//
// LinuxMainRegistration.swift: adding the redirect tests to an old-style Tests/LinuxMain.swift.
//===----------------------------------------------------------------------===//

/// On Linux, SwiftPM runs a package's tests through `Tests/LinuxMain.swift` when the package has
/// one, and then only the classes it lists (a new class is never run; `--enable-test-discovery`
/// ignores the file). This decides how the redirect tests get listed: in the target's
/// `XCTestManifests.swift`, in `LinuxMain.swift` itself, or by telling the team what to add.
package enum LinuxMainRegistration: Equatable, Sendable {
    /// The package has no `LinuxMain.swift`, or it already lists the class.
    case notNeeded
    /// Replace the file at `path` (relative to the package root) with `contents`.
    case edit(path: String, contents: String)
    /// The file's shape is not one `init` edits: `instructions` says exactly what to add; the
    /// suite runs `swift test --enable-test-discovery` meanwhile, so the gate still runs every test.
    case manual(instructions: String)

    /// Where SwiftPM looks for it.
    package static let linuxMainPath = "Tests/LinuxMain.swift"
    /// The entry that lists the class, using the `allTests` the redirect test template declares.
    package static let entry = "testCase(RedirectBoundaryTests.allTests)"

    /// Decides for one package.
    ///
    /// - Parameters:
    ///   - linuxMain: the text of `Tests/LinuxMain.swift`, `nil` when there is none.
    ///   - manifestPath: the test target's `XCTestManifests.swift` path, relative to the package root.
    ///   - manifest: its text, `nil` when there is none.
    ///   - target: the test target (its module name).
    package static func plan(linuxMain: String?, manifestPath: String, manifest: String?, target: String) -> Self {
        guard let linuxMain else { return .notNeeded }
        if linuxMain.contains("RedirectBoundaryTests") || manifest?.contains("RedirectBoundaryTests") == true {
            return .notNeeded
        }
        if let manifest, let edited = insertIntoManifest(manifest) {
            return .edit(path: manifestPath, contents: edited)
        }
        if let edited = insertIntoLinuxMain(linuxMain, target: target) {
            return .edit(path: linuxMainPath, contents: edited)
        }
        return .manual(
            instructions: "\(linuxMainPath) lists the test classes Linux runs: add \(entry) to the list it passes to XCTMain "
                + "(with '@testable import \(target)'), or to __allTests() in \(manifestPath); until then the suite runs "
                + "'swift test --enable-test-discovery', which ignores \(linuxMainPath)")
    }

    /// The manifest with the entry added as the first element of the array `__allTests()` (or
    /// `allTests()`) returns; `nil` when that function is not found.
    static func insertIntoManifest(_ text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let function = lines.firstIndex(where: { $0.contains("func __allTests()") || $0.contains("func allTests()") }),
            let open = lines[function...].firstIndex(where: { $0.trimmingSpaces.hasPrefix("return [") })
        else { return nil }
        let line = lines[open]
        let indent = String(line.prefix { $0 == " " || $0 == "\t" })
        if line.trimmingSpaces == "return [" {
            lines.insert(indent + "    " + entry + ",", at: open + 1)
        } else {
            guard let bracket = line.range(of: "return [") else { return nil }
            lines[open] = String(line[..<bracket.upperBound]) + entry + ", " + String(line[bracket.upperBound...])
        }
        return lines.joined(separator: "\n")
    }

    /// `LinuxMain.swift` with the entry added first in `XCTMain([`, when the file imports the
    /// target with `@testable` (the class is internal); `nil` otherwise.
    static func insertIntoLinuxMain(_ text: String, target: String) -> String? {
        let imports = text.split(separator: "\n").map(\.trimmingSpaces)
        guard imports.contains("@testable import \(target)"), let call = text.range(of: "XCTMain([") else { return nil }
        let after = text[call.upperBound...]
        let separator = after.hasPrefix("]") ? "" : ", "
        return String(text[..<call.upperBound]) + entry + separator + String(after)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(characters[first...last])
    }
}
