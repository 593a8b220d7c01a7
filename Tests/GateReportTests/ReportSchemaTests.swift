//===----------------------------------------------------------------------===//
// ReportSchemaTests.swift: templates/report.schema.json names what the model writes.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import GateTestSupport
import Testing

@Suite("report.schema.json")
struct ReportSchemaTests {
    private static var schemaPath: String {
        RepositoryFiles.url("templates/report.schema.json").path
    }

    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.schemaPath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func enumeration(_ path: [String], in root: [String: Any]) -> [String]? {
        var node: Any = root
        for key in path {
            guard let object = node as? [String: Any], let next = object[key] else { return nil }
            node = next
        }
        return (node as? [String: Any])?["enum"] as? [String]
    }

    @Test("every verdict, problem kind, code and subject type the model has, and no other")
    func enumerations() throws {
        let root = try schema()
        #expect(enumeration(["properties", "verdict"], in: root) == ReportVerdict.allCases.map(\.rawValue))
        let problem = ["properties", "problems", "items", "properties"]
        #expect(enumeration(problem + ["kind"], in: root) == ReportProblemKind.allCases.map(\.rawValue))
        #expect(enumeration(problem + ["code"], in: root) == ReportProblemCode.allCases.map(\.rawValue))
        #expect(enumeration(problem + ["subject", "properties", "type"], in: root) == ReportSubjectType.allCases.map(\.rawValue))
        #expect(
            enumeration(["properties", "stages", "items", "properties", "status"], in: root)
                == ReportStageStatus.allCases.map(\.rawValue))
        #expect(
            enumeration(["properties", "suites", "items", "properties", "status"], in: root)
                == ReportSuiteStatus.allCases.map(\.rawValue))
        let fetch = ["properties", "isolation", "properties", "suites", "items", "properties", "fetch", "properties", "status"]
        #expect(enumeration(fetch, in: root) == ReportSuiteFetch.Status.allCases.map(\.rawValue))
    }
}
