// GroupOccupancyTests.swift
//
// Darwin's EPERM for a group of zombies and libproc's 0-on-failure, decided with Darwin's rules on
// any platform, and the zombie states read from this machine's own process table.

import Testing

@testable import GateProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("GroupOccupancy", .timeLimit(.minutes(1)))
struct GroupOccupancyTests {
    init() throws {
        try TestSupport.prepare()
    }

    typealias Member = GroupOccupancy.Member

    @Test("kill(-pgid, 0) read with each platform's rules")
    func decisions() {
        let zombies = [Member(pid: 10, zombie: true), Member(pid: 11, zombie: true)]
        let mixed = [Member(pid: 10, zombie: true), Member(pid: 12, zombie: false)]
        func decide(_ result: Int32, _ error: Int32, _ platform: Platform, _ members: [Member]?) -> GroupOccupancy {
            GroupOccupancy.decide(killResult: result, error: error, platform: platform) { members }
        }
        for platform in [Platform.linux, .darwin, .portable] {
            #expect(decide(0, 0, platform, zombies) == .occupied, "\(platform.name): a member was signalled")
            #expect(decide(-1, ESRCH, platform, nil) == .empty, "\(platform.name): no such group")
        }
        // Darwin: EPERM with only zombies left is an empty group; a living member, or members that
        // cannot be listed, keep it occupied.
        #expect(decide(-1, EPERM, .darwin, zombies) == .empty)
        #expect(decide(-1, EPERM, .darwin, []) == .empty)
        #expect(decide(-1, EPERM, .darwin, mixed) == .occupied)
        #expect(decide(-1, EPERM, .darwin, nil) == .occupied)
        // Elsewhere EPERM means a process of another user is in the group: occupied.
        #expect(decide(-1, EPERM, .linux, zombies) == .occupied)
        #expect(decide(-1, EPERM, .portable, zombies) == .occupied)
        #expect(Platform.darwin.zombieGroupsAnswerEPERM && !Platform.linux.zombieGroupsAnswerEPERM)
    }

    @Test("the members are listed only for Darwin's EPERM")
    func membersAreListedOnlyWhenAmbiguous() {
        var listed = 0
        let count: () -> [Member]? = {
            listed += 1
            return []
        }
        _ = GroupOccupancy.decide(killResult: 0, error: 0, platform: .darwin, members: count)
        _ = GroupOccupancy.decide(killResult: -1, error: ESRCH, platform: .darwin, members: count)
        _ = GroupOccupancy.decide(killResult: -1, error: EPERM, platform: .linux, members: count)
        #expect(listed == 0)
        _ = GroupOccupancy.decide(killResult: -1, error: EPERM, platform: .darwin, members: count)
        #expect(listed == 1)
    }

    @Test("proc_listpids returns 0 on failure: 0 is an empty list only while errno is 0")
    func libprocReturnConvention() {
        #expect(ProcessTable.listedPIDs(returned: 0, error: 0) == 0)
        #expect(ProcessTable.listedPIDs(returned: 0, error: EPERM) == nil)
        #expect(ProcessTable.listedPIDs(returned: 0, error: ESRCH) == nil)
        #expect(ProcessTable.listedPIDs(returned: -1, error: EINVAL) == nil)
        #expect(ProcessTable.listedPIDs(returned: 12, error: 0) == 3)
        #expect(ProcessTable.listedPIDs(returned: 12, error: EINTR) == 3, "a count is a count whatever errno held")
    }

    #if os(Linux) && !ACCEPTANCE_GATE_PORTABLE
        @Test("a group of one unreaped zombie: Linux counts it, Darwin's rule reads it as empty")
        func zombieGroupFromThisMachine() throws {
            let child = try ChildProcess.spawn(TestSupport.spec(["sh", "-c", "exit 0"]))
            let group = child.processGroup
            // Nobody has waited for it: once it exits it is a zombie, still in its group.
            let deadline = ContinuousClock.now + .seconds(10)
            var states = ProcessTable.memberStates(ofGroup: group)
            while states != [Member(pid: child.pid, zombie: true)] && ContinuousClock.now < deadline {
                SystemCall.sleep(for: .milliseconds(10))
                states = ProcessTable.memberStates(ofGroup: group)
            }
            #expect(states == [Member(pid: child.pid, zombie: true)])
            let result = kill(-group, 0)
            #expect(result == 0, "Linux still signals a group whose only member is a zombie")
            #expect(GroupOccupancy.probe(group) == .occupied)
            let darwin = GroupOccupancy.decide(killResult: -1, error: EPERM, platform: .darwin) {
                ProcessTable.memberStates(ofGroup: group)
            }
            #expect(darwin == .empty)
            #expect(try child.wait(timeout: .seconds(5)) == .exited(code: 0))
            #expect(child.isGroupEmpty())
        }

        @Test("a group with a living member stays occupied under Darwin's rule")
        func livingMemberFromThisMachine() throws {
            let child = try ChildProcess.spawn(TestSupport.spec(["sleep", "30"]))
            let states = try #require(ProcessTable.memberStates(ofGroup: child.processGroup))
            #expect(states.contains(Member(pid: child.pid, zombie: false)))
            let darwin = GroupOccupancy.decide(killResult: -1, error: EPERM, platform: .darwin) {
                ProcessTable.memberStates(ofGroup: child.processGroup)
            }
            #expect(darwin == .occupied)
            #expect(child.terminate(grace: .seconds(5))?.groupEmpty == true)
        }
    #endif
}
