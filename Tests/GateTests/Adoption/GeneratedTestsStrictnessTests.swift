//===----------------------------------------------------------------------===//
// GeneratedTestsStrictnessTests.swift: the test files init writes compile under a package's strictest settings.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import GateProcess
import Testing

/// A package that turns on `ExistentialAny`, complete concurrency checking and
/// `-warnings-as-errors` must still build the files `init` adds to its test target, in the Swift 5
/// and Swift 6 language modes: a warning there turns that package's own CI red while the gate says
/// accepted. Each file is type-checked by `swiftc` with exactly those settings (Linux: XCTest and
/// Foundation come with the toolchain; on a Mac they need the platform SDK's paths).
@Suite("generated test files, strictest settings")
struct GeneratedTestsStrictnessTests {
    static let strictest = [
        "-enable-upcoming-feature", "ExistentialAny", "-strict-concurrency=complete", "-warnings-as-errors",
    ]
    #if os(Linux)
        static let isLinux = true
    #else
        static let isLinux = false
    #endif

    /// `swiftc -typecheck` of `source` in the language `mode` with ``strictest``: the compiler's complaint, or `nil`.
    static func typecheck(_ source: String, mode: String) throws -> String? {
        let folder = try AdoptionTestSupport.scratchFolder("strict")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(source, at: "File.swift", in: folder)
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["swiftc", "-typecheck", "-swift-version", mode] + strictest + [folder + "/File.swift"]),
            timeout: .seconds(180))
        return result.status.isSuccess ? nil : result.stderrText
    }

    static var files: [(name: String, text: String)] {
        get throws {
            let values = AdoptionTemplates.values(target: "ShopTests", scheme: "Shop", gateVersion: "0.1.0")
            return [
                ("RedirectBoundaryTests.swift", try AdoptionTemplates.redirectBoundaryTests.render(values)),
                ("FrameVectorTests.swift", FrameVectorTestFile.text(target: "ShopTests", gateVersion: "0.1.0")),
            ]
        }
    }

    @Test(
        "RedirectBoundaryTests.swift and FrameVectorTests.swift: no warning with ExistentialAny, complete concurrency, -warnings-as-errors",
        .enabled(if: isLinux, "XCTest is found without the platform SDK's paths on Linux only"), arguments: ["5", "6"])
    func strict(mode: String) throws {
        for file in try Self.files {
            let complaint = try Self.typecheck(file.text, mode: mode)
            #expect(complaint == nil, "\(file.name), Swift \(mode) mode:\n\(complaint ?? "")")
        }
    }

    @Test("the check can fail: an existential Error without 'any' is refused with the same settings", .enabled(if: isLinux))
    func canFail() throws {
        let complaint = try Self.typecheck("let failure: Error? = nil\nprint(failure as Any)\n", mode: "6")
        #expect(complaint?.contains("ExistentialAny") == true, "\(complaint ?? "accepted")")
    }
}
