//===----------------------------------------------------------------------===//
// OriginHostTests.swift: IPv4, IPv6 and domain hosts, parsed and written.
//===----------------------------------------------------------------------===//

import RedirectGate
import Testing

@Suite struct OriginHostTests {
    @Test func ipv4FormsParseToTheSameAddress() throws {
        for text in ["127.0.0.1", "127.1", "127.0.1", "0x7f.1", "0x7F000001", "017700000001", "2130706433", "127.0.0.1."] {
            #expect(try OriginHost(parsing: text) == .ipv4(0x7F00_0001), "\(text)")
        }
        #expect(try OriginHost(parsing: "255.255.255.255") == .ipv4(0xFFFF_FFFF))
        #expect(try OriginHost(parsing: "4294967295") == .ipv4(0xFFFF_FFFF))
        #expect(try OriginHost(parsing: "0x.0x.0") == .ipv4(0))
    }

    @Test func ipv4LastPartFillsTheRemainingBytes() throws {
        #expect(try OriginHost(parsing: "192.168.257").serialized == "192.168.1.1")
        #expect(try OriginHost(parsing: "10.65535").serialized == "10.0.255.255")
        #expect(throws: RedirectPolicyError.self) { try OriginHost(parsing: "10.16777216") }
        #expect(throws: RedirectPolicyError.self) { try OriginHost(parsing: "1.256.1.1") }
    }

    @Test func namesThatOnlyLookNumericStayNames() throws {
        #expect(try OriginHost(parsing: "192.168.257.com") == .domain("192.168.257.com"))
        #expect(try OriginHost(parsing: "999999999.com") == .domain("999999999.com"))
        #expect(try OriginHost(parsing: "0xz") == .domain("0xz"))
    }

    @Test func ipv6Serialisation() throws {
        let cases: [(String, String)] = [
            ("[::]", "[::]"),
            ("[::1]", "[::1]"),
            ("[1::]", "[1::]"),
            ("[1:0:0:2:0:0:0:3]", "[1:0:0:2::3]"),
            ("[1:0:0:2:0:0:3:4]", "[1::2:0:0:3:4]"),
            ("[ABCD:EF01:2345:6789:ABCD:EF01:2345:6789]", "[abcd:ef01:2345:6789:abcd:ef01:2345:6789]"),
            ("[0:0:0:0:0:0:13.1.68.3]", "[::d01:4403]"),
            ("[::127.0.0.1]", "[::7f00:1]"),
            ("[1:2:3:4:5:6:7::]", "[1:2:3:4:5:6:7:0]"),
        ]
        for (input, expected) in cases {
            #expect(try OriginHost(parsing: input).serialized == expected, "\(input)")
        }
    }

    @Test func loopbackAddresses() throws {
        #expect(try OriginHost(parsing: "127.0.0.1").isLoopbackAddress)
        #expect(try OriginHost(parsing: "127.255.0.9").isLoopbackAddress)
        #expect(try OriginHost(parsing: "[::1]").isLoopbackAddress)
        #expect(try !OriginHost(parsing: "localhost").isLoopbackAddress)
        #expect(try !OriginHost(parsing: "128.0.0.1").isLoopbackAddress)
    }

    @Test func domainsAreLowercaseASCII() throws {
        #expect(try OriginHost(parsing: "Example.COM") == .domain("example.com"))
        #expect(try OriginHost(parsing: "under_score.example") == .domain("under_score.example"))
        #expect(try OriginHost(parsing: "-edge-.example") == .domain("-edge-.example"))
        #expect(try OriginHost(parsing: "example.com.").serialized == "example.com.")
        #expect(throws: RedirectPolicyError.emptyHost) { try OriginHost(parsing: "") }
    }
}
