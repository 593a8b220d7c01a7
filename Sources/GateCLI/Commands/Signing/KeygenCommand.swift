//===----------------------------------------------------------------------===//
// KeygenCommand.swift: `acceptance-gate keygen --out PREFIX`.
//===----------------------------------------------------------------------===//

import GateCore
import GateSigning

/// `keygen`: writes a new Ed25519 key pair as `PREFIX.key` (PKCS#8 PEM, mode 0600) and
/// `PREFIX.pub` (SubjectPublicKeyInfo PEM), the formats `openssl genpkey -algorithm ed25519` and
/// `openssl pkey -pubout` use.
///
/// Exits 0; 1 when either file exists (nothing is replaced); 3 when a file cannot be written.
package enum KeygenCommand: GateCommand {
    /// `--out PREFIX`: where the two files go.
    package static let out = OptionSpec.value(
        "out", kind: .text, valueName: "prefix", isRequired: true,
        help: "Write PREFIX.key (private, mode 0600) and PREFIX.pub (public); neither may exist yet.")

    /// `keygen`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "keygen", abstract: "Create an Ed25519 key pair for signing reports.",
            discussion: "Writes PREFIX.key, a PEM 'PRIVATE KEY' (PKCS#8 Ed25519) readable only by you (mode 0600), "
                + "and PREFIX.pub, a PEM 'PUBLIC KEY' (SubjectPublicKeyInfo), in the formats of "
                + "'openssl genpkey -algorithm ed25519' and 'openssl pkey -pubout', so keys made by either tool work "
                + "with the other. Prints both paths and the keyid (hex SHA-256 of the raw public key). Never "
                + "replaces a file: exits 1 when either exists, 3 when a file cannot be written. Keep the .key in "
                + "your CI's secret store (e.g. as the ACCEPTANCE_GATE_SIGNING_KEY variable); publish the .pub.",
            options: [out])
    }

    /// Generates and writes the pair.
    ///
    /// - Returns: ``GateExitStatus/success``, or ``GateExitStatus/failure`` when a file exists.
    /// - Throws: ``CommandLineError/unavailable(_:)`` (exit 3) when a file cannot be written.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let prefix = arguments.text(out) ?? ""
        let paths: (privateKeyPath: String, publicKeyPath: String)
        let keyID: String
        do {
            let key = try SigningKey.generate()
            paths = try key.writePEMFiles(prefix: prefix)
            keyID = key.publicKey.keyID
        } catch {
            // A key file that exists is exit 1 (never overwritten); a write failure is exit 3.
            throw CommandLineError(error)
        }
        let output = context.console.output
        output.writeLine("private key  \(paths.privateKeyPath)")
        output.writeLine("public key   \(paths.publicKeyPath)")
        output.writeLine("keyid        \(keyID)")
        return .success
    }
}
