//===----------------------------------------------------------------------===//
// IPv6Parser.swift: the WHATWG IPv6 parser (compression, embedded IPv4).
//===----------------------------------------------------------------------===//

/// The WHATWG URL IPv6 parser: up to eight hex pieces of at most four digits, one `::`, and an
/// optional dotted IPv4 address in the last 32 bits (four decimal parts, no leading zeros).
/// Zone identifiers (`%eth0`) are refused: they have no meaning in an origin.
enum IPv6Parser {
    /// The eight pieces, or `nil` when `input` (without brackets) is not an IPv6 address.
    static func parse(_ input: ArraySlice<Unicode.Scalar>) -> [UInt16]? {
        let characters = Array(input)
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = 0

        func character(at index: Int) -> Unicode.Scalar? {
            index < characters.count ? characters[index] : nil
        }

        if character(at: pointer) == ":" {
            guard character(at: pointer + 1) == ":" else { return nil }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let current = character(at: pointer) {
            guard pieceIndex < 8 else { return nil }
            if current == ":" {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt32 = 0
            var length = 0
            while length < 4, let digit = character(at: pointer).flatMap(hexValue) {
                value = value * 16 + digit
                pointer += 1
                length += 1
            }
            if character(at: pointer) == "." {
                guard length > 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                guard let pieces = parseEmbeddedIPv4(characters, from: pointer) else { return nil }
                address[pieceIndex] = pieces.high
                address[pieceIndex + 1] = pieces.low
                pieceIndex += 2
                pointer = characters.count
                break
            } else if character(at: pointer) == ":" {
                pointer += 1
                guard character(at: pointer) != nil else { return nil }
            } else if character(at: pointer) != nil {
                return nil
            }
            address[pieceIndex] = UInt16(value)
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// `a.b.c.d` at the end of the address: four decimal parts, each 0–255 without leading zeros.
    private static func parseEmbeddedIPv4(
        _ characters: [Unicode.Scalar], from start: Int
    ) -> (high: UInt16, low: UInt16)? {
        let parts = characters[start...].split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt32] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.properties.numericType == .decimal && $0.isASCII }) else {
                return nil
            }
            guard part.count == 1 || part.first != "0" else { return nil }
            let value = part.reduce(UInt32(0)) { $0 * 10 + ($1.value - 0x30) }
            guard value <= 255 else { return nil }
            bytes.append(value)
        }
        return (UInt16(bytes[0] << 8 | bytes[1]), UInt16(bytes[2] << 8 | bytes[3]))
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46: return scalar.value - 0x41 + 10
        case 0x61...0x66: return scalar.value - 0x61 + 10
        default: return nil
        }
    }
}
