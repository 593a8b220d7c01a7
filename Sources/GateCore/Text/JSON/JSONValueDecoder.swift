//===----------------------------------------------------------------------===//
// JSONValueDecoder.swift: Decodable values from what the strict JSONReader read.
//===----------------------------------------------------------------------===//

/// Decodes a `Decodable` value from a ``JSONValue`` that ``JSONReader`` read, so a Codable model
/// can be filled from a file the gate did not write itself without a second, laxer parser
/// (`JSONDecoder` keeps one of two equal keys, knows no depth limit and reads UTF-16 too).
///
/// It throws the same `DecodingError` cases, with the same coding paths, as `JSONDecoder` does for
/// a wrong type (`typeMismatch`), a `null` (`valueNotFound`), a missing key (`keyNotFound`) or a
/// bad enum raw value (`dataCorrupted`), so callers word them as before. Unknown keys are ignored,
/// as `JSONDecoder` does. It differs on purpose for numbers:
/// - an integer type takes only a number written as an integer (no `.`, no exponent) that fits
///   the type; anything else is `dataCorrupted` with a ``JSONNumberRefusal`` as the underlying
///   error, never a trap (`JSONDecoder` takes `1.0` and `1e2` for `Int`);
/// - a floating-point type takes any number (`3` is `3.0`); a `Float` refuses what it cannot hold.
///
/// It has no date, data or URL strategies: the models it reads hold none of those.
package struct JSONValueDecoder: Sendable {
    /// A decoder.
    package init() {}

    /// Decodes `type` from `value`.
    ///
    /// - Throws: `DecodingError` with the coding path of the value at fault; an error a type's own
    ///   `init(from:)` throws is wrapped in `dataCorrupted` at the top level.
    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(DecodingError) -> T {
        do {
            return try T(from: JSONValueDecoding(value: value, codingPath: []))
        } catch let error as DecodingError {
            throw error
        } catch {
            // Only a model's own init(from:) throws anything else; callers still get one error type.
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: String(describing: error), underlyingError: error))
        }
    }
}
