//===----------------------------------------------------------------------===//
// BuildProducts.swift: where SwiftPM put the built executables, on Linux and on macOS.
//===----------------------------------------------------------------------===//

import Foundation

/// The folder of the built products (`.build/debug`, `.build/portable/debug`, …), found the way
/// each platform's test runner allows.
///
/// Why not `Bundle.main.bundleURL`: on Linux the test runner is the `.xctest` executable itself,
/// in the products folder, but on macOS `Bundle.main` is Xcode's `xctest` tool (or
/// `swiftpm-testing-helper`), far from the products. There the test bundle
/// (`acceptance-gatePackageTests.xctest`) is loaded as a bundle of its own, and its parent is the
/// products folder.
package enum BuildProducts {
    /// The products folder.
    package static let folder: URL = {
        #if canImport(Darwin)
            if let bundle = Bundle.allBundles.first(where: { $0.bundleURL.pathExtension == "xctest" }) {
                return bundle.bundleURL.deletingLastPathComponent()
            }
            // `xctest path/to/X.xctest` and `swiftpm-testing-helper --test-bundle-path path/to/X.xctest`.
            if let argument = CommandLine.arguments.first(where: { $0.hasSuffix(".xctest") }) {
                return URL(fileURLWithPath: argument).deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }()

    /// The path of the built executable `name` in ``folder`` (whether or not it exists).
    package static func executable(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// The path of the built `acceptance-gate`.
    package static var gate: String { executable("acceptance-gate") }
}
