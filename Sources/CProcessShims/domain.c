// domain.c
//
// A suite's domain on Linux: the code under test runs as another user, without capabilities and
// with `no_new_privs`, in PID and mount namespaces of its own where the tree and the gate's files
// are read-only or hidden. Written in C because it runs between fork and exec, where only system
// calls are safe, and because the namespace's first process must reap and forward signals.
//
//   launcher (the gate's executable, started by the gate in a new process group)
//     └ init: PID 1 of the new PID namespace, named `ag-suite-domain`; mounts, then reaps (and,
//       │     with a network of the suite's own, relays the fixture and records attempts out:
//       │     domain_network.c)
//         └ suite: drops to the suite's user and executes the suite's command
//
// The launcher exits with the suite's status as soon as the suite exits. Init stays while anything
// the suite started is still running (the gate reports those as left behind and stops them); when
// init exits, the kernel kills whatever is left in the namespace.

#if defined(__linux__)
#define _GNU_SOURCE 1
#endif

#include "CProcessShims.h"
#include "domain_network.h"

#include <errno.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <crt_externs.h>
char *const *cps_environment(void) { return *_NSGetEnviron(); }
#else
extern char **environ;
char *const *cps_environment(void) { return environ; }
#endif

#if defined(__linux__) && !defined(ACCEPTANCE_GATE_PORTABLE)

#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

// The process every forwarded signal goes to: the namespace's init (from the launcher), or -1 for
// every process of the namespace (from init).
static volatile sig_atomic_t cps_forward_target = 0;

static const int cps_forwarded_signals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};

static void cps_forward(int sig) {
    pid_t target = (pid_t)cps_forward_target;
    if (target != 0) {
        int saved = errno;
        kill(target, sig);
        errno = saved;
    }
}

static void cps_forward_signals(pid_t target) {
    cps_forward_target = target;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cps_forward;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < sizeof cps_forwarded_signals / sizeof cps_forwarded_signals[0]; i++) {
        sigaction(cps_forwarded_signals[i], &action, NULL);
    }
}

static void cps_say(const char *what, const char *path, int error) {
    dprintf(2, "acceptance-gate: suite domain: %s%s%s: %s\n", what, path ? " " : "", path ? path : "", strerror(error));
}

// Standard input, output and error to /dev/null: the launcher and init must not hold the suite's
// output pipes open, or the gate would wait for output that never comes.
static void cps_release_output(void) {
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null < 0) return;
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    if (null > 2) close(null);
}

