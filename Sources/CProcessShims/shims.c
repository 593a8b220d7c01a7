// shims.c
//
// Implementations for CProcessShims.h. Each function is a thin, documented wrapper.

#if defined(__linux__)
#define _GNU_SOURCE 1
#endif

#include "CProcessShims.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>
#endif

// The iOS SDK has no <sys/ptrace.h>; PT_DENY_ATTACH is then left undefined and not used.
#if defined(__APPLE__) && defined(__has_include)
#if __has_include(<sys/ptrace.h>)
#include <sys/ptrace.h>
#include <sys/sysctl.h>
#include <sys/proc.h>
#endif
#endif

// libproc exists on macOS; the iOS SDK has no header for it, and a portable build does without.
#if defined(__APPLE__) && defined(__has_include) && !defined(ACCEPTANCE_GATE_PORTABLE)
#if __has_include(<libproc.h>)
#include <libproc.h>
#include <sys/proc.h>
#define CPS_HAS_LIBPROC 1
#endif
#endif

// Whether this is glibc of at least the given version, usable in one `#if` (where glibc is not,
// __GLIBC_PREREQ is undefined and cannot be called there).
#if defined(__GLIBC__) && defined(__GLIBC_PREREQ)
#define CPS_GLIBC_AT_LEAST(major, minor) __GLIBC_PREREQ(major, minor)
#else
#define CPS_GLIBC_AT_LEAST(major, minor) 0
#endif

int cps_built_portable(void) {
#if defined(ACCEPTANCE_GATE_PORTABLE)
    return 1;
#else
    return 0;
#endif
}

int cps_wifexited(int status) { return WIFEXITED(status) ? 1 : 0; }

int cps_wexitstatus(int status) { return WEXITSTATUS(status); }

int cps_wifsignaled(int status) { return WIFSIGNALED(status) ? 1 : 0; }

int cps_wtermsig(int status) { return WTERMSIG(status); }

int cps_become_child_subreaper(void) {
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER) && !defined(ACCEPTANCE_GATE_PORTABLE)
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int cps_deny_inspection(void) {
#if defined(__linux__) && defined(PR_SET_DUMPABLE) && !defined(ACCEPTANCE_GATE_PORTABLE)
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#elif defined(__APPLE__) && defined(PT_DENY_ATTACH) && !defined(ACCEPTANCE_GATE_PORTABLE)
    // XNU bsd/kern/mach_process.c: PT_DENY_ATTACH marks this process P_LNOATTACH, so a later
    // PT_ATTACH by a debugger of the same user fails; children do not inherit the flag. A process
    // already being traced is killed by it (exit1 with ENOTSUP), so a gate run under lldb asks
    // first and leaves the switch off (EBUSY).
    struct kinfo_proc info;
    size_t size = sizeof(info);
    int mib[4] = {CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()};
    if (sysctl(mib, 4, &info, &size, NULL, 0) == 0 && size == sizeof(info) && (info.kp_proc.p_flag & P_TRACED) != 0) {
        errno = EBUSY;
        return -1;
    }
    return ptrace(PT_DENY_ATTACH, 0, 0, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int cps_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
#if CPS_GLIBC_AT_LEAST(2, 29) || defined(__APPLE__)
    return posix_spawn_file_actions_addchdir_np(actions, path);
#else
    (void)actions;
    (void)path;
    return ENOSYS;
#endif
}

int cps_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowfd) {
#if CPS_GLIBC_AT_LEAST(2, 34) && !defined(ACCEPTANCE_GATE_PORTABLE)
    return posix_spawn_file_actions_addclosefrom_np(actions, lowfd);
#else
    (void)actions;
    (void)lowfd;
    return ENOSYS;
#endif
}

short cps_spawn_cloexec_default_flag(void) {
#if defined(__APPLE__)
    // Deliberately no `defined(POSIX_SPAWN_CLOEXEC_DEFAULT)` guard: were the flag ever missing, the
    // build must fail rather than quietly let descriptors reach children.
    return (short)POSIX_SPAWN_CLOEXEC_DEFAULT;
#else
    return 0;
#endif
}

short cps_spawn_setsid_flag(void) {
#if defined(POSIX_SPAWN_SETSID) && !defined(ACCEPTANCE_GATE_PORTABLE)
    return (short)POSIX_SPAWN_SETSID;
#else
    return 0;
#endif
}

