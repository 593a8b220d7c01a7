//===----------------------------------------------------------------------===//
// FolderSigning+Arguments.swift: the signing a `sign` command line asks for.
//===----------------------------------------------------------------------===//

import Gate
import GateArchive

extension FolderSigning {
    /// The signing `sign`'s arguments ask for, each option checked before the folder is read.
    ///
    /// - Throws: usage errors (exit 2): a commit that is not a full id, provenance options that do
    ///   not go together (``SignProvenanceOptions/source(_:)``), no key or one that cannot be
    ///   loaded, a folder that is not one.
    init(_ arguments: ParsedArguments, environment: [String: String]) throws(CommandLineError) {
        let folder = arguments.values(of: SignCommand.directory).first ?? ""
        let requiredCommit = try PinnedPolicy.commit(
            arguments.text(SignCommand.requireCommit), example: "$GITHUB_SHA", command: arguments.command)
        let pipeline = try SignProvenanceOptions.source(arguments)
        guard let key = try KeyOptions.signingKey(file: arguments.text(SignCommand.key), environment: environment) else {
            throw .invalidInput(
                "no signing key: pass --key FILE or put the PEM in $\(KeyOptions.signingKeyVariable) (see 'acceptance-gate keygen')")
        }
        guard ArchiveFinder.isDirectory(folder) else {
            throw .invalidInput("'\(folder)' is not a folder; pass the out folder the test job uploaded")
        }
        self.init(
            folder: folder, key: key, requiredCommit: requiredCommit, environment: environment,
            testResult: arguments.text(SignCommand.testResult), pipeline: pipeline,
            requiresIsolation: arguments.flag(SignCommand.requireIsolation))
    }
}
