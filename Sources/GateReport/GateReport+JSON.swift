//===----------------------------------------------------------------------===//
// GateReport+JSON.swift: the report's deterministic JSON bytes, and reading them back.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

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

    /// How ``decode(_:source:)`` reads a report: at most ``maximumJSONSize`` bytes, nested at most
    /// 64 deep (a report nests 6), a leading byte order mark skipped as an editor may add one.
    package static let readLimits = JSONReader.Limits(maximumDepth: 64, maximumBytes: maximumJSONSize)

    /// Reads a report from JSON bytes that the gate may not have written itself (`report render
    /// --in`, an archived report): the strict ``JSONReader`` reads them, so a key twice, invalid
    /// UTF-8, nesting past ``readLimits`` and anything but JSON are refused where they are, then
    /// ``JSONValueDecoder`` fills the model.
    ///
    /// - Parameters:
    ///   - bytes: the JSON text.
    ///   - source: the file it came from, for messages.
    /// - Throws: ``GateReportError/notAReport(source:keyPath:problem:)`` naming the key path
    ///   (e.g. `suites[0].status`) and what is wrong there; for bytes that are no JSON the problem
    ///   names the line and column too.
    package static func decode(_ bytes: [UInt8], source: String) throws(GateReportError) -> GateReport {
        let value: JSONValue
        do throws(JSONReadError) {
            value = try JSONReader.read(bytes, limits: readLimits)
        } catch {
            throw describe(error, source: source)
        }
        let report: GateReport
        do throws(DecodingError) {
            report = try JSONValueDecoder().decode(GateReport.self, from: value)
        } catch {
            throw describe(error, source: source)
        }
        guard report.schemaVersion == currentSchemaVersion else {
            throw .notAReport(
                source: source, keyPath: "schemaVersion",
                problem: "version \(report.schemaVersion) is not supported (this gate reads \(currentSchemaVersion))")
        }
        return report
    }

    /// A reader's refusal as the key path of the value being read and the problem with its place:
    /// `suites[0]: line 3, column 7: duplicate key 'name'`.
    private static func describe(_ error: JSONReadError, source: String) -> GateReportError {
        let place = "line \(error.line), column \(error.column): \(error.message)"
        let problem = error.problem.isSyntaxError ? "not valid JSON: " + place : place
        return .notAReport(source: source, keyPath: error.path.isEmpty ? JSONKeyPath.topLevel : error.path, problem: problem)
    }

    /// A decoding error as a key path and a problem, worded as they were when `JSONDecoder` read
    /// reports (``JSONValueDecoder`` throws the same cases with the same paths).
    private static func describe(_ error: DecodingError, source: String) -> GateReportError {
        switch error {
        case let .keyNotFound(key, context):
            return .notAReport(source: source, keyPath: keyPath(context.codingPath + [key]), problem: "missing")
        case let .typeMismatch(type, context):
            return .notAReport(source: source, keyPath: keyPath(context.codingPath), problem: "expected \(name(of: type))")
        case let .valueNotFound(type, context):
            return .notAReport(source: source, keyPath: keyPath(context.codingPath), problem: "expected \(name(of: type)), found null")
        case let .dataCorrupted(context):
            // Whether the bytes are JSON was settled by the reader. A number JSONValueDecoder
            // refused says why; a bad enum raw value is "unexpected".
            let problem = (context.underlyingError as? JSONNumberRefusal)?.description ?? "unexpected value"
            return .notAReport(source: source, keyPath: keyPath(context.codingPath), problem: problem)
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
