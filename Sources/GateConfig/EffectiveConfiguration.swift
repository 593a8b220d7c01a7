//===----------------------------------------------------------------------===//
// EffectiveConfiguration.swift: the configuration a run would use, and where each setting came from.
//===----------------------------------------------------------------------===//

import GateCore

/// What `acceptance-gate config` prints with no argument: the configuration `run` would use, every
/// default applied, and for every setting whether the source file set it or a built-in default did.
///
/// A team reading a rejected run needs to know which value was in force and whether the
/// repository chose it, since the file is part of the change under test.
package struct EffectiveConfiguration: Sendable {
    /// How the configuration was found.
    package enum Source: String, Sendable {
        /// The file named by `--config`.
        case option = "--config"
        /// `acceptance-gate.json` at the repository root.
        case repository
        /// The embedded default (no file).
        case embeddedDefault = "embedded default"
    }

    /// How a setting no file gave is named in ``origins``.
    package static let builtInDefault = "built-in default"

    /// How the configuration was found.
    package var source: Source
    /// The loaded configuration.
    package var loaded: LoadedConfiguration
    /// Every setting's key path (`suites[0].timeoutSeconds`) with where its value came from: the
    /// file's path (or `embedded default`), or ``builtInDefault``; in the order of the output.
    package var origins: [(path: String, origin: String)]

    /// The effective configuration of `loaded`, found by `source`.
    package init(loaded: LoadedConfiguration, source: Source) {
        self.loaded = loaded
        self.source = source
        var written: Set<String> = []
        // The file parsed once already; a failure here cannot happen, and would only mean every
        // setting is reported as a default.
        if let raw = try? ConfigJSONParser.parse(loaded.bytes).value { Self.collect(raw, path: "", into: &written) }
        var origins: [(path: String, origin: String)] = []
        Self.leaves(of: loaded.written.effectiveJSON, path: "") { path in
            origins.append((path, written.contains(path) ? loaded.source : Self.builtInDefault))
        }
        self.origins = origins
    }

    /// The JSON document `config` prints: `source` (how it was found, the path, the SHA-256 of the
    /// bytes), `configuration` (every default applied) and `origins` (key path → where from).
    package var json: String {
        let document = JSONValue.members([
            (
                "source",
                .members([
                    ("from", .string(source.rawValue)), ("path", loaded.path.map(JSONValue.string) ?? .null),
                    ("sha256", .string(loaded.sha256.hex)),
                ])
            ),
            ("configuration", loaded.written.effectiveJSON),
            ("origins", .members(origins.map { (key: $0.path, value: JSONValue.string($0.origin)) })),
        ])
        return document.text() + "\n"
    }

    /// Every key path present in `value` (objects and arrays, at every depth).
    private static func collect(_ value: JSONValue, path: String, into paths: inout Set<String>) {
        switch value {
        case .object(let members):
            for member in members {
                let child = path.isEmpty ? member.key : path + "." + member.key
                paths.insert(child)
                collect(member.value, path: child, into: &paths)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let child = "\(path)[\(index)]"
                paths.insert(child)
                collect(element, path: child, into: &paths)
            }
        default: break
        }
    }

    /// Calls `body` with each setting's path: an object's members are settings of their own, and so
    /// is each object in an array (a suite, a quarantine entry); an array of plain values, an
    /// empty object and a plain value are one setting each.
    private static func leaves(of value: JSONValue, path: String, _ body: (String) -> Void) {
        switch value {
        case .object(let members) where !members.isEmpty:
            for member in members { leaves(of: member.value, path: path.isEmpty ? member.key : path + "." + member.key, body) }
        case .array(let elements) where !elements.isEmpty && !elements.allSatisfy(\.isScalar):
            for (index, element) in elements.enumerated() { leaves(of: element, path: "\(path)[\(index)]", body) }
        default:
            body(path)
        }
    }
}
