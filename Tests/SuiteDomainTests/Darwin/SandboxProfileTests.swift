//===----------------------------------------------------------------------===//
// SandboxProfileTests.swift: the profile's text, read back as the sandbox reads it.
//===----------------------------------------------------------------------===//

import GateCore
import Testing

@testable import SuiteDomain

@Suite("SandboxProfile")
struct SandboxProfileTests {
    /// A layout shaped like a GitHub macOS runner's: the tree read-only, its `.build` writable, the
    /// out folder hidden.
    static let layout = SuiteDomainLayout(
        uid: 473, gid: 20,
        readOnly: ["/Users/runner/work/app/app", "/Users/runner/work/app/app/.git"],
        hidden: ["/Users/runner/work/app/app/.acceptance-gate", "/Users/runner/.ssh"],
        writable: ["/Users/runner/work/app/app/.build"],
        home: "/Users/_acceptancegate", temporary: "/Users/_acceptancegate/tmp")

    /// The forms of `profile` that are `(VERB OPERATION (subpath "PATH"))`, as (verb, operations, path).
    static func pathRules(_ profile: SandboxProfile) throws -> [(verb: String, operations: [String], path: String)] {
        try SBPLReader.read(profile.text).compactMap { form in
            guard case .list(let items) = form, case .atom(let verb)? = items.first,
                case .list(let filter)? = items.last, filter.first == .atom("subpath"), filter.count == 2,
                case .string(let path)? = filter.last
            else { return nil }
            let operations = items.dropFirst().dropLast().compactMap { item -> String? in
                if case .atom(let name) = item { return name }
                return nil
            }
            return (verb, operations, path)
        }
    }

