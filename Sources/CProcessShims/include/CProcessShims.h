// CProcessShims.h
//
// The few pieces of process control that Swift cannot call directly: the wait-status macros,
// variadic `prctl`, and glibc extensions that older C libraries lack. Only GateProcess imports this.

#ifndef CPROCESSSHIMS_H
#define CPROCESSSHIMS_H

#include <spawn.h>
#include <sys/types.h>

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
/// Returns 0 on success and -1 with `errno` set on failure; always 0 (and does nothing) off Linux.
int cps_become_child_subreaper(void);

/// Adds a "change directory to `path`" action (`posix_spawn_file_actions_addchdir_np`).
/// Returns 0 or an errno value; `ENOSYS` when the C library lacks the call (glibc before 2.29).
int cps_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/// Adds a "close every descriptor from `lowfd` up" action (`posix_spawn_file_actions_addclosefrom_np`).
/// Returns 0 or an errno value; `ENOSYS` when the C library lacks the call (glibc before 2.34, non-glibc).
int cps_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowfd);

/// Creates a pipe whose two ends are close-on-exec and numbered 3 or higher, so a later `dup2` onto
/// 0, 1 or 2 in a child can never be a no-op that leaves the close-on-exec flag set.
/// Uses `pipe2(O_CLOEXEC)` on Linux. Returns 0 on success and -1 with `errno` set on failure.
int cps_pipe_cloexec(int fds[2]);

#endif
