//===----------------------------------------------------------------------===//
// JUnitTimingReader.swift: test durations from a JUnit XML file, read strictly.
//===----------------------------------------------------------------------===//

import GateCore

/// The durations of a JUnit XML file's `<testcase>` elements, for teams whose history is JUnit
/// files rather than the gate's reports. Reads only what it needs, strictly: valid UTF-8, at most
/// ``maximumBytes``, every `<testcase>` start tag well formed (quoted attributes, each once, known
/// entities), or the file is refused with the line it went wrong on; never trusts a count.
///
/// A case is named as `report.json` names a test: the last dot-separated part of `classname`
/// (`Module.Class` gives `Class`), a dot, and `name` (`Class.testThing`); without a classname,
/// `name` alone. A skipped case gives no duration; the gate's own cases (classname
/// `acceptance-gate`, its problems and verdict) are not tests.
package enum JUnitTimingReader {
    /// The largest file read (64 MiB, as for `report.json`).
    package static let maximumBytes = 64 << 20

    /// One `<testcase>`: its name, its seconds when it had a usable `time`, and whether it was skipped.
    package struct Case: Equatable, Sendable {
        /// `Class.test`.
        package var name: String
        /// The `time` attribute in seconds; `nil` when absent or not a number.
        package var seconds: Double?
        /// Whether it holds a `<skipped>` element.
        package var skipped: Bool
        /// The `classname`'s parts before its last (`Module.Class` gives `Module`), when it has them.
        package var module: String? = nil
    }

    /// The cases of `bytes`, in file order.
    ///
    /// - Throws: ``ShardPlanError/unreadable(path:reason:)`` naming `path` and what is wrong.
    package static func cases(in bytes: [UInt8], path: String) throws(ShardPlanError) -> [Case] {
        guard bytes.count <= maximumBytes else {
            throw .unreadable(path: path, reason: "it is over \(maximumBytes >> 20) MiB, more than a JUnit file of tests holds")
        }
        guard UTF8Validation.isValid(bytes) else {
            throw .unreadable(path: path, reason: "it is not UTF-8 text, so not a JUnit XML file")
        }
        let open = Array("<testcase".utf8)
        let close = Array("</testcase>".utf8)
        var found: [Case] = []
        var index = 0
        while let start = firstIndex(of: open, in: bytes, from: index) {
            var position = start + open.count
            guard position < bytes.count else {
                throw .unreadable(path: path, reason: "line \(line(of: start, in: bytes)): the <testcase> tag never ends")
            }
            guard [0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E].contains(bytes[position]) else {
                index = position
                continue
            }
            let attributes: [String: String]
            let selfClosing: Bool
            do throws(TagProblem) {
                (attributes, selfClosing) = try readAttributes(bytes, from: &position)
            } catch {
                throw .unreadable(path: path, reason: "line \(line(of: start, in: bytes)): the <testcase> tag \(error.text)")
            }
            var skipped = false
            if !selfClosing {
                let end = firstIndex(of: close, in: bytes, from: position) ?? bytes.count
                skipped = firstIndex(of: Array("<skipped".utf8), in: Array(bytes[position..<end]), from: 0) != nil
                position = end
            }
            index = position
            let classname = attributes["classname"] ?? ""
            guard classname != "acceptance-gate", let name = attributes["name"], !name.isEmpty else { continue }
            let parts = classname.split(separator: ".")
            let owner = parts.last.map(String.init) ?? ""
            let seconds = attributes["time"].flatMap { Double($0) }
            let module = parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
            found.append(Case(name: owner.isEmpty ? name : owner + "." + name, seconds: seconds, skipped: skipped, module: module))
        }
        return found
    }

    /// What is wrong with a start tag.
    private struct TagProblem: Error {
        var text: String
    }

    /// Reads `name="value"` pairs up to `>` or `/>`; `position` ends after the tag.
    private static func readAttributes(_ bytes: [UInt8], from position: inout Int) throws(TagProblem) -> ([String: String], Bool) {
        var attributes: [String: String] = [:]
        while true {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
            guard position < bytes.count else { throw TagProblem(text: "never ends") }
            if bytes[position] == 0x3E {
                position += 1
                return (attributes, false)
            }
            if bytes[position] == 0x2F {
                guard position + 1 < bytes.count, bytes[position + 1] == 0x3E else { throw TagProblem(text: "has '/' without '>'") }
                position += 2
                return (attributes, true)
            }
            let nameStart = position
            while position < bytes.count, isNameByte(bytes[position]) { position += 1 }
            guard position > nameStart, position < bytes.count, bytes[position] == 0x3D else {
                throw TagProblem(text: "has an attribute without '=' and a quoted value")
            }
            let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
            position += 1
            guard position < bytes.count, bytes[position] == 0x22 || bytes[position] == 0x27 else {
                throw TagProblem(text: "has attribute '\(name)' without a quoted value")
            }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            while position < bytes.count, bytes[position] != quote {
                guard bytes[position] != 0x3C else { throw TagProblem(text: "has '<' inside attribute '\(name)'") }
                position += 1
            }
            guard position < bytes.count else { throw TagProblem(text: "has attribute '\(name)' whose quote never closes") }
            let value = try unescape(String(decoding: bytes[valueStart..<position], as: UTF8.self))
            position += 1
            guard attributes.updateValue(value, forKey: name) == nil else { throw TagProblem(text: "has attribute '\(name)' twice") }
        }
    }

    /// Whether `byte` may be part of an attribute name (ASCII letters, digits, `_ : - .`).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
            || [0x5F, 0x3A, 0x2D, 0x2E].contains(byte)
    }

    /// XML's five named entities and numeric references replaced; any other `&` is refused.
    private static func unescape(_ text: String) throws(TagProblem) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                throw TagProblem(text: "has an '&' that starts no entity")
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                let digits = entity.dropFirst(hex ? 2 : 1)
                guard entity.hasPrefix("#"), !digits.isEmpty, let value = UInt32(digits, radix: hex ? 16 : 10),
                    let scalar = Unicode.Scalar(value), value != 0
                else { throw TagProblem(text: "has the unknown entity '&\(entity.prefix(8));'") }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// The first index at or after `start` where `needle` occurs in `bytes`.
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The 1-based line of `offset`.
    private static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