    @Test("every writable path, the home, the temporary folder and /dev are subpath allows of file-write*")
    func writablePathsAreAllowed() throws {
        let profile = try SandboxProfile(layout: Self.layout, userFolders: ["/private/var/folders/ab/xyz/T"])
        let allowed = try Self.pathRules(profile).filter { $0.verb == "allow" && $0.operations == ["file-write*"] }.map(\.path)
        #expect(
            Set(allowed)
                == [
                    "/dev", "/Users/_acceptancegate", "/Users/_acceptancegate/tmp", "/Users/runner/work/app/app/.build",
                    "/private/var/folders/ab/xyz/T",
                ])
        let forms = try SBPLReader.read(profile.text)
        let denyAll = try #require(forms.firstIndex(of: .list([.atom("deny"), .atom("file-write*")])), "writes are denied first")
        let firstAllow = try #require(forms.firstIndex { $0.description.hasPrefix("(allow file-write*") })
        #expect(denyAll < firstAllow, "the blanket denial comes before the allows, since the last match wins")
    }

    @Test("read-only paths deny writes, and the deepest rule is last: the tree denied, its .build allowed after it")
    func deeperRulesComeLater() throws {
        let profile = try SandboxProfile(layout: Self.layout)
        let order = profile.writeRules.map(\.path)
        let tree = try #require(order.firstIndex(of: "/Users/runner/work/app/app"))
        let build = try #require(order.firstIndex(of: "/Users/runner/work/app/app/.build"))
        #expect(tree < build)
        #expect(profile.writeRules[safe: tree]?.allowed == false && profile.writeRules[safe: build]?.allowed == true)
        let depths = order.map(SBPLString.depth)
        #expect(depths == depths.sorted(), "shallow to deep")
    }

    @Test("a read-only folder inside a writable one is denied after it, and the same path listed both ways stays read-only")
    func readOnlyInsideWritable() throws {
        var layout = Self.layout
        layout.readOnly = ["/Users/_acceptancegate/pinned", "/Users/runner/work/app/app/.build"]
        let profile = try SandboxProfile(layout: layout)
        let rules = try Self.pathRules(profile).filter { $0.operations == ["file-write*"] }
        let home = try #require(rules.lastIndex { $0.path == "/Users/_acceptancegate" })
        let pinned = try #require(rules.lastIndex { $0.path == "/Users/_acceptancegate/pinned" })
        #expect(home < pinned && rules[safe: pinned]?.verb == "deny")
        let last = try #require(rules.last { $0.path == "/Users/runner/work/app/app/.build" })
        #expect(last.verb == "deny", "the stricter rule wins a tie")
    }

    @Test("hidden paths are denied reading and writing, after every write rule")
    func hiddenPathsAreDenied() throws {
        let profile = try SandboxProfile(layout: Self.layout)
        let rules = try Self.pathRules(profile)
        let hidden = rules.filter { $0.verb == "deny" && $0.operations == ["file-read*", "file-write*"] }.map(\.path)
        #expect(hidden == ["/Users/runner/work/app/app/.acceptance-gate", "/Users/runner/.ssh"])
        let lastWrite = try #require(rules.lastIndex { $0.operations == ["file-write*"] })
        let firstHidden = try #require(rules.firstIndex { $0.operations.contains("file-read*") })
        #expect(lastWrite < firstHidden)
    }

    @Test("signals and process information reach only the same sandbox; the base allows the rest")
    func signalsAndProcessInformation() throws {
        let forms = try SBPLReader.read(try SandboxProfile(layout: Self.layout).text).map(\.description)
        #expect(forms.first == "(version 1)")
        for rule in [
            "(allow default)", "(deny signal)", "(allow signal (target same-sandbox))", "(deny process-info*)",
            "(allow process-info* (target same-sandbox))",
        ] {
            #expect(forms.contains(rule), "\(rule)")
        }
        let deny = try #require(forms.firstIndex(of: "(deny signal)"))
        let allow = try #require(forms.firstIndex(of: "(allow signal (target same-sandbox))"))
        #expect(deny < allow)
        #expect(!forms.contains("(allow signal)") && !forms.contains("(allow process-info*)"))
    }

    @Test("loopback network denies the rest; host network adds no network rule")
    func network() throws {
        let loopback = try SBPLReader.read(try SandboxProfile(layout: Self.layout, network: .loopback).text).map(\.description)
        #expect(loopback.contains("(deny network*)"))
        #expect(loopback.contains("(allow network* (remote ip \"localhost:*\"))"))
        let host = try SandboxProfile(layout: Self.layout, network: .host).text
        #expect(!host.contains("network"))
    }

    @Test("the text depends on the paths, not on the order they were listed in")
    func deterministic() throws {
        var shuffled = Self.layout
        shuffled.readOnly.reverse()
        shuffled.hidden.reverse()
        shuffled.writable = ["/Users/runner/work/app/app/.build", "/Users/_acceptancegate//tmp/", "/Users/_acceptancegate"]
        let first = try SandboxProfile(layout: Self.layout)
        let second = try SandboxProfile(layout: shuffled)
        #expect(first.writeRules == second.writeRules)
        #expect(Set(first.hidden) == Set(second.hidden))
    }

    // MARK: - Escaping and hostile paths

    @Test("quotes and backslashes are escaped, and read back as the path")
    func escaping() throws {
        #expect(try SBPLString.quoted("/a \"b\" \\c") == "\"/a \\\"b\\\" \\\\c\"")
        #expect(try SBPLString.quoted("/plain/path") == "\"/plain/path\"")
        #expect(try SBPLString.quoted("//a//b/") == "\"/a/b\"")
        #expect(try SBPLString.quoted("/ça/日本/😀") == "\"/ça/日本/😀\"")
    }

    static let hostilePaths = [
        "/tmp/x\") (allow file-write* (subpath \"/",
        "/tmp/x\\\") (allow default) ; ",
        "/tmp/x\\",
        "/tmp/p(a)r;e\"n\"s",
        "/tmp/#\"regex\"",
        "/tmp/\\\"\\\\\\",
    ]

    @Test("a hostile path stays one string literal: the same forms as a plain path, and it reads back unchanged", arguments: hostilePaths)
    func hostilePathsCannotBreakOut(path: String) throws {
        var hostile = Self.layout
        hostile.writable = [path]
        hostile.hidden = [path + "/h"]
        var plain = Self.layout
        plain.writable = ["/tmp/plain"]
        plain.hidden = ["/tmp/plain/h"]
        let hostileForms = try SBPLReader.read(try SandboxProfile(layout: hostile).text)
        let plainForms = try SBPLReader.read(try SandboxProfile(layout: plain).text)
        #expect(hostileForms.count == plainForms.count)
        let normalized = try SBPLString.normalized(path)
        let strings = hostileForms.flatMap(\.strings)
        #expect(strings.contains(normalized))
        #expect(strings.contains(normalized + "/h"))
        let allowAll = hostileForms.filter { $0 == .list([.atom("allow"), .atom("default")]) }
        #expect(allowAll.count == 1, "only the base allows everything")
        #expect(!hostileForms.contains(.list([.atom("allow"), .atom("file-write*")])))
    }

    @Test(
        "a path with a control character or a bidirectional override is refused, naming it printably",
        arguments: ["/tmp/a\nb", "/tmp/a\rb", "/tmp/a\u{0}b", "/tmp/a\u{7F}", "/tmp/a\u{85}b", "/tmp/a\u{202E}b", "/tmp/\t"])
    func controlCharactersAreRefused(path: String) throws {
        var layout = Self.layout
        layout.hidden = [path]
        let error = #expect(throws: DarwinSuiteDomainError.self) { try SandboxProfile(layout: layout) }
        #expect(error == .controlCharacterInPath(path: path))
        let message = error?.description ?? ""
        #expect(!message.contains("\n") && !message.contains("\r") && !message.contains("\u{0}"))
        #expect(message.contains("\\u{"), "the character is shown, not printed: \(message)")
    }

    @Test("relative paths, '.' and '..' components and a writable root are refused")
    func pathsThatCannotMatch() throws {
        for path in ["relative/path", "", "/a/../b", "/a/./b", "~/x"] {
            var layout = Self.layout
            layout.readOnly = [path]
            #expect(throws: DarwinSuiteDomainError.pathNotAbsolute(path: path)) { try SandboxProfile(layout: layout) }
        }
        for root in ["/", "//", "///"] {
            var layout = Self.layout
            layout.writable = [root]
            #expect(throws: DarwinSuiteDomainError.writableRoot) { try SandboxProfile(layout: layout) }
        }
    }
}
