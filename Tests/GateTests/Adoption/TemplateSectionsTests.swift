//===----------------------------------------------------------------------===//
// TemplateSectionsTests.swift: optional parts of a starter file, kept or dropped.
//===----------------------------------------------------------------------===//

import Gate
import GateAdoption
import Testing

@Suite("adoption: template sections")
struct TemplateSectionsTests {
    static let text = "a\n  # >>> linux: only on Linux\n  b\n  # <<< linux\nc\n"

    @Test("a wanted part keeps its lines; an unwanted one loses them; the markers go either way")
    func select() {
        #expect(TemplateSections.select(Self.text, keeping: ["linux"]) == "a\n  b\nc\n")
        #expect(TemplateSections.select(Self.text, keeping: []) == "a\nc\n")
        #expect(TemplateSections.select("a\n# >>>\nb\n", keeping: []) == "a\n# >>>\nb\n")
    }

    @Test("balance: open and closed in order, never nested, never closed by another name")
    func balance() {
        #expect(TemplateSections.isBalanced(Self.text))
        #expect(TemplateSections.names(in: Self.text) == ["linux"])
        #expect(!TemplateSections.isBalanced("# >>> linux\n"))
        #expect(!TemplateSections.isBalanced("# >>> linux\n# >>> mac\n# <<< mac\n# <<< linux\n"))
        #expect(!TemplateSections.isBalanced("# >>> linux\n# <<< mac\n"))
    }

    @Test("every embedded template's parts are balanced; the GitHub workflow has its two linux parts")
    func templatesBalanced() {
        for template in AdoptionTemplates.all {
            #expect(TemplateSections.isBalanced(template.text), "\(template.path)")
        }
        #expect(TemplateSections.names(in: AdoptionTemplates.githubActions.text) == ["linux", "linux"])
    }
}
