//===----------------------------------------------------------------------===//
// PackageTestInventory.swift: the tests a Swift package's test targets declare.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// The tests a package declares, read from its test targets' sources (the targets
/// `swift package dump-package` names, in their folders): every `func test…()` of an
/// `XCTestCase` subclass (directly, or through another class of the same target) and every
/// `@Test` function, with `Tests/LinuxMain.swift` when the package has one.
///
/// Bounded for a hostile tree: at most ``fileLimit`` files of at most ``fileSizeLimit`` bytes and
/// ``totalSizeLimit`` in all, symbolic links not followed, nothing outside the package root read.
package struct PackageTestInventory: Equatable, Sendable {
    /// The declared tests, target by target, file by file.
    package var tests: [DeclaredTest]
    /// The text of `Tests/LinuxMain.swift`, `nil` when there is none.
    package var linuxMain: String?
    /// Whether a bound was reached: some files were not read.
    package var truncated: Bool

    /// The most Swift files read in all.
    package static let fileLimit = 5000
    /// The largest Swift file read.
    package static let fileSizeLimit = 1 << 20
    /// The most bytes read in all.
    package static let totalSizeLimit = 64 << 20

    /// Creates an inventory.
    package init(tests: [DeclaredTest], linuxMain: String? = nil, truncated: Bool = false) {
        self.tests = tests
        self.linuxMain = linuxMain
        self.truncated = truncated
    }

    /// Reads the test targets of `manifest` under the package root `root`.
    package static func read(root: String, targets: [SwiftPackageTarget]) -> PackageTestInventory {
        var tests: [DeclaredTest] = []
        var budget = fileLimit
        var bytesLeft = totalSizeLimit
        var truncated = false
        for target in targets where target.isTest {
            let files = swiftFiles(in: target.folder, root: root, budget: &budget, truncated: &truncated)
            var sources: [(file: String, source: SwiftTestSource)] = []
            for file in files {
                guard bytesLeft > 0,
                    let bytes = try? SafeFile.contents(ofFile: join(root, file), within: root, limit: min(fileSizeLimit, bytesLeft))
                else {
                    truncated = true
                    continue
                }
                bytesLeft -= bytes.count
                sources.append((file, SwiftTestSource(bytes)))
            }
            tests += declared(in: sources, target: target.name)
        }
        let linuxMainPath = join(root, LinuxMainRegistration.linuxMainPath)
        let linuxMain = (try? SafeFile.contents(ofFile: linuxMainPath, within: root, limit: fileSizeLimit)).map {
            String(decoding: $0, as: UTF8.self)
        }
        return PackageTestInventory(tests: tests, linuxMain: linuxMain, truncated: truncated)
    }

    /// The tests of one target's parsed files: the methods of its `XCTestCase` subclasses (the
    /// class relation followed within the target) and its `@Test` functions.
    static func declared(in sources: [(file: String, source: SwiftTestSource)], target: String) -> [DeclaredTest] {
        var parents: [String: [String]] = [:]
        for (_, source) in sources {
            for declaration in source.classes { parents[declaration.name, default: []] += declaration.inherits }
        }
        var testCases: Set<String> = []
        var changed = true
        // A fixpoint over the class relation: at most one round per class.
        var rounds = 0
        while changed && rounds <= parents.count {
            changed = false
            rounds += 1
            for (name, inherited) in parents where !testCases.contains(name) {
                if inherited.contains(where: { $0 == "XCTestCase" || testCases.contains($0) }) {
                    testCases.insert(name)
                    changed = true
                }
            }
        }
        var tests: [DeclaredTest] = []
        var seen: Set<String> = []
        for (file, source) in sources {
            for method in source.methods where testCases.contains(method.type) {
                let test = DeclaredTest(
                    target: target, framework: .xctest, types: [method.type], function: method.name, file: file, line: method.line)
                if seen.insert("x " + test.name).inserted { tests.append(test) }
            }
            for function in source.functions {
                let test = DeclaredTest(
                    target: target, framework: .swiftTesting, types: function.types, function: function.function,
                    displayName: function.displayName, file: file, line: function.line)
                if seen.insert("s " + test.name).inserted { tests.append(test) }
            }
        }
        return tests
    }

    /// The `.swift` files under `folder` (relative to `root`), sorted, without following
    /// symbolic links, at most `budget` of them.
    private static func swiftFiles(in folder: String, root: String, budget: inout Int, truncated: inout Bool) -> [String] {
        var found: [String] = []
        var pending = [folder]
        var visited = 0
        while let next = pending.popLast() {
            visited += 1
            guard visited <= 10_000 else {
                truncated = true
                break
            }
            let path = join(root, next)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let relative = next == "." ? name : next + "/" + name
                var info = stat()
                guard lstat(join(root, relative), &info) == 0 else { continue }
                switch FileKind(mode: info.st_mode) {
                case .directory: pending.append(relative)
                case .regular where name.hasSuffix(".swift"):
                    guard budget > 0 else {
                        truncated = true
                        continue
                    }
                    budget -= 1
                    found.append(relative)
                default: break
                }
            }
        }
        return found.sorted()
    }

    private static func join(_ root: String, _ path: String) -> String {
        root.hasSuffix("/") ? root + path : root + "/" + path
    }
}
