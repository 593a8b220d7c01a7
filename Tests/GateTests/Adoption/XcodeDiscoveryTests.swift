//===----------------------------------------------------------------------===//
// XcodeDiscoveryTests.swift: reading xcodebuild -list -json and simctl's device list as Apple prints them.
//===----------------------------------------------------------------------===//

import Gate
import GateAdoption
import Testing

/// The JSON below has the shapes Xcode 16's tools print (written for these tests from the
/// documented output of `xcodebuild -list -json` and `xcrun simctl list devices available -j`).
@Suite("init --ios: xcodebuild and simctl output")
struct XcodeDiscoveryTests {
    static let projectList = """
        {
          "project" : {
            "configurations" : [ "Debug", "Release" ],
            "name" : "Shop",
            "schemes" : [ "Shop", "ShopKit" ],
            "targets" : [ "Shop", "ShopKit", "ShopTests", "ShopUITests" ]
          }
        }
        """

    static let workspaceList = """
        Command line invocation:
            /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild -list -json -workspace Shop.xcworkspace
        {
          "workspace" : {
            "name" : "Shop",
            "schemes" : [ "Pods-Shop", "Shop" ]
          }
        }
        """

    static let simctl = """
        {
          "devices" : {
            "com.apple.CoreSimulator.SimRuntime.watchOS-11-2" : [
              { "isAvailable" : true, "name" : "Apple Watch Series 10 (46mm)", "state" : "Shutdown", "udid" : "0A3C" }
            ],
            "com.apple.CoreSimulator.SimRuntime.iOS-17-5" : [
              { "isAvailable" : true, "name" : "iPhone 15", "state" : "Shutdown", "udid" : "1B2D",
                "deviceTypeIdentifier" : "com.apple.CoreSimulator.SimDeviceType.iPhone-15" }
            ],
            "com.apple.CoreSimulator.SimRuntime.iOS-18-2" : [
              { "isAvailable" : true, "name" : "iPad Air 11-inch (M2)", "state" : "Shutdown", "udid" : "2C3E" },
              { "isAvailable" : true, "name" : "iPhone 16 Pro", "state" : "Booted", "udid" : "3D4F",
                "deviceTypeIdentifier" : "com.apple.CoreSimulator.SimDeviceType.iPhone-16-Pro" },
              { "isAvailable" : true, "name" : "iPhone 16", "state" : "Shutdown", "udid" : "4E5A" }
            ]
          }
        }
        """

