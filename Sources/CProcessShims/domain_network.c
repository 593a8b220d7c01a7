// domain_network.c
//
// A separated suite's network (Linux): a network namespace of its own where loopback is up and
// every other address is a local one (`ip route add local 0.0.0.0/0 dev lo`, and `::/0`), so a
// connection out is refused at once, on loopback, instead of hanging or leaving the machine.
// The namespace's init (PID 1, root, one thread) then:
//
//   - records every attempt out: a packet socket on loopback sees each TCP SYN and UDP datagram
//     the suite sends; those to an address other than loopback are attempts out, and a UDP query
//     to port 53 is a DNS lookup (its name is recorded). The first CPS_EGRESS_MAX distinct
//     destinations are kept with a count, the rest only counted; the ledger is appended to a file
//     the launcher opened before the mounts (the gate reads it as hostile input);
//   - relays the fixture: it listens on 127.0.0.1:PORT inside for each forwarded port and, for
//     each connection the suite makes, opens one to 127.0.0.1:PORT in the host's namespace (setns
//     there, socket(), setns back) and copies both ways: nothing reaches the fixture before the
//     suite connects, at most CPS_RELAY_MAX connections at once, a bounded buffer each way (a
//     side that does not read stops the other side being read), half-closes passed on.

#if defined(__linux__)
#define _GNU_SOURCE 1
#endif

#include "domain_network.h"

#if defined(__linux__) && !defined(ACCEPTANCE_GATE_PORTABLE)

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#define CPS_FORWARD_MAX 16
#define CPS_RELAY_MAX 128
#define CPS_RELAY_BUFFER 16384
#define CPS_EGRESS_MAX 64
#define CPS_DESTINATION_MAX 256

struct cps_relay {
    // 0: the suite's side (accepted inside), 1: the host's side (connected to the fixture).
    int fd[2];
    // buffer[i]: bytes read from fd[i], still to be written to fd[1 - i].
    unsigned char buffer[2][CPS_RELAY_BUFFER];
    size_t length[2];
    size_t offset[2];
    // fd[i] reached its end of input.
    int ended[2];
    int connecting;
};

struct cps_egress {
    char protocol[4];
    char destination[CPS_DESTINATION_MAX];
    unsigned long count;
};

static int cps_host_net = -1;
static int cps_own_net = -1;
static int cps_ledger = -1;
static int cps_packet = -1;
static int cps_listeners[CPS_FORWARD_MAX];
static int cps_ports[CPS_FORWARD_MAX];
static int cps_listener_count = 0;
static struct cps_relay cps_relays[CPS_RELAY_MAX];
static int cps_relay_count = 0;
static struct cps_egress cps_egress[CPS_EGRESS_MAX];
static int cps_egress_count = 0;
static unsigned long cps_egress_more = 0;

static void cps_net_say(const char *what, int error) {
    dprintf(2, "acceptance-gate: suite domain: %s: %s\n", what, strerror(error));
}

int cps_network_open(const struct cps_domain *domain) {
    cps_host_net = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    if (cps_host_net < 0) {
        cps_net_say("cannot open the host's network namespace", errno);
        return -1;
    }
    if (domain->egress_ledger) {
        // The gate's own folder, which only root writes: never through a link, whatever is there.
        cps_ledger = open(domain->egress_ledger, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0600);
        if (cps_ledger < 0) {
            cps_net_say("cannot open the egress ledger", errno);
            return -1;
        }
    }
    return 0;
}

