//===----------------------------------------------------------------------===//
// WrittenWorkflows.swift: every pipeline file `init` writes, rendered as it writes them.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import GateProcess
import Testing

/// The pipeline files `init` writes, in every form: GitHub's test and signing workflows
/// (single-job with and without the Linux jobs, and `--matrix`), GitLab, Jenkins, Bitrise.
enum WrittenWorkflows {
    /// One written file: which form of `init` wrote it, its path and its text.
    struct File {
        var form: String
        var path: String
        var text: String
    }

    /// The placeholder values the tests render with.
    static var values: [String: String] {
        AdoptionTemplates.values(target: "ShopTests", scheme: "Shop", gateVersion: "0.1.0")
    }

    /// The GitHub workflow pairs, one array per form of `init`.
    static func github() throws -> [[File]] {
        let forms: [(String, Bool, Set<String>)] = [("single", false, []), ("single+linux", false, ["linux"]), ("matrix", true, [])]
        return try forms.map { form, matrix, sections in
            try CISystem.github.pipelineFiles(
                at: ".github/workflows/acceptance-gate.yml", matrix: matrix, values: values, sections: sections
            ).map { File(form: form, path: $0.path, text: $0.contents) }
        }
    }

    /// Every other system's file.
    static func others() throws -> [File] {
        try [CISystem.gitlab, .jenkins, .bitrise, .xcodeCloud].flatMap { system in
            try system.pipelineFiles(at: system.destination(exists: { _ in false }), matrix: false, values: values, sections: [])
                .map { File(form: system.rawValue, path: $0.path, text: $0.contents) }
        }
    }

    /// `text` parsed by PyYAML (required: a missing PyYAML fails the test).
    static func document(_ text: String) throws -> [String: Any] {
        try #require(CIPipelineTemplatesTests.pyYAMLAvailable, "python3 -c 'import yaml' fails: pip install pyyaml (ci/setup)")
        return try #require(try CIPipelineTemplatesTests.parse(text).document)
    }

    /// The triggers of a parsed workflow (PyYAML reads the key `on` as the boolean true).
    static func triggers(_ document: [String: Any]) -> Set<String> {
        let on = document["on"] ?? document["true"]
        if let mapping = on as? [String: Any] { return Set(mapping.keys) }
        if let list = on as? [String] { return Set(list) }
        if let single = on as? String { return [single] }
        return []
    }

    /// The jobs of a parsed workflow, by name.
    static func jobs(_ document: [String: Any]) -> [String: [String: Any]] {
        (document["jobs"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }
    }

    /// The steps of a job.
    static func steps(_ job: [String: Any]) -> [[String: Any]] {
        (job["steps"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
    }

    /// A value as JSON text, to search what a job says anywhere in it.
    static func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
