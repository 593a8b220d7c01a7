//===----------------------------------------------------------------------===//
// AdoptionTemplates.swift: every starter file `init` can write, embedded.
//===----------------------------------------------------------------------===//

/// Every template `acceptance-gate init` writes from, embedded in the binary (one
/// `AdoptionTemplates+Name.swift` file each, twin of a file in `templates/ci/` or
/// `templates/xctest/`).
package enum AdoptionTemplates {
    /// Every embedded template: the five CI pipelines, then the XCTest files.
    package static var all: [AdoptionTemplate] {
        CISystem.allCases.map(\.template) + [redirectBoundaryTests]
    }

    /// The values a template's placeholders may name.
    ///
    /// - Parameters:
    ///   - target: the team's test target.
    ///   - scheme: the team's Xcode scheme.
    ///   - gateVersion: the version of the gate writing the files.
    package static func values(target: String, scheme: String, gateVersion: String) -> [String: String] {
        ["target": target, "scheme": scheme, "gateVersion": gateVersion]
    }
}
