//===----------------------------------------------------------------------===//
// SigningError.swift: why a key could not be loaded or written, or an envelope not verified.
//===----------------------------------------------------------------------===//

import GateCore

/// Everything that can go wrong in GateSigning; each description is one sentence naming the file
/// and what to do.
package enum SigningError: Error, Equatable, CustomStringConvertible {
    /// A key file could not be read (missing, unreadable, not a regular file, too large).
    case unreadableKey(path: String, reason: String)
    /// A private key file that group or other users may access.
    case keyFileTooOpen(path: String, mode: Int)
    /// The text is not an Ed25519 private key in PKCS#8 PEM form.
    case notAPrivateKey(source: String, reason: String)
    /// The text is not an Ed25519 public key in SubjectPublicKeyInfo PEM form.
    case notAPublicKey(source: String, reason: String)
    /// Raw key bytes of the wrong length were given.
    case invalidKeyLength(what: String, count: Int, expected: Int)
    /// `keygen` would replace an existing file.
    case refusingToOverwrite(path: String)
    /// A key file could not be written.
    case writeFailed(path: String, reason: String)
    /// libsodium could not be initialised (no usable random source).
    case sodiumUnavailable
    /// An envelope failed verification; every problem found, in the order checked.
    case verificationFailed([VerificationProblem])

    /// One line naming the thing and what to do.
    package var description: String {
        switch self {
        case .unreadableKey(let path, let reason):
            "cannot read key file '\(path)': \(reason); check the path and its permissions"
        case .keyFileTooOpen(let path, let mode):
            "'\(path)' is readable by other users (mode \(Self.octal(mode))); run 'chmod 600 \(path)'"
        case .notAPrivateKey(let source, let reason):
            "'\(source)' is not an Ed25519 private key (PKCS#8): \(reason); create one with "
                + "'acceptance-gate keygen --out PREFIX' or 'openssl genpkey -algorithm ed25519'"
        case .notAPublicKey(let source, let reason):
            "'\(source)' is not an Ed25519 public key (SubjectPublicKeyInfo PEM): \(reason); pass the .pub file "
                + "'keygen' wrote, or 'openssl pkey -in KEY -pubout'"
        case .invalidKeyLength(let what, let count, let expected):
            "the \(what) is \(count) bytes; an Ed25519 \(what) is \(expected) bytes"
        case .refusingToOverwrite(let path):
            "refusing to overwrite '\(path)'; remove it or choose another --out"
        case .writeFailed(let path, let reason):
            "cannot write '\(path)': \(reason); check that its folder exists and is writable"
        case .sodiumUnavailable:
            "libsodium could not be initialised (no usable random source); check /dev/urandom"
        case .verificationFailed(let problems):
            problems.map(\.description).joined(separator: "; ")
        }
    }

    /// `mode` as four octal digits: `0644`.
    private static func octal(_ mode: Int) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

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
