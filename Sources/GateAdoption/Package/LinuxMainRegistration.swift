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
        if line.trimmingSpaces == "return [" {
            insertElement(into: &lines, below: open)
        } else {
            guard let bracket = line.range(of: "return [") else { return nil }
            lines[open] = String(line[..<bracket.upperBound]) + entry + ", " + String(line[bracket.upperBound...])
        }
        return lines.joined(separator: "\n")
    }

    /// Adds the entry as the first element of the list opened on line `open` and written one
    /// element a line: indented like the elements (four spaces deeper than the opening line when
    /// there are none) and with nothing after its comma, so the edit leaves no trailing space and
    /// follows the file's own style. A lone element without a comma gets one, since the list now
    /// has two and a multi-line list ends with a comma in Swift's default format.
    static func insertElement(into lines: inout [String], below open: Int) {
        let indent = String(lines[open].prefix { $0 == " " || $0 == "\t" })
        var close = open + 1
        while close < lines.count, !lines[close].trimmingSpaces.hasPrefix("]") { close += 1 }
        let elements = (open + 1..<close).filter {
            let content = lines[$0].trimmingSpaces
            return !content.isEmpty && !content.hasPrefix("//") && !content.hasPrefix("#")
        }
        let first = elements.first.map { lines[$0] } ?? ""
        let firstIndent = String(first.prefix { $0 == " " || $0 == "\t" })
        let inner = firstIndent.count > indent.count ? firstIndent : indent + "    "
        if elements.count == 1, let only = elements.first, !lines[only].contains("//"), !lines[only].trimmingSpaces.hasSuffix(",") {
            lines[only] = String(lines[only].prefix { $0 == " " || $0 == "\t" }) + lines[only].trimmingSpaces + ","
        }
        lines.insert(inner + entry + ",", at: open + 1)
    }

    /// `LinuxMain.swift` with the entry added first in `XCTMain([`, when the file imports the
    /// target with `@testable` (the class is internal); `nil` otherwise.
    static func insertIntoLinuxMain(_ text: String, target: String) -> String? {
        let imports = text.split(separator: "\n").map(\.trimmingSpaces)
        guard imports.contains("@testable import \(target)"), let call = text.range(of: "XCTMain([") else { return nil }
        let after = text[call.upperBound...]
        if after.prefix(while: { $0 != "\n" }).trimmingSpaces.isEmpty {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let open = lines.firstIndex(where: { $0.contains("XCTMain([") }) else { return nil }
            insertElement(into: &lines, below: open)
            return lines.joined(separator: "\n")
        }
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
