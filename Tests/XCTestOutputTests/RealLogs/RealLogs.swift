//===----------------------------------------------------------------------===//
// RealLogs.swift: the real test-run logs in ../shared/testdata/reallogs-parse, read in place.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import XCTestOutput

/// Test-run logs nobody on this project wrote (xcbeautify's, xcpretty's, fastlane's, bitrise's and
/// xcodebuild.nvim's fixtures, swift-corelibs-xctest runs, `swift test` of public packages). They
/// are other projects' data: read from `../shared/testdata/reallogs-parse` beside the package
/// (CI always has it), never copied into this repository.
enum RealLogs {
    /// The folder, beside the package root.
    static let folder = RepositoryFiles.shared.appendingPathComponent("testdata/reallogs-parse")

    /// Whether the folder is there (a test that needs it is disabled, visibly, when it is not).
    static var available: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path)
    }

    /// Every log's path relative to ``folder`` (`bitrise/xcodebuild-ok.txt`), sorted.
    static func all() -> [String] {
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return folders.flatMap { sub -> [String] in
            let files = (try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)) ?? []
            return files.sorted().map { "\(sub)/\($0)" }
        }
    }

    /// The text of `path`, or `nil` when it cannot be read.
    static func text(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// What the parser makes of the log at `path`: every line through ``XCTestLogParser``, or the
    /// xcresult JSON through ``XCResultReader``.
    static func read(_ path: String) -> Reading? {
        guard let text = text(path) else { return nil }
        if path.hasSuffix(".json") {
            guard let results = try? XCResultReader.read(json: Array(text.utf8)) else { return nil }
            return Reading(results: results, facts: LogFacts())
        }
        var parser = XCTestLogParser()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            _ = parser.consumeAll(line: line)
        }
        let results = parser.finish()
        return Reading(results: results, facts: parser.facts)
    }

    /// A log as the gate reads it.
    struct Reading {
        /// Its tests.
        var results: [TestResult]
        /// What it says of itself.
        var facts: LogFacts

        /// Whether the gate accepts an xctest suite with this log that exited with `exitCode`:
        /// the rules of its suite judgement (a failed test, zero tests or only skipped ones) and
        /// of ``LogReconciliation``.
        func accepted(exitCode: Int) -> Bool {
            exitCode == 0 && !results.isEmpty && !results.allSatisfy { $0.status == .skipped }
                && !results.contains { $0.status == .failed } && LogReconciliation.check(facts, results: results).isEmpty
        }

        /// Whether a test named `name` (as an expectation names it: `Class.method`,
        /// `Module.Class.method`, or a Swift Testing function or display name) is among the results.
        func has(_ name: String) -> Bool {
            found(name) != nil
        }

        /// The first result an expectation `name` is met by.
        func found(_ name: String) -> TestResult? {
            results.first { result in
                result.name == name || result.module.map { "\($0).\(result.name)" } == name || result.displayName == name
            }
        }
    }
}
