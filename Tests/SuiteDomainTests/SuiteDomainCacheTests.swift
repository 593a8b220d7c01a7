// SuiteDomainCacheTests.swift
//
// The suites' cache: the gate's folders only the gate may write, the suites' folders theirs.

import Foundation
import GateCore
import GateTestSupport
import SuiteDomain
import Testing

@Suite("the suites' cache", .serialized)
struct SuiteDomainCacheTests {
    @Test func itMakesTheSuitesFoldersTheirsAndKeepsTheRestTheGates() throws {
        try ScratchFolder.with("cache") { scratch in
            let me = (uid: geteuid(), gid: getegid())
            let cache = SuiteDomainCache(root: scratch.file("suites/"), uid: me.uid, gid: me.gid)
            #expect(cache.root == scratch.file("suites"))
            try cache.prepare()
            for folder in [cache.root, cache.root + "/build"] {
                #expect(Self.mode(folder) & 0o022 == 0, "\(folder) is writable by others")
            }
            #expect(Self.mode(cache.home) & 0o077 == 0, "home is the suites' alone")
            let one = try cache.buildFolder(for: "/work/app")
            let other = try cache.buildFolder(for: "/other/app")
            #expect(one != other, "two packages of one name never share a build folder")
            #expect(one == (try cache.buildFolder(for: "/work/app")), "a package keeps its build folder between runs")
            #expect(one.hasPrefix(cache.root + "/build/app-"))
            try cache.prepare()  // a second run finds everything in place
        }
    }

    @Test func aCacheBelowAFolderOthersMayRenameInIsRefused() throws {
        try ScratchFolder.with("cache") { scratch in
            let me = (uid: geteuid(), gid: getegid())
            // Anyone may write `shared` and nothing keeps them from renaming the gate's folder in it.
            try scratch.makeFolder("shared")
            chmod(scratch.file("shared"), 0o777)
            let cache = SuiteDomainCache(root: scratch.file("shared/acceptance-gate/suites"), uid: me.uid, gid: me.gid)
            let error = #expect(throws: SuiteDomainError.self) { try cache.prepareRoot() }
            #expect(error?.description.contains("\(scratch.file("shared"))") == true, "\(String(describing: error))")
            // With root's sticky bit (as /tmp and macOS's /Users/Shared have) no one may: accepted.
            if geteuid() == 0 {
                chmod(scratch.file("shared"), 0o1777)
                #expect(throws: Never.self) { try cache.prepareRoot() }
            }
        }
    }

    @Test func aCacheAnotherUserCouldPlantInIsRefused() throws {
        try ScratchFolder.with("cache") { scratch in
            let me = (uid: geteuid(), gid: getegid())
            try scratch.makeFolder("open")
            chmod(scratch.file("open"), 0o777)
            #expect(throws: SuiteDomainError.self) { try SuiteDomainCache(root: scratch.file("open"), uid: me.uid, gid: me.gid).prepare() }

            try scratch.makeFolder("real")
            symlink(scratch.file("real"), scratch.file("link"))
            let linked = SuiteDomainCache(root: scratch.file("link"), uid: me.uid, gid: me.gid)
            let error = #expect(throws: SuiteDomainError.self) { try linked.prepare() }
            #expect(error?.description.contains("is not a folder") == true, "\(String(describing: error))")

            // A suite's own folder replaced by a link is refused too, not followed.
            let cache = SuiteDomainCache(root: scratch.file("c"), uid: me.uid, gid: me.gid)
            try cache.prepare()
            rmdir(cache.home)
            symlink("/etc", cache.home)
            #expect(throws: SuiteDomainError.self) { try cache.prepare() }
        }
    }

    @Test func theCacheFolderComesFromTheEnvironmentOnlyAsAnAbsolutePath() {
        #expect(SuiteDomainCache(environment: [SuiteDomainCache.variable: "/ci/cache"], uid: 1, gid: 1).root == "/ci/cache")
        #expect(SuiteDomainCache(environment: [SuiteDomainCache.variable: "relative"], uid: 1, gid: 1).root == SuiteDomainCache.defaultRoot)
        #expect(SuiteDomainCache(environment: [:], uid: 1, gid: 1).root == SuiteDomainCache.defaultRoot)
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o7777
    }
}
