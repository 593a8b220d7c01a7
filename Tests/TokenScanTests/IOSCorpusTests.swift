//===----------------------------------------------------------------------===//
// IOSCorpusTests.swift: recall, precision and clean-log alarms on generated iOS CI logs.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@testable import TokenScan

/// Recall, precision and clean-file alarms of the scanner on one corpus, overall and per rule.
struct CorpusFigures: CustomStringConvertible {
    /// Per rule: planted, found, reported, reported correctly.
    var rules: [String: (planted: Int, found: Int, reported: Int, correct: Int)] = [:]
    var cleanFiles = 0
    var alarmedCleanFiles = 0
    var misses: [String] = []
    var falseAlarms: [String] = []
    var bytes = 0

    var planted: Int { rules.values.reduce(0) { $0 + $1.planted } }
    var found: Int { rules.values.reduce(0) { $0 + $1.found } }
    var reported: Int { rules.values.reduce(0) { $0 + $1.reported } }
    var correct: Int { rules.values.reduce(0) { $0 + $1.correct } }
    var recall: Double { planted == 0 ? 1 : Double(found) / Double(planted) }
    var precision: Double { reported == 0 ? 1 : Double(correct) / Double(reported) }

    /// Measures findings against what was planted: a secret is found when a finding of its rule starts
    /// on its line; a finding is correct when a secret of its rule was planted on its line.
    static func measure(_ files: [IOSLogCorpus.LogFile], findings: (IOSLogCorpus.LogFile) -> [(line: Int, rule: String)]) -> CorpusFigures {
        var figures = CorpusFigures()
        for file in files {
            figures.bytes += file.text.utf8.count
            let reported = findings(file)
            for secret in file.planted {
                figures.rules[secret.rule, default: (0, 0, 0, 0)].planted += 1
                if reported.contains(where: { $0.line == secret.line && $0.rule == secret.rule }) {
                    figures.rules[secret.rule, default: (0, 0, 0, 0)].found += 1
                } else {
                    figures.misses.append("\(file.name):\(secret.line) \(secret.rule)")
                }
            }
            for finding in reported {
                figures.rules[finding.rule, default: (0, 0, 0, 0)].reported += 1
                if file.planted.contains(where: { $0.line == finding.line && $0.rule == finding.rule }) {
                    figures.rules[finding.rule, default: (0, 0, 0, 0)].correct += 1
                } else {
                    figures.falseAlarms.append("\(file.name):\(finding.line) \(finding.rule)")
                }
            }
            if file.planted.isEmpty {
                figures.cleanFiles += 1
                if !reported.isEmpty { figures.alarmedCleanFiles += 1 }
            }
        }
        return figures
    }

    /// The figures as a table, one line per rule.
    var description: String {
        var lines = [
            String(
                format: "recall %.3f (%d/%d), precision %.3f (%d/%d), clean logs alarmed %d/%d", recall, found, planted, precision, correct,
                reported, alarmedCleanFiles, cleanFiles)
        ]
        for (rule, figure) in rules.sorted(by: { $0.key < $1.key }) {
            let recall = figure.planted == 0 ? "   -" : String(format: "%.2f", Double(figure.found) / Double(figure.planted))
            let precision = figure.reported == 0 ? "   -" : String(format: "%.2f", Double(figure.correct) / Double(figure.reported))
            lines.append(
                "  \(rule.padding(toLength: 30, withPad: " ", startingAt: 0)) planted \(figure.planted)  recall \(recall)  precision \(precision)"
            )
        }
        return lines.joined(separator: "\n")
    }
}

/// The tuning corpus (seed `tuningSeed`) was looked at while the rules were written; the held-out
/// corpus (seed `heldOutSeed`) only measured at the end, never used to change a rule.
enum CorpusSeeds {
    static let tuningSeed: UInt64 = 0x7E57_10C5
    static let heldOutSeed: UInt64 = 0x4E1D_0C7A
    /// Logs with secrets and clean logs per corpus.
    static let leakyFiles = 90
    static let cleanFiles = 45
}

/// Scans every file of a generated corpus with the project's test scanner.
func scanCorpus(_ files: [IOSLogCorpus.LogFile]) -> CorpusFigures {
    CorpusFigures.measure(files) { file in
        scan(file.text, file: file.name).findings.map { (line: $0.line, rule: $0.rule.id) }
    }
}

@Suite("iOS CI corpus")
struct IOSCorpusTests {
    @Test("tuning corpus: recall and precision at least 0.95 overall and 0.9 per rule, no alarm on a clean log")
    func tuning() {
        var corpus = IOSLogCorpus(seed: CorpusSeeds.tuningSeed)
        let files = corpus.corpus(files: CorpusSeeds.leakyFiles, clean: CorpusSeeds.cleanFiles)
        let figures = scanCorpus(files)
        print("tuning corpus (seed \(String(CorpusSeeds.tuningSeed, radix: 16))): \(figures)")
        print("misses: \(figures.misses.prefix(30))\nfalse alarms: \(figures.falseAlarms.prefix(30))")
        if ProcessInfo.processInfo.environment["CORPUS_DUMP"] != nil {
            for file in files {
                let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
                for miss in figures.misses + figures.falseAlarms where miss.hasPrefix(file.name + ":") {
                    let number = Int(miss.dropFirst(file.name.count + 1).prefix { $0.isNumber }) ?? 1
                    print("DUMP \(miss): \(lines[number - 1])")
                    let result = scan(String(lines[number - 1]), file: file.name)
                    print(
                        "DUMP   findings \(result.findings.map(\.rule.id)) suppressed \(result.suppressed.map { "\($0.rule.id) \($0.reason)" })"
                    )
                }
            }
        }
        #expect(figures.planted >= 1000)
        #expect(figures.recall >= 0.95, "misses: \(figures.misses.prefix(20))")
        #expect(figures.precision >= 0.95, "false alarms: \(figures.falseAlarms.prefix(20))")
        #expect(figures.alarmedCleanFiles == 0, "false alarms: \(figures.falseAlarms.prefix(20))")
        for (rule, figure) in figures.rules {
            #expect(figure.planted > 0, "\(rule) is reported but never planted")
            #expect(Double(figure.found) >= 0.9 * Double(figure.planted), "\(rule): \(figure)")
            #expect(Double(figure.correct) >= 0.9 * Double(figure.reported), "\(rule): \(figure)")
        }
        #expect(Set(figures.rules.keys).isSuperset(of: ScanRule.allCases.map(\.id)), "every rule is planted")
    }

