//===----------------------------------------------------------------------===//
// VerifyRequirementsTests.swift: `verify --require-…` read once and judged one way, for one
// report and in bulk.
//===----------------------------------------------------------------------===//

import GateArchive
import GateReport
import Testing

@testable import GateCLI

@Suite("verify's requirements")
struct VerifyRequirementsTests {
    private static let commit = String(repeating: "a1", count: 20)
    private static let config = String(repeating: "c0", count: 32)

    /// `verify`'s arguments with the given options.
    private static func arguments(_ options: [String: [OptionValue]]) -> ParsedArguments {
        ParsedArguments(command: ["verify"], options: options)
    }

    @Test("each option becomes one field: the configuration lowercased, the shard names trimmed")
    func reads() throws {
        let requirements = try VerifyRequirements(
            Self.arguments([
                "require-accepted": [.flag], "require-commit": [.text(Self.commit.uppercased())],
                "require-config": [.text(Self.config.uppercased())], "require-shards": [.text(" b, a ")],
            ]))
        #expect(
            requirements == VerifyRequirements(accepted: true, commit: Self.commit.uppercased(), config: Self.config, shards: ["a", "b"]))
        #expect(try VerifyRequirements(Self.arguments([:])) == VerifyRequirements())
    }

    @Test("a value that cannot be a requirement is a usage error naming its option, checked in a fixed order")
    func refuses() {
        #expect(throws: CommandLineError.self) { try VerifyRequirements(Self.arguments(["require-shards": [.text("a,,b")]])) }
        do {
            _ = try VerifyRequirements(
                Self.arguments(["require-commit": [.text("a1a1a1")], "require-config": [.text("not a digest")]]))
            Issue.record("a prefix and a bad digest were accepted")
        } catch {
            // The configuration is checked before the commit, as verify always did.
            #expect(error.diagnostic.exitCode == .usage)
            #expect(error.description.hasPrefix("invalid value 'not a digest' for '--require-config' of 'verify'"), "\(error)")
        }
        do {
            _ = try VerifyRequirements(Self.arguments(["require-commit": [.text("a1a1a1")]]))
            Issue.record("a commit prefix was accepted")
        } catch {
            #expect(error.description.contains("e.g. $(git rev-parse HEAD)"), "\(error)")
        }
    }

    @Test("a report that meets every requirement has none unmet; commit and configuration match in any case")
    func met() {
        let requirements = VerifyRequirements(accepted: true, commit: Self.commit.uppercased(), config: Self.config, shards: ["a", "b"])
        let report = VerifiedReport(
            verdict: .accepted, commit: Self.commit, config: Self.config.uppercased(), shards: ["b", "a"], mergeSigned: true)
        #expect(requirements.unmet(by: report).isEmpty)
        #expect(VerifyRequirements().unmet(by: VerifiedReport(verdict: .rejected, commit: "x", dirty: true)).isEmpty)
    }

    @Test("every unmet requirement, in the options' order, with its sentence and its bulk note")
    func unmet() {
        let other = String(repeating: "b2", count: 20)
        let requirements = VerifyRequirements(accepted: true, commit: other, config: Self.config, shards: ["a"])
        let unmet = requirements.unmet(by: VerifiedReport(verdict: .rejected, commit: Self.commit, dirty: true))
        #expect(
            unmet == [
                .notAccepted(.rejected), .otherCommit(signed: Self.commit, wanted: other),
                .otherConfig(used: nil, wanted: Self.config),
                .otherShards(problem: "the report is not a merged report, and --require-shards asks for the merge of a", wanted: ["a"]),
            ])
        #expect(unmet.first?.message == "the signed verdict is 'rejected', and --require-accepted is set")
        #expect(unmet.dropFirst(2).first?.message.hasPrefix("the run used the configuration with sha256 (none), not c0c0") == true)
        #expect(
            unmet.map(\.note) == [
                "not accepted (--require-accepted)", "not commit \(other) (--require-commit)",
                "not configuration c0c0c0c0c0c0 (--require-config)", "not the merge of a (--require-shards)",
            ])
    }

    @Test("a dirty work tree counts against --require-commit only at the commit asked for")
    func dirty() {
        let requirements = VerifyRequirements(commit: Self.commit)
        let unmet = requirements.unmet(by: VerifiedReport(verdict: .accepted, commit: Self.commit, dirty: true))
        #expect(unmet == [.dirtyTree(commit: Self.commit)])
        #expect(unmet.first?.note == "a dirty work tree, not the commit itself (--require-commit)")
        #expect(requirements.unmet(by: VerifiedReport(verdict: .accepted, commit: Self.commit)).isEmpty)
    }
}

@Suite("verify --require-isolation")
struct VerifyIsolationRequirementTests {
    private static let separated = ReportIsolation(mechanism: .namespaces, uid: 65534, gid: 65534, namespaces: ["mount", "pid"])
    private static let unseparated = ReportIsolation(mechanism: .none, reason: "turned off with --isolation off")

    private static func report(_ isolation: ReportIsolation?) -> VerifiedReport {
        var report = VerifiedReport(verdict: .accepted, commit: String(repeating: "a1", count: 20))
        report.isolation = isolation
        return report
    }

    @Test func namespacesMeetItAndNoneOrNoRecordDoNot() throws {
        let requirements = try VerifyRequirements(ParsedArguments(command: ["verify"], options: ["require-isolation": [.flag]]))
        #expect(requirements.isolation)
        #expect(requirements.unmet(by: Self.report(Self.separated)).isEmpty)
        #expect(requirements.unmet(by: Self.report(Self.unseparated)) == [.notIsolated(Self.unseparated)])
        #expect(requirements.unmet(by: Self.report(nil)) == [.notIsolated(nil)])
        #expect(VerifyRequirements().unmet(by: Self.report(nil)).isEmpty, "only when asked")
    }

    @Test func theSentenceNamesWhatIsMissingAndWhatToDoInOneLine() {
        let none = UnmetRequirement.notIsolated(Self.unseparated).message
        #expect(none.contains("isolation: none (turned off with --isolation off)") && none.contains("--require-isolation"))
        #expect(none.contains("run the gate where it can separate them"))
        let absent = UnmetRequirement.notIsolated(nil).message
        #expect(absent.contains("records no isolation") && !absent.contains("\n"))
        #expect(UnmetRequirement.notIsolated(nil).note == "no isolation recorded (--require-isolation)")
    }
}
