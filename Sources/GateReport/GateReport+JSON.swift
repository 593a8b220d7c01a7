//===----------------------------------------------------------------------===//
// GateReport+JSON.swift: the report's deterministic JSON bytes, and reading them back.
//===----------------------------------------------------------------------===//

import Foundation

extension GateReport {
    /// The largest `report.json` ``decode(_:source:)`` reads (64 MiB).
    package static let maximumJSONSize = 64 << 20

    /// The report as JSON: sorted keys, two-space indentation, slashes unescaped, and a final line
    /// break. The same report always gives the same bytes (the signature covers their SHA-256).
    ///
    /// - Throws: ``GateReportError/encodingFailed(_:)`` (not reachable with the rounded durations).
    package func jsonBytes() throws(GateReportError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(self)) + [0x0A]
        } catch {
            throw .encodingFailed(String(describing: error))
        }
    }

    /// Reads a report from JSON bytes.
    ///
    /// - Parameters:
    ///   - bytes: the JSON text.
    ///   - source: the file it came from, for messages.
    /// - Throws: ``GateReportError/notAReport(source:keyPath:problem:)`` naming the key path
    ///   (e.g. `suites[0].status`) and what is wrong there.
    package static func decode(_ bytes: [UInt8], source: String) throws(GateReportError) -> GateReport {
        let report: GateReport
        do {
            report = try JSONDecoder().decode(GateReport.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error, source: source)
        } catch {
            throw .notAReport(source: source, keyPath: "(top level)", problem: "not valid JSON")
        }
        guard report.schemaVersion == currentSchemaVersion else {
            throw .notAReport(
                source: source, keyPath: "schemaVersion",
                problem: "version \(report.schemaVersion) is not supported (this gate reads \(currentSchemaVersion))")
        }
        return report
    }

    /// A decoding error as a key path and a problem.
    private static func describe(_ error: DecodingError, source: String) -> GateReportError {
        switch error {
        case let .keyNotFound(key, context):
            return .notAReport(source: source, keyPath: keyPath(context.codingPath + [key]), problem: "missing")
        case let .typeMismatch(type, context):
            return .notAReport(source: source, keyPath: keyPath(context.codingPath), problem: "expected \(name(of: type))")
        case let .valueNotFound(type, context):
            return .notAReport(source: source, keyPath: keyPath(context.codingPath), problem: "expected \(name(of: type)), found null")
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                return .notAReport(source: source, keyPath: "(top level)", problem: "not valid JSON")
            }
            return .notAReport(source: source, keyPath: keyPath(context.codingPath), problem: "unexpected value")
        @unknown default:
            return .notAReport(source: source, keyPath: "(top level)", problem: "cannot be read")
        }
    }

    /// `suites[0].status` for a coding path.
    private static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "(top level)" : text
    }

    /// A JSON word for a Swift type in messages.
    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Double.Type: return "a number"
        default: return String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
