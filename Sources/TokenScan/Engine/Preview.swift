//===----------------------------------------------------------------------===//
// Preview.swift: the at most 4 leading characters a finding may show.
//===----------------------------------------------------------------------===//

/// The preview of a secret: at most 4 leading characters, and at most a quarter of the secret,
/// printable ASCII only; none for a secret shorter than ``minimumSecretLength``, where even two
/// characters leave few enough guesses to try against a published fingerprint.
enum Preview {
    /// The shortest secret that gets a preview.
    static let minimumSecretLength = 16

    /// The preview of `secret`.
    static func of(_ secret: [UInt8]) -> String {
        guard secret.count >= minimumSecretLength else { return "" }
        let length = min(ScanFinding.maximumPreviewLength, secret.count / 4)
        var text: [UInt8] = []
        for byte in secret.prefix(length) {
            guard byte > 0x20, byte < 0x7F else { break }
            text.append(byte)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
