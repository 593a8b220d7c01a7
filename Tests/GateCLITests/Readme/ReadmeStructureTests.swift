//===----------------------------------------------------------------------===//
// ReadmeStructureTests.swift: the README stays a three-minute read whose links all lead somewhere.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateProcess
import GateTestSupport
import Testing

/// The README is what a team reads first: short, a sample before the first command, the two set-up
/// commands, and links that resolve. Everything else lives in the pages it links to.
@Suite("README structure")
struct ReadmeStructureTests {
    static let readme = (try? RepositoryFiles.text("README.md")) ?? ""
    static let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    /// Pages the README links to that another change adds (none now).
    static let landingElsewhere: Set<String> = []

    @Test("at most about 200 lines, and a sample of a run comes before the first command to type")
    func short() throws {
        #expect(Self.lines.count >= 100 && Self.lines.count <= 210, "README.md has \(Self.lines.count) lines")
        let sample = try #require(Self.lines.firstIndex { $0.hasPrefix("$ acceptance-gate run") })
        let firstCommand = try #require(Self.lines.firstIndex { $0.hasPrefix("```sh") })
        #expect(sample < firstCommand)
        #expect(firstCommand < 60, "the first command is on line \(firstCommand + 1)")
    }

    @Test("exactly two set-up commands, ci/gate and ci/test, and .ci/run runs the same ci/test")
    func setUp() throws {
        let setUp = Self.lines.filter { $0.hasPrefix("ci/") }
        #expect(setUp.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["ci/gate", "ci/test"])
        let run = try RepositoryFiles.text(".ci/run")
        #expect(run.split(separator: "\n").contains("bash ci/test"))
    }

    @Test("CONTRIBUTING.md's layout names every module folder in Sources and every plugin, and nothing else")
    func layoutMatchesTheTree() throws {
        let text = try RepositoryFiles.text("CONTRIBUTING.md")
        let named = Set(
            text.split(separator: "\n").compactMap { line -> String? in
                let path = line.split(separator: " ").first.map(String.init) ?? ""
                guard path.hasPrefix("Sources/") || path.hasPrefix("Plugins/"), path.hasSuffix("/"), !path.contains("*") else { return nil }
                return String(path.dropLast())
            })
        var folders: Set<String> = []
        for parent in ["Sources", "Plugins"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.root.appendingPathComponent(parent).path)
            // The C targets are named together, as `Sources/C*/`.
            for name in names where !(parent == "Sources" && name.hasPrefix("C") && name.dropFirst().first?.isUppercase == true) {
                folders.insert(parent + "/" + name)
            }
        }
        #expect(
            named == folders, "named but missing: \(named.subtracting(folders).sorted()); unnamed: \(folders.subtracting(named).sorted())")
    }

    @Test("CONTRIBUTING.md's dependency list is Package.swift's, as swift package dump-package reads it", .timeLimit(.minutes(2)))
    func dependenciesMatchThePackage() throws {
        let text = try RepositoryFiles.text("CONTRIBUTING.md")
        let section = try #require(text.components(separatedBy: "### Dependencies").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        var listed: [String: [String]] = [:]
        for line in block.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 1)
            guard let name = words.first else { continue }
            let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
            listed[String(name)] = rest == "-" ? [] : rest.components(separatedBy: ", ")
        }
        // A scratch path of its own: `swift test` holds the lock of the package's own `.build`.
        let scratch = try ScratchFolder("dump-package")
        defer { scratch.remove() }
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: ["swift", "package", "--scratch-path", scratch.path, "dump-package"],
                workingDirectory: RepositoryFiles.root.path),
            timeout: .seconds(90))
        try #require(result.status.isSuccess, "swift package dump-package: \(result.stderrText)")
        let package = try JSONReader.read(result.stdout)
        var declared: [String: [String]] = [:]
        for target in package["targets"]?.array ?? [] {
            guard let name = target["name"]?.string, let type = target["type"]?.string,
                ["regular", "executable", "plugin"].contains(type), !["Benchmarks", "GateTestSupport"].contains(name)
            else { continue }
            // Each dependency is `{"byName": [name, condition]}` (or `target`/`product`): its first element.
            let names = (target["dependencies"]?.array ?? []).compactMap { $0.members?.first?.value.array?.first?.string }
            declared[name] = names.filter { $0 != "GateCore" }.sorted()
        }
        #expect(declared.count > 15)
        #expect(listed == declared)
    }

    @Test("every relative link of the README and of the pages in docs/ names a file that exists")
    func links() throws {
        let documents = ["README.md", "CONTRIBUTING.md"] + ReadmeBlocksTests.documents.filter { $0.hasPrefix("docs/") }
        var checked = 0
        for document in documents {
            let text = try RepositoryFiles.text(document)
            let folder = (document as NSString).deletingLastPathComponent
            for target in Self.linkTargets(in: text) where !target.contains("://") && !target.hasPrefix("#") {
                let file = String(target.prefix { $0 != "#" })
                let path = ((folder.isEmpty ? file : folder + "/" + file) as NSString).standardizingPath
                checked += 1
                if Self.landingElsewhere.contains(path) { continue }
                #expect(
                    FileManager.default.fileExists(atPath: RepositoryFiles.root.appendingPathComponent(path).path),
                    "\(document) links to \(target), which does not exist")
            }
        }
        #expect(checked >= 20)
    }

    /// The targets of Markdown links and images, `[text](target)`.
    static func linkTargets(in text: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            targets.append(String(after[..<close]))
            rest = after[close...]
        }
        return targets
    }

    @Test("the link reader finds links and images")
    func reader() {
        #expect(Self.linkTargets(in: "a [b](c.md) ![d](e.png#x) [f](https://g)") == ["c.md", "e.png#x", "https://g"])
    }

    @Test("every 'iOS N+' and 'macOS N+' the README and docs/ claim for the libraries is Package.swift's floor")
    func platforms() throws {
        let manifest = try RepositoryFiles.text("Package.swift")
        let iOS = try #require(Self.numbers(after: ".iOS(.v", in: manifest).first)
        let macOS = try #require(Self.numbers(after: ".macOS(.v", in: manifest).first)
        var claims = 0
        for document in ["README.md", "CONTRIBUTING.md"] + ReadmeBlocksTests.documents.filter({ $0.hasPrefix("docs/") }) {
            let text = try RepositoryFiles.text(document)
            for claimed in Self.numbers(after: "iOS ", in: text, before: "+") {
                claims += 1
                #expect(claimed == iOS, "\(document) says iOS \(claimed)+, Package.swift says \(iOS)")
            }
            for claimed in Self.numbers(after: "macOS ", in: text, before: "+") {
                claims += 1
                #expect(claimed == macOS, "\(document) says macOS \(claimed)+, Package.swift says \(macOS)")
            }
        }
        #expect(claims >= 4, "the README and docs/libraries.md name the libraries' platforms")
    }

    /// The integers that follow `prefix` in `text` (and are followed by `suffix` when one is given).
    static func numbers(after prefix: String, in text: String, before suffix: String? = nil) -> [Int] {
        var found: [Int] = []
        var rest = Substring(text)
        while let range = rest.range(of: prefix) {
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let after = rest[range.upperBound...].dropFirst(digits.count)
            if let value = Int(digits), suffix.map({ after.hasPrefix($0) }) ?? true { found.append(value) }
            rest = rest[range.upperBound...]
        }
        return found
    }
}