    @Test("held-out corpus (a seed never used for tuning): recall and precision at least 0.95, no alarm on a clean log")
    func heldOut() {
        var corpus = IOSLogCorpus(seed: CorpusSeeds.heldOutSeed)
        let files = corpus.corpus(files: CorpusSeeds.leakyFiles, clean: CorpusSeeds.cleanFiles)
        let figures = scanCorpus(files)
        print("held-out corpus (seed \(String(CorpusSeeds.heldOutSeed, radix: 16))): \(figures)")
        #expect(figures.recall >= 0.95, "misses: \(figures.misses.prefix(20))")
        #expect(figures.precision >= 0.95, "false alarms: \(figures.falseAlarms.prefix(20))")
        #expect(figures.alarmedCleanFiles == 0, "false alarms: \(figures.falseAlarms.prefix(20))")
    }

    @Test("no output contains a planted secret or 12 consecutive characters of one, on the tuning corpus")
    func noLeaks() {
        var corpus = IOSLogCorpus(seed: CorpusSeeds.tuningSeed ^ 1)
        let files = corpus.corpus(files: 20, clean: 0)
        for file in files {
            let result = scan(file.text, file: file.name)
            let outputs = [
                ScanOutput.text(result.findings), ScanOutput.jsonl(result.findings), ScanOutput.sarif(result.findings),
                ScanOutput.explain(result.suppressed),
            ].joined()
            for secret in file.planted { #expect(!leaks(secret.secret, in: outputs), "\(file.name):\(secret.line) \(secret.rule)") }
        }
    }
}

/// gitleaks on the held-out corpus, side by side with the scanner, when a gitleaks binary is at
/// `$GITLEAKS` or on `PATH` (it is not a dependency: the test is skipped without it). A planted
/// secret counts as found by gitleaks when any of its findings starts on the secret's line (its rule
/// ids differ from ours); a gitleaks finding is correct when a secret was planted on its line.
@Suite("gitleaks comparison")
struct GitleaksComparisonTests {
    static var gitleaks: String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["GITLEAKS"], FileManager.default.isExecutableFile(atPath: path) { return path }
        for folder in (environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(folder)/gitleaks") {
            return "\(folder)/gitleaks"
        }
        return nil
    }

    @Test("held-out corpus: the scanner and gitleaks, same files, same scoring", .enabled(if: gitleaks != nil))
    func sideBySide() throws {
        let binary = try #require(Self.gitleaks)
        var corpus = IOSLogCorpus(seed: CorpusSeeds.heldOutSeed)
        let files = corpus.corpus(files: CorpusSeeds.leakyFiles, clean: CorpusSeeds.cleanFiles)
        let scratch = try ScratchFolder("gitleaks-corpus")
        defer { scratch.remove() }
        let folder = scratch.file("corpus")
        for file in files {
            let path = folder + "/" + file.name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
        }
        // Beside the corpus, not in it: gitleaks must not scan its own report.
        let report = scratch.file("report.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "dir", folder, "--no-banner", "--log-level", "error", "--report-format", "json", "--report-path", report, "--exit-code", "0",
        ]
        let started = Date()
        try process.run()
        process.waitUntilExit()
        let gitleaksSeconds = Date().timeIntervalSince(started)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [[String: Any]])
        var byFile: [String: [(line: Int, rule: String)]] = [:]
        for object in objects {
            guard let path = object["File"] as? String, let line = object["StartLine"] as? Int else { continue }
            let name = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
            byFile[name, default: []].append((line, "gitleaks"))
        }
        // gitleaks' rule ids differ: score it by line only.
        let relabelled = files.map { file in
            IOSLogCorpus.LogFile(
                name: file.name, text: file.text,
                planted: file.planted.map { PlantedSecret(line: $0.line, rule: "gitleaks", secret: $0.secret) })
        }
        let theirs = CorpusFigures.measure(relabelled) { byFile[$0.name] ?? [] }
        let started2 = Date()
        let ours = scanCorpus(files)
        let ourSeconds = Date().timeIntervalSince(started2)
        print("held-out corpus, \(files.count) files, \(ours.bytes) bytes")
        print(
            "  acceptance-gate scan (debug build, in process, \(String(format: "%.2f", ourSeconds)) s): \(ours.description.split(separator: "\n")[0])"
        )
        print("  gitleaks \(binary) (\(String(format: "%.2f", gitleaksSeconds)) s): \(theirs.description.split(separator: "\n")[0])")
        #expect(ours.recall >= theirs.recall)
        #expect(ours.precision >= theirs.precision)
        #expect(ours.alarmedCleanFiles <= theirs.alarmedCleanFiles)
    }
}
