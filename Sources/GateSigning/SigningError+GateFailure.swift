//===----------------------------------------------------------------------===//
// SigningError+GateFailure.swift: how each signing failure ends the process.
//===----------------------------------------------------------------------===//

import GateFailure

extension SigningError: GateFailure {
    /// Exit 1 for a key file `keygen` will not overwrite and a report that does not verify, 2 for
    /// a key the user gave that cannot be used, 3 for the machine (a write, libsodium).
    package var exitStatus: GateExitStatus {
        switch self {
        case .refusingToOverwrite, .verificationFailed: .failure
        case .unreadableKey, .keyFileTooOpen, .notAPrivateKey, .notAPublicKey, .invalidKeyLength: .usage
        case .writeFailed, .sodiumUnavailable: .infrastructure
        }
    }
}
