// TreeSnapshotTests.swift
//
// What counts as a change of the tree during the run, without a repository: the paths' sets, the
// paths the run writes itself, and HEAD.

import Foundation
import GitStamp
import Testing

@testable import Gate

@Suite("tree snapshot")
struct TreeSnapshotTests {
    private func stamp(_ paths: [String], id: String = String(repeating: "a", count: 40)) -> CommitStamp {
        CommitStamp(
            id: id, branch: "main", detached: false, dirty: !paths.isEmpty, changedPaths: paths, shallow: false, workTree: nil,
            ciCommit: nil)
    }

    @Test func pathsTheRunWritesItselfAreNoChangeWhetherTheyAppearOrGo() {
        let snapshot = TreeSnapshot(stamp(["Results/App.xcresult/", "notes.txt"]), excluding: ["Results/App.xcresult", "out"])
        #expect(snapshot.changes(in: stamp(["notes.txt", "out/report.json"])).isEmpty, "the old bundle removed, the out folder written")
        #expect(snapshot.changes(in: stamp(["notes.txt", "Results/App.xcresult/"])).isEmpty)
        #expect(snapshot.changes(in: stamp([])) == ["notes.txt"], "a change undone during the run is a change")
        #expect(snapshot.changes(in: stamp(["notes.txt", "Sources/New.swift"])) == ["Sources/New.swift"])
    }

    @Test func aNewFolderForTheBundleIsNoChangeButItDoesNotCoverAnythingBelowIt() {
        let snapshot = TreeSnapshot(stamp([]), excluding: ["Results/App.xcresult", "Results/"])
        #expect(snapshot.changes(in: stamp(["Results/"])).isEmpty)
        #expect(snapshot.changes(in: stamp(["Results/Other.swift"])) == ["Results/Other.swift"])
        #expect(TreeStage.isBuildByproduct("Package.resolved") && TreeStage.isBuildByproduct("App.xcodeproj/x/Package.resolved"))
        #expect(TreeStage.isBuildByproduct(".swiftpm/") && !TreeStage.isBuildByproduct("Sources/App/main.swift"))
    }

    @Test func headMovingIsNamedFirst() {
        let snapshot = TreeSnapshot(stamp([]), excluding: [])
        let moved = snapshot.changes(in: stamp(["x"], id: String(repeating: "b", count: 40)))
        #expect(moved == ["HEAD (aaaaaaaaaaaa → bbbbbbbbbbbb)", "x"])
    }
}
