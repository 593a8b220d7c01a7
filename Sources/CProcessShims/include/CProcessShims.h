// CProcessShims.h
//
// The few pieces of process control that Swift cannot call directly: the wait-status macros,
// variadic `prctl`, glibc extensions that older C libraries lack, and Darwin's libproc. Only
// GateProcess imports this.
//
// Compiled with -DACCEPTANCE_GATE_PORTABLE (`swift build -Xcc -DACCEPTANCE_GATE_PORTABLE`), every
// platform extra answers "unavailable": no subreaper, no closefrom, no pipe2, no process table, so a
// Linux build exercises the paths a platform without them takes.

#ifndef CPROCESSSHIMS_H
#define CPROCESSSHIMS_H

#include <spawn.h>
#include <sys/types.h>

/// Returns 1 when this C code was compiled with -DACCEPTANCE_GATE_PORTABLE, else 0, so the Swift side
/// can check that both halves of a portable build agree (`-Xswiftc -D…` and `-Xcc -D…`).
int cps_built_portable(void);

/// Returns non-zero when `status` (from `waitpid`) says the child exited normally (`WIFEXITED`).
int cps_wifexited(int status);

/// Returns the exit code of a child that exited normally (`WEXITSTATUS`).
int cps_wexitstatus(int status);

/// Returns non-zero when `status` (from `waitpid`) says a signal ended the child (`WIFSIGNALED`).
int cps_wifsignaled(int status);

/// Returns the signal that ended the child (`WTERMSIG`).
int cps_wtermsig(int status);

/// Makes the calling process a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER, 1)`), so orphaned
/// descendants are re-parented to it and can be reaped by it instead of by PID 1.
/// Returns 0 on success and -1 with `errno` set on failure; -1 with `ENOSYS` off Linux (and in a
/// portable build), where there is no such thing.
int cps_become_child_subreaper(void);

/// Makes this process non-dumpable (Linux `PR_SET_DUMPABLE` 0): its `/proc/<pid>/environ`, `mem`
/// and `fd` become root's, so a process of the same user can no longer read them or attach with
/// ptrace. A child's exec makes the child dumpable again. On Darwin, `ptrace(PT_DENY_ATTACH)`: a
/// debugger of the same user can no longer attach (the flag is not inherited by children; it does
/// not stop `task_for_pid` by root or an entitled debugger); skipped with `EBUSY` when this process
/// is already traced, which PT_DENY_ATTACH would kill. Returns 0 on success, -1 with `errno` set;
/// -1 with `ENOSYS` elsewhere (and in a portable build).
int cps_deny_inspection(void);

/// Adds a "change directory to `path`" action (`posix_spawn_file_actions_addchdir_np`).
/// Returns 0 or an errno value; `ENOSYS` when the C library lacks the call (glibc before 2.29).
int cps_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/// Adds a "close every descriptor from `lowfd` up" action (`posix_spawn_file_actions_addclosefrom_np`).
/// Returns 0 or an errno value; `ENOSYS` when the C library lacks the call (glibc before 2.34, non-glibc,
/// a portable build).
int cps_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowfd);

/// The `POSIX_SPAWN_CLOEXEC_DEFAULT` flag (Darwin: the child inherits only the descriptors that file
/// actions name), or 0 where the C library has no such flag.
short cps_spawn_cloexec_default_flag(void);

/// The `POSIX_SPAWN_SETSID` flag (glibc 2.26 and later, Darwin): the child starts a new session, and
/// so a new process group, of its own; 0 where the C library has no such flag (and in a portable
/// build), where the child only gets a new process group.
short cps_spawn_setsid_flag(void);

/// Lists the processes in process group `pgid` (Darwin: `proc_listpids(PROC_PGRP_ONLY, pgid, …)`),
/// writing at most `capacity` pids to `pids`. Returns what libproc returned: the bytes of the list
/// the kernel reported (which may exceed `capacity` pids: call again with more room), or 0 with
/// `errno` set when libproc failed (it never returns -1; `errno` is cleared before the call, so 0
/// with `errno` 0 is an empty group). -1 with `errno` set on bad arguments, and `ENOSYS` where there
/// is no libproc (Linux reads /proc from Swift instead). Read it with `ProcessTable.listedPIDs`.
int cps_group_members(int pgid, int *pids, int capacity);

/// Lists the processes whose effective user (`real` 0) or real user (`real` 1) is `uid` (Darwin:
/// `proc_listpids(PROC_UID_ONLY or PROC_RUID_ONLY, uid, …)`), writing at most `capacity` pids to
/// `pids`; answers as `cps_group_members` does.
int cps_user_processes(unsigned int uid, int real, int *pids, int capacity);

