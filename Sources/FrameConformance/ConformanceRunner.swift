//===----------------------------------------------------------------------===//
// ConformanceRunner.swift: runs the suite against a decoder.
//===----------------------------------------------------------------------===//

/// Runs a ``ConformanceSuite`` against a decoder and shrinks the first failure of each point.
package struct ConformanceRunner: Sendable {
    /// The suite to run.
    package var suite: ConformanceSuite
    /// How many failures per point the report lists.
    package var failuresKept: Int
    /// How many cases are sent to the decoder at once (bounds memory and pipe traffic).
    package var batchSize: Int
    /// How many inputs shrinking one failure may ask about.
    package var minimiseBudget: Int

    /// Creates a runner.
    package init(suite: ConformanceSuite, failuresKept: Int = 3, batchSize: Int = 4_096, minimiseBudget: Int = 4_096) {
        self.suite = suite
        self.failuresKept = failuresKept
        self.batchSize = max(1, batchSize)
        self.minimiseBudget = minimiseBudget
    }

    /// Runs every case against `decoder`.
    ///
    /// - Throws: ``ConformanceError`` when the decoder cannot be asked.
    package func run(against decoder: some FrameDecoding) throws(ConformanceError) -> ConformanceReport {
        let cases = try suite.cases()
        var results = AcceptancePoint.allCases.map { PointResult(point: $0) }
        var start = 0
        while start < cases.count {
            let batch = cases[start..<min(start + batchSize, cases.count)]
            let outcomes = try decoder.outcomes(for: batch.map(\.input))
            for (testCase, outcome) in zip(batch, outcomes) {
                guard let index = AcceptancePoint.allCases.firstIndex(of: testCase.point) else { continue }
                results[index].total += 1
                if outcome == testCase.expected {
                    results[index].passed += 1
                } else if results[index].failures.count < failuresKept {
                    results[index].failures.append(
                        CaseFailure(
                            caseID: testCase.id, input: testCase.input.bytes,
                            expected: testCase.expected, actual: outcome))
                }
            }
            start += batchSize
        }
        let minimizer = FrameMinimizer(oracle: FrameOracle(limit: suite.limit), budget: minimiseBudget)
        for index in results.indices {
            guard let first = results[index].failures.first else { continue }
            results[index].minimised = try minimizer.minimise(first.input, actual: first.actual, decoder: decoder)
        }
        return ConformanceReport(decoder: decoder.name, limit: suite.limit, vectorCount: suite.vectors.count, points: results)
    }
}
