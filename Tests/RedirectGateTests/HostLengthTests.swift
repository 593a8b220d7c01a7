//===----------------------------------------------------------------------===//
// HostLengthTests.swift: overlong hosts and labels are refused before Punycode.
//===----------------------------------------------------------------------===//

import RedirectGate
import Testing

@Suite struct HostLengthTests {
    /// `count` CJK ideographs, all different, so Punycode has as much work as possible.
    static func ideographs(_ count: Int) -> String {
        String(String.UnicodeScalarView((0..<count).compactMap { Unicode.Scalar(0x4E00 + $0) }))
    }

    /// Parses `url`, expecting a refusal, and returns the error and how long it took.
    static func refusal(_ url: String) -> (error: RedirectPolicyError?, duration: Duration) {
        var error: RedirectPolicyError?
        let duration = ContinuousClock().measure {
            do {
                _ = try ParsedURL(parsing: url)
            } catch let refusal as RedirectPolicyError {
                error = refusal
            } catch {}
        }
        return (error, duration)
    }

    @Test(arguments: [
        "https://" + ideographs(10_000) + ".com/",
        "https://" + ideographs(5_000) + "/",
        "https://" + String(repeating: "a", count: 5_000) + "/",
        "https://" + Array(repeating: ideographs(50), count: 100).joined(separator: ".") + "/",
    ])
    func overlongHostsAreRefusedQuickly(url: String) throws {
        let (error, duration) = Self.refusal(url)
        let refusal = try #require(error)
        guard case let .invalidHost(host, reason) = refusal else {
            Issue.record("unexpected error \(refusal)")
            return
        }
        #expect(reason == "is longer than 254 characters")
        #expect(host.unicodeScalars.count <= 65)
        #expect(refusal.description.count < 300, "\(refusal.description.count) characters")
        // Generous for a debug build: before the fix the first case took tens of seconds.
        #expect(duration < .seconds(1), "took \(duration)")
    }

    @Test func overlongNonASCIILabelIsRefusedBeforePunycode() throws {
        let (error, duration) = Self.refusal("https://" + Self.ideographs(250) + "/")
        let refusal = try #require(error)
        #expect(refusal == .invalidHost(Self.ideographs(250), reason: "has a label longer than 63 characters in ASCII"))
        #expect(refusal.description.count < 300, "\(refusal.description.count) characters")
        #expect(duration < .seconds(1), "took \(duration)")
    }

    @Test func hostsAtTheLimitsStillParse() throws {
        let label = String(repeating: "a", count: 63)
        let host = [label, label, label, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(host.count == 253)
        #expect(try OriginHost(parsing: host) == .domain(host))
        #expect(try OriginHost(parsing: host + ".") == .domain(host + "."))
        #expect(throws: RedirectPolicyError.self) { try OriginHost(parsing: host + "b.") }
        #expect(throws: RedirectPolicyError.self) { try OriginHost(parsing: label + "a.com") }
        #expect(try OriginHost(parsing: "bücher.example") == .domain("xn--bcher-kva.example"))
    }

    @Test func capitalSharpSIsRefusedNotLoweredToTheKeptSharpS() throws {
        // UTS #46 maps U+1E9E to "ss"; lowercasing gives U+00DF, which non-transitional
        // processing keeps, so accepting it would name a different host than browsers do.
        #expect(throws: RedirectPolicyError.self) { try OriginHost(parsing: "STRA\u{1E9E}E.de") }
        #expect(try OriginHost(parsing: "STRA\u{DF}E.de") == .domain("xn--strae-oqa.de"))
        #expect(try OriginHost(parsing: "\u{3A3}\u{391}.gr") == OriginHost(parsing: "\u{3C3}\u{3B1}.gr"))
    }
}
