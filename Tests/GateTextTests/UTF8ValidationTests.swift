//===----------------------------------------------------------------------===//
// UTF8ValidationTests.swift: well-formed UTF-8, as Foundation judges it.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateTestSupport
import Testing

@Suite("UTF8Validation")
struct UTF8ValidationTests {
    @Test("text, multibyte text and the empty input are valid; stray, cut, overlong, surrogate and out-of-range bytes are not")
    func knownShapes() {
        #expect(UTF8Validation.isValid(Array("ShopTests.testLogin".utf8)))
        #expect(UTF8Validation.isValid(Array("Prüfung ✓ 𝄞".utf8)))
        #expect(UTF8Validation.isValid([UInt8]()))
        for bad: [UInt8] in [[0xFF], [0xE2, 0x9C], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x61, 0x80]] {
            #expect(!UTF8Validation.isValid(bad), "\(bad)")
        }
    }

    @Test("random bytes: the same answer as Foundation's decoder")
    func agreesWithFoundation() {
        var generator = SplitMix64(seed: 0x0A7F8)
        var invalid = 0
        for _ in 0..<5_000 {
            let count = Int(generator.next() % 12)
            // Mostly ASCII and UTF-8 lead and continuation bytes, so both answers occur.
            let bytes = (0..<count).map { _ -> UInt8 in
                let pool: [UInt8] = [0x41, 0x7A, 0xC3, 0xA9, 0xE2, 0x9C, 0x93, 0xF0, 0x9D, 0x84, 0x9E, 0x80, 0xBF, 0xFF, 0xED, 0xC0]
                return pool[Int(generator.next() % UInt64(pool.count))]
            }
            let foundation = String(bytes: bytes, encoding: .utf8) != nil
            #expect(UTF8Validation.isValid(bytes) == foundation, "\(bytes)")
            if !foundation { invalid += 1 }
        }
        #expect(invalid > 500 && invalid < 5_000)
    }
}
