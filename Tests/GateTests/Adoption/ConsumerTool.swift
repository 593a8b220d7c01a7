//===----------------------------------------------------------------------===//
// ConsumerTool.swift: outside checkers the tests feed our files to (jsonschema, check-jsonschema, ShellCheck).
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import GateProcess
import Testing

/// An outside tool that checks what the gate writes. A missing tool is a failure, never a skip:
/// `ci/setup` installs every one of them (Debian `shellcheck`, PyPI `check-jsonschema`, which
/// brings `jsonschema`).
enum ConsumerTool {
    /// Runs `arguments` with `input` on standard input; records a failure naming the install step
    /// when the program cannot be started, and returns `nil` then.
    static func run(_ arguments: [String], input: String = "", install: String, timeout: Duration = .seconds(120))
        -> ProcessResult?
    {
        do {
            let spec = ProcessSpec(arguments: arguments, stdin: .bytes(Array(input.utf8)))
            let result = try ProcessSupervisor.standalone.run(spec, timeout: timeout)
            if case .exited(code: 127) = result.status {
                Issue.record("\(arguments.first ?? "") is missing: \(install) (ci/setup installs it)")
                return nil
            }
            return result
        } catch {
            Issue.record("\(arguments.first ?? "") cannot be run (\(error)): \(install) (ci/setup installs it)")
            return nil
        }
    }

    /// Validates each of `documents` (JSON texts) against `schema` with Python's `jsonschema`
    /// (draft 2020-12); one verdict each, or `nil` when the tool is missing.
    static func jsonSchemaVerdicts(schema: String, documents: [String]) -> [Bool]? {
        let script = """
            import json, sys
            import jsonschema
            data = json.load(sys.stdin)
            validator = jsonschema.Draft202012Validator(json.loads(data["schema"]))
            print(json.dumps([validator.is_valid(json.loads(text)) for text in data["documents"]]))
            """
        let payload: [String: Any] = ["schema": schema, "documents": documents]
        guard let data = try? JSONSerialization.data(withJSONObject: payload),
            let result = run(["python3", "-c", script], input: String(decoding: data, as: UTF8.self), install: "pip install jsonschema")
        else { return nil }
        guard result.status.isSuccess else {
            Issue.record("python3 jsonschema failed: \(result.stderrText)")
            return nil
        }
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout))) as? [Bool]
    }

    /// ShellCheck's findings for `script` (bash), empty when it passes; `nil` when it is missing.
    static func shellCheck(_ script: String) -> String? {
        guard let result = run(["shellcheck", "--shell=bash", "-"], input: script, install: "apt-get install shellcheck") else {
            return nil
        }
        return result.status.isSuccess ? "" : result.stdoutText + result.stderrText
    }
}
