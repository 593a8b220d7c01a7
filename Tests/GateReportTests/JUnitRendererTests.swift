//===----------------------------------------------------------------------===//
// JUnitRendererTests.swift: junit.xml is well-formed and counts what happened.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects what an XML parse saw.
private final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}

@Suite("junit.xml")
struct JUnitRendererTests {
    /// Parses `xml`; `nil` when it is not well-formed.
    private func parse(_ xml: String) -> XMLCollector? {
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    @Test("hostile names and messages still make well-formed XML with the right counts")
    func wellFormed() throws {
        let xml = JUnitRenderer.render(SampleReports.rejected(failedTests: 2))
        let parsed = try #require(parse(xml), "not well-formed:\n\(xml)")
        let root = try #require(parsed.elements.first)
        #expect(root.name == "testsuites")
        // redirect-boundary: 2 failed + skipped + passed; frames: 1; lint: 1 (timed out: an error);
        // acceptance-gate: the missing test and the leak, which no suite's case shows.
        #expect(root.attributes["tests"] == "8")
        #expect(root.attributes["failures"] == "4")
        #expect(root.attributes["errors"] == "1")
        let suites = parsed.elements.filter { $0.name == "testsuite" }
        #expect(suites.map { $0.attributes["name"] } == ["redirect-boundary", "frames", "lint", "acceptance-gate"])
        #expect(suites.map { $0.attributes["tests"] } == ["4", "1", "1", "2"])
        #expect(suites.map { $0.attributes["skipped"] } == ["1", "0", "0", "0"])
        #expect(suites.first?.attributes["time"] == "2.000")
        let cases = parsed.elements.filter { $0.name == "testcase" }
        let nasty = try #require(cases.first?.attributes["name"])
        #expect(nasty.contains("<script>alert(1)</script>&amp;"))
        #expect(nasty.contains("🚀"))
        #expect(!nasty.contains("\u{1B}"))
        #expect(!nasty.contains("[31m"))
        #expect(cases.first?.attributes["classname"] == "redirect-boundary")
        #expect(cases.contains { $0.attributes["name"] == "frames" && $0.attributes["classname"] == "frames" })
        let failure = try #require(parsed.elements.first { $0.name == "failure" })
        #expect(failure.attributes["message"]?.hasPrefix("XCTAssertEqual failed") == true)
        #expect(parsed.text.contains("<b>&</b>"))
        #expect(parsed.text.contains("line two"))
        #expect(parsed.elements.contains { $0.name == "skipped" })
        #expect(parsed.text.contains("timed out after 1800 s"))
    }

    @Test("no character XML 1.0 forbids reaches the file")
    func illegalCharacters() {
        let xml = JUnitRenderer.render(SampleReports.rejected())
        let forbidden = xml.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r") || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF
        }
        #expect(forbidden.isEmpty)
    }

    @Test("an aborted report with no suites shows the interruption as one errored case")
    func aborted() throws {
        let xml = JUnitRenderer.render(SampleReports.aborted)
        let parsed = try #require(parse(xml))
        #expect(parsed.elements.map(\.name) == ["testsuites", "testsuite", "testcase", "error"])
        #expect(parsed.elements.first?.attributes["tests"] == "1")
        #expect(parsed.elements.first?.attributes["errors"] == "1")
        #expect(parsed.elements.last?.attributes["type"] == "interrupted")
    }

    @Test("classname is Module.Class when the log named the module, Class otherwise; name is the method")
    func classnames() throws {
        var report = SampleReports.accepted
        report.suites[0].tests = [
            ReportTest(name: "ParserTests.testParse", status: .passed, durationSeconds: 0.1, module: "CoreTests"),
            ReportTest(name: "ParserTests.testParse", status: .failed, durationSeconds: nil, message: "boom", file: "/r/T.swift", line: 7),
            ReportTest(name: "display name with a . in it", status: .passed, durationSeconds: 0.1),
        ]
        let parsed = try #require(parse(JUnitRenderer.render(report)))
        let cases = parsed.elements.filter { $0.name == "testcase" }
        #expect(cases[0].attributes["classname"] == "CoreTests.ParserTests")
        #expect(cases[0].attributes["name"] == "testParse")
        #expect(cases[1].attributes["classname"] == "ParserTests")
        #expect(cases[1].attributes["file"] == "/r/T.swift")
        #expect(cases[1].attributes["line"] == "7")
        #expect(cases[1].attributes["time"] == nil)
        #expect(cases[2].attributes["classname"] == "redirect-boundary")
        #expect(cases[2].attributes["name"] == "display name with a . in it")
    }
}