    @Test("a project's schemes and targets; the unit test target, not the UI tests")
    func project() throws {
        let list = try #require(XcodeProjectList.parse(Array(Self.projectList.utf8)))
        #expect(list.schemes == ["Shop", "ShopKit"])
        #expect(try list.scheme(requested: nil, preferred: "Shop") == "Shop")
        #expect(list.testTarget(requested: nil, scheme: "Shop") == "ShopTests")
        #expect(throws: AdoptionError.unknownScheme("Nope", schemes: ["Shop", "ShopKit"])) {
            try list.scheme(requested: "Nope", preferred: "Shop")
        }
        #expect(throws: AdoptionError.ambiguousScheme(["Shop", "ShopKit"])) { try list.scheme(requested: nil, preferred: "Other") }
    }

    @Test("the folders init looks for a test target's own folder in: two levels, no bundles, hidden or build folders")
    func folders() throws {
        let folder = try AdoptionTestSupport.scratchFolder("folders")
        defer { AdoptionTestSupport.remove(folder) }
        for path in [
            "Tests/XTests/A.swift", "Sources/X/B.swift", "X.xcodeproj/project.pbxproj", ".git/HEAD", "Pods/P/C.swift", "a/b/c/D.swift",
        ] {
            try AdoptionTestSupport.put("x\n", at: path, in: folder)
        }
        #expect(AdoptionProject.folders(in: folder) == ["Sources", "Sources/X", "Tests", "Tests/XTests", "a", "a/b"])
    }

    @Test("the shared schemes come first: CI checks out only those")
    func sharedSchemesFirst() throws {
        let list = XcodeProjectList(schemes: ["X", "X-Package"], shared: ["X-Package"])
        #expect(try list.scheme(requested: nil, preferred: "X") == "X-Package")
        #expect(try list.scheme(requested: "X", preferred: "X") == "X", "a listed user scheme can still be asked for")
        let two = XcodeProjectList(schemes: ["A", "B", "C"], shared: ["A", "B"])
        #expect(throws: AdoptionError.ambiguousScheme(["A", "B"])) { try two.scheme(requested: nil, preferred: "C") }
        #expect(XcodeProjectList.conventionalTestTarget(scheme: "X-Package") == "XTests")
        #expect(XcodeProjectList.conventionalTestTarget(scheme: "Shop App") == "ShopAppTests")
        #expect(XcodeProjectList(schemes: []).testTarget(requested: nil, scheme: "X-Package") == "XTests")
    }

    @Test("a workspace's list after xcodebuild's preamble; no targets, so <scheme>Tests")
    func workspace() throws {
        let list = try #require(XcodeProjectList.parse(Array(Self.workspaceList.utf8)))
        #expect(list.schemes == ["Pods-Shop", "Shop"])
        #expect(try list.scheme(requested: nil, preferred: "Shop") == "Shop")
        #expect(list.testTarget(requested: nil, scheme: "Shop") == "ShopTests")
        #expect(XcodeProjectList.parse(Array("xcodebuild: error: no project".utf8)) == nil)
        #expect(XcodeProjectList.sharedSchemes(fileNames: ["Shop.xcscheme", "notes.txt", "ShopKit.xcscheme"]) == ["Shop", "ShopKit"])
    }

    @Test("the workspace wins over the project; several of a kind need a name that matches the folder")
    func container() throws {
        #expect(
            try XcodeContainer.detect(fileNames: ["Shop.xcodeproj", "Shop.xcworkspace", "Podfile"], preferredName: "X")
                == .workspace("Shop.xcworkspace"))
        #expect(try XcodeContainer.detect(fileNames: ["Shop.xcodeproj"], preferredName: "X")?.arguments == ["-project", "Shop.xcodeproj"])
        #expect(
            try XcodeContainer.detect(fileNames: ["A.xcodeproj", "Shop.xcodeproj"], preferredName: "Shop") == .project("Shop.xcodeproj"))
        #expect(throws: AdoptionError.ambiguousXcodeContainer(["A.xcodeproj", "B.xcodeproj"])) {
            try XcodeContainer.detect(fileNames: ["B.xcodeproj", "A.xcodeproj"], preferredName: "Shop")
        }
        #expect(try XcodeContainer.detect(fileNames: ["Package.swift"], preferredName: "Shop") == nil)
    }

    @Test("the newest iOS runtime's first iPhone, by name; nothing usable gives nil and the documented fallback")
    func simulator() {
        #expect(SimulatorDestination.choose(simctlJSON: Array(Self.simctl.utf8)) == "platform=iOS Simulator,id=4E5A")
        // Without a UDID (or with one that is no UDID), by name.
        let unnamed = Self.simctl.replacingOccurrences(of: #""udid" : "4E5A""#, with: #""udid" : "4E 5A; rm""#)
        #expect(SimulatorDestination.choose(simctlJSON: Array(unnamed.utf8)) == "platform=iOS Simulator,name=iPhone 16")
        #expect(SimulatorDestination.choose(simctlJSON: Array(#"{"devices": {}}"#.utf8)) == nil)
        #expect(SimulatorDestination.choose(simctlJSON: Array("not json".utf8)) == nil)
        let unavailable = #"{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-18-0": [{"name": "iPhone 16", "isAvailable": false}]}}"#
        #expect(SimulatorDestination.choose(simctlJSON: Array(unavailable.utf8)) == nil)
        #expect(SimulatorDestination.iOSVersion(runtime: "com.apple.CoreSimulator.SimRuntime.iOS-18-2") == [18, 2])
        #expect(SimulatorDestination.iOSVersion(runtime: "com.apple.CoreSimulator.SimRuntime.tvOS-18-2") == nil)
        #expect(SimulatorDestination.fallback == "platform=iOS Simulator,name=iPhone 16")
    }
}