static int cps_bind_read_only(const char *path) {
    if (mount(path, path, NULL, MS_BIND | MS_REC, NULL) != 0) {
        cps_say("cannot bind", path, errno);
        return -1;
    }
    if (mount(NULL, path, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0) {
        cps_say("cannot make read-only", path, errno);
        return -1;
    }
    return 0;
}

// A bind of a path inside a read-only bind inherits its read-only flag: remount it writable.
static int cps_bind_writable(const char *source, const char *target) {
    if (mount(source, target, NULL, MS_BIND | MS_REC, NULL) != 0) {
        cps_say("cannot bind", target, errno);
        return -1;
    }
    if (mount(NULL, target, NULL, MS_BIND | MS_REMOUNT | MS_NOSUID | MS_NODEV, NULL) != 0) {
        cps_say("cannot make writable", target, errno);
        return -1;
    }
    return 0;
}

// A folder is covered by an empty read-only tmpfs, a file by /dev/null; a path that does not
// exist has nothing to hide.
static int cps_hide(const char *path) {
    struct stat status;
    if (lstat(path, &status) != 0) return errno == ENOENT ? 0 : (cps_say("cannot read", path, errno), -1);
    if (S_ISDIR(status.st_mode)) {
        if (mount("tmpfs", path, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,mode=0555") != 0) {
            cps_say("cannot hide", path, errno);
            return -1;
        }
        return 0;
    }
    if (mount("/dev/null", path, NULL, MS_BIND, NULL) != 0
        || mount(NULL, path, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NOEXEC, NULL) != 0) {
        cps_say("cannot hide", path, errno);
        return -1;
    }
    return 0;
}

// The suite's process: every capability out of the bounding set, no supplementary groups, the
// suite's group and user (real, effective and saved), no_new_privs; then its command.
static int cps_become_suite(const struct cps_domain *domain) {
    cps_network_close();
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (size_t i = 0; i < sizeof cps_forwarded_signals / sizeof cps_forwarded_signals[0]; i++) {
        signal(cps_forwarded_signals[i], SIG_DFL);
    }
    for (int capability = 0; capability < 64; capability++) {
        if (prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0 && errno != EINVAL) {
            cps_say("cannot drop capabilities", NULL, errno);
            return CPS_DOMAIN_SETUP_FAILED;
        }
    }
    if (setgroups(0, NULL) != 0 || setresgid(domain->gid, domain->gid, domain->gid) != 0) {
        cps_say("cannot become the suite's group", NULL, errno);
        return CPS_DOMAIN_NO_USER;
    }
    if (setresuid(domain->uid, domain->uid, domain->uid) != 0) {
        cps_say("cannot become the suite's user", NULL, errno);
        return CPS_DOMAIN_NO_USER;
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        cps_say("cannot set no_new_privs", NULL, errno);
        return CPS_DOMAIN_SETUP_FAILED;
    }
    if (domain->working_directory && chdir(domain->working_directory) != 0) {
        int error = errno;
        cps_say("the suite's user cannot enter", domain->working_directory, error);
        return error == EACCES ? CPS_DOMAIN_UNREACHABLE : CPS_DOMAIN_SETUP_FAILED;
    }
    if (domain->probe) {
        // The probe asks whether the suite's user can read where the suite runs, and write the
        // folder a probe names as its executable (the suites' home).
        if (access(".", R_OK | X_OK) != 0) return CPS_DOMAIN_UNREACHABLE;
        if (domain->executable && access(domain->executable, W_OK | X_OK) != 0) {
            cps_say("the suite's user cannot write", domain->executable, errno);
            return CPS_DOMAIN_UNREACHABLE;
        }
        return 0;
    }
    execve(domain->executable, domain->argv, domain->envp);
    int error = errno;
    cps_say("cannot run", domain->executable, error);
    return error == ENOENT ? 127 : 126;
}

// PID 1 of the namespace: its mounts, then the suite, then every process until none is left.
static int cps_domain_init(const struct cps_domain *domain, int status_pipe) {
    prctl(PR_SET_NAME, "ag-suite-domain", 0, 0, 0);
    // Nothing mounted here may reach the gate's namespace.
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
        cps_say("cannot make mounts private", NULL, errno);
        return CPS_DOMAIN_SETUP_FAILED;
    }
    for (int i = 0; i < domain->read_only_count; i++) {
        if (cps_bind_read_only(domain->read_only[i]) != 0) return CPS_DOMAIN_SETUP_FAILED;
    }
    for (int i = 0; i < domain->bind_count; i++) {
        if (cps_bind_writable(domain->bind_sources[i], domain->bind_targets[i]) != 0) return CPS_DOMAIN_SETUP_FAILED;
    }
    for (int i = 0; i < domain->hidden_count; i++) {
        if (cps_hide(domain->hidden[i]) != 0) return CPS_DOMAIN_SETUP_FAILED;
    }
    // A /proc of this namespace: the suite sees its own processes, not the gate's.
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) {
        cps_say("cannot mount /proc", NULL, errno);
        return CPS_DOMAIN_SETUP_FAILED;
    }
    if (domain->loopback_network && cps_network_start(domain) != 0) return CPS_DOMAIN_SETUP_FAILED;
    // Init waits in poll (the relay), woken by SIGCHLD through a descriptor; the suite unblocks it.
    sigset_t child;
    sigemptyset(&child);
    sigaddset(&child, SIGCHLD);
    sigprocmask(SIG_BLOCK, &child, NULL);
    int wake = signalfd(-1, &child, SFD_NONBLOCK | SFD_CLOEXEC);
    if (wake < 0) {
        cps_say("cannot watch the suite", NULL, errno);
        return CPS_DOMAIN_SETUP_FAILED;
    }
    pid_t suite = fork();
    if (suite < 0) {
        cps_say("cannot start the suite", NULL, errno);
        return CPS_DOMAIN_SETUP_FAILED;
    }
    if (suite == 0) {
        close(status_pipe);
        close(wake);
        _exit(cps_become_suite(domain));
    }
    cps_forward_signals(-1);
    cps_release_output();
    int reported = 0;
    for (;;) {
        // Drained first, then reaped: a child that ends after the reaping wakes the poll below.
        struct signalfd_siginfo information;
        while (read(wake, &information, sizeof information) > 0) {
        }
        int status = 0;
        pid_t ended = waitpid(-1, &status, WNOHANG);
        if (ended < 0) {
            if (errno == EINTR) continue;
            break;  // ECHILD: nothing is left in the namespace
        }
        if (ended == 0) {
            cps_network_wait(wake);
            continue;
        }
        if (ended == suite && !reported) {
            cps_network_write_ledger();
            // Whether anything the suite started is still running: if not, init exits right after
            // the report, and the launcher waits for it, so the gate never sees init as left behind.
            int remaining = 0;
            for (;;) {
                int other = 0;
                pid_t reaped = waitpid(-1, &other, WNOHANG);
                if (reaped > 0) continue;
                remaining = reaped == 0;
                break;
            }
            int message[2] = {status, remaining};
            ssize_t written;
            do {
                written = write(status_pipe, message, sizeof message);
            } while (written < 0 && errno == EINTR);
            close(status_pipe);
            reported = 1;
            if (!remaining) return 0;
        }
    }
    return 0;
}

