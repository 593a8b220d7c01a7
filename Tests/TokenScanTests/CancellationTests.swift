//===----------------------------------------------------------------------===//
// CancellationTests.swift: a cancelled scan stops inside the file and never passes for a clean one.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@testable import TokenScan

@Suite("cancellation")
struct CancellationTests {
    /// A text file a little over 3 MiB (so four reads carry bytes) ending in a fake token, in a
    /// new scratch folder; the caller removes the folder.
    private static func file() throws -> (folder: ScratchFolder, path: String, token: String) {
        var fake = FakeTokens(seed: 0xCA7C)
        let token = fake.github()
        let line = String(repeating: "building target step ", count: 4) + "\n"
        var text = String(repeating: line, count: (3 << 20) / line.utf8.count)
        text += "remote: \(token)\n"
        let folder = try ScratchFolder("cancel")
        let path = folder.file("big.log")
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            folder.remove()
            throw error
        }
        return (folder, path, token)
    }

    /// A check that says "cancelled" from its `after`-th call on, and counts the calls.
    private final class Countdown {
        var calls = 0
        let after: Int
        init(after: Int) { self.after = after }
        func isCancelled() -> Bool {
            calls += 1
            return calls > after
        }
    }

    @Test("scanPlainFile stops after the chunks it was allowed, with the bytes scanned", arguments: [0, 1, 2])
    func plainFileStopsPerChunk(chunks: Int) throws {
        let (folder, path, _) = try Self.file()
        defer { folder.remove() }
        let countdown = Countdown(after: chunks)
        #expect(throws: TokenScanError.interrupted(path: "big.log", bytesScanned: chunks << 20)) {
            try makeScanner().scanPlainFile(atPath: path, displayPath: "big.log", isCancelled: countdown.isCancelled)
        }
        #expect(countdown.calls == chunks + 1, "asked once per chunk, and not again once it said so")
    }

    @Test("scan(fileAtPath:) stops too, naming the display path", arguments: [0, 2])
    func chunkedReaderStopsPerChunk(chunks: Int) throws {
        let (folder, path, _) = try Self.file()
        defer { folder.remove() }
        let countdown = Countdown(after: chunks)
        #expect(throws: TokenScanError.interrupted(path: "big.log", bytesScanned: chunks << 20)) {
            try makeScanner().scan(fileAtPath: path, displayPath: "big.log", isCancelled: countdown.isCancelled)
        }
    }

    @Test("a scan never cancelled finds the token in the last chunk")
    func uncancelledFindsEverything() throws {
        let (folder, path, _) = try Self.file()
        defer { folder.remove() }
        let countdown = Countdown(after: .max)
        let result = try makeScanner().scanPlainFile(atPath: path, displayPath: "big.log", isCancelled: countdown.isCancelled)
        #expect(result.findings.map(\.rule) == [.githubToken])
        #expect(countdown.calls == 5, "4 chunks read (the last one empty) and one check before each")
    }

    @Test("the error says the scan is incomplete")
    func description() {
        let text = TokenScanError.interrupted(path: "logs/unit.log", bytesScanned: 1 << 20).description
        #expect(text == "the scan of 'logs/unit.log' was interrupted after 1048576 byte(s); the rest of it was not scanned")
    }
}
