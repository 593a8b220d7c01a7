//===----------------------------------------------------------------------===//
// QuarantineEntry+Decodable.swift: one `quarantine` entry through the strict decoder.
//===----------------------------------------------------------------------===//

extension QuarantineEntry: Decodable {
    /// An entry's keys: exactly what it accepts, all required.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case test, owner, reason, expires
    }

    /// Reads an entry: test, owner, reason and a real `YYYY-MM-DD` expiry.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.configSection(keyedBy: CodingKeys.self)
        var values: [CodingKeys: String] = [:]
        for key in CodingKeys.allCases {
            values[key] = try container.required(
                String.self, key, expecting: "a non-empty string",
                missing: "missing '\(key.stringValue)'; an entry needs test, owner, reason and expires"
            ) { !$0.isEmpty }
        }
        let expires = values[.expires] ?? ""
        guard Self.isCalendarDate(expires) else {
            throw ConfigProblem(at: container.codingPath + [CodingKeys.expires], .expected("a date as YYYY-MM-DD"))
        }
        self.init(test: values[.test] ?? "", owner: values[.owner] ?? "", reason: values[.reason] ?? "", expires: expires)
    }

    /// Whether `text` is `YYYY-MM-DD` with a month 01–12 and a day that month has.
    static func isCalendarDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...days[month - 1]).contains(day)
    }
}
