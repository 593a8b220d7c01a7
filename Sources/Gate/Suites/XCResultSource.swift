//===----------------------------------------------------------------------===//
// XCResultSource.swift: an xcresult bundle as a second source of a suite's test results.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GatePublishing
import GateReport
import XCTestOutput

/// Reads a suite's result bundle (`xcodebuild -resultBundlePath R.xcresult`) with
/// `xcrun xcresulttool get test-results tests --path R.xcresult` and reconciles it
/// with the console: on a Mac the bundle is the reliable record, the console the one that can be
/// cut short or piped through a formatter.
enum XCResultSource {
    /// What reading the bundle gave.
    struct Read {
        /// The bundle's results; empty when it could not be read.
        var results: [TestResult]
        /// Why it could not be read.
        var problems: [ReportProblem]
    }

    /// Reads `bundle`; its JSON is kept at `archiveTo` (in the capture folder, so it is scanned and
    /// archived redacted like every log).
    static func read(
        _ bundle: String, suite: String, variables: [String: String], archiveTo: CaptureFile?, supervisor: ProcessSupervisor,
        notBefore: Date? = nil
    ) -> Read {
        let subject = ReportSubject.suite(suite)
        // A bundle from an earlier run (left where the suite writes it, as the suite's own `rm -rf`
        // would not run in a hand-edited command) is no evidence of this one.
        if let notBefore, let written = (try? FileManager.default.attributesOfItem(atPath: bundle))?[.modificationDate] as? Date,
            written < notBefore.addingTimeInterval(-1)
        {
            return Read(
                results: [],
                problems: [
                    ReportProblem(
                        .incompleteLog, subject: subject,
                        claim: "its result bundle '\(bundle)' is older than this run, so it is not this run's evidence; "
                            + "remove it before the suite writes a new one")
                ])
        }
        guard FileManager.default.fileExists(atPath: bundle) else {
            return Read(
                results: [],
                problems: [
                    ReportProblem(
                        .incompleteLog, subject: subject,
                        claim: "its result bundle '\(bundle)' was not written (results.xcresult); check -resultBundlePath")
                ])
        }
        // JSON is what `get test-results tests` prints (Xcode 16.0 onwards); no `--format`, which
        // Xcode 16.0's xcresulttool does not document for the new `test-results` commands.
        let command = ["xcrun", "xcresulttool", "get", "test-results", "tests", "--path", bundle]
        let output: ProcessResult
        do {
            output = try supervisor.run(ProcessSpec(arguments: command, environment: variables), timeout: .seconds(120))
        } catch {
            return Read(
                results: [],
                problems: [
                    ReportProblem(
                        .suiteDidNotRun, subject: subject,
                        claim: "its result bundle cannot be read: \(error.description) (xcresulttool comes with Xcode 16)")
                ])
        }
        archiveTo?.store(output.stdout)
        guard output.status.isSuccess else {
            return Read(
                results: [],
                problems: [
                    ReportProblem(
                        .suiteDidNotRun, subject: subject,
                        claim: "xcresulttool \(output.status.description) reading '\(bundle)'")
                ])
        }
        do {
            return Read(results: try XCResultReader.read(json: output.stdout), problems: [])
        } catch {
            return Read(
                results: [],
                problems: [ReportProblem(.suiteDidNotRun, subject: subject, claim: error.description)])
        }
    }

    /// One list from both sources: every test either source saw, failed when either says it
    /// failed (a console cut short and a formatter that hides a line cannot turn a failure into a
    /// pass), the bundle's record otherwise (it knows retries and module names).
    static func reconcile(console: [TestResult], bundle: [TestResult]) -> [TestResult] {
        guard !bundle.isEmpty else { return console }
        func key(_ result: TestResult) -> String { result.name }
        let consoleByName = Dictionary(
            console.map { (key($0), $0) },
            uniquingKeysWith: { first, second in
                first.status == .failed ? first : second
            })
        var merged: [TestResult] = []
        var seen: Set<String> = []
        for var result in bundle {
            if let line = consoleByName[key(result)], line.status == .failed, result.status != .failed {
                result.status = .failed
                result.message = line.message ?? result.message
                result.location = line.location ?? result.location
            }
            merged.append(result)
            seen.insert(key(result))
        }
        merged += console.filter { !seen.contains(key($0)) }
        return merged
    }
}
