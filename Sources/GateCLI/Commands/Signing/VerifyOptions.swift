//===----------------------------------------------------------------------===//
// VerifyOptions.swift: one `verify` command line, read and checked.
//===----------------------------------------------------------------------===//

import GateArchive
import GateSigning

/// One `verify` command line, read and checked before anything is verified: the key loaded, the
/// requirements read, and one envelope or many archives told apart.
struct VerifyOptions {
    /// The envelope files and folders of archives, as given.
    var paths: [String]
    /// The key every signature must be made with.
    var publicKey: PublicKey
    /// `--dir`: the folder holding `report.json` and `logs/` when it is not the envelope's.
    var directory: String?
    /// What the reports must be besides signed.
    var requirements: VerifyRequirements

    /// Whether every archived out folder in or below the paths is verified, one line each, rather
    /// than one envelope in detail: given a folder, or more than one path.
    var isBulk: Bool {
        paths.count > 1 || paths.contains(where: ArchiveFinder.isDirectory)
    }

    /// Reads the options of `verify`.
    ///
    /// - Throws: ``CommandLineError/invalidInput(_:)`` for a public key that cannot be loaded;
    ///   ``CommandLineError/invalidValue(option:value:allowed:command:)`` for a requirement that
    ///   cannot be read, or `--dir` with folders to verify in bulk. All are usage errors (exit 2).
    ///   ``CommandLineError/failed(message:status:)`` (exit 1) for a key that is not the one
    ///   `--require-keyid` pins.
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        paths = arguments.values(of: VerifyCommand.envelope)
        publicKey = try KeyOptions.publicKey(file: arguments.text(VerifyCommand.pubkey) ?? "")
        requirements = try VerifyRequirements(arguments)
        try PinnedPolicy.requireKey(publicKey, keyID: try PinnedPolicy.keyID(arguments, command: arguments.command), status: .failure)
        directory = arguments.text(VerifyCommand.dir)
        if let directory, isBulk {
            throw .invalidValue(
                option: VerifyCommand.dir.spelling, value: directory, allowed: "one envelope file (not with folders to verify in bulk)",
                command: arguments.command)
        }
    }
}
