//===----------------------------------------------------------------------===//
// ScratchFolder.swift: a unique temporary folder per test, removed afterwards.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

/// A fresh folder under `NSTemporaryDirectory()`; call ``remove()`` (usually in `defer`).
struct ScratchFolder {
    /// The folder's path, without a trailing slash.
    let path: String

    /// Creates a uniquely named folder.
    init() throws {
        var base = NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        let template = base + "/gatesigning-XXXXXX"
        var bytes = Array(template.utf8CString)
        let made = try #require(mkdtemp(&bytes))
        path = String(cString: made)
    }

    /// `path/name`.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` with `mode`.
    func write(_ text: String, to name: String, mode: Int = 0o600) throws {
        try write(Array(text.utf8), to: name, mode: mode)
    }

    /// Writes `bytes` to `name` with `mode`, creating folders on the way.
    func write(_ bytes: [UInt8], to name: String, mode: Int = 0o600) throws {
        let url = URL(fileURLWithPath: file(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        #expect(chmod(url.path, mode_t(mode)) == 0)
    }

    /// The bytes of `name`.
    func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }

    /// The permission bits of `name`.
    func mode(_ name: String) -> Int {
        var info = stat()
        guard stat(file(name), &info) == 0 else { return -1 }
        return Int(info.st_mode) & 0o7777
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Bytes from hex written in a test (whitespace allowed).
func hexBytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace }.utf8)
    var result: [UInt8] = []
    var index = 0
    while index + 1 < digits.count {
        if let byte = UInt8(String(decoding: digits[index...(index + 1)], as: UTF8.self), radix: 16) {
            result.append(byte)
        }
        index += 2
    }
    return result
}

/// Lowercase hex of `bytes`.
func hexString(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}