// One rtnetlink request, acknowledged: 0, or -1 with errno the kernel's answer.
static int cps_netlink(int sock, struct nlmsghdr *request) {
    struct sockaddr_nl kernel;
    memset(&kernel, 0, sizeof kernel);
    kernel.nl_family = AF_NETLINK;
    if (sendto(sock, request, request->nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof kernel) < 0) return -1;
    char answer[1024];
    for (;;) {
        ssize_t got = recv(sock, answer, sizeof answer, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        struct nlmsghdr *header = (struct nlmsghdr *)answer;
        for (; NLMSG_OK(header, (size_t)got); header = NLMSG_NEXT(header, got)) {
            if (header->nlmsg_seq != request->nlmsg_seq || header->nlmsg_type != NLMSG_ERROR) continue;
            struct nlmsgerr *error = NLMSG_DATA(header);
            if (error->error == 0) return 0;
            errno = -error->error;
            return -1;
        }
    }
}

// `ip route add local <any>/0 dev lo` for `family`: every address is this namespace's own.
static int cps_route_everything_local(int sock, int family, int loopback, unsigned int sequence) {
    struct {
        struct nlmsghdr header;
        struct rtmsg route;
        char attributes[64];
    } request;
    memset(&request, 0, sizeof request);
    request.header.nlmsg_len = NLMSG_LENGTH(sizeof request.route);
    request.header.nlmsg_type = RTM_NEWROUTE;
    request.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL;
    request.header.nlmsg_seq = sequence;
    request.route.rtm_family = (unsigned char)family;
    request.route.rtm_dst_len = 0;
    request.route.rtm_table = RT_TABLE_LOCAL;
    request.route.rtm_protocol = RTPROT_BOOT;
    request.route.rtm_scope = RT_SCOPE_HOST;
    request.route.rtm_type = RTN_LOCAL;
    struct rtattr *attribute = (struct rtattr *)((char *)&request + NLMSG_ALIGN(request.header.nlmsg_len));
    attribute->rta_type = RTA_OIF;
    attribute->rta_len = RTA_LENGTH(sizeof(int));
    memcpy(RTA_DATA(attribute), &loopback, sizeof(int));
    request.header.nlmsg_len = NLMSG_ALIGN(request.header.nlmsg_len) + RTA_ALIGN(attribute->rta_len);
    return cps_netlink(sock, &request.header);
}

int cps_network_configure(void) {
    cps_own_net = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    if (cps_own_net < 0) {
        cps_net_say("cannot open the suite's network namespace", errno);
        return -1;
    }
    int sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (sock < 0) {
        cps_net_say("cannot make a socket", errno);
        return -1;
    }
    struct ifreq request;
    memset(&request, 0, sizeof request);
    strncpy(request.ifr_name, "lo", IFNAMSIZ - 1);
    if (ioctl(sock, SIOCGIFFLAGS, &request) != 0) {
        cps_net_say("cannot read loopback's flags", errno);
        close(sock);
        return -1;
    }
    request.ifr_flags |= IFF_UP;
    if (ioctl(sock, SIOCSIFFLAGS, &request) != 0) {
        cps_net_say("cannot bring loopback up", errno);
        close(sock);
        return -1;
    }
    close(sock);
    int loopback = (int)if_nametoindex("lo");
    int netlink = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (loopback == 0 || netlink < 0) {
        cps_net_say("cannot reach the suite's routes", errno);
        if (netlink >= 0) close(netlink);
        return -1;
    }
    if (cps_route_everything_local(netlink, AF_INET, loopback, 1) != 0) {
        cps_net_say("cannot route every IPv4 address to loopback", errno);
        close(netlink);
        return -1;
    }
    // Without IPv6 (a kernel or a namespace that has it off) an IPv6 connection fails at once
    // anyway, with no packet to record.
    if (cps_route_everything_local(netlink, AF_INET6, loopback, 2) != 0 && errno != EAFNOSUPPORT && errno != EACCES
        && errno != EOPNOTSUPP) {
        cps_net_say("cannot route every IPv6 address to loopback", errno);
        close(netlink);
        return -1;
    }
    close(netlink);
    return 0;
}

// What loopback's packet socket keeps: outgoing TCP SYNs (without ACK) and UDP datagrams, IPv4 and
// IPv6, their first 600 bytes (a DNS query's name); the rest of the suite's loopback traffic is
// never copied to init.
static int cps_attach_filter(int sock) {
    // Jumps count the instructions skipped: from instruction i, `jt`/`jf` n lands on i + 1 + n.
    static struct sock_filter code[] = {
        /* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (unsigned int)(SKF_AD_OFF + SKF_AD_PKTTYPE)),
        /* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PACKET_OUTGOING, 0, 17),
        /* 2 */ BPF_STMT(BPF_LD | BPF_H | BPF_ABS, (unsigned int)(SKF_AD_OFF + SKF_AD_PROTOCOL)),
        /* 3 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x0800, 0, 7),
        /* 4 IPv4 */ BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 9),
        /* 5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, IPPROTO_UDP, 12, 0),
        /* 6 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, IPPROTO_TCP, 0, 12),
        /* 7 */ BPF_STMT(BPF_LDX | BPF_B | BPF_MSH, 0),
        /* 8 */ BPF_STMT(BPF_LD | BPF_B | BPF_IND, 13),
        /* 9 */ BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0x12),
        /* 10 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x02, 7, 8),
        /* 11 IPv6? */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x86dd, 0, 7),
        /* 12 */ BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 6),
        /* 13 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, IPPROTO_UDP, 4, 0),
        /* 14 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, IPPROTO_TCP, 0, 4),
        /* 15 */ BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 40 + 13),
        /* 16 */ BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0x12),
        /* 17 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x02, 0, 1),
        /* 18 accept */ BPF_STMT(BPF_RET | BPF_K, 600),
        /* 19 drop */ BPF_STMT(BPF_RET | BPF_K, 0),
    };
    struct sock_fprog program = {.len = sizeof code / sizeof code[0], .filter = code};
    return setsockopt(sock, SOL_SOCKET, SO_ATTACH_FILTER, &program, sizeof program);
}

