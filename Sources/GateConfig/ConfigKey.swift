//===----------------------------------------------------------------------===//
// ConfigKey.swift: a coding key for any member name or array index of the configuration.
//===----------------------------------------------------------------------===//

import GateCore

/// A coding key that takes any member name (to list an object's keys, known or not, and to read
/// environment variables) or an array index (to name an element in a key path): the decoder's own.
typealias ConfigKey = JSONIndexKey
