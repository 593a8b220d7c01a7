//===----------------------------------------------------------------------===//
// FastPathTests.swift: the 16-byte trigger search, the key and `A` prechecks, escapes per chunk.
//===----------------------------------------------------------------------===//

import GateTestSupport
import Testing

@testable import TokenScan

/// Runs both detectors over `line` and returns (16 at a time, byte by byte).
private func detectBothWays(_ line: [UInt8]) -> (
    fast: ([RawCandidate], [CandidateDetector.PEMHeader]), reference: ([RawCandidate], [CandidateDetector.PEMHeader])
) {
    line.withUnsafeBufferPointer { buffer in
        let view = LineView(bytes: buffer)
        var fast: [RawCandidate] = []
        var fastHeaders: [CandidateDetector.PEMHeader] = []
        CandidateDetector.detect(view, candidates: &fast, pemHeaders: &fastHeaders)
        var reference: [RawCandidate] = []
        var referenceHeaders: [CandidateDetector.PEMHeader] = []
        CandidateDetector.detectByteByByte(view, candidates: &reference, pemHeaders: &referenceHeaders)
        return ((fast, fastHeaders), (reference, referenceHeaders))
    }
}

@Suite("fast paths")
struct FastPathTests {
    @Test("the trigger mask marks exactly the trigger bytes derived from the rule table, in every lane")
    func triggerMaskIsExact() {
        let mask = RuleIndex.shared.mask
        #expect(mask.triggers == RuleIndex.shared.triggers)
        #expect((1...TriggerMask.capacity).contains(mask.triggers.count))
        for lane in 0..<8 {
            for value in 0...255 {
                let word = (0x6161_6161_6161_6161 as UInt64) & ~(0xFF << UInt64(lane * 8)) | UInt64(value) << UInt64(lane * 8)
                let expected: UInt64 = mask.triggers.contains(UInt8(value)) ? 0x80 << UInt64(lane * 8) : 0
                #expect(mask.of(word) == expected, "byte \(value) in lane \(lane)")
            }
        }
        // A word of triggers only, and one of bytes next to them (±1, when no trigger) and with the high bit set.
        func word(_ bytes: [UInt8]) -> UInt64 { bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64($1.offset * 8) } }
        #expect(mask.of(word((0..<8).map { mask.triggers[$0 % mask.triggers.count] })) == 0x8080_8080_8080_8080)
        let neighbours = mask.triggers.flatMap { [$0 - 1, $0 + 1, $0 | 0x80] }.filter { !mask.triggers.contains($0) }
        for start in stride(from: 0, to: neighbours.count, by: 8) {
            #expect(mask.of(word((0..<8).map { neighbours[(start + $0) % neighbours.count] })) == 0)
        }
        // The 16-byte form a release build uses gives the same marks, lane for lane.
        var generator = SplitMix64(seed: 0x7A5C)
        for round in 0..<2000 {
            var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if round % 2 == 0 { bytes[Int(generator.next() % 16)] = mask.triggers[Int(generator.next() % UInt64(mask.triggers.count))] }
            var block = SIMD16<UInt8>()
            for lane in 0..<16 { block[lane] = bytes[lane] }
            let vector = mask.of(block)
            // Both of block(_:at:)'s paths, whichever this build takes.
            for path in [mask.wordBlock, mask.vectorBlock] {
                let words = bytes.withUnsafeBytes { raw in raw.baseAddress.map { path($0, 0) } }
                #expect(words?.low == vector[0] && words?.high == vector[1], "\(bytes)")
            }
            #expect(vector[0] == mask.of(word(Array(bytes[0..<8]))) && vector[1] == mask.of(word(Array(bytes[8..<16]))))
        }
        // Read from memory, byte 0 is the low byte whatever the machine's order.
        let bytes: [UInt8] = [mask.triggers[0]] + Array(repeating: UInt8(ascii: "a"), count: 7)
        #expect(bytes.withUnsafeBytes { raw in raw.baseAddress.map { mask.of(TriggerMask.word($0, at: 0)) } } == 0x80)
    }

    @Test("a preview shows at most 4 characters and a quarter of the secret, and nothing of a secret under 16")
    func previews() {
        // 15 characters: a published fingerprint and 2 of them would test guesses.
        #expect(Preview.of(Array("hunter2-hunter2".utf8)) == "")
        #expect(Preview.of(Array("abcdefghijklmnop".utf8)) == "abcd")
        #expect(Preview.of(Array("ab\u{1}defghijklmnopqrst".utf8)) == "ab", "printable ASCII only")
    }

    @Test("the trigger set is derived from the table: every token anchor and every structure's triggers")
    func triggersFromTable() {
        var expected = Set<UInt8>()
        for row in RuleTable.rows {
            for finder in row.finders {
                switch finder {
                case let .token(token):
                    expected.insert(token.anchor)
                    for prefix in token.prefixes { #expect(prefix.utf8.contains(token.anchor), "\(row.rule.id): \(prefix)") }
                case .keyed: expected.formUnion([UInt8(ascii: ":"), UInt8(ascii: "=")])
                case .webhook: expected.insert(UInt8(ascii: ":"))
                case let .engine(engine): expected.formUnion(engine.triggers)
                }
            }
        }
        #expect(Set(RuleIndex.shared.triggers) == expected)
        #expect(RuleTable.rows.map(\.rule) == ScanRule.allCases)
    }

    @Test("16 at a time finds the same candidates as byte by byte, on generated lines of every length")
    func sameAsByteByByte() {
        var generator = SplitMix64(seed: 0xF457)
        var fake = FakeTokens(seed: 0xF458)
        let alphabet = Array("aA_-:=JeyKIzSBCxo/ .\"'\\0123456789gphnmtkslivwdrPASWORDTKEN@,;\t".utf8)
        let tokens = [
            fake.github(), fake.awsKeyID(), fake.google(), fake.slack(), fake.jwt(), fake.stripe(), fake.npm(), fake.gitlab(),
            "password=" + fake.password(), "Authorization: Bearer " + fake.alnum(30), "https://u:" + fake.password() + "@h/",
            "-----BEGIN " + FakeTokens.pemLabel() + "-----" + fake.alnum(70), fake.appSpecific() + " password",
        ]
        var compared = 0
        for _ in 0..<4000 {
            let length = Int(generator.next() % 90)
            var line = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            if generator.next() % 2 == 0 {
                let token = Array(tokens[Int(generator.next() % UInt64(tokens.count))].utf8)
                let at = Int(generator.next() % UInt64(line.count + 1))
                line.insert(contentsOf: token, at: at)
            }
            let both = detectBothWays(line)
            #expect(both.fast.0 == both.reference.0, "line: \(String(decoding: line, as: UTF8.self))")
            #expect(both.fast.1 == both.reference.1, "line: \(String(decoding: line, as: UTF8.self))")
            compared += both.reference.0.count
        }
        #expect(compared > 500)
        // Every token at every offset against the blocks, followed by 0 to 16 bytes: each trigger is
        // in the first, a middle and the last (overlapping) block somewhere, and is visited once.
        for token in tokens + ["token=" + fake.alnum(8), "x_secret:v", "Cookie: a=b"] {
            for pad in 0..<32 {
                for tail in 0...16 {
                    let line = Array((String(repeating: " ", count: pad) + token + String(repeating: "x", count: tail)).utf8)
                    let both = detectBothWays(line)
                    #expect(both.fast.0 == both.reference.0, "pad \(pad), tail \(tail): \(token)")
                    #expect(both.fast.1 == both.reference.1, "pad \(pad), tail \(tail): \(token)")
                }
            }
        }
    }

    @Test("a secret is found at every offset against the 16-byte blocks", arguments: PositiveCase.all())
    func everyOffset(_ example: PositiveCase) throws {
        for pad in 0..<34 {
            for tail in ["", " ", " end of the line, long enough for another block"] {
                let line = String(repeating: " ", count: pad) + example.line + tail
                let result = scan(line)
                #expect(result.findings.map(\.rule) == [example.rule], "pad \(pad), tail '\(tail)'")
                let start = try #require(example.line.range(of: example.secret))
                let column = example.line.utf8.distance(from: example.line.startIndex, to: start.lowerBound) + 1 + pad
                #expect(result.findings.first?.column == column, "pad \(pad), tail '\(tail)'")
            }
        }
    }

    @Test("a trigger as the last byte of a line without newline, at lengths around the block size")
    func triggerAtEndOfInput() {
        var fake = FakeTokens(seed: 0xE0F)
        for length in [4, 5, 15, 16, 17, 31, 32, 33, 47, 48, 49] {
            for last in ["=", ":", "_", "-", "A", "J"] {
                let filler = String(repeating: "x", count: length - 1)
                let result = scan("DB_PASSWORD=\(fake.password())\n" + filler + last)
                #expect(result.findings.map(\.line) == [1], "length \(length), last '\(last)'")
            }
            // The secret itself ends the input.
            let key = fake.awsKeyID()
            let line = String(repeating: ".", count: max(0, length - key.count)) + " " + key
            #expect(scan(line).findings.map(\.rule) == [.awsAccessKeyID], "length \(length)")
            #expect(scan("remote: x\n" + line).findings.map(\.line) == [2], "length \(length)")
        }
    }

    @Test("a secret line split across two chunks at every byte is found once")
    func chunkBoundaryAtEveryByte() {
        var fake = FakeTokens(seed: 0xC4B)
        let text =
            "Compiling App\nexport GH=" + fake.github() + " and AWS " + fake.awsKeyID() + "\nDB_PASSWORD=" + fake.password()
            + "\n\u{1B}[1mpass\u{1B}[0mword=" + fake.password() + "\n"
        let bytes = Array(text.utf8)
        let whole = scanInChunks(bytes, chunkSize: bytes.count)
        #expect(whole.findings.map(\.rule) == [.githubToken, .awsAccessKeyID, .genericSecret, .genericSecret])
        for split in 1..<bytes.count {
            let session = makeScanner().makeSession(displayPath: "log.txt")
            Array(bytes[..<split]).withUnsafeBytes { session.feed($0) }
            Array(bytes[split...]).withUnsafeBytes { session.feed($0) }
            let result = session.finish()
            #expect(result.findings == whole.findings, "split at \(split)")
        }
    }

    @Test("ANSI sequences that split a keyword or a token are removed before matching")
    func ansiSplitsKeyword() {
        var fake = FakeTokens(seed: 0xA751)
        let password = fake.password()
        let github = fake.github()
        let cases: [(String, ScanRule)] = [
            ("pass\u{1B}[1mword\u{1B}[0m=\(password)", .genericSecret),
            ("DB_PASS\u{1B}[31;1mWORD=\u{1B}[0m\(password)", .genericSecret),
            ("remote: " + github.prefix(2) + "\u{1B}[32m" + github.dropFirst(2) + "\u{1B}[0m done", .githubToken),
            ("\u{1B}]0;title\u{07}TOKEN=\(password)", .genericSecret),
        ]
        for (line, rule) in cases {
            #expect(scan(line).findings.map(\.rule) == [rule], "\(line.debugDescription)")
        }
        // Lines with and without escapes mixed in one chunk: the per-chunk escape search must not
        // skip a later escape, nor strip a line that has none.
        var text = ""
        for index in 0..<40 {
            text +=
                index % 3 == 0 ? "\u{1B}[2mstep \(index)\u{1B}[0m pass\u{1B}[1mword=\(password)\n" : "plain \(index) token=\(password)\n"
        }
        for size in [7, 64, 1 << 16] {
            let result = scanInChunks(Array(text.utf8), chunkSize: size)
            #expect(result.findings.count == 40, "chunk size \(size)")
            #expect(result.findings.map(\.line) == Array(1...40), "chunk size \(size)")
        }
    }

    @Test("the ANSI stripper removes CSI, OSC and two-byte sequences, and reuses its buffer")
    func ansiStripper() {
        var buffer: [UInt8] = []
        func strip(_ text: String) -> String {
            let bytes = Array(text.utf8)
            let length = bytes.withUnsafeBufferPointer { ANSIStripper.strip($0, into: &buffer) }
            return String(decoding: buffer.prefix(length), as: UTF8.self)
        }
        #expect(strip(String(repeating: "a", count: 100) + "\u{1B}[0m") == String(repeating: "a", count: 100))
        #expect(strip("\u{1B}[1;32mgreen\u{1B}[0m text") == "green text")
        #expect(strip("a\u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{07}b") == "alinkb")
        #expect(strip("x\u{1B}=y") == "xy")
        #expect(strip("\u{1B}[0m") == "")
        #expect(strip("end\u{1B}") == "end")
        #expect(strip("\u{1B}[") == "")
        #expect(strip("") == "")
        #expect(strip("b\u{1B}[0mc") == "bc")
        #expect(buffer.count >= 100)
    }

    @Test("a trigger is passed over only where no token prefix and no structure can start at it")
    func triggerNeighbourCheck() {
        let index = RuleIndex.shared
        // Every token prefix: its anchor with the prefix's own neighbour, whatever is on the other side.
        for entry in index.tokens where entry.prefix.count > 1 {
            let anchor = entry.prefix[entry.anchorOffset]
            for other in 0...255 {
                let byte = UInt8(other)
                if entry.anchorOffset > 0 {
                    #expect(index.mayFire(anchor, before: entry.prefix[entry.anchorOffset - 1], after: byte), "\(entry.prefix)")
                } else {
                    #expect(index.mayFire(anchor, before: byte, after: entry.prefix[1]), "\(entry.prefix)")
                }
            }
        }
        // The structures: `eyJ`, `LS`; `-` after a space, a quote or the line's start, before `-`, or
        // with dashes at 5 and 10; `:` and `=` after a space, a quote or a backslash (which an
        // assignment skips), before `//`, or after a key word.
        for before in Array(" \t\"'\0".utf8) { #expect(index.mayFire(UInt8(ascii: "-"), before: before, after: 0)) }
        #expect(index.mayFire(UInt8(ascii: "-"), before: UInt8(ascii: "x"), after: UInt8(ascii: "-")))
        #expect(index.mayFire(UInt8(ascii: "J"), before: UInt8(ascii: "y"), after: 0))
        #expect(index.mayFire(UInt8(ascii: "L"), before: 0, after: UInt8(ascii: "S")))
        for trigger in Array(":=".utf8) {
            for before in Array(" \t\"'\\".utf8) { #expect(index.mayFire(trigger, before: before, after: 0)) }
        }
        #expect(index.mayFire(UInt8(ascii: ":"), before: UInt8(ascii: "p"), after: UInt8(ascii: "/")))
        /// Whether the first `trigger` in `text` may fire.
        func fires(_ text: String, _ trigger: Unicode.Scalar) -> Bool {
            let bytes = Array(text.utf8)
            guard let position = bytes.firstIndex(of: UInt8(ascii: trigger)) else { return false }
            return bytes.withUnsafeBufferPointer { CandidateDetector.mayFire(bytes[position], LineView(bytes: $0), position, index) }
        }
        for key in index.secretWords.map({ String(decoding: $0, as: UTF8.self) }) + ["authorization", "Set-Cookie", "COOKIE"] {
            #expect(fires("x_\(key)=v", "=") && fires("\(key.uppercased()): v", ":") && fires("\"\(key)\": v", ":"), "\(key)")
        }
        #expect(!fires("12:34:56", ":") && !fires("v1.2=3", "=") && !fires("file.swift:12: note", ":"))
        for text in ["abcd-efgh-ijkl-mnop", "e0a1b2c3-d4e5-f6a7-b8c9-d0e1f2a3b4c5", "run -p x", "a --password", "-----BEGIN"] {
            #expect(fires(text, "-"), "\(text)")
        }
        #expect(!fires("x-request-id", "-") && !fires("2024-05-01", "-") && !fires("Debug-iphonesimulator", "-"))
        // What a CI log is full of is passed over: `App`, `GITHUB_SHA`, `Ld`, `LoginTests`, `JSON`, `Git`.
        for bytes in ["\0Ap", " Ap", "B_S", "\0Ld", "/Li", "SJS", " Gi"].map({ Array($0.utf8) }) {
            #expect(!index.mayFire(bytes[1], before: bytes[0], after: bytes[2]), "\(bytes)")
        }
        // And the detector with the check finds what the reference, which fires every trigger, finds.
        let line = Array("Ld /App/AKIA_x eyJhbGciOiJIUzI1NiJ9.e30.x LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0t SG._ ghp_".utf8)
        let both = detectBothWays(line)
        #expect(both.fast.0 == both.reference.0)
    }

    @Test("words that start with A cost no AWS or Google match; real prefixes still do")
    func capitalAPrecheck() {
        var fake = FakeTokens(seed: 0xAA)
        let noise = "CompileSwift normal arm64 /Users/runner/App/App.app AppTests ABIA ACC AIz AKI Archive 'App'"
        #expect(scan(noise).findings.isEmpty)
        #expect(scan(noise).suppressed.isEmpty)
        for prefix in ["AK" + "IA", "AS" + "IA", "AB" + "IA", "AC" + "CA"] {
            let key = prefix + fake.string(16, from: FakeTokens.base32)
            #expect(scan("/App " + key).findings.map(\.rule) == [.awsAccessKeyID], "\(prefix)")
            #expect(scan("x" + key).findings.isEmpty, "\(prefix) inside a word")
        }
        #expect(scan("/App " + fake.google()).findings.map(\.rule) == [.googleAPIKey])
    }

    @Test("the four-byte key precheck lets every keyword through, in any case and with - for _")
    func keywordPrecheck() {
        var keywords = RuleIndex.shared.secretWords.map { String(decoding: $0, as: UTF8.self) }
        keywords += ["authorization", "cookie", "set_cookie", "proxy-authorization", "db_password", "MY_SERVICE_TOKEN"]
        for keyword in keywords {
            for variant in [keyword, keyword.uppercased(), keyword.replacingOccurrences(of: "_", with: "-")] {
                let bytes = Array(("x " + variant).utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    let line = LineView(bytes: buffer)
                    #expect(CandidateDetector.mayEndKeyword(line, bytes.count - 1), "\(variant)")
                    let kind = CandidateDetector.keyKind(line, 2, bytes.count, allowHeaders: true)
                    #expect(kind != nil, "\(variant)")
                }
            }
        }
        // Whenever the exact check accepts a key, the precheck did too: keys built from a random
        // prefix and a keyword, in random case, with one byte sometimes changed.
        var generator = SplitMix64(seed: 0x4E7)
        let letters = Array("pwdtkeyasoinlrc_-PWDTKEY".utf8)
        var accepted = 0
        for _ in 0..<20000 {
            var key = (0..<Int(generator.next() % 4)).map { _ in letters[Int(generator.next() % UInt64(letters.count))] }
            key += Array(keywords[Int(generator.next() % UInt64(keywords.count))].utf8).map { byte in
                generator.next() % 2 == 0 ? byte : Array(String(UnicodeScalar(byte)).uppercased().utf8)[0]
            }
            if generator.next() % 3 == 0 {
                key[Int(generator.next() % UInt64(key.count))] = letters[Int(generator.next() % UInt64(letters.count))]
            }
            key.withUnsafeBufferPointer { buffer in
                let line = LineView(bytes: buffer)
                if CandidateDetector.keyKind(line, 0, key.count, allowHeaders: true) != nil {
                    accepted += 1
                    #expect(CandidateDetector.mayEndKeyword(line, key.count - 1), "\(String(decoding: key, as: UTF8.self))")
                }
            }
        }
        #expect(accepted > 10000)
        let short = Array("key".utf8)
        short.withUnsafeBufferPointer { #expect(!CandidateDetector.mayEndKeyword(LineView(bytes: $0), 2)) }
    }

    @Test("the allowlist matches exact values only, short lists and long ones")
    func allowList() {
        let short = AllowList(["fixture-only", "ci"])
        #expect(short.contains(Array("fixture-only".utf8)))
        #expect(short.contains(Array("ci".utf8)))
        #expect(!short.contains(Array("fixture-onlY".utf8)))
        #expect(!short.contains(Array("fixture-only ".utf8)))
        #expect(!short.contains([]))
        #expect(AllowList([]).isEmpty)
        let long = AllowList((0..<100).map { "value-\($0)" })
        #expect(long.contains(Array("value-42".utf8)))
        #expect(!long.contains(Array("value-420".utf8)))
        #expect(!long.contains(Array("value-4x".utf8)))
    }
}