static int cps_listen(int port) {
    int sock = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (sock < 0) return -1;
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((unsigned short)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(sock, (struct sockaddr *)&address, sizeof address) != 0 || listen(sock, 128) != 0) {
        int error = errno;
        close(sock);
        errno = error;
        return -1;
    }
    return sock;
}

int cps_network_start(const struct cps_domain *domain) {
    // Protocol 0: the socket takes no packet until it is bound, filter attached, to lo. One made
    // with ETH_P_ALL would be taking packets already, and binding it would wait for an RCU grace
    // period (synchronize_net, 13 ms here) to move it.
    cps_packet = socket(AF_PACKET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (cps_packet < 0 || cps_attach_filter(cps_packet) != 0) {
        cps_net_say("cannot watch the suite's loopback", errno);
        return -1;
    }
    struct sockaddr_ll link;
    memset(&link, 0, sizeof link);
    link.sll_family = AF_PACKET;
    link.sll_protocol = htons(ETH_P_ALL);
    link.sll_ifindex = (int)if_nametoindex("lo");
    if (bind(cps_packet, (struct sockaddr *)&link, sizeof link) != 0) {
        cps_net_say("cannot watch the suite's loopback", errno);
        return -1;
    }
    int size = 1 << 20;
    setsockopt(cps_packet, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
    for (int i = 0; i < domain->forward_count && cps_listener_count < CPS_FORWARD_MAX; i++) {
        int port = domain->forward_ports[i];
        if (port < 1 || port > 65535) continue;
        int sock = cps_listen(port);
        if (sock < 0) {
            dprintf(2, "acceptance-gate: suite domain: cannot relay 127.0.0.1:%d: %s\n", port, strerror(errno));
            return -1;
        }
        cps_listeners[cps_listener_count] = sock;
        cps_ports[cps_listener_count] = port;
        cps_listener_count++;
    }
    return 0;
}

void cps_network_close(void) {
    int *fds[] = {&cps_host_net, &cps_own_net, &cps_ledger, &cps_packet};
    for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++) {
        if (*fds[i] >= 0) close(*fds[i]);
        *fds[i] = -1;
    }
    for (int i = 0; i < cps_listener_count; i++) close(cps_listeners[i]);
    cps_listener_count = 0;
}

// --- Egress ------------------------------------------------------------------------------------

static void cps_record(const char *protocol, const char *destination) {
    for (int i = 0; i < cps_egress_count; i++) {
        if (strcmp(cps_egress[i].protocol, protocol) == 0 && strcmp(cps_egress[i].destination, destination) == 0) {
            cps_egress[i].count++;
            return;
        }
    }
    if (cps_egress_count == CPS_EGRESS_MAX) {
        cps_egress_more++;
        return;
    }
    struct cps_egress *entry = &cps_egress[cps_egress_count++];
    snprintf(entry->protocol, sizeof entry->protocol, "%s", protocol);
    snprintf(entry->destination, sizeof entry->destination, "%s", destination);
    entry->count = 1;
}

// The first question's name of the DNS query `bytes` (the UDP payload), lower-cased, or
// "(unreadable)" when it is not a plain host name.
static void cps_dns_name(const unsigned char *bytes, size_t length, char *name, size_t size) {
    size_t used = 0;
    size_t at = 12;
    if (length < 12 || (bytes[4] == 0 && bytes[5] == 0)) goto unreadable;
    for (;;) {
        if (at >= length) goto unreadable;
        size_t label = bytes[at++];
        if (label == 0) break;
        if (label > 63 || at + label > length || used + label + 2 > size || used + label + 1 > 253) goto unreadable;
        if (used > 0) name[used++] = '.';
        for (size_t i = 0; i < label; i++) {
            unsigned char c = bytes[at + i];
            if (c >= 'A' && c <= 'Z') c = (unsigned char)(c - 'A' + 'a');
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) goto unreadable;
            name[used++] = (char)c;
        }
        at += label;
    }
    if (used == 0) goto unreadable;
    name[used] = 0;
    return;
unreadable:
    snprintf(name, size, "(unreadable)");
}