// The launcher ends as the suite ended: with its exit code, or by its signal.
static int cps_mirror(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        struct rlimit none = {0, 0};
        setrlimit(RLIMIT_CORE, &none);
        signal(sig, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, sig);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(sig);
        return 128 + sig;
    }
    return CPS_DOMAIN_SETUP_FAILED;
}

int cps_domain_run(const struct cps_domain *domain) {
    if (!domain->namespaces) return cps_become_suite(domain);
    // IPC and UTS too: no System V or POSIX message queue of the gate's, and a host name of its own.
    int flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS;
    if (domain->loopback_network) {
        // The host's namespace stays reachable to init alone (the fixture's relay), through a
        // descriptor opened before leaving it; the ledger is opened before the mounts.
        if (cps_network_open(domain) != 0) return CPS_DOMAIN_SETUP_FAILED;
        flags |= CLONE_NEWNET;
    }
    if (unshare(flags) != 0) {
        int error = errno;
        cps_say("cannot create namespaces", NULL, error);
        return CPS_DOMAIN_NO_NAMESPACES;
    }
    // A network the kernel will not configure is the machine's doing, as refused namespaces are.
    if (domain->loopback_network && cps_network_configure() != 0) return CPS_DOMAIN_NO_NAMESPACES;
    int status_pipe[2];
    if (pipe2(status_pipe, O_CLOEXEC) != 0) {
        cps_say("cannot create a pipe", NULL, errno);
        return CPS_DOMAIN_SETUP_FAILED;
    }
    pid_t init = fork();
    if (init < 0) {
        cps_say("cannot start the namespace", NULL, errno);
        return CPS_DOMAIN_SETUP_FAILED;
    }
    if (init == 0) {
        close(status_pipe[0]);
        _exit(cps_domain_init(domain, status_pipe[1]));
    }
    close(status_pipe[1]);
    cps_forward_signals(init);
    cps_release_output();
    int message[2] = {0, 0};
    ssize_t got;
    do {
        got = read(status_pipe[0], message, sizeof message);
    } while (got < 0 && errno == EINTR);
    int status = message[0];
    if (got == (ssize_t)sizeof message && !message[1]) {
        // Nothing else runs in the namespace: init is exiting; the launcher outlives it.
        int ignored;
        while (waitpid(init, &ignored, 0) < 0 && errno == EINTR) {
        }
    } else if (got != (ssize_t)sizeof message) {
        // Init ended without the suite's status (its set-up failed): its own status is the answer.
        while (waitpid(init, &status, 0) < 0) {
            if (errno != EINTR) return CPS_DOMAIN_SETUP_FAILED;
        }
    }
    return cps_mirror(status);
}

#else

int cps_domain_run(const struct cps_domain *domain) {
    (void)domain;
    errno = ENOSYS;
    return CPS_DOMAIN_NO_NAMESPACES;
}

#endif
