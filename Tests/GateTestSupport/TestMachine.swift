//===----------------------------------------------------------------------===//
// TestMachine.swift: what the machine running the tests allows.
//===----------------------------------------------------------------------===//

import Foundation

/// What the machine running the tests allows, for tests that can check only where it does (and
/// are skipped with that reason elsewhere, never passed).
package enum TestMachine {
    /// Linux, as root: where the gate can run suites as another user in namespaces of their own.
    package static let isLinuxRoot: Bool = {
        #if os(Linux)
            geteuid() == 0
        #else
            false
        #endif
    }()
}
