#pragma once
// The libgit2 headers, found through pkg-config (no absolute paths here).
#include <git2.h>
#include <git2/sys/repository.h>
