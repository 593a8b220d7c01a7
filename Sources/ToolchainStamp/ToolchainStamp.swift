//===----------------------------------------------------------------------===//
// ToolchainStamp.swift: what the report records about the toolchain.
//===----------------------------------------------------------------------===//

/// The toolchain and machine the gate ran on, as the report's `toolchain` object records it
/// (design.md, "Report and signature").
///
/// Encodes every key, with `null` for an absent `xcode`.
package struct ToolchainStamp: Codable, Equatable, Sendable {
    /// The Swift version, `X.Y.Z` (or `X.Y` when the compiler says only that), e.g. `6.3.1`.
    package var swiftVersion: String
    /// The whole `swift --version` text (on a Mac, `xcrun swift --version`), trimmed.
    package var raw: String
    /// The target triple from the `Target:` line, e.g. `x86_64-unknown-linux-gnu`; `nil` when absent.
    package var target: String?
    /// The operating system's name and version, e.g. `Debian GNU/Linux 12 (bookworm)`.
    package var os: String
    /// `xcodebuild -version`'s text on a Mac with Xcode, e.g. `Xcode 15.3 Build version 15E204a`.
    package var xcode: String?
    /// The gate's own version.
    package var gateVersion: String

    /// The coding keys, as design.md names the fields.
    private enum CodingKeys: String, CodingKey {
        case swiftVersion, raw, target, os, xcode, gateVersion
    }

    /// Encodes every field; absent optionals as `null`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(swiftVersion, forKey: .swiftVersion)
        try container.encode(raw, forKey: .raw)
        try container.encode(target, forKey: .target)
        try container.encode(os, forKey: .os)
        try container.encode(xcode, forKey: .xcode)
        try container.encode(gateVersion, forKey: .gateVersion)
    }
}
