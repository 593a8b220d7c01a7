// domain_network.h
//
// The suite's network (Linux), private to the domain: a network namespace of its own with loopback
// only, the fixture's ports relayed to the host's loopback, and the outbound attempts it refused.

#ifndef CPS_DOMAIN_NETWORK_H
#define CPS_DOMAIN_NETWORK_H

#include "CProcessShims.h"

/// The launcher, before `unshare`: opens the host's network namespace and the egress ledger.
/// Returns 0, or -1 after saying why.
int cps_network_open(const struct cps_domain *domain);

/// The launcher, after `unshare(CLONE_NEWNET)`: loopback up, every other address a local one (so a
/// connection out is refused at once, on loopback, where init sees it). Returns 0, or -1 after
/// saying why.
int cps_network_configure(void);

/// Init, before the suite starts: the packet socket that sees the suite's outbound attempts, and a
/// listener on 127.0.0.1 for each forwarded port. Returns 0, or -1 after saying why.
int cps_network_start(const struct cps_domain *domain);

/// Init: relays and records until `wake` (a signalfd) is readable or a signal interrupts.
void cps_network_wait(int wake);

/// Init, once the suite ended: what was recorded, appended to the ledger (a no-op without one).
void cps_network_write_ledger(void);

/// The suite, before it drops: closes every descriptor the network part holds.
void cps_network_close(void);

#endif
