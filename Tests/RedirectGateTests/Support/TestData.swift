//===----------------------------------------------------------------------===//
// TestData.swift: the WPT JSON-lines files next to these tests.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

/// Reads the JSON-lines files in `Data/`, found relative to this source file (not SwiftPM
/// resources), one object per line.
enum TestData {
    /// The directory holding the data files.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Data")

    /// Every line of `name` as a JSON object (lines that are not objects are an error).
    static func objects(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw TestDataError.notAnObject(String(line.prefix(80)))
            }
            return object
        }
    }
}

/// A data file line that is not a JSON object.
enum TestDataError: Error {
    case notAnObject(String)
}

/// One WPT origin entry: `input` (parsed against `base` when present), the expected `origin`.
struct WPTOriginEntry: Sendable, CustomTestStringConvertible {
    var input: String
    var base: String?
    var origin: String

    var testDescription: String { "\(input.debugDescription) against \(base?.debugDescription ?? "nothing")" }

    static func all() throws -> [WPTOriginEntry] {
        try TestData.objects("wpt_origins.jsonl").compactMap { object in
            guard let input = object["input"] as? String, let origin = object["origin"] as? String else { return nil }
            return WPTOriginEntry(input: input, base: object["base"] as? String, origin: origin)
        }
    }
}

/// One WPT redirect pair: `from` redirects to `to`; `same_origin` is WHATWG's comparison.
struct WPTOriginPair: Sendable, CustomTestStringConvertible {
    var id: String
    var from: String
    var to: String
    var sameOrigin: Bool
    var toOrigin: String

    var testDescription: String { "\(id): \(from) → \(to.debugDescription)" }

    static func all() throws -> [WPTOriginPair] {
        try TestData.objects("wpt_origin_pairs.jsonl").compactMap { object in
            guard let id = object["id"] as? String, let from = object["from"] as? String,
                let to = object["to"] as? String, let sameOrigin = object["same_origin"] as? Bool,
                let toOrigin = object["to_origin"] as? String
            else { return nil }
            return WPTOriginPair(id: id, from: from, to: to, sameOrigin: sameOrigin, toOrigin: toOrigin)
        }
    }
}
