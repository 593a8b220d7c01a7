//===----------------------------------------------------------------------===//
// FixturePortsTests.swift: parsing --ports.
//===----------------------------------------------------------------------===//

import RedirectFixture
import Testing

@Suite("--ports values")
struct FixturePortsTests {
    @Test(
        "valid values",
        arguments: [
            ("auto", FixturePorts.automatic), ("8765,8766", .fixed(origin: 8765, foreign: 8766)),
            ("1,65535", .fixed(origin: 1, foreign: 65535)), ("9000,80", .fixed(origin: 9000, foreign: 80)),
            ("08765,8766", .fixed(origin: 8765, foreign: 8766)),
        ])
    func valid(text: String, ports: FixturePorts) {
        #expect(FixturePorts(parsing: text) == ports)
    }

    @Test(
        "invalid values",
        arguments: [
            "", "AUTO", "auto,", "8765", "8765,", ",8766", "8765,8765", "8765,8766,8767", "0,8766", "8765,65536",
            "-1,8766", "+8765,8766", " 8765,8766", "8765, 8766", "8765;8766", "0x10,8766", "123456,1", "８７６５,8766",
        ])
    func invalid(text: String) {
        #expect(FixturePorts(parsing: text) == nil)
    }

    @Test("the standard ports and the description round-trip")
    func description() {
        #expect(FixturePorts.standard.description == "8765,8766")
        #expect(FixturePorts.automatic.description == "auto")
        #expect(FixturePorts(parsing: FixturePorts.standard.description) == .standard)
    }
}
