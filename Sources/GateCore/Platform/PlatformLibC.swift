//===----------------------------------------------------------------------===//
// PlatformLibC.swift: the platform's C library, chosen once for every module.
//===----------------------------------------------------------------------===//

// Which C library a platform has (Glibc, Musl or Darwin) is decided here and nowhere else: every
// module that calls read(2), kill(2), errno and the like reaches it through its `import GateCore`,
// as Foundation re-exports Glibc on Linux.
#if canImport(Glibc)
    @_exported public import Glibc
#elseif canImport(Musl)
    @_exported public import Musl
#elseif canImport(Darwin)
    @_exported public import Darwin
#endif
