//===----------------------------------------------------------------------===//
// OriginPathsTests.swift: fixture.expect.originPaths, parsed and checked against a ledger.
//===----------------------------------------------------------------------===//

import Testing

@testable import Gate
@testable import GateConfig

@Suite("fixture.expect.originPaths")
struct OriginPathsTests {
    static func fixture(_ expect: String) throws -> ConfigFixture? {
        let text =
            #"{"fixture": {"builtin": "redirect", "expect": \#(expect)}, "suites": [{"name": "t", "kind": "command", "command": ["true"]}]}"#
        return try GateConfiguration.parse(Array(text.utf8), file: "f.json").fixture
    }

    @Test("parsed in order; absent means unchecked")
    func parsed() throws {
        #expect(try Self.fixture(#"{"originPaths": ["/same", "/start", "/target"]}"#)?.expectOriginPaths == ["/same", "/start", "/target"])
        #expect(try Self.fixture(#"{"foreignRequests": 0}"#)?.expectOriginPaths == nil)
    }

    @Test("refused with the key path: empty, not a path, a space, listed twice, not strings")
    func refused() {
        for bad in [#"[]"#, #"["same"]"#, #"["/a b"]"#, #"["/a", "/a"]"#, #"[1]"#, #""/same""#] {
            let error = #expect(throws: ConfigurationError.self, "\(bad)") { try Self.fixture(#"{"originPaths": \#(bad)}"#) }
            #expect(error?.description.contains("fixture.expect.originPaths") == true, "\(String(describing: error))")
        }
    }

    @Test("checked against the origin ledger's paths: every expected path served, queries ignored")
    func checked() throws {
        let fixture = try #require(try Self.fixture(#"{"originPaths": ["/same", "/start", "/target"]}"#))
        #expect(fixture.missingOriginPaths(served: ["/same", "/target", "/start"]).isEmpty)
        #expect(fixture.originPathsProblem(served: ["/start?x=1", "/same", "/target", "/extra"]) == nil)
        #expect(fixture.missingOriginPaths(served: ["/same"]) == ["/start", "/target"])
        #expect(
            fixture.originPathsProblem(served: [])
                == "the origin listener never served /same, /start, /target (fixture.expect.originPaths): "
                + "the redirect tests did not talk to the fixture")
        #expect(ConfigFixture().originPathsProblem(served: []) == nil, "nothing expected, nothing checked")
    }
}