/// What the gate may learn of any user's process (Darwin: `proc_pidinfo(PROC_PIDT_SHORTBSDINFO)`):
/// its process group and effective and real user ids, each written where not NULL. Returns 1 for a
/// zombie, 0 for a living process, -1 with `errno` set when it cannot be told (`ESRCH` for one that
/// is gone, `ENOSYS` where there is no libproc).
int cps_process_brief(int pid, int *pgid, unsigned int *uid, unsigned int *ruid);

/// Whether `pid` is a zombie (Darwin: `cps_process_brief`'s answer, of any user's process):
/// 1 yes, 0 no, -1 with `errno` set when it cannot be told (`ESRCH` for a process that is gone,
/// `ENOSYS` where there is no libproc).
int cps_process_is_zombie(int pid);

/// Writes the executable path of `pid` (Darwin: `proc_pidpath`) to `buffer`, NUL-terminated.
/// Returns its length, or -1 with `errno` set; `ENOSYS` where there is no libproc.
int cps_process_path(int pid, char *buffer, int size);

/// Creates a pipe whose two ends are close-on-exec and numbered 3 or higher, so a later `dup2` onto
/// 0, 1 or 2 in a child can never be a no-op that leaves the close-on-exec flag set.
/// Uses `pipe2(O_CLOEXEC)` on Linux, `pipe` then `fcntl(FD_CLOEXEC)` elsewhere (and in a portable
/// build). Returns 0 on success and -1 with `errno` set on failure.
int cps_pipe_cloexec(int fds[2]);

/// A suite's domain (Linux): what `cps_domain_run` sets up before it runs the suite's command.
struct cps_domain {
    /// The user and group the suite runs as.
    unsigned int uid;
    unsigned int gid;
    /// 1: new PID, mount, IPC and UTS namespaces, with the mounts below; 0: another user only.
    int namespaces;
    /// 1: set everything up, check the suite's user can enter `working_directory` and write the
    /// folder `executable` names (its home), exit 0; run nothing.
    int probe;
    /// Paths bound read-only onto themselves.
    const char *const *read_only;
    int read_only_count;
    /// Writable binds, `bind_sources[i]` onto `bind_targets[i]` (a path inside a read-only path too).
    const char *const *bind_sources;
    const char *const *bind_targets;
    int bind_count;
    /// Paths covered: a folder by an empty read-only tmpfs, a file by /dev/null.
    const char *const *hidden;
    int hidden_count;
    /// 1 (with `namespaces`): a network namespace of its own, loopback only, where every other
    /// address is refused at once and recorded; 0: the host's network.
    int loopback_network;
    /// Ports of the host's 127.0.0.1 (the fixture's) relayed to the same port on the suite's.
    const int *forward_ports;
    int forward_count;
    /// A file (in a folder only root may write) the refused attempts out are appended to, one
    /// `egress PROTOCOL DESTINATION COUNT` line each and `more COUNT` past the first 64; or NULL.
    const char *egress_ledger;
    /// Where the suite starts; `NULL` to stay.
    const char *working_directory;
    /// The absolute path of the suite's program, its arguments and its environment (NULL-terminated).
    const char *executable;
    char *const *argv;
    char *const *envp;
};

/// The exit code of a domain whose set-up failed (a message on standard error says which step).
#define CPS_DOMAIN_SETUP_FAILED 125
/// The exit code when the kernel refused the namespaces (`unshare`: no privilege, a seccomp profile).
#define CPS_DOMAIN_NO_NAMESPACES 124
/// The exit code when the suite's user and group cannot be taken on (a user namespace that maps
/// only the caller's own user, as rootless containers and `unshare -r` do).
#define CPS_DOMAIN_NO_USER 122
/// The exit code of a probe whose suite user cannot enter the working directory or write its home.
#define CPS_DOMAIN_UNREACHABLE 123

/// Runs the suite's command in its domain and returns the code to exit with (the suite's exit code;
/// a suite ended by a signal ends the caller by the same signal). Forks: call it only from a process
/// with one thread, before anything else runs in it. Returns `CPS_DOMAIN_NO_NAMESPACES` with `errno`
/// `ENOSYS` off Linux and in a portable build.
int cps_domain_run(const struct cps_domain *domain);

/// This process's environment block (`environ`), for a child that keeps it.
char *const *cps_environment(void);

#endif
