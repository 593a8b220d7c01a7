//===----------------------------------------------------------------------===//
// PlanSource.swift: one `--from` path read into durations and test names.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateDigest
import GatePublishing
import GateReport
import GateSigning

/// One `--from` path of `plan` read: an out folder (its `report.json`, verified exactly as
/// `verify` verifies it when a key is given), a `report.json` file, or a JUnit XML file. What it
/// gives: the durations of one run, the names of the tests it ran (in its order), and the
/// record of the file by digest.
package struct PlanSource: Sendable {
    /// The file read, by digest.
    package var input: PlanInput
    /// Each test with its duration, as the run measured it.
    package var durations: [(name: String, seconds: Double)]
    /// Every test the run had (skipped ones too), in its order.
    package var tests: [String]
    /// The test target (module) of each class, where the run named one.
    package var modules: [String: String] = [:]

    /// Reads `path`.
    ///
    /// - Parameters:
    ///   - path: an out folder, a `report.json`, or a `.xml` JUnit file.
    ///   - publicKey: when given, `path` must be an out folder (or its `report.json` or
    ///     `report.dsse.json`) that verifies with it; a JUnit file, being unsigned, is refused.
    /// - Throws: ``ShardPlanError/unreadable(path:reason:)`` for what cannot be read,
    ///   ``ShardPlanError/unverified(path:reason:)`` for a folder that does not verify.
    package static func read(_ path: String, publicKey: PublicKey?) throws(ShardPlanError) -> PlanSource {
        let isFolder = ArchiveFinder.isDirectory(path)
        let name = (path as NSString).lastPathComponent
        if !isFolder, name.lowercased().hasSuffix(".xml") {
            guard publicKey == nil else {
                throw .unverified(
                    path: path, reason: "a JUnit file is not signed; give signed out folders, or drop --pubkey to plan from it")
            }
            return try junit(path)
        }
        let folder = isFolder ? path : (path as NSString).deletingLastPathComponent
        if let publicKey {
            guard isFolder || name == "report.json" || name == ArchivedReport.envelopeName else {
                throw .unreadable(path: path, reason: "with --pubkey give an out folder (report.json, report.dsse.json, logs/)")
            }
            let archive: ArchivedReport
            do {
                archive = try ArchivedReport.load(folder: folder.isEmpty ? "." : folder, publicKey: publicKey)
            } catch {
                throw .unverified(path: path, reason: error.description)
            }
            return source(archive.report, kind: PlanInput.signedReport, path: path, sha256: archive.verification.reportSHA256)
        }
        let file = isFolder ? (path.hasSuffix("/") ? path + "report.json" : path + "/report.json") : path
        let bytes: [UInt8]
        do {
            bytes = try SafeFile.contents(ofFile: file, limit: GateReport.maximumJSONSize)
        } catch {
            throw .unreadable(path: path, reason: isFolder ? "its report.json: \(error.reason)" : error.reason)
        }
        let report: GateReport
        do {
            report = try GateReport.decode(bytes, source: file)
        } catch {
            throw .unreadable(path: path, reason: "it is not an acceptance report (\(error.description))")
        }
        return source(report, kind: PlanInput.report, path: path, sha256: SHA256.hash(bytes).hex)
    }

    /// What a report gives: its xctest suites' tests.
    private static func source(_ report: GateReport, kind: String, path: String, sha256: String) -> PlanSource {
        var durations: [(name: String, seconds: Double)] = []
        var tests: [String] = []
        var modules: [String: String] = [:]
        for suite in report.suites where suite.kind == .xctest {
            for test in suite.tests {
                tests.append(test.name)
                if let module = test.module, !module.isEmpty { modules[PlanGranularity.class.unit(of: test.name)] = module }
                if test.status != .skipped, let seconds = test.durationSeconds { durations.append((test.name, seconds)) }
            }
        }
        return PlanSource(
            input: PlanInput(kind: kind, path: path, sha256: sha256, tests: durations.count), durations: durations, tests: tests,
            modules: modules)
    }

    /// What a JUnit file gives.
    private static func junit(_ path: String) throws(ShardPlanError) -> PlanSource {
        let bytes: [UInt8]
        do {
            bytes = try SafeFile.contents(ofFile: path, limit: JUnitTimingReader.maximumBytes)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        let cases = try JUnitTimingReader.cases(in: bytes, path: path)
        let durations = cases.compactMap { item in item.skipped ? nil : item.seconds.map { (name: item.name, seconds: $0) } }
        var modules: [String: String] = [:]
        for item in cases {
            if let module = item.module { modules[PlanGranularity.class.unit(of: item.name)] = module }
        }
        return PlanSource(
            input: PlanInput(kind: PlanInput.junit, path: path, sha256: SHA256.hash(bytes).hex, tests: durations.count),
            durations: durations, tests: cases.map(\.name), modules: modules)
    }
}
