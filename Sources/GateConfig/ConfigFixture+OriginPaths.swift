//===----------------------------------------------------------------------===//
// ConfigFixture+OriginPaths.swift: checking `expect.originPaths` against what the origin served.
//===----------------------------------------------------------------------===//

extension ConfigFixture {
    /// The paths of ``expectOriginPaths`` the origin listener never served, in the configuration's
    /// order; empty when nothing is expected or every path was served.
    ///
    /// A path matches a served request target exactly or up to its query (`/target?x=1` serves
    /// `/target`), since the ledger records the request target as the client sent it.
    ///
    /// - Parameter served: the origin ledger's `paths`.
    package func missingOriginPaths(served: [String]) -> [String] {
        Self.missingOriginPaths(expected: expectOriginPaths, served: served)
    }

    /// ``missingOriginPaths(served:)`` for `expected` paths given directly (the run's plan).
    package static func missingOriginPaths(expected: [String]?, served: [String]) -> [String] {
        guard let expected else { return [] }
        let servedPaths = Set(served.map { target in target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target })
        return expected.filter { !servedPaths.contains($0) }
    }

    /// The rejection reason when the origin listener did not serve every expected path, `nil`
    /// when it did: one sentence that names the missing paths, for the run's reasons.
    ///
    /// - Parameter served: the origin ledger's `paths`.
    package func originPathsProblem(served: [String]) -> String? {
        Self.originPathsProblem(expected: expectOriginPaths, served: served)
    }

    /// ``originPathsProblem(served:)`` for `expected` paths given directly (the run's plan).
    package static func originPathsProblem(expected: [String]?, served: [String]) -> String? {
        let missing = missingOriginPaths(expected: expected, served: served)
        guard !missing.isEmpty else { return nil }
        let shown = missing.prefix(5).joined(separator: ", ")
        return "the origin listener never served \(shown) (fixture.expect.originPaths): "
            + "the redirect tests did not talk to the fixture"
    }
}
