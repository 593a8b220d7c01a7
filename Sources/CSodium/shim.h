#pragma once
// The libsodium headers, found through pkg-config (no absolute paths here).
#include <sodium.h>