// One packet the filter kept (from the network header on): an attempt out, a DNS lookup, or nothing.
static void cps_inspect(const unsigned char *packet, size_t length) {
    const unsigned char *transport;
    size_t transport_length;
    int protocol;
    int loopback;
    char address[INET6_ADDRSTRLEN];
    int v6 = 0;
    if (length >= 20 && (packet[0] >> 4) == 4) {
        size_t header = (size_t)(packet[0] & 0x0f) * 4;
        if (header < 20 || header > length) return;
        protocol = packet[9];
        loopback = packet[16] == 127;
        inet_ntop(AF_INET, packet + 16, address, sizeof address);
        transport = packet + header;
        transport_length = length - header;
    } else if (length >= 40 && (packet[0] >> 4) == 6) {
        static const unsigned char one[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
        protocol = packet[6];
        loopback = memcmp(packet + 24, one, 16) == 0;
        inet_ntop(AF_INET6, packet + 24, address, sizeof address);
        transport = packet + 40;
        transport_length = length - 40;
        v6 = 1;
    } else {
        return;
    }
    if (transport_length < 8) return;
    unsigned int port = ((unsigned int)transport[2] << 8) | transport[3];
    char destination[CPS_DESTINATION_MAX];
    if (protocol == IPPROTO_UDP && port == 53) {
        // A lookup, wherever its server is (resolv.conf's may be on loopback, 127.0.0.53).
        cps_dns_name(transport + 8, transport_length - 8, destination, sizeof destination);
        cps_record("dns", destination);
        return;
    }
    if (loopback) return;
    if (protocol == IPPROTO_TCP) {
        if (transport_length < 14 || (transport[13] & 0x12) != 0x02) return;
    } else if (protocol != IPPROTO_UDP) {
        return;
    }
    snprintf(destination, sizeof destination, v6 ? "[%s]:%u" : "%s:%u", address, port);
    cps_record(protocol == IPPROTO_TCP ? "tcp" : "udp", destination);
}

static void cps_drain_packets(void) {
    if (cps_packet < 0) return;
    unsigned char packet[600];
    for (int i = 0; i < 4096; i++) {
        struct sockaddr_ll from;
        socklen_t size = sizeof from;
        ssize_t got = recvfrom(cps_packet, packet, sizeof packet, MSG_TRUNC, (struct sockaddr *)&from, &size);
        if (got < 0) {
            if (errno == EINTR) continue;
            return;
        }
        if (from.sll_pkttype != PACKET_OUTGOING) continue;
        cps_inspect(packet, (size_t)got < sizeof packet ? (size_t)got : sizeof packet);
    }
}

void cps_network_write_ledger(void) {
    cps_drain_packets();
    if (cps_ledger < 0) return;
    char line[CPS_DESTINATION_MAX + 64];
    for (int i = 0; i < cps_egress_count; i++) {
        int length = snprintf(
            line, sizeof line, "egress %s %s %lu\n", cps_egress[i].protocol, cps_egress[i].destination, cps_egress[i].count);
        if (length > 0 && (size_t)length < sizeof line) (void)!write(cps_ledger, line, (size_t)length);
    }
    if (cps_egress_more > 0) {
        int length = snprintf(line, sizeof line, "more %lu\n", cps_egress_more);
        if (length > 0 && (size_t)length < sizeof line) (void)!write(cps_ledger, line, (size_t)length);
    }
    close(cps_ledger);
    cps_ledger = -1;
}

// --- Relay -------------------------------------------------------------------------------------

// A socket in the host's network namespace, where the fixture listens; -1 when none could be made.
static int cps_host_socket(void) {
    if (cps_host_net < 0 || cps_own_net < 0 || setns(cps_host_net, CLONE_NEWNET) != 0) return -1;
    int sock = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int error = errno;
    if (setns(cps_own_net, CLONE_NEWNET) != 0) {
        // Init must not stay in the host's namespace: everything it would open next would be there.
        cps_net_say("cannot return to the suite's network namespace", errno);
        _exit(CPS_DOMAIN_SETUP_FAILED);
    }
    errno = error;
    return sock;
}

// Closes a relay; `reset` ends the suite's side with a reset rather than an end of input.
static void cps_relay_close(int index, int reset) {
    struct cps_relay *relay = &cps_relays[index];
    if (reset && relay->fd[0] >= 0) {
        struct linger now = {1, 0};
        setsockopt(relay->fd[0], SOL_SOCKET, SO_LINGER, &now, sizeof now);
    }
    for (int side = 0; side < 2; side++) {
        if (relay->fd[side] >= 0) close(relay->fd[side]);
    }
    cps_relay_count--;
    if (index != cps_relay_count) {
        // The last relay moves into this slot: bytes and all (at most 32 KiB, once per connection).
        memcpy(relay, &cps_relays[cps_relay_count], sizeof *relay);
    }
}

static void cps_accept(int listener, int port) {
    while (cps_relay_count < CPS_RELAY_MAX) {
        int inside = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (inside < 0) return;
        int outside = cps_host_socket();
        struct sockaddr_in fixture;
        memset(&fixture, 0, sizeof fixture);
        fixture.sin_family = AF_INET;
        fixture.sin_port = htons((unsigned short)port);
        fixture.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (outside < 0 || (connect(outside, (struct sockaddr *)&fixture, sizeof fixture) != 0 && errno != EINPROGRESS)) {
            struct linger now = {1, 0};
            setsockopt(inside, SOL_SOCKET, SO_LINGER, &now, sizeof now);
            close(inside);
            if (outside >= 0) close(outside);
            continue;
        }
        struct cps_relay *relay = &cps_relays[cps_relay_count++];
        relay->fd[0] = inside;
        relay->fd[1] = outside;
        relay->length[0] = relay->length[1] = 0;
        relay->offset[0] = relay->offset[1] = 0;
        relay->ended[0] = relay->ended[1] = 0;
        relay->connecting = 1;
    }
}

// Moves what it can for relay `index`; returns 0, or -1 when the relay is done (closed).
static int cps_relay_step(int index, short events[2]) {
    struct cps_relay *relay = &cps_relays[index];
    for (int side = 0; side < 2; side++) {
        // An error, or a side shut both ways after its input ended: nothing more can pass it, and
        // polling it again would wake at once, for ever.
        if ((events[side] & POLLERR) || ((events[side] & POLLHUP) && relay->ended[side])) {
            cps_relay_close(index, 1);
            return -1;
        }
        // Hung up with bytes still waiting for a peer that takes none: POLLHUP is reported whatever
        // was asked, so waiting for that peer would wake at once, for ever (init spinning through
        // the suite). A peer that stops reading loses the connection instead.
        if ((events[side] & POLLHUP) && relay->length[side] > relay->offset[side] && !(events[1 - side] & POLLOUT)) {
            cps_relay_close(index, 1);
            return -1;
        }
    }
    if (relay->connecting) {
        if (!(events[1] & (POLLOUT | POLLERR | POLLHUP))) return 0;
        int error = 0;
        socklen_t size = sizeof error;
        if (getsockopt(relay->fd[1], SOL_SOCKET, SO_ERROR, &error, &size) != 0 || error != 0) {
            cps_relay_close(index, 1);
            return -1;
        }
        relay->connecting = 0;
    }
    for (int side = 0; side < 2; side++) {
        int other = 1 - side;
        // Read only into an empty buffer: a peer that does not read holds this side still.
        if (!relay->ended[side] && relay->length[side] == 0 && (events[side] & (POLLIN | POLLHUP | POLLERR))) {
            ssize_t got = read(relay->fd[side], relay->buffer[side], CPS_RELAY_BUFFER);
            if (got > 0) {
                relay->length[side] = (size_t)got;
                relay->offset[side] = 0;
            } else if (got == 0) {
                relay->ended[side] = 1;
                shutdown(relay->fd[other], SHUT_WR);
            } else if (errno != EAGAIN && errno != EINTR) {
                cps_relay_close(index, 1);
                return -1;
            }
        }
        if (relay->length[side] > relay->offset[side]) {
            ssize_t sent = send(
                relay->fd[other], relay->buffer[side] + relay->offset[side], relay->length[side] - relay->offset[side],
                MSG_NOSIGNAL | MSG_DONTWAIT);
            if (sent > 0) {
                relay->offset[side] += (size_t)sent;
                if (relay->offset[side] == relay->length[side]) relay->length[side] = relay->offset[side] = 0;
            } else if (sent < 0 && errno != EAGAIN && errno != EINTR) {
                cps_relay_close(index, 1);
                return -1;
            }
        }
    }
    if (relay->ended[0] && relay->ended[1] && relay->length[0] == 0 && relay->length[1] == 0) {
        cps_relay_close(index, 0);
        return -1;
    }
    return 0;
}

void cps_network_wait(int wake) {
    struct pollfd fds[2 + CPS_FORWARD_MAX + 2 * CPS_RELAY_MAX];
    int count = 0;
    fds[count++] = (struct pollfd){.fd = wake, .events = POLLIN};
    int packet_at = -1;
    if (cps_packet >= 0) {
        packet_at = count;
        fds[count++] = (struct pollfd){.fd = cps_packet, .events = POLLIN};
    }
    int listeners_at = count;
    // At the limit, new connections wait in the listeners' backlog until one ends.
    int accepting = cps_relay_count < CPS_RELAY_MAX;
    for (int i = 0; i < cps_listener_count; i++) {
        fds[count++] = (struct pollfd){.fd = cps_listeners[i], .events = accepting ? POLLIN : 0};
    }
    int relays_at = count;
    int relays = cps_relay_count;
    for (int i = 0; i < relays; i++) {
        struct cps_relay *relay = &cps_relays[i];
        short events[2] = {0, 0};
        if (relay->connecting) {
            events[1] = POLLOUT;
        } else {
            for (int side = 0; side < 2; side++) {
                if (!relay->ended[side] && relay->length[side] == 0) events[side] |= POLLIN;
                if (relay->length[side] > relay->offset[side]) events[1 - side] |= POLLOUT;
            }
        }
        fds[count++] = (struct pollfd){.fd = relay->fd[0], .events = events[0]};
        fds[count++] = (struct pollfd){.fd = relay->fd[1], .events = events[1]};
    }
    if (poll(fds, (nfds_t)count, -1) <= 0) return;
    if (packet_at >= 0 && fds[packet_at].revents) cps_drain_packets();
    // Backwards: a closed relay's slot takes the last one's, which was already stepped.
    for (int i = relays - 1; i >= 0; i--) {
        short events[2] = {fds[relays_at + 2 * i].revents, fds[relays_at + 2 * i + 1].revents};
        if (events[0] || events[1]) cps_relay_step(i, events);
    }
    for (int i = 0; i < cps_listener_count; i++) {
        if (fds[listeners_at + i].revents & POLLIN) cps_accept(cps_listeners[i], cps_ports[i]);
    }
}

#else

int cps_network_open(const struct cps_domain *domain) {
    (void)domain;
    return -1;
}
int cps_network_configure(void) { return -1; }
int cps_network_start(const struct cps_domain *domain) {
    (void)domain;
    return -1;
}
void cps_network_wait(int wake) { (void)wake; }
void cps_network_write_ledger(void) {}
void cps_network_close(void) {}

#endif
