//===----------------------------------------------------------------------===//
// TestFileHeader.swift: the header comment a test target's files share, for the files init adds.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// The header comment (a license, a copyright line, an SPDX identifier) that a test target's
/// existing Swift files share, so that the files `init` adds there carry it too: a project that
/// checks its headers in CI would otherwise fail on them.
///
/// A file's header is its leading run of `//` lines (and `/* … */` blocks), up to the first other
/// line. The header taken is the one most files have word for word, when at least two files have
/// it and more files have it than have no header at all (so a target where headers are not the
/// rule gets none); else, when every file has a header, the lines they all begin with. A header
/// that names its own file (Xcode's `//  ShopTests.swift`) is never shared.
/// The files are untrusted input: at most ``maximumFiles`` of them are read, in name order, as
/// ``SafeFile``s (no symbolic link followed, at most ``maximumFileSize`` bytes each), and a header
/// longer than ``maximumLines`` lines or holding anything but printable text and tabs is ignored.
package enum TestFileHeader {
    /// The most Swift files read.
    package static let maximumFiles = 200
    /// The largest file read; a bigger one is skipped.
    package static let maximumFileSize = 256 * 1024
    /// The longest header taken, in lines.
    package static let maximumLines = 60
    /// How deep below the test target's folder files are looked for.
    static let maximumDepth = 3

    /// The shared header of the Swift files in `folder` (not counting `excluding`, the names of the
    /// files `init` writes), ending with a newline; `nil` when they share none.
    package static func shared(inFolder folder: String, excluding: Set<String> = []) -> String? {
        var headers: [String?] = []
        for path in swiftFiles(in: folder, excluding: excluding) {
            guard let bytes = try? SafeFile.contents(ofFile: path, limit: maximumFileSize) else { continue }
            headers.append(header(of: String(decoding: bytes, as: UTF8.self)))
        }
        return shared(among: headers)
    }

    /// The header to reuse among `headers` (`nil` is a file without one), by the rule above; when
    /// no header is shared word for word but every file has one, the lines they all begin with
    /// (a license above a line about the file itself), when those say something.
    package static func shared(among headers: [String?]) -> String? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for case let header? in headers {
            if counts[header] == nil { order.append(header) }
            counts[header, default: 0] += 1
        }
        let without = headers.filter { $0 == nil }.count
        // Ties go to the header met first, so the result does not depend on hashing.
        var best: (header: String, count: Int)?
        for header in order {
            let count = counts[header] ?? 0
            if count > (best?.count ?? 0) { best = (header, count) }
        }
        if let best, best.count >= 2, best.count > without { return best.header }
        guard headers.count >= 2, without == 0 else { return nil }
        let split = headers.compactMap { $0?.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
        guard var common = split.first.map(Array.init) else { return nil }
        for lines in split.dropFirst() {
            common = Array(zip(common, lines).prefix { $0 == $1 }.map(\.0))
        }
        // A comment cut off inside a block, or ending on an empty `//`, is trimmed back.
        while let last = common.last, last.trimmingCharacters(in: CharacterSet(charactersIn: "/ ")).isEmpty { common.removeLast() }
        let text = common.map { $0 + "\n" }.joined()
        guard !common.isEmpty, !text.contains("/*") || text.contains("*/"), common.contains(where: { $0.contains(where: \.isLetter) })
        else { return nil }
        return text
    }

    /// The leading comment of a Swift file's `text`, each line without trailing spaces and ending
    /// with a newline; `nil` when the file starts with anything else, or the comment is too long,
    /// holds a control character, or says nothing (only `//` and rules of punctuation).
    package static func header(of text: String) -> String? {
        var kept: [Substring] = []
        var inBlock = false
        // "\r\n" is one Character in Swift: split on the scalar, so a CRLF file has lines too.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).prefix(maximumLines + 1)
        for scalars in lines {
            var content = Substring(String(String.UnicodeScalarView(scalars)))
            if content.unicodeScalars.last == "\r" {
                content = Substring(String(String.UnicodeScalarView(content.unicodeScalars.dropLast())))
            }
            while content.last == " " || content.last == "\t" { content = content.dropLast() }
            if inBlock {
                kept.append(content)
                if content.contains("*/") { inBlock = false }
            } else if content.hasPrefix("//") {
                kept.append(content)
            } else if content.hasPrefix("/*") {
                kept.append(content)
                inBlock = !content.dropFirst(2).contains("*/")
            } else {
                break
            }
        }
        guard !inBlock, !kept.isEmpty, kept.count <= maximumLines,
            kept.allSatisfy({ line in line.unicodeScalars.allSatisfy { $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) } }),
            kept.contains(where: { $0.contains(where: \.isLetter) })
        else { return nil }
        return kept.map { $0 + "\n" }.joined()
    }

    /// The Swift files below `folder` (at most ``maximumDepth`` folders down, hidden ones and
    /// symbolic links not entered), sorted, at most ``maximumFiles``.
    static func swiftFiles(in folder: String, excluding: Set<String>) -> [String] {
        var found: [String] = []
        var pending: [(path: String, depth: Int)] = [(folder, 0)]
        while let (path, depth) = pending.popLast(), found.count < maximumFiles * 4 {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let child = AdoptionPlan.join(path, name)
                var status = stat()
                guard lstat(child, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    if depth < maximumDepth { pending.append((child, depth + 1)) }
                } else if status.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".swift"), !excluding.contains(name) {
                    found.append(child)
                }
            }
        }
        return Array(found.sorted().prefix(maximumFiles))
    }
}
