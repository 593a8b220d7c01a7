//===----------------------------------------------------------------------===//
// PunycodeTests.swift: the RFC 3492 encoder and decoder on the RFC's own samples.
//===----------------------------------------------------------------------===//

import Testing

@testable import RedirectGate

@Suite struct PunycodeTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var scalars: [UInt32]
        var encoded: String
        var testDescription: String { name }
    }

    /// RFC 3492 section 7.1 samples (the code points as the RFC lists them, mixed case kept).
    static let samples: [Sample] = [
        Sample(
            name: "(A) Arabic (Egyptian)",
            scalars: [
                0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634,
                0x0639, 0x0631, 0x0628, 0x064A, 0x061F,
            ],
            encoded: "egbpdaj6bu4bxfgehfvwxn"),
        Sample(
            name: "(B) Chinese (simplified)",
            scalars: [0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587],
            encoded: "ihqwcrb4cv8a8dqg056pqjye"),
        Sample(
            name: "(E) Hebrew",
            scalars: [
                0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC, 0x05D0, 0x05DE,
                0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA,
            ],
            encoded: "4dbcagdahymbxekheh6e0a7fei0b"),
        Sample(
            name: "(I) Russian (Cyrillic)",
            scalars: [
                0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D, 0x0438, 0x043D,
                0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442, 0x043F, 0x043E, 0x0440, 0x0443,
                0x0441, 0x0441, 0x043A, 0x0438,
            ],
            encoded: "b1abfaaepdrnnbgefbadotcwatmq2g4l"),
        Sample(
            name: "(L) 3<nen>B<gumi><kinpachi><sensei>",
            scalars: [0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F],
            encoded: "3B-ww4c5e180e575a65lsy2b"),
        Sample(
            name: "(M) <amuro><namie>-with-SUPER-MONKEYS",
            scalars: [
                0x5B89, 0x5BA4, 0x5948, 0x7F8E, 0x6075, 0x002D, 0x0077, 0x0069, 0x0074, 0x0068, 0x002D, 0x0053,
                0x0055, 0x0050, 0x0045, 0x0052, 0x002D, 0x004D, 0x004F, 0x004E, 0x004B, 0x0045, 0x0059, 0x0053,
            ],
            encoded: "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
        Sample(
            name: "(Q) <pafii>de<runbaa>",
            scalars: [0x30D1, 0x30D5, 0x30A3, 0x30FC, 0x0064, 0x0065, 0x30EB, 0x30F3, 0x30D0],
            encoded: "de-jg4avhby1noc0d"),
        Sample(
            name: "(R) <sono><supiido><de>",
            scalars: [0x305D, 0x306E, 0x30B9, 0x30D4, 0x30FC, 0x30C9, 0x3067],
            encoded: "d9juau41awczczp"),
        Sample(
            name: "(S) -> $1.00 <-", scalars: [0x2D, 0x3E, 0x20, 0x24, 0x31, 0x2E, 0x30, 0x30, 0x20, 0x3C, 0x2D], encoded: "-> $1.00 <--"),
    ]

    static func scalars(_ values: [UInt32]) -> [Unicode.Scalar] {
        values.compactMap(Unicode.Scalar.init)
    }

    @Test(arguments: samples)
    func encodesTheRFCSample(_ sample: Sample) {
        #expect(Punycode.encode(Self.scalars(sample.scalars)) == sample.encoded)
    }

    @Test(arguments: samples)
    func decodesTheRFCSample(_ sample: Sample) {
        // Decoding yields the basic code points as written; the RFC's case annotations only
        // affect ASCII letters here.
        #expect(Punycode.decode(sample.encoded) == Self.scalars(sample.scalars))
    }

    @Test func refusesInvalidPunycode() {
        #expect(Punycode.decode("é-abc") == nil)  // non-ASCII basic part
        #expect(Punycode.decode("abc-!") == nil)  // not a digit
        #expect(Punycode.decode("a-b") == nil)  // decodes to a basic code point
        #expect(Punycode.decode("99999999999999") == nil)  // overflow, not a trap
        #expect(Punycode.decode("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz") == nil)
    }
}
