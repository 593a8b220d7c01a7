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
        // redirect-boundary: 2 failed + skipped + passed + 1 missing; frames: 1; lint: 1 (timed out).
        #expect(root.attributes["tests"] == "7")
        #expect(root.attributes["failures"] == "4")
        #expect(root.attributes["skipped"] == "1")
        let suites = parsed.elements.filter { $0.name == "testsuite" }
        #expect(suites.map { $0.attributes["name"] } == ["redirect-boundary", "frames", "lint"])
        #expect(suites.map { $0.attributes["tests"] } == ["5", "1", "1"])
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

    @Test("an aborted report with no suites is an empty, valid document")
    func aborted() throws {
        let xml = JUnitRenderer.render(SampleReports.aborted)
        let parsed = try #require(parse(xml))
        #expect(parsed.elements.map(\.name) == ["testsuites"])
        #expect(parsed.elements.first?.attributes["tests"] == "0")
    }
}
