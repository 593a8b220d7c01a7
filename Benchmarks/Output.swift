//===----------------------------------------------------------------------===//
// Output.swift: unbuffered lines to stdout / stderr.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole lines straight to file descriptors 1 and 2 (so progress shows while piped).
enum Output {
    static func line(_ text: String) { emit(text + "\n", to: 1) }
    static func error(_ text: String) { emit(text + "\n", to: 2) }

    private static func emit(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                guard let base = bytes.baseAddress else { return }
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