int cps_group_members(int pgid, int *pids, int capacity) {
#if defined(CPS_HAS_LIBPROC)
    if (capacity < 0 || pgid <= 0) {
        errno = EINVAL;
        return -1;
    }
    // libproc's wrapper answers 0, not -1, when the call fails (XNU libsyscall/wrappers/libproc/
    // libproc.c: `if (__proc_info(...) == -1) return 0;`), leaving errno set: errno is cleared
    // first so that 0 with errno still 0 means "no members" and the caller can tell the two apart.
    errno = 0;
    // With no buffer the kernel answers how many bytes the list needs now.
    return proc_listpids(PROC_PGRP_ONLY, (uint32_t)pgid, capacity > 0 ? pids : NULL, capacity * (int)sizeof(int));
#else
    (void)pgid;
    (void)pids;
    (void)capacity;
    errno = ENOSYS;
    return -1;
#endif
}

int cps_user_processes(unsigned int uid, int real, int *pids, int capacity) {
#if defined(CPS_HAS_LIBPROC)
    if (capacity < 0) {
        errno = EINVAL;
        return -1;
    }
    // As in cps_group_members: 0 with errno still 0 is an empty list, 0 with errno set a failure.
    errno = 0;
    return proc_listpids(real ? PROC_RUID_ONLY : PROC_UID_ONLY, (uint32_t)uid, capacity > 0 ? pids : NULL,
                         capacity * (int)sizeof(int));
#else
    (void)uid;
    (void)real;
    (void)pids;
    (void)capacity;
    errno = ENOSYS;
    return -1;
#endif
}

int cps_process_brief(int pid, int *pgid, unsigned int *uid, unsigned int *ruid) {
#if defined(CPS_HAS_LIBPROC)
    struct proc_bsdshortinfo info;
    errno = 0;
    // PROC_PIDT_SHORTBSDINFO, not PROC_PIDTBSDINFO: XNU answers the short flavour for any user's
    // process (bsd/kern/proc_info.c lists it among those without CHECK_SAME_USER), the long one
    // only for the caller's own, so a gate that is not root could not see a suite account's
    // processes. A non-zero arg looks among the zombies too (`if (arg) findzomb = 1`); with 0 a
    // zombie is ESRCH. It returns the bytes written, 0 on failure.
    int bytes = proc_pidinfo(pid, PROC_PIDT_SHORTBSDINFO, 1, &info, (int)sizeof(info));
    if (bytes < (int)sizeof(info)) {
        if (errno == 0) {
            errno = ESRCH;
        }
        return -1;
    }
    if (pgid != NULL) {
        *pgid = (int)info.pbsi_pgid;
    }
    if (uid != NULL) {
        *uid = info.pbsi_uid;
    }
    if (ruid != NULL) {
        *ruid = info.pbsi_ruid;
    }
    return info.pbsi_status == SZOMB ? 1 : 0;
#else
    (void)pid;
    (void)pgid;
    (void)uid;
    (void)ruid;
    errno = ENOSYS;
    return -1;
#endif
}

int cps_process_is_zombie(int pid) {
    return cps_process_brief(pid, NULL, NULL, NULL);
}

int cps_process_path(int pid, char *buffer, int size) {
#if defined(CPS_HAS_LIBPROC)
    if (size <= 0) {
        errno = EINVAL;
        return -1;
    }
    int length = proc_pidpath(pid, buffer, (uint32_t)size);
    if (length <= 0) {
        return -1;
    }
    buffer[length < size ? length : size - 1] = '\0';
    return length;
#else
    (void)pid;
    (void)buffer;
    (void)size;
    errno = ENOSYS;
    return -1;
#endif
}

/// Moves `fd` to a close-on-exec descriptor numbered 3 or higher; returns the new descriptor or -1.
static int cps_raise_cloexec(int fd) {
    if (fd >= 3) {
        return fd;
    }
    int raised = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int saved = errno;
    close(fd);
    errno = saved;
    return raised;
}

int cps_pipe_cloexec(int fds[2]) {
    int raw[2];
#if defined(__linux__) && !defined(ACCEPTANCE_GATE_PORTABLE)
    if (pipe2(raw, O_CLOEXEC) != 0) {
        return -1;
    }
#else
    if (pipe(raw) != 0) {
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        if (fcntl(raw[i], F_SETFD, FD_CLOEXEC) != 0) {
            int saved = errno;
            close(raw[0]);
            close(raw[1]);
            errno = saved;
            return -1;
        }
    }
#endif
    int readEnd = cps_raise_cloexec(raw[0]);
    if (readEnd < 0) {
        int saved = errno;
        close(raw[1]);
        errno = saved;
        return -1;
    }
    int writeEnd = cps_raise_cloexec(raw[1]);
    if (writeEnd < 0) {
        int saved = errno;
        close(readEnd);
        errno = saved;
        return -1;
    }
    fds[0] = readEnd;
    fds[1] = writeEnd;
    return 0;
}
