//===----------------------------------------------------------------------===//
// SigningKey+Files.swift: writing PREFIX.key and PREFIX.pub without replacing anything.
//===----------------------------------------------------------------------===//

import GateCore
import GateDigest

extension SigningKey {
    /// Writes `prefix.key` (PEM `PRIVATE KEY`, mode 0600) and `prefix.pub` (PEM `PUBLIC KEY`, mode 0644).
    ///
    /// Neither file is ever replaced: both are checked first, each is written in full to a new
    /// temporary file (`O_CREAT | O_EXCL`, fsynced) and then hard-linked into place, which fails
    /// rather than replaces when the name exists by then. If the second file cannot be placed,
    /// the first is removed again, so a failure leaves nothing behind.
    ///
    /// - Returns: the two paths written.
    /// - Throws: ``SigningError/refusingToOverwrite(path:)`` or ``SigningError/writeFailed(path:reason:)``.
    package func writePEMFiles(prefix: String) throws(SigningError) -> (privateKeyPath: String, publicKeyPath: String) {
        let privatePath = prefix + ".key"
        let publicPath = prefix + ".pub"
        for path in [privatePath, publicPath] {
            var info = stat()
            if lstat(path, &info) == 0 { throw .refusingToOverwrite(path: path) }
        }
        var secretText = Array(privateKeyPEM.utf8)
        defer { Sodium.wipe(&secretText) }
        try Self.place(secretText, at: privatePath, mode: 0o600)
        do {
            try Self.place(Array(publicKey.pem.utf8), at: publicPath, mode: 0o644)
        } catch {
            unlink(privatePath)
            throw error
        }
        return (privatePath, publicPath)
    }

    /// Writes `bytes` to a fresh temporary file beside `path`, then links it to `path`.
    private static func place(_ bytes: [UInt8], at path: String, mode: mode_t) throws(SigningError) {
        let random = Sodium.randomBytes(count: 8)
        let temporary = path + ".tmp-" + random.map { String($0, radix: 16) }.joined()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        if fchmod(descriptor, mode) != 0 { failure = String(cString: strerror(errno)) }
        var offset = 0
        while failure == nil, offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
            } else {
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .writeFailed(path: path, reason: failure)
        }
        if link(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            if code == EEXIST { throw .refusingToOverwrite(path: path) }
            throw .writeFailed(path: path, reason: String(cString: strerror(code)))
        }
        unlink(temporary)
    }
}
