//===----------------------------------------------------------------------===//
// CILogWriter.swift: writes a realistic CI log with fake tokens and decoys to a file.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a CI log: a 4 MiB block of xcodebuild, swift test, `curl -v`, JSON and env-dump lines
/// (decoys: git SHAs beside "key", UUIDs, digests, DerivedData hashes, placeholders, ANSI colour)
/// with a fake token about every 500 lines, repeated to the size asked. The block's planted
/// count tells the benchmark how many findings to expect.
struct CILogWriter {
    /// The block and how many findings one copy holds.
    let block: [UInt8]
    let findingsPerBlock: Int

    init(seed: UInt64 = 0x10C5) {
        var generator = SplitMix64(seed: seed)
        var text: [UInt8] = []
        var planted = 0
        var index = 0
        text.reserveCapacity(Self.blockSize + 4096)
        while text.count < Self.blockSize {
            index += 1
            let line: String
            if index % 500 == 250 {
                line = Self.plantedLine(index, &generator)
                planted += 1
            } else {
                line = Self.decoyLine(index, &generator)
            }
            text += Array(line.utf8)
            text.append(0x0A)
        }
        block = text
        findingsPerBlock = planted
    }

    static let blockSize = 4 << 20

    /// Writes whole blocks to `path` until at least `bytes`; returns the blocks written.
    func writeFile(to path: String, bytes: Int) throws(BenchmarkFailure) -> Int {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BenchmarkFailure("open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let blocks = max(1, (bytes + block.count - 1) / block.count)
        for _ in 0..<blocks {
            let ok = block.withUnsafeBytes { raw -> Bool in
                var offset = 0
                while offset < raw.count {
                    guard let base = raw.baseAddress else { return false }
                    let written = write(descriptor, base + offset, raw.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { return false }
                    offset += written
                }
                return true
            }
            guard ok else { throw BenchmarkFailure("write \(path): \(String(cString: strerror(errno)))") }
        }
        return blocks
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    private static func random(_ count: Int, _ generator: inout SplitMix64, from characters: [UInt8] = alphabet) -> String {
        String(decoding: (0..<count).map { _ in characters[Int(generator.next() % UInt64(characters.count))] }, as: UTF8.self)
    }

    private static func hex(_ count: Int, _ generator: inout SplitMix64) -> String {
        random(count, &generator, from: Array("0123456789abcdef".utf8))
    }

    private static func decoyLine(_ index: Int, _ generator: inout SplitMix64) -> String {
        switch index % 16 {
        case 0:
            return
                "CompileSwift normal arm64 /Users/runner/work/App/App/Sources/Feature\(index)/View\(index).swift (in target 'App' from project 'App')"
        case 1:
            return
                "Ld /Users/runner/Library/Developer/Xcode/DerivedData/App-\(random(28, &generator, from: Array("abcdefghijklmnopqrstuvwxyz".utf8)))/Build/Products/Debug-iphonesimulator/App.app/App normal"
        case 2: return "Test Case '-[AppTests.LoginTests testLogin\(index)]' passed (0.\(index % 1000) seconds)."
        case 3: return "[\(index)/9000] Compiling TokenStore TokenStore.swift"
        case 4: return "> GET /v1/builds/\(index)?page=2 HTTP/2\r"
        case 5:
            return
                "< x-request-id: \(hex(8, &generator))-\(hex(4, &generator))-\(hex(4, &generator))-\(hex(4, &generator))-\(hex(12, &generator))"
        case 6:
            return
                "{\"ts\":\"2024-05-01T12:34:56.\(index % 1000)Z\",\"level\":\"info\",\"msg\":\"uploaded\",\"sha256\":\"\(hex(64, &generator))\",\"bytes\":\(index)}"
        case 7: return "GITHUB_SHA=\(hex(40, &generator))"
        case 8: return "cache key: swiftpm-\(hex(40, &generator))"
        case 9: return "\u{1B}[1m\u{1B}[32m✔\u{1B}[0m Test \"decodes token \(index)\" passed after 0.001 seconds."
        case 10: return "> Authorization: Bearer ${API_TOKEN}\r"
        case 11: return "X-Test-Token: fixture-only"
        case 12: return "TOKEN_COUNT=\(index % 7)"
        case 13: return "warning: variable 'token' was never used; consider replacing with '_' or removing it [#no-usage]"
        case 14: return "    at /Users/runner/work/App/App/Sources/Net/Client.swift:\(index % 400):\(index % 80): note: here"
        default: return "** BUILD SUCCEEDED ** [\(index % 300).12 sec] at 2024-05-01 12:00:00 +0000"
        }
    }

    /// A GitHub token with a valid checksum: `ghp_`, 30 random characters, their CRC32 in base62.
    private static func githubToken(_ generator: inout SplitMix64) -> String {
        let body = random(30, &generator)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body.utf8 {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        var value = ~crc
        var digits: [UInt8] = []
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        for _ in 0..<6 {
            digits.insert(alphabet[Int(value % 62)], at: 0)
            value /= 62
        }
        return "gh" + "p_" + body + String(decoding: digits, as: UTF8.self)
    }

    private static func plantedLine(_ index: Int, _ generator: inout SplitMix64) -> String {
        switch (index / 500) % 5 {
        case 0: return "remote: Using " + githubToken(&generator) + " to push"
        case 1: return "AWS_ACCESS_KEY_ID=" + "AK" + "IA" + random(16, &generator, from: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8))
        case 2: return "> Authorization: Bearer " + random(40, &generator) + "\r"
        case 3: return "{\"level\":\"debug\",\"db_password\":\"" + random(20, &generator) + "\"}"
        default: return "DEPLOY_TOKEN=" + random(36, &generator)
        }
    }
}
