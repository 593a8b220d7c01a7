// SuiteEgressLedgerTests.swift
//
// The egress ledger is read as hostile input: a link, a huge file, garbage or an unfinished line is
// refused whole (never half-read, never a trap), and a good one is merged and bounded.

import Foundation
import GateCore
import GateTestSupport
import SuiteDomain
import Testing

@Suite("the egress ledger")
struct SuiteEgressLedgerTests {
    @Test func launchesAreMergedByDestinationAndBoundedToTheFirst64() throws {
        let scratch = try ScratchFolder("egress")
        defer { scratch.remove() }
        var text = "egress tcp 192.0.2.1:443 2\negress dns example.com 1\nmore 3\n"
        text += "egress tcp 192.0.2.1:443 5\n"
        for index in 0..<70 { text += "egress udp [2001:db8::\(index)]:53 1\n" }
        try scratch.write(text, to: "egress.txt")
        let ledger = try SuiteEgressLedger.read(scratch.file("egress.txt"))
        #expect(ledger.attempts.count == SuiteEgressLedger.attemptLimit)
        #expect(ledger.attempts.first == .init(protocol: "tcp", destination: "192.0.2.1:443", count: 7))
        #expect(ledger.attempts[1] == .init(protocol: "dns", destination: "example.com", count: 1))
        // 62 of the 70 fit; the other 8 are counted with the 3 init could not keep.
        #expect(ledger.more == 3 + 8)
    }

    @Test func noFileIsNoAttempt() throws {
        let ledger = try SuiteEgressLedger.read("/nonexistent/egress-\(getpid()).txt")
        #expect(ledger.isEmpty)
    }

    @Test(arguments: [
        "egress tcp 192.0.2.1:443 1",  // unfinished
        "egress tcp 192.0.2.1:443 1\ngarbage\n",
        "egress smtp 192.0.2.1:25 1\n",
        "egress tcp 192.0.2.1:443 0\n",
        "egress tcp 192.0.2.1:443 -1\n",
        "egress tcp 192.0.2.1:443 99999999999999999999\n",
        "egress tcp 192.0.2.1:443 1 extra\n",
        "egress tcp EVIL\u{1B}[31m 1\n",
        "egress dns \("a".repeated(300)) 1\n",
        "more x\n",
        "egress\ttcp\t192.0.2.1:443\t1\n",
        "\u{0}\n",
    ])
    func anythingElseIsRefusedWhole(_ text: String) throws {
        let scratch = try ScratchFolder("egress")
        defer { scratch.remove() }
        try scratch.write(text, to: "egress.txt")
        #expect(throws: SuiteDomainError.self) { try SuiteEgressLedger.read(scratch.file("egress.txt")) }
    }

    @Test func aPlantedLinkAHugeFileAndAFolderAreRefusedUnread() throws {
        let scratch = try ScratchFolder("egress")
        defer { scratch.remove() }
        try scratch.write("egress tcp 192.0.2.1:443 1\n", to: "real.txt")
        #expect(symlink(scratch.file("real.txt"), scratch.file("link.txt")) == 0)
        #expect(throws: SuiteDomainError.self) { try SuiteEgressLedger.read(scratch.file("link.txt")) }
        let huge = String(repeating: "egress tcp 192.0.2.1:443 1\n", count: (SuiteEgressLedger.byteLimit / 27) + 10)
        try scratch.write(huge, to: "huge.txt")
        #expect(throws: SuiteDomainError.self) { try SuiteEgressLedger.read(scratch.file("huge.txt")) }
        try scratch.makeFolder("folder.txt")
        #expect(throws: SuiteDomainError.self) { try SuiteEgressLedger.read(scratch.file("folder.txt")) }
        #expect(mkfifo(scratch.file("fifo.txt"), 0o600) == 0)
        #expect(throws: SuiteDomainError.self) { try SuiteEgressLedger.read(scratch.file("fifo.txt")) }
    }
}

extension String {
    fileprivate func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}
