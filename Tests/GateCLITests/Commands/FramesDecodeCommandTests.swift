//===----------------------------------------------------------------------===//
// FramesDecodeCommandTests.swift: `frames decode --batch` on hand-written vectors.
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

@Suite struct FramesDecodeCommandTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var input: String
        var answer: String
        var limit: Int?
        var testDescription: String { "'\(input)' → \(answer)" }
    }

    /// Hand-verified vectors (design.md): never produced by the encoder under test.
    static let vectors: [Vector] = [
        Vector(input: "010000000300" + "80ff", answer: "ok 0080ff"),
        Vector(input: "", answer: "error truncated"),
        Vector(input: "0100000000", answer: "ok"),
        Vector(input: "02", answer: "error version"),
        Vector(input: "0200000000", answer: "error version"),
        Vector(input: "01ffffffff", answer: "error oversized"),
        Vector(input: "01000000020080ff", answer: "error trailing"),
        Vector(input: "01000000", answer: "error truncated"),
        Vector(input: "0100000003", answer: "error truncated"),
        Vector(input: "01000000030080", answer: "error truncated"),
        Vector(input: "0100000003ABCDEF", answer: "ok abcdef"),
        Vector(input: "0100000004001122", answer: "error truncated", limit: 4),
        Vector(input: "010000000400112233", answer: "ok 00112233", limit: 4),
        Vector(input: "01000000050011223344", answer: "error oversized", limit: 4),
        Vector(input: "010000000500112233", answer: "error oversized", limit: 4),
        Vector(input: "01000000040011223344", answer: "error oversized", limit: 4),
        Vector(input: "0100000000", answer: "ok", limit: 0),
        Vector(input: "010000000100", answer: "error oversized", limit: 0),
    ]

    @Test(arguments: vectors)
    func answersEachVector(_ vector: Vector) {
        let limit = vector.limit.map { ["--limit", String($0)] } ?? []
        let run = GateRun.run(["frames", "decode", "--batch"] + limit, stdinText: vector.input + "\n")
        #expect(run.exitCode == .success)
        #expect(run.stdout == vector.answer + "\n")
        #expect(run.stderr.isEmpty)
    }

    @Test func answersEveryLineInOrderWhateverTheChunks() {
        let input = Self.vectors.filter { $0.limit == nil }.map(\.input).joined(separator: "\n") + "\n"
        let expected = Self.vectors.filter { $0.limit == nil }.map { $0.answer + "\n" }.joined()
        for chunks in [[1], [2, 3], [7], [4096]] {
            let run = GateRun.run(["frames", "decode", "--batch"], stdinText: input, chunkSizes: chunks)
            #expect(run.exitCode == .success)
            #expect(run.stdout == expected, "chunks \(chunks)")
        }
    }

    @Test func aPayloadOf256Bytes() {
        let payload = (0..<256).map { String(format2: $0) }.joined()
        let run = GateRun.run(["frames", "decode", "--batch"], stdinText: "0100000100" + payload + "\n")
        #expect(run.stdout == "ok " + payload + "\n")
    }

    @Test func carriageReturnsAndMissingFinalNewline() {
        let run = GateRun.run(["frames", "decode", "--batch"], stdinText: "0100000000\r\n\r\n0100000001AB")
        #expect(run.exitCode == .success)
        #expect(run.lines == ["ok", "error truncated", "ok ab"])
        #expect(GateRun.run(["frames", "decode", "--batch"], stdinText: "0100000000\r").lines == ["ok"])
    }

    @Test func emptyStandardInputAnswersNothing() {
        let run = GateRun.run(["frames", "decode", "--batch"])
        #expect(run.exitCode == .success)
        #expect(run.stdout.isEmpty)
    }

    // MARK: - Malformed input

    struct BadInput: Sendable, CustomTestStringConvertible {
        var input: String
        var answered: [String]
        var message: String
        var testDescription: String { message }
    }

    static let badInputs: [BadInput] = [
        BadInput(
            input: "0100000000\n01000000zz\n0100000000\n", answered: ["ok"],
            message:
                "standard input line 2, column 9: 'z' is not a hex digit; write each input as hex digits (0-9, a-f, A-F), one input per line"
        ),
        BadInput(
            input: "0100000000\n\n01 00\n", answered: ["ok", "error truncated"],
            message:
                "standard input line 3, column 3: ' ' is not a hex digit; write each input as hex digits (0-9, a-f, A-F), one input per line"
        ),
        BadInput(
            input: "01\r00\n", answered: [],
            message:
                "standard input line 1, column 3: byte 0x0d is not a hex digit; write each input as hex digits (0-9, a-f, A-F), one input per line"
        ),
        BadInput(
            input: "0100000000\n0100000000\n010\n", answered: ["ok", "ok"],
            message: "standard input line 3: odd number of hex digits (3); every byte needs two hex digits"),
        BadInput(
            input: "0100000000\n0", answered: ["ok"],
            message: "standard input line 2: odd number of hex digits (1); every byte needs two hex digits"),
    ]

    @Test(arguments: badInputs)
    func malformedLinesStopWithExit2(_ bad: BadInput) {
        for chunks in [[1], [3], [4096]] {
            let run = GateRun.run(["frames", "decode", "--batch"], stdinText: bad.input, chunkSizes: chunks)
            #expect(run.exitCode == .usage)
            #expect(run.lines == bad.answered)
            #expect(run.stderr == "acceptance-gate: " + bad.message + "\n")
        }
    }

    @Test func lineLengthBoundIsTwiceLimitPlusTwentyOne() {
        // --limit 2: at most 2 * (2 + 21) = 46 digits. 46 digits is an (oversized) answer, 47 is refused.
        let longest = "0100000003" + String(repeating: "ab", count: 18)
        #expect(longest.count == 46)
        let run = GateRun.run(["frames", "decode", "--batch", "--limit", "2"], stdinText: longest + "\n" + longest + "d\n")
        #expect(run.exitCode == .usage)
        #expect(run.lines == ["error oversized"])
        #expect(
            run.stderr == "acceptance-gate: standard input line 2: longer than 46 hex digits, the most any input can need "
                + "with --limit 2; shorten the line or raise --limit\n")
    }

    @Test func anEndlessLineIsRefusedWithoutReadingItAll() {
        // 64 MiB of digits with no newline: refused as soon as it passes 2 * (limit + 21).
        let reader = EndlessDigitsReader()
        let errorOutput = CapturedWriter()
        let console = Console(input: reader, output: CapturedWriter(), errorOutput: errorOutput)
        let code = GateCLI.run(arguments: ["frames", "decode", "--batch", "--limit", "10"], environment: [:], console: console)
        #expect(code == .usage)
        #expect(errorOutput.text.contains("line 1: longer than 62 hex digits"))
        #expect(reader.bytesRead <= 64 * 1024)
    }
}

/// Hands out `0` digits forever, counting them.
private final class EndlessDigitsReader: ByteReader {
    private(set) var bytesRead = 0

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CommandLineError) -> Int {
        buffer.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "0"))
        bytesRead += buffer.count
        return buffer.count
    }
}

extension String {
    /// Two lowercase hex digits for 0...255, written independently of the code under test.
    fileprivate init(format2 value: Int) {
        let digits = String(value, radix: 16)
        self = digits.count == 1 ? "0" + digits : digits
    }
}
