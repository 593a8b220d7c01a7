// InertLineTests.swift
//
// The funnel's rule on its own: text from the code under test keeps what a person reads, and
// loses what GitHub's runner would act on.

import GateCore
import Testing

@Suite("inert lines")
struct InertLineTests {
    @Test func aLeadingCommandIsBrokenAfterAnyWhiteSpaceAndALegacyOneAnywhere() {
        #expect(PrintableLine.inert("::notice::x") == "\u{200B}::notice::x")
        #expect(PrintableLine.inert("\u{A0} ::error::x") == "\u{A0} \u{200B}::error::x", "a no-break space is white space to the runner")
        #expect(PrintableLine.inert("see ::this:: here") == "see ::this:: here", "only a leading :: starts a command")
        #expect(PrintableLine.inert("a ##[error]b ##[x]") == "a ##\u{200B}[error]b ##\u{200B}[x]")
        // A prepended mark makes `\u{0D4E}#` one Character; matching by code point still finds `##[`.
        #expect(PrintableLine.inert("X\u{0D4E}##[add-mask]y") == "X\u{0D4E}##\u{200B}[add-mask]y")
        #expect(PrintableLine.inert("plain text, #1 [ok]") == "plain text, #1 [ok]")
    }

    @Test func aLineBreakOrAnEscapeIsWrittenOutNeverKept() {
        #expect(PrintableLine.inert("a\rb\nc\u{1B}[32m") == "a\\u{d}b\\u{a}c\\u{1b}[32m")
    }
}
