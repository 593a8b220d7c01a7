//===----------------------------------------------------------------------===//
// ReportRedactorBatchTests.swift: one scan for many values withholds what one scan each would.
//===----------------------------------------------------------------------===//

import GatePublishing
import GateTestSupport
import Testing
import TokenScan

@testable import Gate

@Suite("the redactor's one scan for many values")
struct ReportRedactorBatchTests {
    let redactor = ReportRedactor(scanner: TokenScanner(configuration: ScanConfiguration(allow: [], fingerprintKey: [1])))

    @Test("the values holding a token are withheld, the others kept, in order; the same as one scan each")
    func sameAsOneEach() {
        let token = FakeGitHubToken.make(seed: 7)
        let values = [
            "Big.test1", "", "Big.test_\(token)", "failed: expected 302, got 200", "two\nlines with \(token)", "two\nclean lines",
            "last \(token) value", "Big.test2",
        ]
        let batched = redactor.texts(values)
        #expect(batched == values.map { redactor.text($0) })
        #expect(batched[0] == "Big.test1" && batched[1] == "" && batched[3] == values[3] && batched[5] == values[5])
        #expect(batched[7] == "Big.test2")
        for index in [2, 4, 6] {
            #expect(batched[index] == ReportRedactor.withheld, "value \(index)")
        }
    }

    @Test("part of the signing key is withheld in a batch too")
    func keyMaterial() {
        let material = "MC4CAQAwBQYDK2VwBCIEIJ5x0eXa3hqQm0yT8bJp3G2f1aZ4kLwq9cVnR7sT2uYd"
        let withKey = redactor.adding(keyMaterial: [material])
        let values = ["Big.test1", "print " + String(material.dropFirst(10).prefix(20)), "Big.test2"]
        #expect(withKey.texts(values) == ["Big.test1", ReportRedactor.withheld, "Big.test2"])
    }
}
