//===----------------------------------------------------------------------===//
// VerifyCommand.swift: `acceptance-gate verify ENVELOPE --pubkey FILE [--dir DIR]`.
//===----------------------------------------------------------------------===//

import GateSigning

/// `verify`: checks a signed report: the DSSE envelope's Ed25519 signature by the given public
/// key, `report.json` against the signed SHA-256, and every log the report lists.
///
/// Exits 0 valid (one `verified: ...` line); 1 invalid (one line per problem on standard error);
/// 2 usage, including a public key file that cannot be read or is not an Ed25519 public key.
package enum VerifyCommand: GateCommand {
    /// `ENVELOPE`: the envelope file.
    package static let envelope = PositionalSpec("envelope", help: "The signed envelope, e.g. .acceptance-gate/report.dsse.json.")

    /// `--pubkey FILE`: the signer's public key.
    package static let pubkey = OptionSpec.value(
        "pubkey", kind: .text, valueName: "file", isRequired: true,
        help: "The signer's public key, PEM 'PUBLIC KEY' (the .pub from keygen, or 'openssl pkey -pubout').")

    /// `--dir DIR`: the report folder.
    package static let dir = OptionSpec.value(
        "dir", kind: .text, valueName: "dir",
        help: "The folder holding report.json and logs/; the envelope's folder by default.")

    /// `verify`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "verify", abstract: "Verify a signed report and every log it lists.",
            discussion: "Checks that the DSSE envelope is signed by the given Ed25519 public key (over the DSSE v1 "
                + "pre-authentication encoding), that its payload is an in-toto Statement with the test-result "
                + "predicate, that report.json in the folder has the SHA-256 the statement signed, and that every "
                + "log in the report's logs[] (paths relative to the folder, never outside it) has its recorded "
                + "SHA-256. Prints 'verified: <n> log(s), report sha256 <hex>, commit <id>, signed by <keyid>' and "
                + "exits 0; otherwise prints one line per problem and exits 1. A public key that cannot be read "
                + "is exit 2.",
            options: [pubkey, dir], positionals: [envelope])
    }

    /// Loads the key and verifies.
    ///
    /// - Returns: ``ExitCode/success`` when valid; ``ExitCode/failure`` with the problems printed;
    ///   ``ExitCode/usage`` when the public key cannot be loaded.
    /// - Throws: a write failure of standard output.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        let envelopePath = arguments.values(of: envelope).first ?? ""
        let publicKey: PublicKey
        do {
            publicKey = try PublicKey.load(pemFile: arguments.text(pubkey) ?? "")
        } catch {
            context.console.writeErrorLine(Diagnostic(text: error.description, exitCode: .usage).line)
            return .usage
        }
        do {
            let result = try EnvelopeVerifier.verify(
                envelopeAt: envelopePath, publicKey: publicKey, directory: arguments.text(dir))
            context.console.output.writeLine(result.summary)
            return .success
        } catch {
            let problems: [String]
            if case .verificationFailed(let found) = error {
                problems = found.map(\.description)
            } else {
                problems = [error.description]
            }
            for problem in problems {
                context.console.writeErrorLine(Diagnostic(text: problem, exitCode: .failure).line)
            }
            return .failure
        }
    }
}
