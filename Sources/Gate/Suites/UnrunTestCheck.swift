//===----------------------------------------------------------------------===//
// UnrunTestCheck.swift: the tests a `swift test` suite's package declares that never ran.
//===----------------------------------------------------------------------===//

import GateAdoption
import GateConfig
import GateProcess
import GatePublishing
import GateReport
import SuiteDomain
import XCTestOutput

/// Compares the tests a `swift test` suite's package declares (``PackageTestInventory``: its
/// test targets' `XCTestCase` methods and `@Test` functions) with the tests its log shows, and
/// names what never ran with the likely cause. On Linux, SwiftPM runs a package's tests through
/// `Tests/LinuxMain.swift` when it has one, and then only the classes that file lists: a class a
/// contributor forgot to list is otherwise silently skipped.
///
/// `swift test list` cannot replace the sources here: with a `LinuxMain.swift` it lists only the
/// classes that file lists (measured with Swift 6.3.1). A suite whose command filters the tests
/// (`--filter`, `--skip`) chose what runs and is not compared; an `xcodebuild` suite is not
/// compared at all (its scheme, not the package, decides what runs).
enum UnrunTestCheck {
    /// What one check found: the tests that never ran, or why the package was not compared.
    struct Outcome: Equatable {
        var unrun: [ReportUnrunTest] = []
        var skipped: String?
        /// The suite of each Swift Testing result the sources tell (``SwiftTestingSuites``), by index.
        var suites: [Int: String] = [:]
    }

    /// Reads the package a suite's `swift test` runs in: names the suites of its Swift Testing
    /// results, and, with `compare` (the suite ran to its end by itself, not as a shard) and no
    /// filter in its command, compares. `nil` for a suite that does not run `swift test` or ran
    /// no test. The read runs the package's manifest, the change's code: it runs as the suite
    /// did, in `domain` with the suite's `variables` (never the gate's own environment, which
    /// holds the signing key).
    static func check(
        plan: ConfigSuite, results: [TestResult], directory: String, variables: [String: String], supervisor: ProcessSupervisor,
        domain: SuiteDomain?, compare: Bool
    ) -> Outcome? {
        guard plan.kind == .xctest, plan.xcresult == nil, !results.isEmpty, let invocation = SwiftTestInvocation(plan.arguments)
        else { return nil }
        let comparing = compare && !invocation.filtered
        guard comparing || results.contains(where: { $0.framework == .swiftTesting }) else { return nil }
        let root = invocation.packagePath.map { $0.hasPrefix("/") ? $0 : directory + "/" + $0 } ?? directory
        let manifest: SwiftPackageManifest
        do {
            manifest = try SwiftPackageReader.read(
                directory: root, swiftCommand: invocation.swift, timeout: .seconds(120), supervisor: supervisor,
                confine: { spec in
                    var spec = spec
                    spec.environment = variables
                    return try? spec.confined(to: domain, supervisor: supervisor)
                })
        } catch {
            return Outcome(skipped: "the package's declared tests were not compared: \(error.description)")
        }
        let inventory = PackageTestInventory.read(root: root, targets: manifest.testTargets)
        var outcome = Outcome(
            unrun: comparing
                ? unrun(declared: inventory.tests, results: results, linuxMain: inventory.linuxMain, invocation: invocation) : [],
            suites: SwiftTestingSuites.resolve(results, declared: inventory.tests))
        if inventory.truncated && comparing {
            outcome.skipped =
                "some of the package's test sources were not read (over \(PackageTestInventory.fileLimit) files, or unreadable)"
        }
        return outcome
    }

    /// Whether SwiftPM runs a package's tests through `Tests/LinuxMain.swift` on this platform.
    static var linuxMainApplies: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    /// The declared tests no result shows, each with its likely cause.
    static func unrun(
        declared: [DeclaredTest], results: [TestResult], linuxMain: String?, invocation: SwiftTestInvocation,
        linuxMainApplies: Bool = UnrunTestCheck.linuxMainApplies
    ) -> [ReportUnrunTest] {
        let throughLinuxMain = linuxMainApplies && linuxMain != nil && !invocation.discovery
        let xctest = results.filter { $0.framework == .xctest }
        let ranCases = Set(xctest.map(\.name))
        let ranClasses = Set(xctest.map { result in String(result.name.split(separator: ".").first ?? "") })
        let swiftTesting = results.filter { $0.framework == .swiftTesting }
        let ranFunctions = Set(swiftTesting.flatMap { [$0.name] + ($0.displayName.map { [$0] } ?? []) })
        let ranTargets = Set(declared.filter { $0.framework == .xctest && ranClasses.contains($0.types.first ?? "") }.map(\.target))
        var found: [ReportUnrunTest] = []
        for test in declared {
            let cause: String
            switch test.framework {
            case .xctest:
                guard !invocation.xctestDisabled, !ranCases.contains(test.name) else { continue }
                let type = test.types.first ?? ""
                if !throughLinuxMain {
                    cause = "not in the log"
                } else if !ranTargets.contains(test.target) {
                    cause = "its test target \(test.target) is not run by \(LinuxMainRegistration.linuxMainPath)"
                } else if !ranClasses.contains(type) {
                    cause = "not listed in \(LinuxMainRegistration.linuxMainPath)"
                } else {
                    cause = "missing from its class's allTests, which \(LinuxMainRegistration.linuxMainPath) lists"
                }
            case .swiftTesting:
                guard !invocation.swiftTestingDisabled, !ranFunctions.contains(test.function),
                    !(test.displayName.map(ranFunctions.contains) ?? false)
                else { continue }
                if throughLinuxMain {
                    cause =
                        "\(LinuxMainRegistration.linuxMainPath) is the test entry point on Linux and runs only the XCTest classes it lists"
                } else if swiftTesting.isEmpty {
                    cause = "Swift Testing did not run"
                } else {
                    cause = "not in the log"
                }
            }
            found.append(ReportUnrunTest(name: test.name, target: test.target, cause: cause))
            if found.count == ReportSuite.unrunTestLimit { break }
        }
        return found
    }
}
