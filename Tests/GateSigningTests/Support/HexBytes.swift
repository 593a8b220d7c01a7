//===----------------------------------------------------------------------===//
// HexBytes.swift: bytes written as hex in a test.
//===----------------------------------------------------------------------===//

/// Bytes from hex written in a test (whitespace allowed).
func hexBytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace }.utf8)
    var result: [UInt8] = []
    var index = 0
    while index + 1 < digits.count {
        if let byte = UInt8(String(decoding: digits[index...(index + 1)], as: UTF8.self), radix: 16) {
            result.append(byte)
        }
        index += 2
    }
    return result
}

/// Lowercase hex of `bytes`.
func hexString(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}
